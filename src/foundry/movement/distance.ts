/** A path's length as a ruleset's movement counts it. */
import type { MovementRules } from "./types.ts";

/**
 * A measured length as the ruleset counts it: whole spaces and feet; metres to the centimetre
 * (a 1.5 m square is 1.5 m, not 2).
 */
export function roundedDistance(rules: Pick<MovementRules, "unit">, distance: number): number {
  return rules.unit === "m" ? Math.round(distance * 100) / 100 : Math.round(distance);
}
