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

/** The fight a mover is in (combat/ledger.ts fightOf). */
type Fight = { readonly combat: CombatLike; readonly combatant: CombatantLike };

/** What is left of the fighter's open move this turn: null out of a fight or with none open. */
export function moveLeftOf(fight: Fight | null, key: string): number | null {
  if (fight === null) return null;
  const turn = turnStateOf(fight.combat);
  const combatantId = fight.combatant.id ?? "";
  if (turn.active !== combatantId) return null;
  const stored = ledgerEntry(fight.combat, combatantId, key);
  if (typeof stored !== "object" || stored === null) return null;
  const { round, left } = stored as Partial<Stamped>;
  if (round !== turn.round) return null;
  return typeof left === "number" && Number.isFinite(left) && left >= 0 ? left : null;
}

/**
 * How a move is paid where the ruleset's turn budget and what is left of the open move both live
 * in the ledger: one Combat update with both, what is left stamped with the round (nothing out of
 * a fight).
 */
export function payInLedger(
  fight: Fight | null,
  budget: { readonly key: string; readonly value: unknown },
  leftKey: string,
  left: number,
): () => Promise<void> {
  return async () => {
    if (fight === null) return;
    const combatantId = fight.combatant.id ?? "";
    const stamped: Stamped = { round: turnStateOf(fight.combat).round, left };
    await fight.combat.update(
      ledgerChanges([
        { combatantId, key: budget.key, value: budget.value },
        { combatantId, key: leftKey, value: stamped },
      ]),
    );
  };
}
