/**
 * A ruleset's options with some values changed: top-level values replace the default, nested
 * tables (plain objects) are merged one level deep, so `{ cover: { lightDie: 3 } }` keeps the
 * rest of the cover table.
 */
export type OptionOverrides<T> = {
  readonly [K in keyof T]?: T[K] extends object ? Partial<T[K]> : T[K];
};

export function mergeOptions<T extends object>(defaults: T, overrides: OptionOverrides<T>): T {
  const base = defaults as unknown as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    const old = base[key];
    merged[key] =
      typeof old === "object" && old !== null && !Array.isArray(old) && typeof value === "object"
        ? { ...old, ...value }
        : value;
  }
  return merged as unknown as T;
}
