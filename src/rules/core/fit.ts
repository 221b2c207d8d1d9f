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
