/**
 * A WWN Charge made on the map (issue 24): the GM prices the Charge's move (the movement action
 * "charge", rules/wwn/move-cost.ts) with the Move and the Main Action, and records here that its
 * attack is owed: the round and the feet it measured. The attack declared as a Charge that round
 * then reads it (attack/declare.ts): the feet are the GM's, the action is already paid, and the
 * declaration's ledger write uses the record up, so one Charge's move buys one attack.
 */
import { fightOf, ledgerEntry } from "../../combat/ledger.ts";
import type { LedgerWrite } from "../../combat/ledger.ts";
import { turnStateOf } from "../../combat/state.ts";

type Fight = NonNullable<ReturnType<typeof fightOf>>;

/** The ledger key of a Charge's move made on the map whose attack is owed. */
export const CHARGE_OWED = "chargeOwed";

/** The ledger write of a Charge's move: its attack is owed this round. */
export function chargeOwedWrite(fight: Fight, feet: number): LedgerWrite {
  return {
    combatantId: fight.combatant.id ?? "",
    key: CHARGE_OWED,
    value: { round: turnStateOf(fight.combat).round, feet },
  };
}

/**
 * The Charge the actor's move made this round whose attack is owed, as the GM recorded it, with
 * the write that uses it up; null when there is none.
 */
export function owedCharge(
  actor: Actor.Implementation,
): { readonly feet: number; readonly write: LedgerWrite } | null {
  const fight = fightOf(actor);
  if (fight === null) return null;
  const id = fight.combatant.id ?? "";
  const raw = ledgerEntry(fight.combat, id, CHARGE_OWED);
  if (typeof raw !== "object" || raw === null) return null;
  const { round, feet } = raw as Record<string, unknown>;
  if (
    round !== turnStateOf(fight.combat).round ||
    typeof feet !== "number" ||
    !Number.isInteger(feet)
  ) {
    return null;
  }
  return { feet, write: { combatantId: id, key: CHARGE_OWED, value: null } };
}
