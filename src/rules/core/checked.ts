/**
 * The checked-input type: a value that passed its ruleset's input check. A ruleset's check
 * (for example an attack's `checkAttackInput`) refuses, by a named reason, non-finite numbers,
 * numbers beyond the bounds the DataModels allow, names that are not own keys of the ruleset's
 * tables, enum values outside their lists and options outside their ranges; what passes comes
 * back as `Checked<T>`, and the rules that would otherwise check again take `Checked<T>`.
 *
 * This replaces the old twin functions (one checking, one trusting its input): one rule is
 * written once, taking checked input, and the entry point that takes raw input checks it first
 * and calls that rule. Callers that check once and call many times (the simulator) keep the
 * checked value and skip the check.
 *
 * Only a check function brands a value (`checkedAs`); the brand exists in types alone, so a
 * checked value is the same object at run time (nothing is copied on a hot path).
 */
declare const CHECKED: unique symbol;

/** A value of type T that its ruleset's input check accepted. */
export type Checked<T> = T & { readonly [CHECKED]: true };

/**
 * Brands a value that a check function has just accepted. Call it only at the end of a check
 * that refuses every value the rules cannot compute.
 */
export function checkedAs<T>(value: T): Checked<T> {
  return value as Checked<T>;
}
