/**
 * What a ruleset's factories build with: a seed's value fitted into its bound, so that no factory
 * builds a state its ruleset's check refuses (issue 30). A value outside the bound is clamped into
 * it; one that is no finite number, a choice outside its list, or a flag that is not `true` takes
 * the default.
 */

/** `value` within min..max, whole unless `whole` is false; `fallback` when it is no finite number. */
export function fitNumber(
  value: unknown,
  min: number,
  max: number,
  fallback: number,
  whole = true,
): number {
  if (typeof value !== "number" || !Number.isFinite(value)) return fallback;
  const inside = Math.min(max, Math.max(min, value));
  return whole ? Math.round(inside) : inside;
}

/** `value` when it is one of `choices`, else `fallback`. */
export function fitChoice<T>(value: unknown, choices: readonly T[], fallback: T): T {
  return choices.includes(value as T) ? (value as T) : fallback;
}

/** A yes only for `true` itself (a stored "yes" or 1 is no flag). */
export function fitFlag(value: unknown): boolean {
  return value === true;
}

/** A check's verdict on a whole value: undefined when it passes, else a refusal naming its field. */
type Verdict = { readonly detail?: Readonly<Record<string, unknown>> } | undefined;

/**
 * `built`, a factory's state from a seed that may hold anything, with each top-level field its
 * check refuses taking the default's value (or dropped, when the default has none), until the check
 * passes. The check names the refused field `<field>.<key>…`; the key is the part replaced. A field
 * is replaced once: when the check still refuses, the defaults themselves are handed back.
 */
export function fitToCheck<T extends object>(
  built: T,
  defaults: T,
  field: string,
  check: (field: string, value: T) => Verdict,
): T {
  let current = { ...built } as Record<string, unknown>;
  const replaced = new Set<string>();
  for (;;) {
    const verdict = check(field, current as T);
    if (verdict === undefined) return current as T;
    const named = verdict.detail?.["field"];
    const key = typeof named === "string" ? named.slice(field.length + 1).split(".")[0] : undefined;
    if (key === undefined || key === "" || replaced.has(key)) return defaults;
    replaced.add(key);
    current = { ...current };
    if (Object.hasOwn(defaults, key)) {
      // Defined, not assigned: a key such as "__proto__" stays a plain field.
      Object.defineProperty(current, key, {
        value: (defaults as Record<string, unknown>)[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else Reflect.deleteProperty(current, key);
  }
}
