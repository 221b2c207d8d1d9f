/**
 * Freelancers on the map: a path costs metres of Move actions (the Base traded for a second),
 * Disengage the whole turn for a double move that provokes nothing, and an immobilized or downed
 * teammate cannot move (rules/freelancers/move-cost.ts). The turn's actions are the referee's
 * ledger (budget.ts); what is left of the open Move is kept beside them (movement/left.ts).
 */
import { ok, refuse } from "../../../rules/core/result.ts";
import {
  FREELANCERS_MOVE_MODES,
  freelancersMoveCost,
} from "../../../rules/freelancers/move-cost.ts";
import { fightOf } from "../../combat/ledger.ts";
import { moveLeftOf, payInLedger } from "../../movement/left.ts";
import { movementRefusalKey } from "../../movement/refusal.ts";
import type { MovementRules } from "../../movement/types.ts";
import { combatantId } from "../../shared/actors.ts";
import { inActorQueue } from "../../shared/attack.ts";
import { isActorsTurn } from "../../shared/turn.ts";
import { FL_ACTIONS, flNow } from "./budget.ts";

/** The ledger key of what is left of a teammate's open Move. */
export const FL_MOVE_LEFT = "flMoveLeft";

export const freelancersMovement: MovementRules = {
  unit: "m",
  modes: FREELANCERS_MOVE_MODES,
  canSelect: () => true,
  spaceCost: (_actor, mode) => (mode === "climb" || mode === "swim" ? 2 : 1),
  queue: (actor, task) => inActorQueue(combatantId(actor), task),
  refusalKey: movementRefusalKey((reason) => `FRAY.Freelancers.Refusal.${reason}`),
  // Moving more than 1.5 m (one square of the book's 1.5 m grid) within an opponent's reach makes
  // the mover a target of opportunity; a Disengage provokes nothing.
  reactions: {
    trigger: "within",
    withinLimit: 1,
    reachOf: () => 1,
    suppressed: (actor, mode) => mode === "disengage" || flNow(actor).actions.disengaging,
  },
  price(actor, path) {
    if (!isActorsTurn(actor)) return refuse("notYourTurn");
    const fight = fightOf(actor);
    const me = flNow(actor);
    const priced = freelancersMoveCost(me, moveLeftOf(fight, FL_MOVE_LEFT), path);
    if (!priced.ok) return priced;
    const { after, price } = priced.value;
    return ok({
      price,
      pay: payInLedger(fight, { key: FL_ACTIONS, value: after.actions }, FL_MOVE_LEFT, after.left),
    });
  },
};
