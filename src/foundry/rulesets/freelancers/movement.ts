/**
 * Freelancers on the map: a path costs metres of Move actions (the Base traded for a second),
 * Disengage the whole turn for a double move that provokes nothing, and an immobilized or downed
 * teammate cannot move (rules/freelancers/move-cost.ts). The turn's actions are the referee's
 * ledger (budget.ts); what is left of the open Move is kept beside them (movement/left.ts).
 */
import { ok, refuse } from "../../../rules/core/result.ts";
import {
  DEFAULT_MOVE_METERS,
  FREELANCERS_MOVE_MODES,
  freelancersMoveCost,
} from "../../../rules/freelancers/move-cost.ts";
import { SYSTEM_ID } from "../../constants.ts";
import { fightOf } from "../../combat/ledger.ts";
import { moveLeftOf, payInLedger } from "../../movement/left.ts";
import { farthestWeapon } from "../../movement/reach.ts";
import { movementRefusalKey } from "../../movement/refusal.ts";
import type { MovementRules } from "../../movement/types.ts";
import { combatantId } from "../../shared/actors.ts";
import { inActorQueue } from "../../shared/attack.ts";
import { registerWorldSetting } from "../../shared/settings.ts";
import { i18n } from "../../shared/env.ts";
import { toFlWeapon } from "./adapter.ts";
import { flAttack } from "./attack/dialog.ts";
import { FL_ACTIONS, flNow, mayActNow } from "./budget.ts";

/**
 * The actor's usable weapon (integrity left) reaching farthest, in metres: a melee weapon's reach,
 * a ranged one's nominal range (the book: a mover is a target of opportunity "within range or
 * reach of a weapon"); null without one.
 */
export function flThreatWeapon(actor: Actor.Implementation) {
  return farthestWeapon(actor, (item) => {
    const weapon = toFlWeapon(item);
    if (weapon.integrity.value <= 0) return null;
    return weapon.kind === "melee" ? (weapon.reach ?? 0) : (weapon.range?.nominal ?? 0);
  });
}

/** The world setting: how far one Move action carries a teammate, in metres. */
export const FL_MOVE_METERS = "freelancersMoveMeters";

/**
 * The metres of a Move action as the world sets them (the book's Movement chapter is not in the
 * seed: 6 m, four 1.5 m squares, by default); a stored value out of bounds keeps the default.
 */
export function flMoveMeters(): number {
  const value: unknown = game.settings.get(SYSTEM_ID, FL_MOVE_METERS as never);
  return typeof value === "number" && Number.isFinite(value) && value >= 0.5 && value <= 1000
    ? value
    : DEFAULT_MOVE_METERS;
}

function registerMoveSettings(): void {
  registerWorldSetting(
    FL_MOVE_METERS,
    (part) => `FRAY.Movement.Settings.FreelancersMoveMeters.${part}`,
    {
      type: Number,
      default: DEFAULT_MOVE_METERS,
      range: { min: 0.5, max: 60, step: 0.5 },
      section: "movement",
    },
  );
}

/** The ledger key of what is left of a teammate's open Move. */
export const FL_MOVE_LEFT = "flMoveLeft";

export const freelancersMovement: MovementRules = {
  unit: "m",
  modes: FREELANCERS_MOVE_MODES,
  canSelect: () => true,
  spaceCost: (_actor, mode) => (mode === "climb" || mode === "swim" ? 2 : 1),
  queue: (actor, task) => inActorQueue(combatantId(actor), task),
  registerSettings: registerMoveSettings,
  refusalKey: movementRefusalKey((reason) => `FRAY.Freelancers.Refusal.${reason}`),
  // Moving more than 1.5 m (one square of the book's 1.5 m grid) within an opponent's reach makes
  // the mover a target of opportunity; a Disengage provokes nothing.
  reactions: {
    trigger: "within",
    withinLimit: 1,
    reachOf: (actor) => flThreatWeapon(actor)?.reach ?? null,
    // Only an active teammate with this round's reaction left (rules/freelancers/actions.ts).
    canReact: (actor) => {
      const me = flNow(actor);
      return me.life === "active" && me.actions.reaction > 0;
    },
    suppressed: (actor, mode) => mode === "disengage" || flNow(actor).actions.disengaging,
    openAttack: (actor, { reaction }) => {
      const weapon = flThreatWeapon(actor);
      if (weapon === null) return Promise.resolve(null);
      const note = i18n().localize("FRAY.Movement.Reaction.Note.freelancers");
      return flAttack(actor, weapon.item, undefined, { as: "reaction", reaction, notes: [note] });
    },
  },
  price(actor, path) {
    // Out of turn only a readied Move whose trigger fired (the GM's ledger: budget.ts), once.
    if (!mayActNow(actor)) return refuse("notYourTurn");
    const fight = fightOf(actor);
    const me = flNow(actor);
    const priced = freelancersMoveCost(me, moveLeftOf(fight, FL_MOVE_LEFT), path, flMoveMeters());
    if (!priced.ok) return priced;
    const { after, price } = priced.value;
    return ok({
      price,
      pay: payInLedger(fight, { key: FL_ACTIONS, value: after.actions }, FL_MOVE_LEFT, after.left),
    });
  },
};
