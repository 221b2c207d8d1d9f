/**
 * A ruleset's per-turn budget (its action economy) in the referee's ledger (ledger.ts): read for a
 * combatant or for an actor in the fight it is in, and written by the referee with the rest of a
 * step. Each ruleset's rulesets/<id>/budget.ts makes its own with its key and its shape.
 */
import { applyRuleUpdates, withoutPath } from "../shared/updates.ts";
import type { RuleUpdate } from "../shared/updates.ts";
import { actorLedgerEntry, ledgerEntry, recordForActors } from "./ledger.ts";
import type { CombatLike } from "./state.ts";

/** One value to record for an actor under a budget's key (see `ledgerBudget`). */
export interface BudgetRecord<T> {
  readonly actor: Actor.Implementation;
  readonly value: T;
}

/**
 * A ruleset's per-turn budget in the ledger, under `key`: read for a combatant of a combat or for
 * an actor in the fight it is in (`read` turns what is stored, or undefined, into the budget: a
 * fresh one when nothing of its shape was recorded), and written by the referee with the rest of
 * a step: the documents' changes without those under `path` (the budget's old place on the actor)
 * in one batch per kind, then the budgets, one Combat update per fight. Outside a fight an actor
 * reads a fresh budget and nothing is recorded.
 */
export function ledgerBudget<T>(key: string, read: (stored: unknown) => T, path: string) {
  return {
    key,
    in: (combat: CombatLike, combatantId: string): T => read(ledgerEntry(combat, combatantId, key)),
    of: (actor: Actor.Implementation): T => read(actorLedgerEntry(actor, key)),
    commit: async (
      updates: readonly (RuleUpdate | null)[],
      records: readonly BudgetRecord<T>[] = [],
    ): Promise<void> => {
      const documents = withoutPath(updates, path);
      if (documents.length > 0) await applyRuleUpdates(documents);
      await recordForActors(records.map(({ actor, value }) => ({ actor, key, value })));
    },
  };
}
