/** The weapon a fighter threatens with, shared by every ruleset's reactions. */
import { gap, reachInSpaces } from "../../rules/movement/reactions.ts";

/**
 * The actor's weapon item reaching farthest by the ruleset's measure (`reachOf`: its reach in the
 * ruleset's unit, null for a weapon that threatens nothing), or null without one.
 */
export function farthestWeapon(
  actor: Actor.Implementation,
  reachOf: (item: Item.Implementation) => number | null,
): { readonly item: Item.Implementation; readonly reach: number } | null {
  let best: { item: Item.Implementation; reach: number } | null = null;
  for (const item of actor.items.contents) {
    if (item.type !== "weapon") continue;
    const reach = reachOf(item);
    if (reach !== null && (best === null || reach > best.reach)) best = { item, reach };
  }
  return best;
}

/** What Fray reads of a token to count the spaces between two (core TokenDocument). */
interface Occupant {
  getOccupiedGridSpaceOffsets(): { i: number; j: number }[];
}

/**
 * The distance between two tokens as the books count it, in the unit one grid square measures
 * `perSquare` (a 1.5 m square: 1.5): the whole grid steps between the nearest spaces they occupy
 * (edge to edge, a diagonal one step, rules/movement/reactions.ts `gap`), each a square.
 *
 * With a `reach` (the same unit), it is counted as the reaction check counts it
 * (rules/movement/reactions.ts `reachInSpaces`: a reach covers every whole square it spans, and
 * the next square at least, so 1 m on a 1.5 m grid strikes the adjacent square and 3 m reaches two
 * squares): when the reach covers those steps, the distance is given as at most the reach, so a
 * rule that asks "distance ≤ reach" (Freelancers' melee reach, its engaged check) agrees with the
 * reaction check; when it does not, the distance is the squares' own, beyond the reach.
 * Null when the square has no size in that unit.
 */
export function reachDistance(
  from: Occupant,
  to: Occupant,
  perSquare: number | null,
  reach: number | null = null,
): number | null {
  if (perSquare === null || !Number.isFinite(perSquare) || perSquare <= 0) return null;
  const steps = gap(from.getOccupiedGridSpaceOffsets(), to.getOccupiedGridSpaceOffsets());
  if (!Number.isFinite(steps)) return null;
  const distance = steps * perSquare;
  const spaces = reach === null ? null : reachInSpaces(reach, perSquare);
  return reach !== null && spaces !== null && steps <= spaces
    ? Math.min(distance, reach)
    : distance;
}
