/**
 * What a path costs in WWN: feet of Move actions. A Move action carries the fighter its speed
 * (30 ft by default), halved climbing, swimming or on difficult ground and halved again prone
 * (`maneuvers.ts` `moveRate`); a path longer than what is left of the open Move begins the next
 * one, and the second Move of a round is the Main Action spent as a Move (running). The budget is
 * the round's actions the referee records (`ActionState`); the Move rules are `run`'s.
 *
 * A Charge's move ("charge") is a straight line of at least 10 ft and at most twice the move rate
 * (halved as a Move is), paid with a fresh Move and the Main Action at once; the charger's AC is
 * lowered for the round, and the attack that ends it spends nothing more (attack-rules.ts, a
 * Charge whose move is made).
 *
 * Where the book is silent: a path fills the open Move first, then begins new ones, each as far
 * as it reaches (a dragged path is one continuous move); crawling is the prone rate.
 */
import { checkNumber, NUMBER_RULES } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import type { MoveMode, MoveOutcome, MovePath, PathRefusal } from "../movement/types.ts";
import { isMoveMode } from "../movement/types.ts";
import { spendMoveAndMain } from "./actions.ts";
import type { ActionState, TurnContext } from "./actions.ts";
import { changedActions } from "./combatant.ts";
import { canAct } from "./maneuvers/common.ts";
import { moveRate, run } from "./maneuvers.ts";
import type { ManeuverRefusal } from "./maneuvers.ts";
import type { WwnCombatant } from "./model.ts";
import { DEFAULT_WWN_OPTIONS } from "./options.ts";
import type { WwnOptions } from "./options.ts";

export type WwnMoveRefusal =
  ManeuverRefusal | PathRefusal | "notStraight" | "needsTenFeet" | "chargeTooFar";

/** What the fighter's round allows besides its own state: whose turn, whether it is held. */
export interface WwnMoveContext {
  readonly turn: TurnContext;
  readonly grappled?: boolean;
}

/** How a WWN fighter moves. */
export const WWN_MOVE_MODES: readonly MoveMode[] = ["walk", "crawl", "climb", "swim", "charge"];

/** A round's Move actions: one, and the Main as a second. */
const MOST_MOVES = 2;

/** The path's price in feet; `after` is the round's actions after it. */
export function wwnMoveCost(
  actor: WwnCombatant,
  path: MovePath,
  ctx: WwnMoveContext,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<MoveOutcome<ActionState>, WwnMoveRefusal> {
  if (!isMoveMode(path.mode, WWN_MOVE_MODES)) return refuse("unknown-mode");
  const bad = checkNumber("distance", path.distance, NUMBER_RULES.count);
  if (bad) return bad;
  const hard = path.difficult === true || path.mode === "climb" || path.mode === "swim";
  const terrain = hard ? "hard" : "normal";
  const rate = moveRate(actor, terrain, options);
  if (!rate.ok) return rate;
  if (path.mode === "charge") return chargeMoveCost(actor, path, rate.value, ctx, options);
  if (rate.value <= 0 && path.distance > 0)
    return refuse("tooFar", { feet: path.distance, limit: 0 });
  let fighter = actor;
  let remaining = path.distance;
  const before = actor.actions;
  while (remaining > 0) {
    const state = fighter.actions;
    const room = state.moveOpen ? state.moveLimit - state.moveFeet : 0;
    const step = room > 0 ? Math.min(room, remaining) : Math.min(rate.value, remaining);
    const moved = run(fighter, step, { terrain, grappled: ctx.grappled, turn: ctx.turn }, options);
    if (!moved.ok) return moved;
    fighter = moved.value.actor;
    remaining -= step;
  }
  const after = fighter.actions;
  const begun = after.movesUsed - before.movesUsed;
  return ok({
    price: {
      currency: "ft",
      cost: path.distance,
      left: after.moveLimit - after.moveFeet,
      of: after.moveLimit,
      actionsBegun: begun,
      moveActions: { used: after.movesUsed, max: MOST_MOVES },
      extra: { energy: 0, mainAction: after.mainAsMove && !before.mainAsMove },
      band: after.mainAsMove ? "next" : "within",
    },
    after,
  });
}

/** A Charge's move (see the file's header), at `rate` feet a Move. */
function chargeMoveCost(
  actor: WwnCombatant,
  path: MovePath,
  rate: number,
  ctx: WwnMoveContext,
  options: WwnOptions,
): Result<MoveOutcome<ActionState>, WwnMoveRefusal> {
  if (!canAct(actor)) return refuse("notActive");
  if (ctx.grappled === true || actor.grappling !== null) return refuse("grappled");
  if (path.straight !== true) return refuse("notStraight");
  if (path.distance < options.chargeMinFeet) {
    return refuse("needsTenFeet", { feet: options.chargeMinFeet });
  }
  const limit = options.chargeSpeedMultiple * rate;
  if (path.distance > limit) return refuse("chargeTooFar", { feet: limit });
  const spent = spendMoveAndMain(actor.actions, path.distance, limit, ctx.turn);
  if (!spent.ok) return spent;
  const after = changedActions(spent.value, { charged: true });
  return ok({
    price: {
      currency: "ft",
      cost: path.distance,
      left: limit - path.distance,
      of: limit,
      actionsBegun: 1,
      moveActions: { used: after.movesUsed, max: MOST_MOVES },
      extra: { energy: 0, mainAction: true },
      band: "within",
    },
    after,
  });
}
