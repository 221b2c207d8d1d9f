/**
 * Dice pools. A pool is attribute + skill + modifiers − the wound penalty, in dice (d6 by
 * default), never fewer than 0; every die showing the hit face or more (4 by default) is a hit.
 *
 * A pool can also score without a roll: "flawless" (every die is a hit) and "static" (the Defense
 * Static Values plugin: half the dice, rounded up).
 *
 * Every number is guarded: the options first (checkDicepoolOptions), then parts must be whole and
 * within ±DICEPOOL_LIMITS.pool, at most DICEPOOL_LIMITS.list named modifiers, and a pool larger
 * than `maxPool` dice is refused ("pool-too-large") rather than rolled.
 */
import type { Checked } from "../core/checked.ts";
import type { DiceSource } from "../core/dice.ts";
import { checkDieFace, checkNumber, checkNumbers, NUMBER_RULES } from "../core/guard.ts";
import { addModifier, sumModifiers } from "../core/modifier.ts";
import type { Modifier } from "../core/modifier.ts";
import { ok, refuse } from "../core/result.ts";
import type { Refusal, Result } from "../core/result.ts";
import { checkChoice } from "../core/names.ts";
import { DICEPOOL_LIMITS as L } from "./limits.ts";
import { checkDicepoolOptions, DEFAULT_DICEPOOL_OPTIONS } from "./options.ts";
import type { DicepoolOptions, OptionsRefusal } from "./options.ts";
import { scoreChecked } from "./roll.ts";
import type { FaceTally, PoolMode, PoolScore } from "./roll.ts";

export type PoolRefusal = OptionsRefusal | "pool-too-large";

export interface PoolSpec {
  /** The attribute's rating (Physical, Mental …) and its label for the card. */
  readonly attribute: number;
  readonly attributeLabel?: string;
  /** The skill's rating (or an armor rating for a Soak); 0 when untrained. */
  readonly skill: number;
  readonly skillLabel?: string;
  /** Further bonus (+) and penalty (−) dice, each named. */
  readonly modifiers?: readonly Modifier[];
  /** The roller's wound penalty: it lowers every pool. */
  readonly woundPenalty?: number;
}

export interface Pool {
  /** Dice rolled: the total, never below 0. */
  readonly dice: number;
  /** The total before the floor at 0 (may be negative). */
  readonly total: number;
  /** Every part, as shown on the card. */
  readonly parts: readonly Modifier[];
}

export type { PoolMode, PoolScore } from "./roll.ts";

/** A pool part (an attribute, a skill, a named modifier): whole, within ±DICEPOOL_LIMITS.pool. */
export const POOL_PART = { min: -L.pool, max: L.pool, whole: true } as const;

/** A whole number within ±max (POOL_PART's test, without the rule object). */
function wholeWithin(value: unknown, max: number): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= -max && value <= max;
}

/** A dice count the options allow: whole, 0..maxPool (the options already checked). */
function diceRefusal(
  field: string,
  dice: unknown,
  options: Checked<DicepoolOptions>,
): Refusal<PoolRefusal> | undefined {
  if (typeof dice === "number" && Number.isInteger(dice) && dice >= 0 && dice <= options.maxPool) {
    return undefined;
  }
  const bad = checkNumber(field, dice, NUMBER_RULES.count);
  if (bad) return bad;
  return refuse("pool-too-large", { field, value: dice as number, max: options.maxPool });
}

/** Checks a dice count against the options' cap (the options checked first). */
export function checkDice(
  field: string,
  dice: number,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<number, PoolRefusal> {
  const checked = checkDicepoolOptions(options);
  if (!checked.ok) return checked;
  return diceRefusal(field, dice, checked.value) ?? ok(dice);
}

/** Builds a pool: attribute + skill + modifiers − wound penalty, floored at 0 dice. */
export function buildPool(
  spec: PoolSpec,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<Pool, PoolRefusal> {
  const checked = checkDicepoolOptions(options);
  if (!checked.ok) return checked;
  if (!partsFine(spec)) {
    const bad = checkPoolSpec(spec);
    if (bad) return bad;
  }
  const parts: Modifier[] = [];
  addModifier(parts, spec.attributeLabel ?? "attribute", spec.attribute);
  addModifier(parts, spec.skillLabel ?? "skill", spec.skill);
  const modifiers = spec.modifiers ?? NO_MODIFIERS;
  for (const m of modifiers) addModifier(parts, m.source, m.value);
  addModifier(parts, "woundPenalty", -(spec.woundPenalty ?? 0));
  const total = sumModifiers(parts);
  const dice = Math.max(0, total);
  const capped = diceRefusal("pool", dice, checked.value);
  if (capped) return capped;
  return ok({ dice, total, parts });
}

const NO_MODIFIERS: readonly Modifier[] = [];

/**
 * The most named modifiers one pool adds up: a situation's list (DICEPOOL_LIMITS.list) and the
 * rule's own (range, cover, penalties …).
 */
const MAX_PARTS = 2 * L.list;

const isModifier = (m: unknown): m is Modifier =>
  typeof m === "object" && m !== null && typeof (m as Modifier).source === "string";

/** Every part of the spec passes checkPoolSpec (plain comparisons; nothing allocated). */
function partsFine(spec: PoolSpec): boolean {
  const wound = spec.woundPenalty ?? 0;
  if (!wholeWithin(spec.attribute, L.pool) || !wholeWithin(spec.skill, L.pool)) return false;
  if (!(Number.isInteger(wound) && wound >= 0 && wound <= L.wounds)) return false;
  const modifiers = spec.modifiers ?? NO_MODIFIERS;
  if (!Array.isArray(modifiers) || modifiers.length > MAX_PARTS) return false;
  for (const m of modifiers) if (!isModifier(m) || !wholeWithin(m.value, L.pool)) return false;
  return true;
}

/** buildPool's boundary check: every part, the first refusal named. */
function checkPoolSpec(spec: PoolSpec): Refusal<PoolRefusal> | undefined {
  const bad = checkNumbers({
    attribute: [spec.attribute, POOL_PART],
    skill: [spec.skill, POOL_PART],
    woundPenalty: [spec.woundPenalty ?? 0, { ...NUMBER_RULES.count, max: L.wounds }],
  });
  if (bad) return bad;
  const modifiers = spec.modifiers ?? NO_MODIFIERS;
  if (!Array.isArray(modifiers)) {
    return refuse("badChoice", { field: "modifiers", value: typeof modifiers });
  }
  const count = checkNumber("modifiers.length", modifiers.length, { min: 0, max: MAX_PARTS });
  if (count) return count;
  for (const [i, m] of modifiers.entries()) {
    if (!isModifier(m))
      return refuse("badName", { field: `modifiers.${i}.source`, value: "no name" });
    const badModifier = checkNumber(`modifier.${m.source}`, m.value, POOL_PART);
    if (badModifier) return badModifier;
  }
  return undefined;
}

/** Whether one face is a hit. */
export function isHit(
  face: number,
  options: Checked<DicepoolOptions> = DEFAULT_DICEPOOL_OPTIONS,
): boolean {
  return face >= options.hitOn;
}

/** Counts the hits among faces already rolled (the shell rolled them with core Roll). */
export function countHits(
  faces: readonly number[],
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<number, PoolRefusal> {
  const checked = checkDicepoolOptions(options);
  if (!checked.ok) return checked;
  if (!Array.isArray(faces)) return refuse("badChoice", { field: "faces", value: typeof faces });
  const size = diceRefusal("faces", faces.length, checked.value);
  if (size) return size;
  let hits = 0;
  const { dieSides, hitOn } = options;
  let fine = true;
  for (const face of faces) {
    if (!(Number.isInteger(face) && face >= 1 && face <= dieSides)) fine = false;
    else if (face >= hitOn) hits++;
  }
  if (fine) return ok(hits);
  // A face that is not one of the die's: the full check names the first.
  for (const [i, face] of faces.entries()) {
    const bad = checkDieFace(`faces.${i}`, face, dieSides);
    if (bad) return bad;
  }
  return ok(hits);
}

/** The static defense value: half the pool, rounded up (no whole count of dice: none). */
export function staticHits(dice: number): number {
  return Number.isInteger(dice) && dice > 0 ? Math.ceil(Math.min(dice, L.pool) / 2) : 0;
}

export const POOL_MODES: readonly PoolMode[] = ["rolled", "static", "flawless"];

/**
 * Scores a pool of `dice` dice: rolls it on `source`, or scores it without a roll (flawless: every
 * die; static: half, rounded up). Every face the source gives is checked.
 */
export function scorePool(
  dice: number,
  mode: PoolMode,
  source: DiceSource,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<PoolScore, PoolRefusal> {
  const checked = checkDicepoolOptions(options);
  if (!checked.ok) return checked;
  const bad = diceRefusal("dice", dice, checked.value) ?? checkChoice("mode", mode, POOL_MODES);
  if (bad) return bad;
  const tally: FaceTally = { refusal: undefined };
  const score = scoreChecked(dice, mode, source, checked.value, tally);
  return tally.refusal ?? ok(score);
}
