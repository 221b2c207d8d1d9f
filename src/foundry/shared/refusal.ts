/** Showing a rules refusal to the user, the same way for every ruleset. */
import { parseCachedFormula } from "../../rules/core/formula.ts";
import { i18n } from "./env.ts";

export interface ShownRefusal {
  readonly reason: string;
  readonly detail?: Readonly<Record<string, unknown>>;
}

/**
 * Refusals every ruleset shares, each with one key under `FRAY.Refusal`: the engine boundary's
 * number guard (src/rules/core/guard.ts), its names and choices (src/rules/core/names.ts) and the
 * one formula limit (src/rules/core/formula.ts), and the scene's refusals of an attack.
 */
const SHARED_REASONS: ReadonlySet<string> = new Set([
  "not-a-number",
  "not-whole",
  "out-of-range",
  "badName",
  "badChoice",
  "formulaTooLarge",
  // The scene's refusals of an attack (scene/claims.ts), the same for every ruleset.
  "sceneSays",
  "noLineOfAttack",
  // The referee's measure of an area (scene/area-effect.ts).
  "areaOutOfRange",
  "areaNotMeasured",
]);

/** The translation key of `reason`: the shared key for a shared refusal, else `keyOf(reason)`. */
export function refusalKey(keyOf: (reason: string) => string, reason: string): string {
  return SHARED_REASONS.has(reason) ? `FRAY.Refusal.${reason}` : keyOf(reason);
}

/**
 * The translation of a refusal, filled from its detail and from `context` (what the rules do not
 * know, such as the actor's display name; the detail wins). An untranslated reason is shown as it is.
 */
export function refusalText(
  keyOf: (reason: string) => string,
  refusal: ShownRefusal,
  context: Readonly<Record<string, string>> = {},
): string {
  const key = refusalKey(keyOf, refusal.reason);
  const data = {
    ...context,
    ...Object.fromEntries(Object.entries(refusal.detail ?? {}).map(([k, v]) => [k, String(v)])),
  };
  return i18n().has(key) ? i18n().format(key, data) : refusal.reason;
}

/** Warns with {@link refusalText}. Nothing else happens. */
export function warnRefusal(
  keyOf: (reason: string) => string,
  refusal: ShownRefusal,
  context: Readonly<Record<string, string>> = {},
): void {
  ui.notifications?.warn(refusalText(keyOf, refusal, context));
}

/**
 * The message for a damage formula over the one formula limit (core/formula.ts), naming the limit;
 * null when the formula is within it. For the sheets' validation, which may run before i18n is up.
 */
export function formulaLimitMessage(formula: string): string | null {
  const parsed = parseCachedFormula(formula);
  if (parsed.ok || parsed.reason !== "formulaTooLarge") return null;
  const data = Object.fromEntries(
    Object.entries(parsed.detail ?? {}).map(([k, v]) => [k, String(v)]),
  );
  return game.i18n?.format("FRAY.Refusal.formulaTooLarge", data) ?? parsed.reason;
}
