/**
 * Dice pools. A pool is attribute + skill + modifiers − the wound penalty, in dice (d6 by
 * default), never fewer than 0; every die showing the hit face or more (4 by default) is a hit.
 *
 * A pool can also score without a roll: "flawless" (every die is a hit) and "static" (the Defense
 * Static Values plugin: half the dice, rounded up).
 *
 * Every number is guarded: parts must be whole and within ±maxPool, and a pool larger than
 * `maxPool` dice is refused ("pool-too-large") rather than rolled.
 */
import type { DiceSource } from "../core/dice.ts";
import {
  checkDieFace,
  checkNumber,
  checkNumbers,
  MAX_MODIFIER,
  NUMBER_RULES,
} from "../core/guard.ts";
import type { NumberRefusalReason } from "../core/guard.ts";
import { addModifier, sumModifiers } from "../core/modifier.ts";
import type { Modifier } from "../core/modifier.ts";
import { ok, refuse } from "../core/result.ts";
import type { Refusal, Result } from "../core/result.ts";
import { DEFAULT_DICEPOOL_OPTIONS } from "./options.ts";
import type { DicepoolOptions } from "./options.ts";

export type PoolRefusal = NumberRefusalReason | "pool-too-large" | "bad-dice-settings";

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

/** How a pool scores. */
export type PoolMode = "rolled" | "static" | "flawless";

export interface PoolScore {
  readonly dice: number;
  readonly mode: PoolMode;
  /** The faces rolled (empty unless `mode` is "rolled"). */
  readonly faces: readonly number[];
  readonly hits: number;
}

/** The die settings make sense: at least 2 faces and a hit face on the die. */
export function checkDiceSettings(options: DicepoolOptions): Result<true, PoolRefusal> {
  if (settingsFine(options)) return SETTINGS_OK;
  const bad =
    checkNumber("dieSides", options.dieSides, { min: 2, max: 1000, whole: true }) ??
    checkNumber("hitOn", options.hitOn, { min: 1, max: options.dieSides, whole: true }) ??
    checkNumber("maxPool", options.maxPool, { min: 0, max: 10_000, whole: true });
  return bad ? refuse("bad-dice-settings", bad.detail) : ok(true);
}

const SETTINGS_OK: Result<true, PoolRefusal> = ok(true);

/**
 * The same test as checkDiceSettings, as plain comparisons (no rule objects): every pool the
 * simulator rolls asks it, so a passing check allocates nothing. A false sends the caller to the
 * full check, which names the refusal.
 */
function settingsFine(options: DicepoolOptions): boolean {
  const { dieSides, hitOn, maxPool } = options;
  return (
    Number.isInteger(dieSides) &&
    dieSides >= 2 &&
    dieSides <= 1000 &&
    Number.isInteger(hitOn) &&
    hitOn >= 1 &&
    hitOn <= dieSides &&
    Number.isInteger(maxPool) &&
    maxPool >= 0 &&
    maxPool <= 10_000
  );
}

/** A whole number within ±max (partRule's test, without the rule object). */
function wholeWithin(value: number, max: number): boolean {
  return Number.isInteger(value) && value >= -max && value <= max;
}

/** The rule a pool part (attribute, skill, modifier) must meet: whole, within ±maxPool. */
export function partRule(options: DicepoolOptions) {
  return { min: -options.maxPool, max: options.maxPool, whole: true } as const;
}

/** Checks a dice count against the cap. */
export function checkDice(
  field: string,
  dice: number,
  options: DicepoolOptions,
): Result<number, PoolRefusal> {
  if (Number.isInteger(dice) && dice >= 0 && dice <= MAX_MODIFIER && dice <= options.maxPool) {
    return ok(dice);
  }
  const bad = checkNumber(field, dice, NUMBER_RULES.count);
  if (bad) return bad;
  if (dice > options.maxPool) {
    return refuse("pool-too-large", { field, value: dice, max: options.maxPool });
  }
  return ok(dice);
}

/** Builds a pool: attribute + skill + modifiers − wound penalty, floored at 0 dice. */
export function buildPool(
  spec: PoolSpec,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<Pool, PoolRefusal> {
  if (!settingsFine(options) || !partsFine(spec, options.maxPool)) {
    const bad = checkPoolSpec(spec, options);
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
  const capped = checkDice("pool", dice, options);
  if (!capped.ok) return capped;
  return ok({ dice, total, parts });
}

const NO_MODIFIERS: readonly Modifier[] = [];

/** Every part of the spec passes checkPoolSpec (plain comparisons; nothing allocated). */
function partsFine(spec: PoolSpec, max: number): boolean {
  const wound = spec.woundPenalty ?? 0;
  if (!wholeWithin(spec.attribute, max) || !wholeWithin(spec.skill, max)) return false;
  if (!(Number.isInteger(wound) && wound >= 0 && wound <= max && wound <= MAX_MODIFIER)) {
    return false;
  }
  for (const m of spec.modifiers ?? NO_MODIFIERS) if (!wholeWithin(m.value, max)) return false;
  return true;
}

/** buildPool's boundary check: the die settings, then every part, the first refusal named. */
function checkPoolSpec(spec: PoolSpec, options: DicepoolOptions): Refusal<PoolRefusal> | undefined {
  const settings = checkDiceSettings(options);
  if (!settings.ok) return settings;
  const rule = partRule(options);
  const bad = checkNumbers({
    attribute: [spec.attribute, rule],
    skill: [spec.skill, rule],
    woundPenalty: [spec.woundPenalty ?? 0, { ...NUMBER_RULES.count, max: options.maxPool }],
  });
  if (bad) return bad;
  for (const m of spec.modifiers ?? []) {
    const badModifier = checkNumber(`modifier.${m.source}`, m.value, rule);
    if (badModifier) return badModifier;
  }
  return undefined;
}

/** Whether one face is a hit. */
export function isHit(face: number, options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS): boolean {
  return face >= options.hitOn;
}

/** Counts the hits among faces already rolled (the shell rolled them with core Roll). */
export function countHits(
  faces: readonly number[],
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<number, PoolRefusal> {
  const settings = checkDiceSettings(options);
  if (!settings.ok) return settings;
  const size = checkDice("faces", faces.length, options);
  if (!size.ok) return size;
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

/** The static defense value: half the pool, rounded up. */
export function staticHits(dice: number): number {
  return Math.ceil(dice / 2);
}

/**
 * Scores a pool of `dice` dice: rolls it on `source`, or scores it without a roll (flawless: every
 * die; static: half, rounded up).
 */
export function scorePool(
  dice: number,
  mode: PoolMode,
  source: DiceSource,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<PoolScore, PoolRefusal> {
  const settings = checkDiceSettings(options);
  if (!settings.ok) return settings;
  const size = checkDice("dice", dice, options);
  if (!size.ok) return size;
  if (mode === "flawless") return ok({ dice, mode, faces: [], hits: dice });
  if (mode === "static") return ok({ dice, mode, faces: [], hits: staticHits(dice) });
  return rollPool(dice, source, options);
}

/** Rolls `dice` dice (a count checkDice passed); countHits scores them and checks every face. */
function rollPool(
  dice: number,
  source: DiceSource,
  options: DicepoolOptions,
): Result<PoolScore, PoolRefusal> {
  const faces: number[] = [];
  for (let i = 0; i < dice; i++) faces.push(source.roll(options.dieSides));
  const hits = countHits(faces, options);
  if (!hits.ok) return hits;
  return ok({ dice, mode: "rolled", faces, hits: hits.value });
}
