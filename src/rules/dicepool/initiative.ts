/**
 * Dice-pool game: individual initiative. Every combatant rolls its initiative pool (Mental +
 * Physical + Awareness by default, `initiativePool`) once at the start, even when ambushed (no
 * surprise round); its initiative is the pool's hits (`initiativeFromDice` turns the faces the
 * shell rolled into a roll). Everybody acts alone in the order of the results, highest first. The
 * tracker marks who has gone this round (the machine's acted mark).
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
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import type { DicepoolCombatant } from "./model.ts";
import { skill } from "./model.ts";
import { DEFAULT_DICEPOOL_OPTIONS } from "./options.ts";
import type { DicepoolOptions } from "./options.ts";
import { buildPool, countHits } from "./pool.ts";
import type { Pool, PoolRefusal } from "./pool.ts";

export interface DicepoolInitiativeRoll {
  readonly combatantId: CombatantId;
  /** The rolled initiative result: the pool's hits. */
  readonly result: number;
  /** How many dice the pool had (the default tie-break). */
  readonly pool: number;
  readonly isPlayerSide: boolean;
}

export type DicepoolTieRule = "largerPool" | "players" | "reroll";

export const DEFAULT_DICEPOOL_TIE_RULE: DicepoolTieRule = "largerPool";

/** The initiative pool: the configured attributes + Awareness, less the wound penalty. */
export function initiativePool(
  c: DicepoolCombatant,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<Pool, PoolRefusal> {
  const [first = "mental", ...rest] = options.initiativeAttributes;
  return buildPool(
    {
      attribute: c[first],
      attributeLabel: first,
      skill: skill(c, "awareness"),
      skillLabel: "awareness",
      modifiers: rest.map((key) => ({ source: key, value: c[key] })),
      woundPenalty: c.woundPenalty,
    },
    options,
  );
}

/** A combatant's initiative roll from the faces of its pool, as the shell rolled them. */
export function initiativeFromDice(
  combatantId: CombatantId,
  faces: readonly number[],
  isPlayerSide: boolean,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<DicepoolInitiativeRoll, PoolRefusal> {
  const hits = countHits(faces, options);
  if (!hits.ok) return hits;
  return ok({ combatantId, result: hits.value, pool: faces.length, isPlayerSide });
}

function rankEntry(roll: DicepoolInitiativeRoll, tieRule: DicepoolTieRule): RankEntry {
  const players = roll.isPlayerSide ? 1 : 0;
  const tiebreak =
    tieRule === "largerPool" ? [roll.pool, players] : tieRule === "players" ? [players] : [];
  return { id: roll.combatantId, value: roll.result, tiebreak };
}

/** NUMBER_RULES.count's test as plain comparisons (no field name built when it passes). */
function wholeCount(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= NUMBER_RULES.count.max;
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
    if (wholeCount(roll.result) && wholeCount(roll.pool)) continue;
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
