/**
 * A stance change (its Energy paid): standing, crouched or prone. Outside a fight it is the
 * actor's alone, carried out on its owner's client. In a fight the stance settles other people's
 * outcomes (what an attack against the actor needs, what its moves cost), so the referee carries
 * it out through the card protocol (kit.ts): it pays the Energy, writes the stance on the actor
 * and records it in its ledger (budget.ts), which is the stance the rules read in the fight.
 */
import { spendEnergy } from "../../../../rules/worldlines/index.ts";
import type { Stance } from "../../../../rules/worldlines/index.ts";
import { STANCES } from "../../../../rules/worldlines/model.ts";
import { combatOf } from "../../../combat/ledger.ts";
import { applyUpdatesBatch, toCombatant } from "../adapter.ts";
import { refused } from "../attack/declare.ts";
import { ACTION_ENERGY, actorDeclaration, declareFor, named } from "./kit.ts";

export const STANCE_KIND = "worldlines.stance";

/** Takes the stance; resolves to whether it was taken (a refusal is a warning). */
export async function changeStance(actor: Actor.Implementation, stance: Stance): Promise<boolean> {
  if (combatOf(actor) !== null) return declareFor(STANCE_KIND, actor, { stance });
  const spent = spendEnergy(toCombatant(actor), { kind: "changeStance", to: stance });
  if (!spent.ok) return refused(spent, actor, ACTION_ENERGY);
  if (spent.value.update !== null) await applyUpdatesBatch([spent.value.update]);
  return true;
}

export const stanceDeclaration = actorDeclaration<{ readonly stance: Stance }>({
  kind: STANCE_KIND,
  parse: ({ stance }) =>
    (STANCES as readonly unknown[]).includes(stance) ? { stance: stance as Stance } : null,
  async act(actor, { stance }) {
    // The stance the referee recorded, not the actor's field (toCombatant reads the ledger).
    const spent = spendEnergy(toCombatant(actor), { kind: "changeStance", to: stance });
    if (!spent.ok) return named(spent, actor, ACTION_ENERGY);
    // The actor's field and the ledger's stance, in the fight it is in (adapter.ts).
    if (spent.value.update !== null) await applyUpdatesBatch([spent.value.update]);
    return { ok: true };
  },
});
