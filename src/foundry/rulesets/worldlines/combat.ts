/**
 * Worldlines in the team combat's phases (the seam's `combat` hooks, run by the active GM inside
 * the turn transition): momentum for the order; Bleeding at the start of the bleeder's turn, and
 * Defensive Posture ending there; Staggered and flash blindness counting down at the end of a
 * turn; Poison and the round's interruption given back at Status Resolution. The Energy refresh
 * stays the generic one.
 *
 * Statuses are ActiveEffects, which the generic field changes cannot add or remove, so each hook
 * writes the actors' part itself (one actor update for everyone it touches, the effect changes,
 * one chat card) and hands the transition the ledger entries (the round's and turn's budget,
 * budget.ts), which it writes in its one Combat update.
 */
import type { ActorChange } from "../../combat/events.ts";
import type { CombatRulesetHooks } from "../../combat/ruleset-hooks.ts";
import type { CombatLike, CombatantLike } from "../../combat/state.ts";
import { i18n } from "../../shared/env.ts";
import type { WorldlinesCombatant } from "../../../rules/worldlines/index.ts";
import { applyUpdatesBatch, toCombatant } from "./adapter.ts";
import { STANCE_KEY, budgetChanges, budgetOf, splitBudget, stanceOf } from "./budget.ts";
import { ledgerEntry } from "../../combat/ledger.ts";
import { postStatusCard, recoverButtons, tickLines } from "./cards/status-card.ts";
import { worldlinesRollOrder } from "./order.ts";
import { momentumControl } from "./table/momentum.ts";
import { worldlinesRoundEvents } from "./statuses/round-events.ts";
import type { EventResult } from "./statuses/round-events.ts";

async function report(result: EventResult, key: string): Promise<void> {
  await postStatusCard(
    i18n().localize(key),
    tickLines(result.ticks, i18n()),
    undefined,
    recoverButtons(result.ticks, i18n()),
  );
}

/** Start of an actor's turn: Bleeding bites, Defensive Posture ends; writes and posts a card. */
export async function runTurnStart(actor: Actor.Implementation): Promise<EventResult> {
  const result = worldlinesRoundEvents.turnStart(toCombatant(actor));
  await applyUpdatesBatch(result.updates);
  await report(result, "FRAY.Worldlines.Status.TurnStartTitle");
  return result;
}

/** End of an actor's turn: Staggered and flash blindness count down. */
export async function runTurnEnd(actor: Actor.Implementation): Promise<EventResult> {
  const result = worldlinesRoundEvents.turnEnd(toCombatant(actor));
  await applyUpdatesBatch(result.updates);
  await report(result, "FRAY.Worldlines.Status.TurnEndTitle");
  return result;
}

/**
 * Writes what an event did to the actors (one batch and its card) and answers the round's and
 * turn's budget it changed as the combat's ledger entries, for the transition to write.
 */
async function inCombat(
  combat: CombatLike,
  result: EventResult,
  title: string,
): Promise<ActorChange[]> {
  const { updates, budget } = splitBudget(result.updates);
  await applyUpdatesBatch(updates);
  await report(result, title);
  return budgetChanges(combat, budget);
}

/** The combatants' actors as the rules see them. */
function combatantsOf(combat: CombatLike): WorldlinesCombatant[] {
  return combat.combatants.contents
    .map((combatant) => combatant.actor)
    .filter((actor): actor is Actor.Implementation => actor !== null)
    .map((actor) => toCombatant(actor));
}

/**
 * Each member's stance recorded in the ledger where the referee has none yet (the first round,
 * a member added since): the stance it stood in before the fight, read once; from then on the
 * referee's record is the stance (budget.ts), whatever the actor's field says.
 */
function stanceRecords(combat: CombatLike): ActorChange[] {
  return combat.combatants.contents.flatMap((combatant) => {
    const id = combatant.id ?? "";
    if (combatant.actor === null || ledgerEntry(combat, id, STANCE_KEY) !== undefined) return [];
    return [{ combatantId: id, changes: {}, ledger: { [STANCE_KEY]: stanceOf(combatant.actor) } }];
  });
}

export const WORLDLINES_COMBAT_HOOKS: CombatRulesetHooks = {
  roundStart: (combat) => stanceRecords(combat),
  // Momentum: every member rolls its own Combat die; the team keeps its two best.
  orderInput: (actor) => ({ die: `1d${String(toCombatant(actor).traits.combat)}` }),
  rollOrder: (combat) => worldlinesRollOrder(combat),
  // The GM's dramatic shift: a team takes the momentum and acts now (table/momentum.ts).
  teamControls: [momentumControl],
  // The tracker shows what each member has left of its round (the referee's ledger).
  memberChips: (actor) => {
    const budget = budgetOf(actor);
    return [
      {
        label: "FRAY.Worldlines.Tracker.Interrupt",
        on: !budget.interruptUsed,
        hint: "FRAY.Worldlines.Tracker.InterruptHint",
      },
      ...(budget.defensivePosture
        ? [
            {
              label: "FRAY.Worldlines.Tracker.Posture",
              on: true,
              hint: "FRAY.Worldlines.Tracker.PostureHint",
              flag: true,
            },
          ]
        : []),
    ];
  },
  async turnStart(combat: CombatLike, combatant: CombatantLike) {
    if (combatant.actor === null) return [];
    const result = worldlinesRoundEvents.turnStart(toCombatant(combatant.actor));
    return inCombat(combat, result, "FRAY.Worldlines.Status.TurnStartTitle");
  },
  async turnEnd(combat: CombatLike, combatant: CombatantLike) {
    if (combatant.actor === null) return [];
    const result = worldlinesRoundEvents.turnEnd(toCombatant(combatant.actor));
    return inCombat(combat, result, "FRAY.Worldlines.Status.TurnEndTitle");
  },
  roundEvents: {
    async statusResolution(combat: CombatLike) {
      const result = worldlinesRoundEvents.statusResolution(combatantsOf(combat));
      return inCombat(combat, result, "FRAY.Worldlines.Status.ResolutionTitle");
    },
  },
};
