/**
 * A fall under way (rules/dicepool/movement.ts `Fall`: spaces left, spaces fallen so far), kept in
 * the fight's ledger (combat/ledger.ts), which only the GM writes: whether a fighter is falling
 * settles what it may do (a faller cannot move) and the damage it takes on landing, so it is not
 * read from the actor, whose owner can write any `system` value from the console. The GM starts a
 * fall (a move paid in the air: terrain.ts; the GM's "fall" act: table/move.ts) and each of the
 * faller's turn starts lowers it (combat.ts). Outside a started fight nobody falls: there are no
 * turns to drop on.
 *
 * `system.falling`, where a fall was kept before, is only kept so actors stored with it load
 * (data.ts); nothing reads it.
 */
import type { Fall } from "../../../rules/dicepool/movement.ts";
import { actorLedgerEntry, ledgerEntry } from "../../combat/ledger.ts";
import type { CombatLike } from "../../combat/state.ts";

/** The ledger key of a combatant's fall. */
export const FALLING_KEY = "falling";

const whole = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0;

/** A stored fall of the right shape, or null. */
function fallFrom(value: unknown): Fall | null {
  if (typeof value !== "object" || value === null) return null;
  const { height, fallen } = value as Record<string, unknown>;
  return whole(height) && whole(fallen) ? { height, fallen } : null;
}

/** The fall the GM recorded for a combatant of the combat, or null. */
export function fallIn(combat: CombatLike, combatantId: string): Fall | null {
  return fallFrom(ledgerEntry(combat, combatantId, FALLING_KEY));
}

/** The actor's fall in the fight it fights in, or null (none, or no fight). */
export function fallingOf(actor: Actor.Implementation): Fall | null {
  return fallFrom(actorLedgerEntry(actor, FALLING_KEY));
}
