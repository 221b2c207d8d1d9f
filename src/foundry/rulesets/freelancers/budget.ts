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
 *
 * Counters in a fight: a stun counter settles whether its holder may act, and the holder's owner
 * can write any value to its own actor, so once a fight has recorded an actor's counters
 * (FL_COUNTERS: each round's start copies them from actors that have none recorded, and every
 * referee write of counters records them) the rules read them from the ledger, never from the
 * actor. The actor's `system.counters` still shows them on its sheet.
 */
import { FRESH_ACTIONS } from "../../../rules/freelancers/actions.ts";
import { FIELD_PATHS } from "../../../rules/freelancers/changes.ts";
import type { ActionState, FreelancersActor } from "../../../rules/freelancers/model.ts";
import { ledgerBudget } from "../../combat/budget.ts";
import { actorLedgerEntry, ledgerEntry } from "../../combat/ledger.ts";
import type { CombatLike } from "../../combat/state.ts";
import { isActorsTurn } from "../../shared/turn.ts";
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
    (v["readied"] === null || v["readied"] === "base" || v["readied"] === "move") &&
    (v["triggered"] === undefined || typeof v["triggered"] === "boolean");
  // An entry recorded before `triggered` existed reads as not triggered.
  return fits ? { ...(value as ActionState), triggered: v["triggered"] === true } : FRESH_ACTIONS;
}

const budget = ledgerBudget(FL_ACTIONS, actionsFrom, FIELD_PATHS.actions);

/** A combatant's actions as the referee recorded them in this combat. */
export const actionsIn = budget.in;

/**
 * Whether the actor may take a turn's action now: on its turn, or outside it once the trigger of
 * its readied action happened (recorded in the ledger by the referee: table/ready.ts), for that
 * one action (the rules refuse any other kind and end the readied state once it is taken).
 */
export function mayActNow(actor: Actor.Implementation): boolean {
  return isActorsTurn(actor) || budget.of(actor).triggered;
}

/** The ledger key of a combatant's counters, as the referee last wrote them in this fight. */
export const FL_COUNTERS = "flCounters";

/** Recorded counters (own entries, whole counts of at least 0), or null when none fit. */
export function countersFrom(value: unknown): Record<string, number> | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const out: Record<string, number> = {};
  for (const [kind, count] of Object.entries(value as Record<string, unknown>)) {
    if (typeof count !== "number" || !Number.isInteger(count) || count < 0) return null;
    out[kind] = count;
  }
  return out;
}

/**
 * The counters to record over `before`: every kind of `after`, and each kind `before` had that is
 * gone at 0 (core merges a stored object key by key, so a kind left out would stay as it was).
 */
export function countersRecord(
  before: Readonly<Record<string, number>>,
  after: Readonly<Record<string, number>>,
): Record<string, number> {
  const gone = Object.keys(before).filter((kind) => !Object.hasOwn(after, kind));
  return { ...Object.fromEntries(gone.map((kind) => [kind, 0])), ...after };
}

/** A combatant's counters as the referee recorded them in this combat, or null. */
export function countersIn(combat: CombatLike, combatantId: string): Record<string, number> | null {
  return countersFrom(ledgerEntry(combat, combatantId, FL_COUNTERS));
}

/**
 * The actor as the rules see it now: its actions from the ledger (fresh outside a fight), and its
 * counters from the ledger once the fight recorded them (the actor's own before that).
 */
export function flNow(actor: Actor.Implementation): FreelancersActor {
  const me = toFreelancer(actor);
  const counters = countersFrom(actorLedgerEntry(actor, FL_COUNTERS));
  return { ...me, ...(counters === null ? {} : { counters }), actions: budget.of(actor) };
}

/**
 * Writes what the rules decided (on the referee): the documents' changes in one batch per kind
 * (never the actions), then each `{ actor, value: actions }` in one Combat update per fight.
 */
export const commitFl = budget.commit;
