/**
 * Dice-pool game: individual initiative. Every combatant rolls its initiative pool (Mental +
 * Awareness by default, `initiativePool`; options.ts says why) once at the start, even when ambushed (no
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
import { addToOrder, rankByValue } from "../combat/order.ts";
import type { OrderOutcome, RankEntry, SettledOrder, TurnOrder } from "../combat/order.ts";
import type { CombatantId, Phase, RoundPlan } from "../combat/types.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { checkChoice, checkName } from "../core/names.ts";
import { checkDicepoolCombatant } from "./check.ts";
import type { StateRefusal } from "./check.ts";
import { DICEPOOL_LIMITS as L } from "./limits.ts";
import type { DicepoolCombatant } from "./model.ts";
import { skill } from "./model.ts";
import { checkDicepoolOptions, DEFAULT_DICEPOOL_OPTIONS } from "./options.ts";
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
export const DICEPOOL_TIE_RULES: readonly DicepoolTieRule[] = ["largerPool", "players", "reroll"];

export const DEFAULT_DICEPOOL_TIE_RULE: DicepoolTieRule = "largerPool";

/** The initiative pool: the configured attributes + Awareness, less the wound penalty. */
export function initiativePool(
  c: DicepoolCombatant,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<Pool, PoolRefusal | StateRefusal> {
  const checked = checkDicepoolOptions(options);
  if (!checked.ok) return checked;
  const roller = checkDicepoolCombatant("combatant", c);
  if (!roller.ok) return roller;
  const [first = "mental", ...rest] = options.initiativeAttributes;
  return buildPool(
    {
      attribute: c[first],
      attributeLabel: first,
      skill: skill(roller.value, "awareness"),
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
): Result<DicepoolInitiativeRoll, PoolRefusal | StateRefusal> {
  const bad =
    checkName("combatantId", combatantId) ??
    checkChoice("isPlayerSide", isPlayerSide, [true, false]);
  if (bad) return bad;
  const hits = countHits(faces, options);
  if (!hits.ok) return hits;
  return ok({ combatantId, result: hits.value, pool: faces.length, isPlayerSide });
}

const NO_TEAMS: OrderOutcome = { ok: false, reason: "noTeams" };

function rankEntry(roll: DicepoolInitiativeRoll, tieRule: DicepoolTieRule): RankEntry {
  const players = roll.isPlayerSide ? 1 : 0;
  const tiebreak =
    tieRule === "largerPool" ? [roll.pool, players] : tieRule === "players" ? [players] : [];
  return { id: roll.combatantId, value: roll.result, tiebreak };
}

/** A whole count from 0 to `max`, as plain comparisons (no field name built when it passes). */
function wholeCount(value: unknown, max: number): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= max;
}

/** The fields of a roll as handed in (anything: a roll is checked before it is read). */
type RawRoll = { readonly [K in keyof DicepoolInitiativeRoll]?: unknown } | null | undefined;

/**
 * A roll of a combatant: an id (a name: no built-in property name, it keys the order's values), a
 * pool of 0..DICEPOOL_LIMITS.pool dice, hits 0..pool, a side.
 */
function rollFine(value: unknown): value is DicepoolInitiativeRoll {
  const roll = value as RawRoll;
  return (
    typeof roll === "object" &&
    roll !== null &&
    checkName("combatantId", roll.combatantId) === undefined &&
    wholeCount(roll.pool, L.pool) &&
    wholeCount(roll.result, roll.pool as number) &&
    typeof roll.isPlayerSide === "boolean"
  );
}

/** The first bad roll's refusal: a number or a name, by field. */
function rollRefusal(value: unknown): OrderOutcome {
  const roll = (typeof value === "object" && value !== null ? value : {}) as NonNullable<RawRoll>;
  const badId = checkName("combatantId", roll.combatantId);
  if (badId) return badId;
  const id = roll.combatantId as string;
  return (
    checkNumber(`${id}.pool`, roll.pool, { ...NUMBER_RULES.count, max: L.pool }) ??
    checkNumber(`${id}.result`, roll.result, {
      ...NUMBER_RULES.count,
      max: roll.pool as number,
    }) ??
    checkChoice(`${id}.isPlayerSide`, roll.isPlayerSide, [true, false]) ??
    refuse("badChoice", { field: id })
  );
}

/** No combatant rolls twice (a handful compared pairwise, more through a Set). */
function distinctIds(rolls: readonly DicepoolInitiativeRoll[]): boolean {
  if (rolls.length > 16)
    return new Set(rolls.map((roll) => roll.combatantId)).size === rolls.length;
  for (let i = 1; i < rolls.length; i++) {
    const id = rolls[i]?.combatantId;
    for (let j = 0; j < i; j++) if (rolls[j]?.combatantId === id) return false;
  }
  return true;
}

/**
 * Settles the individual order of a dice-pool combat. Every roll is checked first (at most
 * DICEPOOL_LIMITS.combatants, each as rollFine says) and the tie rule must be one of the list.
 */
export function dicepoolInitiative(
  rolls: readonly DicepoolInitiativeRoll[],
  tieRule: DicepoolTieRule = DEFAULT_DICEPOOL_TIE_RULE,
): OrderOutcome {
  const badRule = checkChoice("tieRule", tieRule, DICEPOOL_TIE_RULES);
  if (badRule) return badRule;
  const list: unknown = rolls;
  if (!Array.isArray(list) || list.length === 0) return { ok: false, reason: "noTeams" };
  if (rolls.length > L.combatants) {
    return checkNumber("rolls.length", rolls.length, { max: L.combatants }) ?? NO_TEAMS;
  }
  const values: Record<string, number> = {};
  for (const roll of list as readonly unknown[]) {
    if (!rollFine(roll)) return rollRefusal(roll);
    values[roll.combatantId] = roll.result;
  }
  if (!distinctIds(rolls)) return { ok: false, reason: "duplicateId" };
  const { order, tied } = rankByValue(
    rolls.map((roll) => rankEntry(roll, tieRule)),
    tieRule === "reroll" ? "reroll" : "stable",
  );
  const settled: SettledOrder = { mode: "individual", order, values, surpriseRound: [] };
  return { ok: true, order: settled, tied, effects: [] };
}

/**
 * Someone joins a running combat with their own roll (checked as dicepoolInitiative checks one);
 * everybody else keeps their place.
 */
export function dicepoolJoin(order: SettledOrder, roll: DicepoolInitiativeRoll): OrderOutcome {
  if (!rollFine(roll)) return rollRefusal(roll);
  return {
    ok: true,
    order: addToOrder(order, roll.combatantId, roll.result),
    tied: [],
    effects: [],
  };
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
