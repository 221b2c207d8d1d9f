/**
 * The dice-pool game on the map: a path costs Simple actions of movement at the mover's speed in
 * spaces, a sprint and swimming or climbing up cost Energy (rules/dicepool/move-cost.ts). The
 * turn's actions are the referee's ledger (budget.ts); the Energy is the mover's own.
 *
 * A Blitz Attack's move is the movement action "blitz" (for a fighter who has Blitz Attack): it
 * takes the Blitz's Simple action, and the Blitz Attack after it takes none. The sheet's Blitz
 * button moves the token into the target's space with it, then opens the attack set for Blitz.
 */
import { ok } from "../../../rules/core/result.ts";
import { hasBlitz } from "../../../rules/dicepool/attack.ts";
import { checkDicepoolCombatant } from "../../../rules/dicepool/check.ts";
import { dicepoolMoveCost } from "../../../rules/dicepool/move-cost.ts";
import { intoTargetSpace, moveThenAttack } from "../../movement/charge.ts";
import { farthestWeapon } from "../../movement/reach.ts";
import type { MovementRules } from "../../movement/types.ts";
import { fightOf } from "../../combat/ledger.ts";
import { FRESH_TURN } from "../../../rules/dicepool/actions.ts";
import {
  holdersOf,
  ledgerNote,
  ownTurnIn,
  TURN_KEY,
  turnActionsIn,
  withLedger,
  writeLedger,
} from "./budget.ts";
import { systemOf, toDicepoolCombatant } from "./adapter.ts";
import { coverEnds } from "./table/conduct.ts";
import { dicepoolOptions } from "./settings.ts";
import { dicepoolAttack } from "./attack/declare.ts";
import { i18n } from "../../shared/env.ts";
import { dicepoolAfterMove, dicepoolTerrainNotes } from "./terrain.ts";

/** Whether the actor has Blitz Attack (Close Combat 3 or the power), for its move and button. */
export function canBlitz(actor: Actor.Implementation): boolean {
  const me = checkDicepoolCombatant("mover", toDicepoolCombatant(actor));
  return me.ok && hasBlitz(me.value, dicepoolOptions());
}

export const dicepoolMovement: MovementRules = {
  unit: "space",
  modes: ["walk", "climb", "swim", "blitz"],
  canSelect: (actor, mode) => mode !== "blitz" || canBlitz(actor),
  spaceCost: () => 1,
  queue: (_actor, task) => withLedger(task),
  refusalKey: (reason) => `FRAY.Dicepool.Refusal.${reason}`,
  // Rough ground's rolls and falls from height (terrain.ts).
  terrainNotes: dicepoolTerrainNotes,
  afterMove: dicepoolAfterMove,
  // Leaving a space shared with a foe provokes its opportunity attack: a foe threatens its own
  // space only, with a close combat weapon or its bare hands, unless it is down.
  reactions: {
    trigger: "leaveShared",
    reachOf: (actor) => {
      const watcher = toDicepoolCombatant(actor);
      return watcher.incapacitated !== null || watcher.dead ? null : 0;
    },
    suppressed: () => false,
    openAttack: (actor, { reaction }) => {
      // Its close combat weapon, or its bare hands.
      const closeOnly = (item: Item.Implementation) =>
        (item.system as unknown as { kind?: string }).kind === "close" ? 0 : null;
      const close = farthestWeapon(actor, closeOnly)?.item ?? null;
      const note = i18n().localize("FRAY.Movement.Reaction.Note.dicepool");
      return dicepoolAttack(actor, close, { opportunity: "leaveSpace", reaction, notes: [note] });
    },
  },
  price(actor, path) {
    const fight = fightOf(actor);
    const mover = toDicepoolCombatant(actor);
    const turn =
      fight === null ? FRESH_TURN : turnActionsIn(fight.combat, fight.combatant.id ?? "");
    const priced = dicepoolMoveCost(
      mover,
      turn,
      path,
      {
        ownTurn: fight === null || ownTurnIn(fight),
        grappled: holdersOf(actor).length > 0,
        incapacitated: mover.incapacitated !== null || mover.dead,
        falling: systemOf(actor).falling !== null,
      },
      dicepoolOptions(),
    );
    if (!priced.ok) return priced;
    const { after, price } = priced.value;
    return ok({
      price,
      pay: async () => {
        // A move leaves the cover the mover took (table/conduct.ts).
        if (fight !== null) {
          await writeLedger([ledgerNote(fight, TURN_KEY, after.turn), ...coverEnds(fight, actor)]);
        }
        if (after.energy !== mover.energy.value) {
          await actor.update({ "system.energy.value": after.energy } as never);
        }
      },
    });
  },
};

/**
 * The sheet's Blitz button: the token moves into the target's space as a Blitz Attack's move,
 * then the attack dialog opens with Blitz ticked (`weapon` null: bare hands).
 */
export function dicepoolBlitz(actor: Actor.Implementation, weapon: Item.Implementation | null) {
  return moveThenAttack(actor, {
    mode: "blitz",
    destination: intoTargetSpace,
    attack: () => dicepoolAttack(actor, weapon, { blitz: true }),
  });
}
