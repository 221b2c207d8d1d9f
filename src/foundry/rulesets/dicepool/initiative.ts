/**
 * The Initiative Damage plugin's initiative at the table: the referee's record in the combat's
 * ledger (key `initiative`, per combatant), never the actor's `system.initiative` (a player may
 * write any value to their own actor, and this value decides whether others' blows land: the
 * plugin's flawless defense, who may only attack initiative, who can be finished).
 * - It starts as the hits the combatant rolled for the order: round 1's start copies each
 *   combatant's rolled initiative into the ledger (the GM wrote it a moment before, as the combat
 *   started); one who joins later is copied at the next round's start.
 * - Attacks on initiative and Finishing Moves change it on Apply (attack/referee.ts), and a
 *   Finishing Move that takes its victim down rolls the attacker's initiative pool anew.
 * - Out of a started combat nobody has rolled initiative: it is 0.
 * The order of turns stays as rolled (the book moves initiative, not the turns: where it is
 * silent, Fray keeps the order).
 */
import { ledgerEntry } from "../../combat/ledger.ts";
import { fightOf } from "../../combat/ledger.ts";
import type { CombatLike } from "../../combat/state.ts";
import { DICEPOOL_LIMITS } from "../../../rules/dicepool/limits.ts";
import { ledgerNote } from "./budget.ts";
import type { Fight, LedgerNote } from "./budget.ts";

export const INITIATIVE_KEY = "initiative";

/** A whole initiative within the model's bounds, or null. */
function initiativeValue(value: unknown): number | null {
  return typeof value === "number" &&
    Number.isInteger(value) &&
    Math.abs(value) <= DICEPOOL_LIMITS.initiative
    ? value
    : null;
}

/** The initiative the referee recorded for a combatant, or null before round 1 copied it. */
export function initiativeIn(combat: CombatLike, combatantId: string): number | null {
  return initiativeValue(ledgerEntry(combat, combatantId, INITIATIVE_KEY));
}

/** The actor's initiative in the combat it fights in (0 out of a started combat). */
export function initiativeOf(actor: Actor.Implementation): number {
  const fight = fightOf(actor);
  return fight === null ? 0 : (initiativeIn(fight.combat, fight.combatant.id ?? "") ?? 0);
}

/**
 * The ledger entry a round start adds for a combatant the ledger has no initiative for yet: the
 * hits it rolled for the order (0 when it rolled none).
 */
export function initiativeSeed(combat: CombatLike, combatantId: string): Record<string, unknown> {
  if (initiativeIn(combat, combatantId) !== null) return {};
  const rolled = combat.combatants.get(combatantId)?.initiative;
  return { [INITIATIVE_KEY]: initiativeValue(rolled) ?? 0 };
}

/** The note that records `value` as the initiative of the fighter (none out of combat). */
export function initiativeNote(fight: Fight | null, value: number): LedgerNote[] {
  return fight === null ? [] : [ledgerNote(fight, INITIATIVE_KEY, value)];
}
