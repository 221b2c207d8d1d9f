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
import type { ActionState, FreelancersActor } from "../../../rules/freelancers/model.ts";
import { ledgerBudget } from "../../combat/budget.ts";
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

const budget = ledgerBudget(FL_ACTIONS, actionsFrom, FIELD_PATHS.actions);

/** A combatant's actions as the referee recorded them in this combat. */
export const actionsIn = budget.in;

/** The actor as the rules see it now, with its actions from the ledger (fresh outside a fight). */
export function flNow(actor: Actor.Implementation): FreelancersActor {
  return { ...toFreelancer(actor), actions: budget.of(actor) };
}

/**
 * Writes what the rules decided (on the referee): the documents' changes in one batch per kind
 * (never the actions), then each `{ actor, value: actions }` in one Combat update per fight.
 */
export const commitFl = budget.commit;
