/**
 * Worldlines' part of the referee's ledger (combat/ledger.ts): what an actor has left of its turn
 * and round that settles other owners' outcomes, kept where only the GM can write it.
 *
 * - `interruptUsed`: the actor interrupted this round (a second Evasion, an interruption
 *   technique); given back at Status Resolution;
 * - `defensivePosture`: the actor took Defensive Posture (its Armor die one step up, no
 *   interruptions against it) until its next turn starts.
 *
 * Energy is not here: the book puts it on the character, so it stays on the actor and the referee
 * reads it within the model's bounds (adapter.ts). The rules still name these two as actor fields
 * (rules/worldlines/changes.ts FIELD_PATHS); this file turns such a change into a ledger entry of
 * the combat the actor fights in. Outside a running combat there is no round or turn to spend:
 * nothing is recorded and both read as unused. The old actor fields stay in the model so stored
 * actors load, and nothing reads them.
 */
import { FIELD_PATHS } from "../../../rules/worldlines/index.ts";
import type { ActorUpdate, FieldValue } from "../../../rules/worldlines/index.ts";
import type { ActorChange } from "../../combat/events.ts";
import { actorLedgerEntry, fightOf, recordForActors } from "../../combat/ledger.ts";
import type { CombatLike } from "../../combat/state.ts";
import { resolveActor } from "../../shared/actors.ts";

/** The ledger keys, by the rules' field path they stand for. */
const BUDGET_KEYS: Readonly<Record<string, BudgetKey>> = {
  [FIELD_PATHS.interruptUsed]: "interruptUsed",
  [FIELD_PATHS.defensivePosture]: "defensivePosture",
};

export type BudgetKey = "interruptUsed" | "defensivePosture";

export type WorldlinesBudget = Readonly<Record<BudgetKey, boolean>>;

/** What the referee recorded for the actor in the combat it fights in (all unused outside one). */
export function budgetOf(actor: Actor.Implementation): WorldlinesBudget {
  return {
    interruptUsed: actorLedgerEntry(actor, "interruptUsed") === true,
    defensivePosture: actorLedgerEntry(actor, "defensivePosture") === true,
  };
}

/** A budget value the rules changed, for one actor (by the rules' actor id). */
export interface BudgetChange {
  readonly actorId: string;
  readonly key: BudgetKey;
  readonly value: boolean;
}

/** Splits rule updates into the actor's own changes and the budget values they carry. */
export function splitBudget(updates: readonly ActorUpdate[]): {
  updates: ActorUpdate[];
  budget: BudgetChange[];
} {
  const budget: BudgetChange[] = [];
  const rest = updates.map((update) => {
    const changes: Record<string, FieldValue> = {};
    for (const [path, value] of Object.entries(update.changes)) {
      const key = Object.hasOwn(BUDGET_KEYS, path) ? BUDGET_KEYS[path] : undefined;
      if (key === undefined) changes[path] = value;
      else budget.push({ actorId: update.actorId, key, value: value === true });
    }
    return { ...update, changes };
  });
  return { updates: rest, budget };
}

/**
 * The budget values as ledger entries of one combat's combatants (for a combat hook to hand the
 * transition). An actor that does not fight in this combat records nothing.
 */
export function budgetChanges(combat: CombatLike, budget: readonly BudgetChange[]): ActorChange[] {
  const byCombatant = new Map<string, Record<string, boolean>>();
  for (const { actorId, key, value } of budget) {
    const actor = resolveActor(actorId);
    const fight = actor === null ? null : fightOf(actor);
    if (fight === null || fight.combat.id !== combat.id) continue;
    const id = fight.combatant.id ?? "";
    byCombatant.set(id, { ...byCombatant.get(id), [key]: value });
  }
  return [...byCombatant].map(([combatantId, ledger]) => ({ combatantId, changes: {}, ledger }));
}

/**
 * Records budget values in the combats the actors fight in: one Combat update per combat (the
 * referee's, on the active GM). An actor in no running combat records nothing.
 */
export async function writeBudget(budget: readonly BudgetChange[]): Promise<void> {
  await recordForActors(
    budget.flatMap(({ actorId, key, value }) => {
      const actor = resolveActor(actorId);
      return actor === null ? [] : [{ actor, key, value }];
    }),
  );
}
