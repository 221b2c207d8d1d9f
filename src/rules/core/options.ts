/**
 * Ruleset options with some values changed: one shared merge for every ruleset's `with…Options`.
 * Top-level values replace the default; nested tables (plain objects) are merged one level deep,
 * so overriding one cost keeps the others.
 */
export type OptionOverrides<T> = {
  readonly [K in keyof T]?: T[K] extends readonly unknown[]
    ? T[K]
    : T[K] extends object
      ? Partial<T[K]>
      : T[K];
};

export function mergeOptions<T extends object>(defaults: T, overrides: OptionOverrides<T> = {}): T {
  const merged: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  for (const [key, value] of Object.entries(overrides)) {
    const base = merged[key];
    merged[key] =
      typeof base === "object" && base !== null && !Array.isArray(base) && typeof value === "object"
        ? { ...base, ...value }
        : value;
  }
  return merged as T;
}
