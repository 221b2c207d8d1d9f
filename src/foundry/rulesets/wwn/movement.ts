/**
 * WWN on the map: a path costs feet of Move actions (30 ft by default, halved climbing, swimming,
 * on difficult ground or prone), the second Move of a round being the Main Action (running)
 * (rules/wwn/move-cost.ts). The round's actions are the referee's ledger (budget.ts); walking is
 * for a fighter on its feet, crawling for one who is prone.
 *
 * A Charge's move is the movement action "charge": one straight line, paid with the Move and the
 * Main, its attack owed (charge.ts). The sheet's Charge button runs the token beside the target
 * with it, then opens the attack dialog set for the Charge.
 */
import { ok } from "../../../rules/core/result.ts";
import { wwnMoveCost } from "../../../rules/wwn/move-cost.ts";
import { FEET_PER_SPACE } from "../../../rules/core/distance.ts";
import { besideTarget, moveThenAttack } from "../../movement/charge.ts";
import { farthestWeapon } from "../../movement/reach.ts";
import { terrainNote } from "../../movement/ground.ts";
import { chargeOwedWrite, owedCharge } from "./charge.ts";
import type { MovementRules } from "../../movement/types.ts";
import { fightOf, ledgerChanges } from "../../combat/ledger.ts";
import type { LedgerWrite } from "../../combat/ledger.ts";
import { inActorQueue } from "../../shared/attack.ts";
import { budgetEntries, fighterIn, grapplesIn, turnOf } from "./budget.ts";
import { combatantId, toWwnCombatant } from "./adapter.ts";
import { wwnAttack } from "./attack/declare.ts";
import { i18n } from "../../shared/env.ts";

/**
 * The melee weapon a fighter strikes a foe leaving melee with (the book's free attack from every
 * foe in melee: melee is the adjacent square, 5 ft), or null without one: then its bare hands.
 */
export function meleeWeapon(actor: Actor.Implementation): Item.Implementation | null {
  const melee = (item: Item.Implementation) =>
    (item.system as unknown as { mode?: string }).mode === "melee" ? FEET_PER_SPACE : null;
  return farthestWeapon(actor, melee)?.item ?? null;
}

export const wwnMovement: MovementRules = {
  unit: "ft",
  modes: ["walk", "crawl", "climb", "swim", "charge"],
  canSelect(actor, mode) {
    const prone = toWwnCombatant(actor).prone;
    if (mode === "charge") return !prone;
    if (mode === "walk") return !prone;
    if (mode === "crawl") return prone;
    return true;
  },
  spaceCost(actor, mode) {
    const hard = mode === "climb" || mode === "swim" ? 2 : 1;
    return FEET_PER_SPACE * hard * (toWwnCombatant(actor).prone ? 2 : 1);
  },
  // Difficult ground halves a Move (each foot costs two); climbing and swimming are halved already.
  terrainNotes: (_actor, ground, mode) =>
    ground.difficult > 0 && mode !== "climb" && mode !== "swim"
      ? [terrainNote("difficult", 2)]
      : [],
  // The queue WWN's referee takes for everything an actor spends (table/self.ts).
  queue: (actor, task) => inActorQueue(combatantId(actor), task),
  refusalKey: (reason) =>
    reason === "notStraight" ? "FRAY.Movement.Refusal.notStraight" : `FRAY.Wwn.Refusal.${reason}`,
  // Leaving melee gives every adjacent foe a free attack, unless the mover took Fighting
  // Withdrawal this round (the ledger's round). Every foe threatens its adjacent squares: one
  // without a melee weapon strikes with its bare hands.
  reactions: {
    trigger: "leave",
    reachOf: () => FEET_PER_SPACE,
    // A foe who is down strikes nobody.
    canReact: (actor) => fighterIn(actor, fightOf(actor)).life === "active",
    suppressed: (actor) => fighterIn(actor, fightOf(actor)).actions.withdrawn,
    openAttack: (actor, { reaction }) => {
      const note = i18n().localize("FRAY.Movement.Reaction.Note.wwn");
      return wwnAttack(actor, meleeWeapon(actor), undefined, { reaction, notes: [note] });
    },
  },
  price(actor, path) {
    const fight = fightOf(actor);
    const me = fighterIn(actor, fight);
    const held =
      fight !== null && [...grapplesIn(fight.combat).values()].includes(combatantId(actor));
    const priced = wwnMoveCost(me, path, { turn: turnOf(actor), grappled: held });
    if (!priced.ok) return priced;
    const { after, price } = priced.value;
    return ok({
      price,
      pay: async () => {
        if (fight === null) return;
        const entries = budgetEntries(me.actions, after);
        const writes: LedgerWrite[] = Object.entries(entries).map(([key, value]) => ({
          combatantId: fight.combatant.id ?? "",
          key,
          value,
        }));
        // A Charge's move: its attack is owed (charge.ts).
        if (path.mode === "charge") writes.push(chargeOwedWrite(fight, path.distance));
        if (writes.length > 0) await fight.combat.update(ledgerChanges(writes));
      },
    });
  },
};

/**
 * The sheet's Charge button: the token runs in a straight line to the space beside the target as
 * a Charge's move, then the attack dialog opens set for the Charge (its feet the GM's).
 */
export function wwnCharge(actor: Actor.Implementation, weapon: Item.Implementation) {
  return moveThenAttack(actor, {
    mode: "charge",
    destination: besideTarget,
    // The feet the GM recorded for the move (the declaration takes them whatever the dialog says).
    attack: () =>
      wwnAttack(actor, weapon, undefined, {
        kind: { kind: "charge", feet: owedCharge(actor)?.feet ?? 0 },
      }),
  });
}
