/**
 * The public API's move (`game.system.api.move`): a token moved along waypoints as a drag moves
 * it. Core v13 moves a token through `TokenDocument#move(waypoints, options)` whether the user
 * drags it or a script asks; Fray prices and checks every such move in the movement hooks
 * (movement/register.ts: `preMoveToken` on this client refuses what the rules forbid, with the
 * reason; the referee prices it again from the path it measures and pays it, or puts it back).
 * So the API adds no check of its own beyond finding the token: a move by the API costs, is
 * refused and is told (`fray.moved`) exactly as the same drag.
 */
import { refuse } from "../../rules/core/result.ts";
import type { Refusal } from "../../rules/core/result.ts";
import { tokenOf } from "../shared/scene.ts";

/** A point on the canvas (pixels, a token's top-left as core's waypoints), with its action. */
export interface MovePoint {
  readonly x: number;
  readonly y: number;
  /** The movement action of the step to this point (walk, crawl, climb …); core's default. */
  readonly action?: string;
}

/** What the API reads of a TokenDocument: core v13's movement entry point. */
interface MovableToken {
  move(waypoints: MovePoint[], options?: { method?: string }): Promise<boolean>;
}

const isMovable = (value: unknown): value is MovableToken =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { move?: unknown }).move === "function";

/**
 * The token a call names: a TokenDocument, a Token placeable (its document), else the actor's
 * token on the map (the one on its fight's scene, else its first linked token); null when none.
 */
export function movableToken(
  ref: unknown,
  actor: Actor.Implementation | null,
): MovableToken | null {
  const document = (ref as { document?: unknown } | null)?.document;
  if (isMovable(document)) return document;
  if (isMovable(ref) && !(ref instanceof Actor)) return ref;
  if (actor === null) return null;
  const token: unknown = tokenOf(actor);
  return isMovable(token) ? token : null;
}

/** Whether every waypoint is a finite point (an action, if given, a name). */
function validPath(path: readonly unknown[]): path is MovePoint[] {
  return (
    path.length > 0 &&
    path.every((point) => {
      if (typeof point !== "object" || point === null) return false;
      const { x, y, action } = point as Record<string, unknown>;
      return (
        Number.isFinite(x) &&
        Number.isFinite(y) &&
        (action === undefined || (typeof action === "string" && action !== ""))
      );
    })
  );
}

/**
 * Moves the token along the waypoints as a drag does. `badPath` for waypoints that are not finite
 * points; `notCarriedOut` when this client's check refused the move (its reason shown, as for a
 * drag). The referee settles the move after it, as for a drag.
 */
export async function moveToken(
  token: MovableToken,
  to: MovePoint | readonly MovePoint[],
): Promise<{ readonly ok: true } | Refusal> {
  const path: readonly unknown[] = Array.isArray(to) ? to : [to];
  if (!validPath(path)) return refuse("badPath");
  const waypoints = path.map(({ x, y, action }) => ({
    x,
    y,
    ...(action === undefined ? {} : { action }),
  }));
  return (await token.move(waypoints)) ? { ok: true } : refuse("notCarriedOut");
}
