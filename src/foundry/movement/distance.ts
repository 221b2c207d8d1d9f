/** A path's length as a ruleset's movement counts it. */
import { sceneDistance } from "../../rules/core/distance.ts";
import type { MovementRules } from "./types.ts";

/**
 * A measured length as the ruleset counts it: whole spaces and feet; metres to the centimetre
 * (a 1.5 m square is 1.5 m, not 2).
 */
export function roundedDistance(rules: Pick<MovementRules, "unit">, distance: number): number {
  return rules.unit === "m" ? Math.round(distance * 100) / 100 : Math.round(distance);
}

/** What one grid square measures in the ruleset's unit (a 1.5 m square is 1.5 m), or null. */
export function squareIn(
  rules: Pick<MovementRules, "unit">,
  grid: { readonly distance: number; readonly units: string },
): number | null {
  const square = sceneDistance(grid.distance, grid, rules.unit);
  return square.ok ? square.value : null;
}

/**
 * How far a path goes up and down from the elevation `from` (the scene's units, as core counts a
 * token's elevation): each point's own elevation, or where the last one left it.
 */
export function heightTravelled(
  from: number,
  points: readonly { readonly elevation?: number }[],
): number {
  let total = 0;
  let at = from;
  for (const p of points) {
    const next = p.elevation ?? at;
    total += Math.abs(next - at);
    at = next;
  }
  return total;
}
