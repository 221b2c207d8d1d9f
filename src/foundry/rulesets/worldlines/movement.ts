/**
 * Worldlines on the map: a path costs Energy per space by stance (1 standing, 2 crouched, 3
 * prone; climbing and swimming at least 2), Retreat the Retreat price on top and provokes no
 * Opportunity Attack, and the Staggered or a fighter with disabled legs cannot move
 * (rules/worldlines/move-cost.ts). The Energy is the mover's own (the book puts it on the
 * character, budget.ts), read within the model's bounds and paid by the GM.
 */
import { ok, refuse } from "../../../rules/core/result.ts";
import { WORLDLINES_MOVE_MODES, worldlinesMoveCost } from "../../../rules/worldlines/move-cost.ts";
import { DEFAULT_OPTIONS } from "../../../rules/worldlines/options.ts";
import { movementRefusalKey } from "../../movement/refusal.ts";
import type { MovementRules } from "../../movement/types.ts";
import { combatantId } from "../../shared/actors.ts";
import { inActorQueue } from "../../shared/attack.ts";
import { isActorsTurn } from "../../shared/turn.ts";
import { toCombatant } from "./adapter.ts";

export const worldlinesMovement: MovementRules = {
  unit: "space",
  modes: WORLDLINES_MOVE_MODES,
  canSelect(actor, mode) {
    const prone = toCombatant(actor).stance === "prone";
    if (mode === "walk") return !prone;
    if (mode === "crawl") return prone;
    return true;
  },
  spaceCost(actor, mode) {
    const costs = DEFAULT_OPTIONS.costs;
    const perStance = costs.movePerSpace[toCombatant(actor).stance];
    return mode === "climb" || mode === "swim"
      ? Math.max(costs.climbSwimPerSpace, perStance)
      : perStance;
  },
  queue: (actor, task) => inActorQueue(combatantId(actor), task),
  refusalKey: movementRefusalKey((reason) => `FRAY.Worldlines.Attack.Refusal.${reason}`),
  // An enemy entering a fighter's reach (the next space) may be hit by an Opportunity Attack;
  // a Retreat provokes none.
  reactions: {
    trigger: "enter",
    reachOf: () => 1,
    suppressed: (_actor, mode) => mode === "retreat",
  },
  price(actor, path) {
    if (!isActorsTurn(actor)) return refuse("notYourTurn");
    const me = toCombatant(actor);
    const priced = worldlinesMoveCost(me, path);
    if (!priced.ok) return priced;
    const { after, price } = priced.value;
    return ok({
      price,
      pay: async () => {
        if (after !== me.energy.value) {
          await actor.update({ "system.energy.value": after } as never);
        }
      },
    });
  },
};
