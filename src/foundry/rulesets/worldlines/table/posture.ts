/**
 * Defensive Posture (3 Energy): the actor's turn ends, its Armor die goes one step up and nobody
 * may interrupt it until its next turn starts. That settles the attacks against it, so the
 * referee records it in its ledger (budget.ts), which only the GM writes: the player's client
 * declares it through the card protocol, the referee pays the Energy, records the posture and
 * posts a status card, then ends the actor's turn (table/turn-end.ts). It lasts until a turn of
 * the running combat starts, so it needs one.
 */
import { refuse } from "../../../../rules/core/result.ts";
import { spendEnergy } from "../../../../rules/worldlines/index.ts";
import { combatOf } from "../../../combat/ledger.ts";
import { i18n } from "../../../shared/env.ts";
import { isActorsTurn } from "../../../shared/turn.ts";
import { applyUpdatesBatch, toCombatant } from "../adapter.ts";
import { postStatusCard } from "../cards/status-card.ts";
import { ACTION_ENERGY, actorDeclaration, declareFor, named, posted } from "./kit.ts";
import { endTurnIfSpent } from "./turn-end.ts";

export const POSTURE_KIND = "worldlines.posture";

/** Takes Defensive Posture; resolves to whether it was taken (a refusal is a warning). */
export function defensivePosture(actor: Actor.Implementation): Promise<boolean> {
  return declareFor(POSTURE_KIND, actor);
}

export const postureDeclaration = actorDeclaration<object>({
  kind: POSTURE_KIND,
  parse: () => ({}),
  async act(actor) {
    if (combatOf(actor) === null) return refuse("postureNeedsCombat");
    if (!isActorsTurn(actor)) return refuse("notYourTurn");
    const spent = spendEnergy(toCombatant(actor), { kind: "defensivePosture" });
    if (!spent.ok) return named(spent, actor, ACTION_ENERGY);
    if (spent.value.update !== null) await applyUpdatesBatch([spent.value.update]);
    const title = i18n().format("FRAY.Worldlines.Status.PostureTitle", { name: actor.name });
    const text = i18n().format("FRAY.Worldlines.Status.TechniqueUsed", {
      energy: spent.value.cost,
    });
    const card = await postStatusCard(title, [{ text, bad: false }], actor);
    await endTurnIfSpent(actor, spent.value);
    return posted(card);
  },
});
