/**
 * What a path costs in Freelancers: Move actions. A Move action carries the teammate `moveMeters`
 * (the book's Movement chapter is not in the seed: a documented default of 6 m, four 1.5 m
 * squares, a GM may change it); a path longer than what is left of the open Move begins the next,
 * and once the Move is spent the Base is traded for one (`actions.ts` `spendAction`). Disengage is
 * a Long action: the whole turn, twice the Move, and the path provokes no attack of opportunity.
 * An immobilized or downed teammate does not move.
 *
 * `left` is what is left of the move the teammate began this turn, null when it has not moved yet.
 *
 * Where the book is silent: climbing and swimming count each metre twice; what is left of an open
 * Move stays open for the rest of the turn (a dragged path is one continuous move); a Disengage
 * is taken by the first path of the turn that asks for it.
 */
import { checkNumber } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import type { MoveMode, MoveOutcome, MovePath, PathRefusal } from "../movement/types.ts";
import { isMoveMode } from "../movement/types.ts";
import { disengage, spendAction } from "./actions.ts";
import type { ActionRefusal } from "./actions.ts";
import type { ActionState, FreelancersActor } from "./model.ts";

/** A length in metres: not negative, and no farther than a map goes. */
const METRES = { min: 0, max: 100_000 } as const;

export type FreelancersMoveRefusal = ActionRefusal | PathRefusal | "tooFar";

/** How a Freelancers teammate moves. */
export const FREELANCERS_MOVE_MODES: readonly MoveMode[] = ["walk", "climb", "swim", "disengage"];

/** The metres one Move action covers unless the world says otherwise. */
export const DEFAULT_MOVE_METERS = 6;

/** The turn's actions and the metres left of the open Move after a path. */
export interface FreelancersMoveBudget {
  readonly actions: ActionState;
  readonly left: number;
}

type Mover = Pick<FreelancersActor, "actions" | "counters" | "life" | "immobilized">;

/** The path's price in metres; `after` is the turn's actions and what is left of the open Move. */
export function freelancersMoveCost(
  mover: Mover,
  left: number | null,
  path: MovePath,
  moveMeters: number = DEFAULT_MOVE_METERS,
): Result<MoveOutcome<FreelancersMoveBudget>, FreelancersMoveRefusal> {
  if (!isMoveMode(path.mode, FREELANCERS_MOVE_MODES)) return refuse("unknown-mode");
  const bad =
    checkNumber("distance", path.distance, METRES) ??
    (left === null ? undefined : checkNumber("left", left, METRES)) ??
    checkNumber("moveMeters", moveMeters, { min: 0.5, max: 1000 });
  if (bad) return bad;
  if (mover.life !== "active") return refuse("notActive");
  if (mover.immobilized) return refuse("immobilized");
  const slow = path.mode === "climb" || path.mode === "swim" ? 2 : 1;
  let need = path.distance * slow;
  let actions = mover.actions;
  let open = left === null ? 0 : Math.min(left, moveMeters * 2);
  let begun = 0;
  if (left === null && actions.disengaging) {
    // Disengaged from the sheet before moving: its double move is paid already.
    open = moveMeters * 2;
  } else if (path.mode === "disengage" && !actions.disengaging) {
    const taken = disengage(mover);
    if (!taken.ok) return taken;
    actions = taken.value;
    open += moveMeters * 2;
    begun += 1;
  }
  while (need > open + 1e-9) {
    need -= open;
    const taken = spendAction({ ...mover, actions }, "move");
    if (!taken.ok) {
      return taken.reason === "noMove" || taken.reason === "longTaken"
        ? refuse("tooFar", { meters: path.distance })
        : taken;
    }
    actions = taken.value;
    open = moveMeters;
    begun += 1;
  }
  const rest = Math.max(0, open - need);
  const traded = actions.base < mover.actions.base && !actions.long;
  return ok({
    price: {
      currency: "m",
      cost: path.distance,
      left: rest,
      of: path.distance + rest,
      actionsBegun: begun,
      moveActions: { used: 0, max: 0 },
      extra: { energy: 0, mainAction: traded },
      band: traded ? "next" : "within",
    },
    after: { actions, left: rest },
  });
}
