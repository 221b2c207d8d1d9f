/**
 * Moves the referee makes on the map (issue 24): a token pushed (WWN's shove, a grapple's throw)
 * or dragged along by its captor (the dice pool's grapple). The player only asks for the
 * maneuver or moves their own token; the active GM, who owns every token, moves the other one
 * (rules/movement/forced.ts says where).
 *
 * A faller's drop (the dice pool's turn start) is one too. A forced move is not its token's own: the movement hooks (register.ts) neither price it in the
 * moved fighter's budget nor raise reactions for it. It is known as the GM's own: the active GM
 * marks the token while its client moves it, and only a move whose user is this GM is read as
 * forced; a player's console cannot mark a move on the GM's client.
 *
 * Walls stop it as they stop any move (core `Token#constrainMovementPath`, which core's
 * `TokenDocument#move` also applies to a token drawn on the moving client's canvas): each step of a
 * push is checked with it first, so the push ends before the wall. A token the GM's canvas does
 * not show (another scene) is not pushed: the card says how far, and the GM moves it by hand.
 */
import { sceneDistance } from "../../rules/core/distance.ts";
import type { DistanceUnit } from "../../rules/core/distance.ts";
import { draggedTo, pushPath, pushSteps } from "../../rules/movement/forced.ts";
import type { Space } from "../../rules/movement/forced.ts";
import { currentUser } from "../shared/env.ts";
import { isActiveGM } from "../shared/referee.ts";

interface Point {
  readonly x: number;
  readonly y: number;
}

/** What Fray reads of a Token placeable's `constrainMovementPath` (core Token). */
type Constrain = (
  waypoints: { x: number; y: number }[],
  options?: { ignoreCost?: boolean; ignoreWalls?: boolean },
) => [unknown[], boolean];

/** What Fray reads of a token it moves (core TokenDocument). */
export interface ForcedToken {
  readonly id: string | null;
  readonly x: number;
  readonly y: number;
  readonly elevation?: number;
  readonly width: number;
  readonly height: number;
  /** Core TokenDocument#object: its placeable on this client's canvas, when drawn. */
  readonly object?: { readonly constrainMovementPath?: Constrain } | null;
  move(
    waypoints: { x: number; y: number; elevation?: number }[],
    options?: object,
  ): Promise<boolean>;
}

interface Grid {
  readonly size: number;
  readonly distance: number;
  readonly units: string;
}

function canvasGrid(): Grid | null {
  const board = (globalThis as { canvas?: { ready?: boolean; grid?: Grid | null } | null }).canvas;
  return board?.ready === true && board.grid ? board.grid : null;
}

/** The actor's token on this client's canvas (its first), or null. */
export function tokenOnCanvas(actor: Actor.Implementation): ForcedToken | null {
  const placed = actor.getActiveTokens()[0] as unknown as { document?: ForcedToken } | undefined;
  return placed?.document ?? null;
}

/** The tokens this client's referee is moving now. */
const forcing = new Set<string>();

/**
 * Whether this move is one this client's referee is making: the token is marked and the move's
 * user is this client's (a GM's: only the active GM marks one).
 */
export function isForcedMove(token: { readonly id: string | null }, userId?: string): boolean {
  if (token.id === null || !forcing.has(token.id)) return false;
  return userId === undefined || userId === currentUser().id;
}

/**
 * The active GM moves the token to `to` (and `elevation`, when given: a faller coming down) as a
 * forced move; resolves whether it moved.
 */
export async function forceMove(
  token: Pick<ForcedToken, "id" | "x" | "y" | "elevation" | "move">,
  to: Point,
  elevation?: number,
): Promise<boolean> {
  if (!isActiveGM() || token.id === null) return false;
  const rises = elevation !== undefined && elevation !== token.elevation;
  if (to.x === token.x && to.y === token.y && !rises) return false;
  forcing.add(token.id);
  try {
    const waypoint = { x: to.x, y: to.y, ...(rises ? { elevation } : {}) };
    return await token.move([waypoint], { method: "api" });
  } finally {
    forcing.delete(token.id);
  }
}

/** A push planned on the map: where the token ends, and how far that is in the rules' unit. */
export interface PlannedPush {
  readonly token: ForcedToken;
  readonly to: Point;
  readonly distance: number;
}

const centreOf = (t: ForcedToken, size: number) => ({
  i: t.y / size + t.height / 2,
  j: t.x / size + t.width / 2,
});

/**
 * Where `pushed`'s token ends when `pusher` pushes it `distance` (in `unit`) directly away, on
 * this client's canvas, stopped before a wall; null when either token is not on the canvas, the
 * push covers no whole square, or nothing lets it move (a wall at once, a shared space).
 */
export function planPush(
  pusher: Actor.Implementation,
  pushed: Actor.Implementation,
  distance: number,
  unit: DistanceUnit,
): PlannedPush | null {
  const grid = canvasGrid();
  const from = tokenOnCanvas(pusher);
  const token = tokenOnCanvas(pushed);
  if (grid === null || from === null || token === null) return null;
  const constrain = token.object?.constrainMovementPath;
  if (constrain === undefined) return null;
  const perSquare = sceneDistance(grid.distance, grid, unit);
  if (!perSquare.ok) return null;
  const size = grid.size;
  const at: Space = { i: Math.round(token.y / size), j: Math.round(token.x / size) };
  const pixel = (s: Space) => ({ x: s.j * size, y: s.i * size });
  const blocked = (a: Space, b: Space) => constrain([pixel(a), pixel(b)], { ignoreCost: true })[1];
  const steps = pushSteps(distance, perSquare.value);
  const path = pushPath(centreOf(from, size), centreOf(token, size), at, steps, blocked);
  const end = path.at(-1);
  if (end === undefined) return null;
  return { token, to: pixel(end), distance: path.length * perSquare.value };
}

/** Carries a planned push out (the active GM). */
export function carryOut(push: PlannedPush | null): Promise<boolean> {
  return push === null ? Promise.resolve(false) : forceMove(push.token, push.to);
}

/**
 * The active GM drags victims along after their captor moved from `from` to `to` (pixels): each
 * victim token keeps its place by the captor. Resolves to how many were moved.
 */
export async function dragAlong(
  from: Point,
  to: Point,
  victims: readonly ForcedToken[],
): Promise<number> {
  let moved = 0;
  for (const victim of victims) {
    if (await forceMove(victim, draggedTo(from, to, victim))) moved += 1;
  }
  return moved;
}
