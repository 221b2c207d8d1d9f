/**
 * What a path costs in the two-dice game: the one combat action of the turn, a move of up to the
 * mover's Agility in metres (`turns.ts` `moveDistance`). The first path of a turn that has not
 * acted takes the Move action; further paths that turn use what is left of it.
 *
 * This is the price where the world moves tokens as they are dragged (a setting); in the book's
 * order a drag names a declared move's destination and the move happens at the end of the turn
 * (turn-end.ts). Where the page is silent: a turn that already acted with a move declared from the sheet
 * (moving, nothing recorded of its metres) may walk half its Agility, the least any move action
 * carries; a turn that acted without moving may not move. Rolling with an attack halves the move.
 */
import { checkNumber } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import type { MoveMode, MoveOutcome, MovePath, PathRefusal } from "../movement/types.ts";
import { isMoveMode } from "../movement/types.ts";
import { SHEET_NUMBER } from "./model.ts";
import type { TurnState } from "./model.ts";
import { moveDistance, takeAction } from "./turns.ts";
import type { TurnRefusal } from "./turns.ts";

/** A length in metres: not negative, and no farther than a map goes. */
const METRES = { min: 0, max: 100_000 } as const;

export type TwodiceMoveRefusal = TurnRefusal | PathRefusal | "tooFar";

/** How a two-dice combatant moves. */
export const TWODICE_MOVE_MODES: readonly MoveMode[] = ["walk"];

/** The turn and the metres left of its move after a path. */
export interface TwodiceMoveBudget {
  readonly turn: TurnState;
  readonly left: number;
}

/**
 * The path's price in metres for a mover of this Agility; `left` is what a path earlier this turn
 * left of the move (null when none was dragged yet).
 */
export function twodiceMoveCost(
  turn: TurnState,
  agility: number,
  left: number | null,
  path: MovePath,
): Result<MoveOutcome<TwodiceMoveBudget>, TwodiceMoveRefusal> {
  if (!isMoveMode(path.mode, TWODICE_MOVE_MODES)) return refuse("unknown-mode");
  const bad =
    checkNumber("distance", path.distance, METRES) ??
    checkNumber("agility", agility, SHEET_NUMBER) ??
    (left === null ? undefined : checkNumber("left", left, METRES));
  if (bad) return bad;
  let next = turn;
  let open: number;
  let begun = 0;
  if (left !== null && turn.moving) {
    open = Math.min(left, Math.max(0, agility));
  } else if (!turn.acted) {
    const step = takeAction(turn, { kind: "move" });
    if (!step.ok) return step;
    next = step.value.turn;
    open = moveDistance("move", agility, turn.moveHalved);
    begun = 1;
  } else if (turn.moving) {
    open = moveDistance("moveAndShoot", agility, turn.moveHalved);
  } else {
    return refuse("alreadyActed");
  }
  if (path.distance > open + 1e-9) return refuse("tooFar", { meters: path.distance, limit: open });
  const rest = open - path.distance;
  return ok({
    price: {
      currency: "m",
      cost: path.distance,
      left: rest,
      of: open,
      actionsBegun: begun,
      moveActions: { used: 0, max: 0 },
      extra: { energy: 0, mainAction: false },
      band: "within",
    },
    after: { turn: next, left: rest },
  });
}
