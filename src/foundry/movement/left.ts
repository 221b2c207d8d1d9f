/**
 * What is left of a move a combatant began this turn (the metres of an open Freelancers Move, of
 * a two-dice move), for a ruleset whose budget has no field for it. The referee keeps it in the
 * ledger (combat/ledger.ts) under the ruleset's key, stamped with the round: it counts only in
 * that round while the combatant is the one taking its turn, so a new turn starts with nothing
 * left and no turn hook needs to clear it.
 */
import { ledgerChanges, ledgerEntry } from "../combat/ledger.ts";
import type { CombatLike, CombatantLike } from "../combat/state.ts";
import { turnStateOf } from "../combat/state.ts";

interface Stamped {
  readonly round: number;
  readonly left: number;
}

/** What is left of the combatant's open move this turn, or null when it has none. */
export function moveLeftIn(combat: CombatLike, combatantId: string, key: string): number | null {
  const turn = turnStateOf(combat);
  if (turn.active !== combatantId) return null;
  const stored = ledgerEntry(combat, combatantId, key);
  if (typeof stored !== "object" || stored === null) return null;
  const { round, left } = stored as Partial<Stamped>;
  if (round !== turn.round) return null;
  return typeof left === "number" && Number.isFinite(left) && left >= 0 ? left : null;
}

/** The ledger write that records what is left of the combatant's move this round. */
export function moveLeftWrite(
  fight: { readonly combat: CombatLike; readonly combatant: CombatantLike },
  key: string,
  left: number,
): { combatantId: string; key: string; value: Stamped } {
  const round = turnStateOf(fight.combat).round;
  return { combatantId: fight.combatant.id ?? "", key, value: { round, left } };
}

/** Records ledger writes in one Combat update. */
export async function writeMoveLedger(
  combat: CombatLike,
  writes: readonly { combatantId: string; key: string; value: unknown }[],
): Promise<void> {
  const changes = ledgerChanges(writes);
  if (Object.keys(changes).length > 0) await combat.update(changes);
}

type Fight = { readonly combat: CombatLike; readonly combatant: CombatantLike };

/** What is left of the fighter's open move this turn: null out of a fight or with none open. */
export function moveLeftOf(fight: Fight | null, key: string): number | null {
  return fight === null ? null : moveLeftIn(fight.combat, fight.combatant.id ?? "", key);
}

/**
 * How a move is paid where the ruleset's turn budget and what is left of the open move both live
 * in the ledger: one Combat update with both (nothing out of a fight).
 */
export function payInLedger(
  fight: Fight | null,
  budget: { readonly key: string; readonly value: unknown },
  leftKey: string,
  left: number,
): () => Promise<void> {
  return async () => {
    if (fight === null) return;
    await fight.combat.update(
      ledgerChanges([
        { combatantId: fight.combatant.id ?? "", key: budget.key, value: budget.value },
        moveLeftWrite(fight, leftKey, left),
      ]),
    );
  };
}
