/**
 * A weapon a disarm knocked away, at the table: the referee's record in the combat's ledger (key
 * `dropped`, per combatant: `{ weaponId, pickedUp }`), never the actor's own
 * `system.droppedWeaponId` / `system.weaponPickedUp` (a player may write any value to their own
 * actor, and this decides whether their attack on someone else may be made).
 * - A disarm that hits records it on Apply (attack/referee.ts), on the ground again even when it
 *   was picked up;
 * - picking it up (a Free action) marks it in hand, readying it (a Simple action) ends the record
 *   (table/weapon.ts).
 * Out of a started combat nothing is recorded: no weapon lies on the ground (like budget.ts). The
 * actors' old fields stay in the model so stored actors load, and nothing reads them.
 */
import { fightOf, ledgerEntry } from "../../combat/ledger.ts";
import type { CombatLike } from "../../combat/state.ts";
import { isRecord } from "../../data/migrate.ts";
import { ledgerNote } from "./budget.ts";
import type { Fight, LedgerNote } from "./budget.ts";

export const DROPPED_KEY = "dropped";

/** The weapon knocked away, and whether it is picked up (in hand, not ready yet). */
export interface DroppedWeapon {
  readonly weaponId: string;
  readonly pickedUp: boolean;
}

/** What the referee recorded for a combatant, or null (nothing on the ground). */
export function droppedIn(combat: CombatLike, combatantId: string): DroppedWeapon | null {
  const raw = ledgerEntry(combat, combatantId, DROPPED_KEY);
  if (!isRecord(raw) || typeof raw["weaponId"] !== "string") return null;
  return { weaponId: raw["weaponId"], pickedUp: raw["pickedUp"] === true };
}

/** The actor's weapon on the ground or in hand, as recorded (null out of a started combat). */
export function droppedOf(actor: Actor.Implementation): DroppedWeapon | null {
  const fight = fightOf(actor);
  return fight === null ? null : droppedIn(fight.combat, fight.combatant.id ?? "");
}

/** The note that records `value` for the fighter (null: nothing dropped); none out of combat. */
export function droppedNote(fight: Fight | null, value: DroppedWeapon | null): LedgerNote[] {
  return fight === null ? [] : [ledgerNote(fight, DROPPED_KEY, value)];
}
