/**
 * Dice-pool game: individual initiative. Every combatant rolls its initiative pool (usually
 * Mental + Physical Awareness) once at the start, even when ambushed (no surprise round), and
 * acts alone in the order of the results, highest first. The tracker marks who has gone this
 * round (the machine's acted mark).
 *
 * Where the book is silent, a tie is settled by `tieRule` (a world setting):
 * - "largerPool" (default): more dice first, then the players' side, then the tracker's order;
 * - "players": the players' side first, then the tracker's order;
 * - "reroll": the tied combatants roll again.
 * Someone joining mid-combat rolls alone and slots in after everybody with the same result
 * (`addToOrder`); nobody else rerolls.
 */
import { checkNumber, NUMBER_RULES } from "../core/guard.ts";
import { addToOrder, allDistinct, rankByValue } from "../combat/order.ts";
import type { OrderOutcome, RankEntry, SettledOrder, TurnOrder } from "../combat/order.ts";
import type { CombatantId, Phase, RoundPlan } from "../combat/types.ts";

export interface DicepoolInitiativeRoll {
  readonly combatantId: CombatantId;
  /** The rolled initiative result. */
  readonly result: number;
  /** How many dice the pool had. */
  readonly pool: number;
  readonly isPlayerSide: boolean;
}

export type DicepoolTieRule = "largerPool" | "players" | "reroll";

export const DEFAULT_DICEPOOL_TIE_RULE: DicepoolTieRule = "largerPool";

function rankEntry(roll: DicepoolInitiativeRoll, tieRule: DicepoolTieRule): RankEntry {
  const players = roll.isPlayerSide ? 1 : 0;
  const tiebreak =
    tieRule === "largerPool" ? [roll.pool, players] : tieRule === "players" ? [players] : [];
  return { id: roll.combatantId, value: roll.result, tiebreak };
}

/** Settles the individual order of a dice-pool combat. */
export function dicepoolInitiative(
  rolls: readonly DicepoolInitiativeRoll[],
  tieRule: DicepoolTieRule = DEFAULT_DICEPOOL_TIE_RULE,
): OrderOutcome {
  if (rolls.length === 0) return { ok: false, reason: "noTeams" };
  if (!allDistinct(rolls.map((roll) => roll.combatantId)))
    return { ok: false, reason: "duplicateId" };
  for (const roll of rolls) {
    const bad =
      checkNumber(`${roll.combatantId}.result`, roll.result, NUMBER_RULES.count) ??
      checkNumber(`${roll.combatantId}.pool`, roll.pool, NUMBER_RULES.count);
    if (bad) return bad;
  }
  const { order, tied } = rankByValue(
    rolls.map((roll) => rankEntry(roll, tieRule)),
    tieRule === "reroll" ? "reroll" : "stable",
  );
  const settled: SettledOrder = {
    mode: "individual",
    order,
    values: Object.fromEntries(rolls.map((roll) => [roll.combatantId, roll.result])),
    surpriseRound: [],
  };
  return { ok: true, order: settled, tied, effects: [] };
}

/** Someone joins a running combat with their own roll; everybody else keeps their place. */
export function dicepoolJoin(order: SettledOrder, roll: DicepoolInitiativeRoll): SettledOrder {
  return addToOrder(order, roll.combatantId, roll.result);
}

/** Every round: each combatant's own turn, in initiative order. */
export function dicepoolRoundPlan(order: SettledOrder, _round: number): RoundPlan {
  return order.order.map((combatantId): Phase => ({ kind: "combatant", combatantId }));
}

export const dicepoolTurnOrder: TurnOrder = {
  mode: "individual",
  source: "combatantRoll",
  roundPlan: dicepoolRoundPlan,
};
