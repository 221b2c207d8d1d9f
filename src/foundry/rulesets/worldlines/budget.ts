/**
 * Worldlines' part of the referee's ledger (combat/ledger.ts): what an actor has left of its turn
 * and round that settles other owners' outcomes, kept where only the GM can write it.
 *
 * - `interruptUsed`: the actor interrupted this round (a second Evasion, an interruption
 *   technique); given back at Status Resolution;
 * - `defensivePosture`: the actor took Defensive Posture (its Armor die one step up, no
 *   interruptions against it) until its next turn starts;
 * - `stance`: the actor's stance in the fight (it changes what attacks against it need, and what
 *   its own moves cost). The referee records it when the fight's first round starts (from the
 *   actor as it stood before the fight) and whenever a rule changes it (a stance change the
 *   referee carried out, a hit that knocked the actor prone); the actor's `system.stance` is
 *   written alongside for the sheet, but in a fight nothing reads it: a value a player writes
 *   there from the console changes nothing another owner's outcome depends on.
 *
 * Energy is not here: the book puts it on the character, so it stays on the actor and the referee
 * reads it within the model's bounds (adapter.ts). The rules still name these two as actor fields
 * (rules/worldlines/changes.ts FIELD_PATHS); this file turns such a change into a ledger entry of
 * the combat the actor fights in. Outside a running combat there is no round or turn to spend:
 * nothing is recorded and both read as unused. The old actor fields stay in the model so stored
 * actors load, and nothing reads them.
 */
import { FIELD_PATHS } from "../../../rules/worldlines/index.ts";
import type { ActorUpdate, FieldValue, Stance } from "../../../rules/worldlines/index.ts";
import { STANCES } from "../../../rules/worldlines/model.ts";
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

/** The ledger key of the actor's stance in a fight. */
export const STANCE_KEY = "stance";

function isStance(value: unknown): value is Stance {
  return (STANCES as readonly unknown[]).includes(value);
}

/**
 * The actor's stance as the rules read it: in a fight, what the referee recorded (the ledger);
 * outside one, or before the referee recorded any, the actor's own field.
 */
export function stanceOf(actor: Actor.Implementation): Stance {
  const recorded = actorLedgerEntry(actor, STANCE_KEY);
  if (isStance(recorded)) return recorded;
  const own = (actor.system as unknown as { stance?: unknown }).stance;
  return isStance(own) ? own : "standing";
}

/** A budget value the rules changed, for one actor (by the rules' actor id). */
export type BudgetChange =
  | { readonly actorId: string; readonly key: BudgetKey; readonly value: boolean }
  | { readonly actorId: string; readonly key: typeof STANCE_KEY; readonly value: Stance };

/** Splits rule updates into the actor's own changes and the budget values they carry. */
export function splitBudget(updates: readonly ActorUpdate[]): {
  updates: ActorUpdate[];
  budget: BudgetChange[];
} {
  const budget: BudgetChange[] = [];
  const rest = updates.map((update) => {
    const changes: Record<string, FieldValue> = {};
    for (const [path, value] of Object.entries(update.changes)) {
      // A stance stays on the actor (the sheet shows it) and goes to the ledger too.
      if (path === FIELD_PATHS.stance && isStance(value)) {
        budget.push({ actorId: update.actorId, key: STANCE_KEY, value });
      }
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
  const byCombatant = new Map<string, Record<string, unknown>>();
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
