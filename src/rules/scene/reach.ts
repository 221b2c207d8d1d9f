/**
 * Reach between tokens, from the spaces they cover (on a square grid, a diagonal step counts one
 * space, core's default rule): how many spaces lie between two footprints, whether they are
 * adjacent (any two occupied spaces touching, Draw Steel's `isAdjacentTo`), and the two readings
 * of being ganged up on: flanked (two of the attacker's side adjacent to the target on opposite
 * sides or corners: the line between their centres crosses two opposite edges of the target,
 * as Draw Steel tests it) and surrounded (how many of them stand adjacent to it).
 */
import { centerOf, segmentsMeet } from "./geometry.ts";
import type { Footprint, Point } from "./geometry.ts";

/**
 * Steps between the nearest spaces of two footprints: 0 when they share a space, 1 when adjacent
 * (diagonals too), n when n − 1 spaces lie between them. Symmetric.
 */
export function spacesBetween(a: Footprint, b: Footprint): number {
  const dx = Math.max(0, b.x - (a.x + a.width - 1), a.x - (b.x + b.width - 1));
  const dy = Math.max(0, b.y - (a.y + a.height - 1), a.y - (b.y + b.height - 1));
  return Math.max(dx, dy);
}

/** Whether b is within `reach` spaces of a (1: adjacent, the reach of most melee). */
export function withinReach(a: Footprint, b: Footprint, reach = 1): boolean {
  return spacesBetween(a, b) <= reach;
}

/** Whether the segment between two points crosses two opposite edges of the target. */
export function oppositeSides(target: Footprint, p: Point, q: Point): boolean {
  const left = target.x;
  const right = target.x + target.width;
  const top = target.y;
  const bottom = target.y + target.height;
  const crosses = (ex0: number, ey0: number, ex1: number, ey1: number) =>
    segmentsMeet(p.x, p.y, q.x, q.y, ex0, ey0, ex1, ey1);
  const l = crosses(left, top, left, bottom);
  const r = crosses(right, top, right, bottom);
  const t = crosses(left, top, right, top);
  const b = crosses(left, bottom, right, bottom);
  return (l && r) || (t && b);
}

/** A token of the scene as reach and flanking see it. */
export interface Bystander {
  readonly id: string;
  readonly footprint: Footprint;
  /**
   * Its side as the attacker sees it: "ally" (core: the same disposition), "foe" (the opposite
   * one), "other" (neutral, secret).
   */
  readonly side: "ally" | "foe" | "other";
  /** Still fights (not down, not out of the fight): only those flank or surround. */
  readonly fights: boolean;
  /** Its elevation in the scene's units (absent: the height of whoever it is measured from). */
  readonly elevation?: number;
}

/** Who gangs up on the target: its adjacent fighting allies of the attacker, and the flank. */
export interface GangUp {
  /** Ids of the attacker's side adjacent to the target (the attacker included when it is). */
  readonly adjacentAllies: readonly string[];
  /** Two of them stand on opposite sides or corners of the target. */
  readonly flanked: boolean;
  /** The two that flank it, when flanked. */
  readonly flankers: readonly [string, string] | null;
}

/**
 * The attacker's side around the target: `attacker` counts as one of them when it stands
 * adjacent. Linear in the tokens, then quadratic only in the few adjacent ones.
 */
export function gangUp(
  attacker: Bystander,
  target: Footprint,
  others: readonly Bystander[],
): GangUp {
  const adjacent: Bystander[] = [];
  if (attacker.fights && withinReach(attacker.footprint, target)) adjacent.push(attacker);
  for (const other of others) {
    if (other.id === attacker.id || other.side !== "ally" || !other.fights) continue;
    if (withinReach(other.footprint, target)) adjacent.push(other);
  }
  let flankers: [string, string] | null = null;
  for (let i = 0; i < adjacent.length && flankers === null; i++) {
    for (let j = i + 1; j < adjacent.length; j++) {
      const a = adjacent[i];
      const b = adjacent[j];
      if (a === undefined || b === undefined) continue;
      if (oppositeSides(target, centerOf(a.footprint), centerOf(b.footprint))) {
        flankers = [a.id, b.id];
        break;
      }
    }
  }
  return { adjacentAllies: adjacent.map((a) => a.id), flanked: flankers !== null, flankers };
}
