/**
 * Moves one fighter makes another make (issue 24), shared by every ruleset: a push (WWN's shove
 * forces its target back; a grapple's throw hurls the captive) and a victim dragged along.
 *
 * - A push goes directly away from the pusher, one grid step at a time in one of the eight
 *   directions nearest the line between their centres (a square grid has no other), as many
 *   whole steps as its distance covers; it stops before the first step something blocks (the
 *   shell asks the scene's walls), and never moves a fighter that shares the pusher's space
 *   (there is no "away").
 * - A dragged victim keeps its place beside its captor: it moves by what the captor moved.
 *
 * A forced move is not the mover's own: it costs the pushed fighter nothing and provokes nothing
 * (the books give the free and opportunity attacks to a fighter who moves, not one who is moved).
 */

/** A grid space: row `i`, column `j` (as core's grid offsets). */
export interface Space {
  readonly i: number;
  readonly j: number;
}

/** A point in grid spaces (a token's centre: its top-left space plus half its size). */
export interface Centre {
  readonly i: number;
  readonly j: number;
}

/** Whether one grid step from a space to the next is blocked (a wall between them). */
export type StepBlocked = (from: Space, to: Space) => boolean;

/** The most steps a push is counted for (far beyond any book's push, any scene's size). */
export const MAX_PUSH_STEPS = 1000;

/**
 * The whole grid steps a push of `distance` covers on squares that measure `perSquare` (both in
 * the same unit): "up to" the distance, so a part of a square does not count. 0 for anything
 * that is not a finite, positive length.
 */
export function pushSteps(distance: number, perSquare: number): number {
  if (!Number.isFinite(distance) || !Number.isFinite(perSquare)) return 0;
  if (distance <= 0 || perSquare <= 0) return 0;
  // A hair under a whole square still counts it (10 ft on 5 ft squares: 2, not 1.999…).
  return Math.min(MAX_PUSH_STEPS, Math.floor(distance / perSquare + 1e-9));
}

/** tan(67.5°): beyond it, a line is nearer an axis than a diagonal. */
const OCTANT = 1 + Math.SQRT2;

/**
 * The grid direction (each of `i`, `j` −1, 0 or 1) nearest the line from `from` to `to`, or null
 * when they are the same point or not finite.
 */
export function awayDirection(from: Centre, to: Centre): Space | null {
  const di = to.i - from.i;
  const dj = to.j - from.j;
  if (!Number.isFinite(di) || !Number.isFinite(dj) || (di === 0 && dj === 0)) return null;
  const ai = Math.abs(di);
  const aj = Math.abs(dj);
  return {
    i: ai * OCTANT >= aj ? Math.sign(di) : 0,
    j: aj * OCTANT >= ai ? Math.sign(dj) : 0,
  };
}

/**
 * The spaces a pushed fighter passes, its top-left space after each step, directly away from the
 * pusher: up to `steps` of them, stopping before the first blocked step. Empty: it does not move
 * (no distance, no direction, or the first step is blocked).
 */
export function pushPath(
  pusher: Centre,
  pushed: Centre,
  at: Space,
  steps: number,
  blocked: StepBlocked,
): Space[] {
  const way = awayDirection(pusher, pushed);
  const count = Number.isFinite(steps)
    ? Math.min(MAX_PUSH_STEPS, Math.max(0, Math.floor(steps)))
    : 0;
  if (way === null || count === 0) return [];
  const path: Space[] = [];
  let from = at;
  for (let k = 0; k < count; k++) {
    const to = { i: from.i + way.i, j: from.j + way.j };
    if (blocked(from, to)) break;
    path.push(to);
    from = to;
  }
  return path;
}

/** Where a dragged victim ends: moved by what its captor moved (in pixels, or spaces). */
export function draggedTo(
  captorFrom: { readonly x: number; readonly y: number },
  captorTo: { readonly x: number; readonly y: number },
  victim: { readonly x: number; readonly y: number },
): { x: number; y: number } {
  return { x: victim.x + captorTo.x - captorFrom.x, y: victim.y + captorTo.y - captorFrom.y };
}
