/**
 * The words of a refused move: the reasons every ruleset's movement shares (a Staggered fighter,
 * a path too long, out of turn …) are said as moves under FRAY.Movement.Refusal; the rest in the
 * ruleset's own refusals.
 */
const MOVEMENT_REASONS: ReadonlySet<string> = new Set([
  "unknown-mode",
  "noCanvas",
  "staggered",
  "legDisabled",
  "tooFar",
  "immobilized",
  "notYourTurn",
  "alreadyActed",
  "notActive",
]);

/** The key of a refusal: a move's own when the movement names it, else the ruleset's. */
export function movementRefusalKey(own: (reason: string) => string): (reason: string) => string {
  return (reason) =>
    MOVEMENT_REASONS.has(reason) ? `FRAY.Movement.Refusal.${reason}` : own(reason);
}
