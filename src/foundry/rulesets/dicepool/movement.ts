/**
 * The dice-pool game on the map: a path costs Simple actions of movement at the mover's speed in
 * spaces, a sprint and swimming or climbing up cost Energy (rules/dicepool/move-cost.ts). The
 * turn's actions are the referee's ledger (budget.ts); the Energy is the mover's own.
 *
 * A Blitz Attack's move is the movement action "blitz" (for a fighter who has Blitz Attack): it
 * takes the Blitz's Simple action, and the Blitz Attack after it takes none. The sheet's Blitz
 * button moves the token into the target's space with it, then opens the attack set for Blitz.
 *
 * A grappler's move drags the victims the ledger says it holds: speed 1 unless it is larger, 1
 * Grappling Pool point a space from each grapple (rules/dicepool/move-cost.ts), and once paid the
 * GM moves the victims' tokens along (movement/forced.ts). A grappled victim cannot move itself.
 */
import { ok } from "../../../rules/core/result.ts";
import { hasBlitz } from "../../../rules/dicepool/attack.ts";
import { checkDicepoolCombatant } from "../../../rules/dicepool/check.ts";
import { dicepoolMoveCost } from "../../../rules/dicepool/move-cost.ts";
import { intoTargetSpace, moveThenAttack } from "../../movement/charge.ts";
import { farthestWeapon } from "../../movement/reach.ts";
import type { MovementRules } from "../../movement/types.ts";
import { fightOf } from "../../combat/ledger.ts";
import { fallingOf } from "./falling.ts";
import { FRESH_TURN } from "../../../rules/dicepool/actions.ts";
import {
  GRAPPLES_KEY,
  grapplesAfter,
  grapplesIn,
  grapplesOf,
  holdersOf,
  ledgerNote,
  ownTurnIn,
  TURN_KEY,
  turnActionsIn,
  withLedger,
  writeLedger,
} from "./budget.ts";
import type { LedgerNote } from "./budget.ts";
import { applyDicepoolUpdates, resolveActor, toDicepoolCombatant } from "./adapter.ts";
import { spendGrapplePool } from "../../../rules/dicepool/grapple.ts";
import type { Grapple } from "../../../rules/dicepool/grapple.ts";
import { diffDicepool } from "../../../rules/dicepool/changes.ts";
import type { DicepoolUpdate } from "../../../rules/dicepool/changes.ts";
import type { Result } from "../../../rules/core/result.ts";
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
  // A grappler drags the victims it holds (their tokens follow its own: movement/forced.ts).
  dragged: (actor) => victimsOf(actor).map((v) => v.actor),
  price(actor, path) {
    const fight = fightOf(actor);
    const mover = toDicepoolCombatant(actor);
    const turn =
      fight === null ? FRESH_TURN : turnActionsIn(fight.combat, fight.combatant.id ?? "");
    const victims = victimsOf(actor);
    const priced = dicepoolMoveCost(
      mover,
      turn,
      path,
      {
        ownTurn: fight === null || ownTurnIn(fight),
        grappled: holdersOf(actor).length > 0,
        incapacitated: mover.incapacitated !== null || mover.dead,
        falling: fallingOf(actor) !== null,
        ...(victims.length === 0 ? {} : { dragging: draggingOf(victims) }),
      },
      dicepoolOptions(),
    );
    if (!priced.ok) return priced;
    const { after, price } = priced.value;
    const drags = fight === null ? null : dragWrites(fight, victims, after.dragged);
    if (drags !== null && !drags.ok) return drags;
    return ok({
      price,
      pay: async () => {
        // A move leaves the cover the mover took (table/conduct.ts); a drag pays its pools.
        if (fight !== null) {
          await writeLedger([
            ledgerNote(fight, TURN_KEY, after.turn),
            ...coverEnds(fight, actor),
            ...(drags?.value.notes ?? []),
          ]);
        }
        if (drags !== null && drags.value.updates.length > 0) {
          await applyDicepoolUpdates(drags.value.updates);
        }
        if (after.energy !== mover.energy.value) {
          await actor.update({ "system.energy.value": after.energy } as never);
        }
      },
    });
  },
};

/** A victim the actor holds (a grapple with points left), as the rules see both. */
interface Held {
  readonly actor: Actor.Implementation;
  readonly grapple: Grapple;
}

/** The victims the actor holds in its fight, as the referee recorded them. */
function victimsOf(actor: Actor.Implementation): Held[] {
  return grapplesOf(actor).flatMap((grapple) => {
    const victim = grapple.pool > 0 ? resolveActor(grapple.victimId) : null;
    return victim === null ? [] : [{ actor: victim, grapple }];
  });
}

/** What dragging them asks of the move: the largest victim's size, the smallest pool. */
function draggingOf(victims: readonly Held[]): { victimSize: number; grapplePool: number } {
  return {
    victimSize: Math.max(...victims.map((v) => toDicepoolCombatant(v.actor).size)),
    grapplePool: Math.min(...victims.map((v) => v.grapple.pool)),
  };
}

/**
 * Each dragged victim's grapple pays `points` (rules: spendGrapplePool): the assailant's record
 * of its grapples in one ledger note, and the victims' changes (one no longer held down).
 */
function dragWrites(
  fight: NonNullable<ReturnType<typeof fightOf>>,
  victims: readonly Held[],
  points: number,
): Result<{ notes: LedgerNote[]; updates: DicepoolUpdate[] }> {
  if (points <= 0 || victims.length === 0) return ok({ notes: [], updates: [] });
  let stored = grapplesIn(fight.combat, fight.combatant.id ?? "");
  const updates: DicepoolUpdate[] = [];
  for (const { actor, grapple } of victims) {
    const victim = toDicepoolCombatant(actor);
    const paid = spendGrapplePool(grapple, victim, points, dicepoolOptions());
    if (!paid.ok) return paid;
    stored = grapplesAfter(stored, grapple.victimId, paid.value.grapple);
    const change = diffDicepool(victim, paid.value.victim);
    if (change !== null) updates.push(change);
  }
  return ok({ notes: [ledgerNote(fight, GRAPPLES_KEY, stored)], updates });
}

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
