/**
 * Worldlines on the map: a path costs Energy per space by stance (1 standing, 2 crouched, 3
 * prone; climbing and swimming at least 2), Retreat the Retreat price on top and provokes no
 * Opportunity Attack, and the Staggered, a fighter with disabled legs or a restrained one cannot move
 * (rules/worldlines/move-cost.ts). The Energy is the mover's own (the book puts it on the
 * character, budget.ts), read within the model's bounds and paid by the GM.
 */
import { FEET_PER_SPACE } from "../../../rules/core/distance.ts";
import { ok, refuse } from "../../../rules/core/result.ts";
import { WORLDLINES_MOVE_MODES, worldlinesMoveCost } from "../../../rules/worldlines/move-cost.ts";
import { DEFAULT_OPTIONS } from "../../../rules/worldlines/options.ts";
import { farthestWeapon } from "../../movement/reach.ts";
import { terrainNote } from "../../movement/ground.ts";
import { movementRefusalKey } from "../../movement/refusal.ts";
import type { MovementRules } from "../../movement/types.ts";
import { combatantId } from "../../shared/actors.ts";
import { inActorQueue } from "../../shared/attack.ts";
import { isActorsTurn } from "../../shared/turn.ts";
import { i18n } from "../../shared/env.ts";
import { checkInterrupt } from "../../../rules/worldlines/interruptions.ts";
import { bandReach, toCombatant, toWeapon } from "./adapter.ts";
import { attack } from "./attack/declare.ts";
import { worldlinesOptions } from "./settings.ts";
import { isRestrained } from "./table/restraints.ts";
import { DEFAULT_BAND_FEET } from "./data.ts";

/**
 * The actor's melee weapon reaching farthest, its reach in spaces (its point-blank band: 5 ft,
 * one space, unless the weapon sets its own), or null without one: the book's Opportunity Attack
 * is for a fighter "wielding a melee weapon".
 */
export function meleeReach(actor: Actor.Implementation) {
  return farthestWeapon(actor, (item) =>
    (item.system as unknown as { kind?: string }).kind === "melee"
      ? bandReach(item, DEFAULT_BAND_FEET).pointBlank / FEET_PER_SPACE
      : null,
  );
}

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
  // The ruler names a walk's ground climbed or swum when it costs more than the stance's rate.
  terrainNotes(actor, ground, mode) {
    if (mode === "climb" || mode === "swim") return [];
    const costs = DEFAULT_OPTIONS.costs;
    const times = costs.climbSwimPerSpace / costs.movePerSpace[toCombatant(actor).stance];
    if (!(times > 1)) return [];
    return (["climb", "swim"] as const)
      .filter((kind) => ground[kind] > 0)
      .map((kind) => terrainNote(kind, times));
  },
  queue: (actor, task) => inActorQueue(combatantId(actor), task),
  refusalKey: movementRefusalKey((reason) => `FRAY.Worldlines.Attack.Refusal.${reason}`),
  // An enemy entering the reach of a fighter's melee weapon may be hit by an Opportunity Attack
  // (1 Energy, the round's interruption); a Retreat provokes none.
  reactions: {
    trigger: "enter",
    reachOf: (actor) => meleeReach(actor)?.reach ?? null,
    // The interruption's own checks: active, not Staggered or Stressed, the round's interruption
    // unspent, the Energy for it (rules/worldlines/interruptions.ts).
    canReact: (actor, mover) => {
      const melee = meleeReach(actor);
      if (melee === null) return false;
      const options = worldlinesOptions();
      return checkInterrupt(
        toCombatant(actor, "", options),
        "opportunityAttack",
        {
          target: toCombatant(mover, "", options),
          weapon: toWeapon(melee.item, options),
          entersReach: true,
        },
        options,
      ).ok;
    },
    suppressed: (_actor, mode) => mode === "retreat",
    openAttack: async (actor, { reaction }) => {
      const melee = meleeReach(actor);
      if (melee === null) return null;
      const cost = worldlinesOptions().costs.opportunityAttack;
      const note = i18n().format("FRAY.Movement.Reaction.Note.worldlines", { cost });
      return attack(actor, melee.item, undefined, { reaction, notes: [note] });
    },
  },
  price(actor, path) {
    if (!isActorsTurn(actor)) return refuse("notYourTurn");
    if (isRestrained(actor)) return refuse("restrained", { name: actor.name });
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
