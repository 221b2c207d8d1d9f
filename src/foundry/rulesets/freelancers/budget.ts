/**
 * The Freelancers turn budget in the referee's ledger: what is left of each combatant's Long,
 * Base, Move, Quick and Reaction actions, and the states they set (an action readied, Dodge,
 * Disengage, a pending off-hand attack). It settles other owners' outcomes (a dodging defender's
 * favorable roll, a second attack), so it lives on the Combat, where only the GM writes
 * (combat/ledger.ts), never on the player's own actor: a combatant's turn start hands it a fresh
 * set as a ledger entry (combat.ts), and the referee records each action taken.
 *
 * Outside a started combat nothing is tracked: an actor acts with a fresh set. Actors still carry
 * the `system.actions` an older version wrote there; it loads and is never read.
 */
import { FRESH_ACTIONS } from "../../../rules/freelancers/actions.ts";
import { FIELD_PATHS } from "../../../rules/freelancers/changes.ts";
import type { FreelancersUpdate } from "../../../rules/freelancers/changes.ts";
import type { ActionState, FreelancersActor } from "../../../rules/freelancers/model.ts";
import { actorLedgerEntry, fightOf, ledgerEntry, recordForActors } from "../../combat/ledger.ts";
import type { CombatLike } from "../../combat/state.ts";
import { applyRuleUpdates, withoutPath } from "../../shared/updates.ts";
import { toFreelancer } from "./adapter.ts";

/** The ledger key of a combatant's actions. */
export const FL_ACTIONS = "flActions";

const COUNTS = ["base", "move", "quick", "reaction"] as const;
const FLAGS = ["long", "dodging", "disengaging", "offhandPending"] as const;

/** Stored actions, or a fresh set when nothing (or nothing of this shape) was recorded. */
function actionsFrom(value: unknown): ActionState {
  if (typeof value !== "object" || value === null) return FRESH_ACTIONS;
  const v = value as Record<string, unknown>;
  const fits =
    COUNTS.every((key) => v[key] === 0 || v[key] === 1) &&
    FLAGS.every((key) => typeof v[key] === "boolean") &&
    (v["readied"] === null || v["readied"] === "base" || v["readied"] === "move");
  return fits ? (value as ActionState) : FRESH_ACTIONS;
}

/** A combatant's actions as the referee recorded them in this combat. */
export function actionsIn(combat: CombatLike, combatantId: string): ActionState {
  return actionsFrom(ledgerEntry(combat, combatantId, FL_ACTIONS));
}

/** Whether the actor fights in a started combat (its actions are counted). */
export function inFight(actor: Actor.Implementation): boolean {
  return fightOf(actor) !== null;
}

/** The actor as the rules see it now, with its actions from the ledger (fresh outside a fight). */
export function flNow(actor: Actor.Implementation): FreelancersActor {
  return { ...toFreelancer(actor), actions: actionsFrom(actorLedgerEntry(actor, FL_ACTIONS)) };
}

/** Actions to record for an actor (in the fight it is in; ignored outside one). */
export interface ActionsRecord {
  readonly actor: Actor.Implementation;
  readonly actions: ActionState;
}

/**
 * Writes what the rules decided (on the referee): the documents' changes in one batch per kind
 * (never the actions), the actions in one Combat update per fight.
 */
export async function commitFl(
  updates: readonly (FreelancersUpdate | null)[],
  actions: readonly ActionsRecord[] = [],
): Promise<void> {
  const documents = withoutPath(updates, FIELD_PATHS.actions);
  if (documents.length > 0) await applyRuleUpdates(documents);
  await recordForActors(
    actions.map((a) => ({ actor: a.actor, key: FL_ACTIONS, value: a.actions })),
  );
}
