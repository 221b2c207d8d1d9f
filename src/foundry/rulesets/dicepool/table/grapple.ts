/**
 * The grapple acts at the table (one declaration, "dicepool.grapple", through table/kit.ts). The
 * grapples are the referee's record in the ledger (budget.ts), written when a grapple attack was
 * applied: what a player writes on their own actor holds nobody.
 * - spendGrapple (Interrupt): the assailant spends Grappling Pool points; the victim's next roll
 *   (its attack, or its defense) is that many dice lower (rules: spendGrapplePool).
 * - restrain (Free): restraints on a victim the grapple holds incapacitated (applyRestraints),
 *   with restraints at hand: one of the assailant's gear marked as restraints is used up.
 * - escape (Interrupt): the victim pays Energy equal to the pool and is free (escapeWithEnergy).
 * - resist (Interrupt, once): a victim the grapple incapacitates spends Energy against the pool
 *   (resistGrappleIncapacitation).
 */
import { refuse } from "../../../../rules/core/result.ts";
import { diffDicepool } from "../../../../rules/dicepool/changes.ts";
import type { DicepoolUpdate } from "../../../../rules/dicepool/changes.ts";
import {
  applyRestraints,
  escapeWithEnergy,
  resistGrappleIncapacitation,
  spendGrapplePool,
} from "../../../../rules/dicepool/grapple.ts";
import { useRestraints } from "../../../../rules/dicepool/conduct.ts";
import type { Grapple, GrappleState } from "../../../../rules/dicepool/grapple.ts";
import type { DicepoolCombatant } from "../../../../rules/dicepool/model.ts";
import { fightOf } from "../../../combat/ledger.ts";
import { combatantId, toDicepoolCombatant } from "../adapter.ts";
import {
  PENALTY_KEY,
  grappleNote,
  grappleOn,
  grapplePenaltyOf,
  holdersOf,
  ledgerNote,
} from "../budget.ts";
import type { Fight, LedgerNote } from "../budget.ts";
import { actDeclaration } from "./kit.ts";
import type { ActPlanner } from "./kit.ts";

/** A grapple's new state as writes: the assailant's record, and the victim's changes. */
export function grappleWrites(
  fight: Fight,
  grip: Grapple,
  victimBefore: DicepoolCombatant,
  after: GrappleState,
): { updates: DicepoolUpdate[]; notes: LedgerNote[] } {
  const victim = diffDicepool(victimBefore, after.victim);
  return {
    updates: victim === null ? [] : [victim],
    notes: [grappleNote(fight, grip.victimId, after.grapple)],
  };
}

/** The restraints the actor carries: gear marked as restraints, with its count. */
function restraintsOf(actor: Actor.Implementation): { item: Item.Implementation; count: number }[] {
  return actor.items.contents.flatMap((item) => {
    const s = item.system as { restraints?: unknown; quantity?: unknown };
    const count = s.quantity;
    if (item.type !== "gear" || s.restraints !== true) return [];
    return typeof count === "number" && Number.isInteger(count) && count > 0 && count <= 999
      ? [{ item, count }]
      : [];
  });
}

const planGrapple: ActPlanner = (request, { actor, other, me, options, say, done }) => {
  switch (request.act) {
    case "spendGrapple":
    case "restrain": {
      const fight = fightOf(actor);
      const grip = other === null ? null : grappleOn(actor, combatantId(other));
      const victimFight = other === null ? null : fightOf(other);
      if (other === null || grip === null || fight === null || victimFight === null) {
        return refuse("noGrapple");
      }
      const victim = toDicepoolCombatant(other);
      if (request.act === "restrain") {
        const bound = applyRestraints(victim, options);
        if (!bound.ok) return bound;
        // Restraints at hand: one of the assailant's (rope, zip ties, manacles) stays on the victim.
        const carried = restraintsOf(actor);
        const left = useRestraints(carried.reduce((n, r) => n + r.count, 0));
        if (!left.ok) return left;
        const used = carried.find((r) => r.count > 0);
        const change = diffDicepool(victim, bound.value);
        const plan = done(change === null ? [] : [change], [], say("Restrained"));
        const items =
          used === undefined
            ? []
            : [{ item: used.item, changes: { "system.quantity": used.count - 1 } }];
        return { ok: true, value: { ...plan.value, items } };
      }
      if (request.amount < 1) return refuse("noPoints");
      const spent = spendGrapplePool(grip, victim, request.amount, options);
      if (!spent.ok) return spent;
      const { updates, notes } = grappleWrites(fight, grip, victim, spent.value);
      const penalty = grapplePenaltyOf(other) + spent.value.penalty;
      return done(
        updates,
        [...notes, ledgerNote(victimFight, PENALTY_KEY, penalty)],
        say("SpentGrapple", { points: request.amount, pool: spent.value.grapple?.pool ?? 0 }),
      );
    }
    case "escape":
    case "resist": {
      const otherId = other === null ? null : combatantId(other);
      const holder = holdersOf(actor).find((h) => combatantId(h.actor) === otherId);
      if (holder === undefined) return refuse("noGrapple");
      const grip = holder.grapple;
      const result =
        request.act === "escape"
          ? escapeWithEnergy(grip, me, options)
          : resistGrappleIncapacitation(grip, me, request.amount, options);
      if (!result.ok) return result;
      const line =
        request.act === "escape"
          ? say("Escaped", { energy: grip.pool })
          : say("Resisted", { energy: request.amount, pool: result.value.grapple?.pool ?? 0 });
      const { updates, notes } = grappleWrites(holder.fight, grip, me, result.value);
      return done(updates, notes, line);
    }
    default:
      return refuse("badRequest");
  }
};

export const grappleDeclaration = actDeclaration("dicepool.grapple", planGrapple);
