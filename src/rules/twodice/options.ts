/**
 * Every two-dice number a GM may change, with its default. The defaults follow the combat page;
 * where it is silent they are the product decisions in shared/rules/README.md or, failing that,
 * documented here.
 */
import { checkedAs } from "../core/checked.ts";
import type { Checked } from "../core/checked.ts";
import { checkNumber } from "../core/guard.ts";
import type { NumberRefusal, NumberRefusalReason } from "../core/guard.ts";
import { checkChoice } from "../core/names.ts";
import type { NameRefusalReason } from "../core/names.ts";
import { mergeOptions } from "../core/options.ts";
import type { OptionOverrides } from "../core/options.ts";
import { ok } from "../core/result.ts";
import type { Refusal, Result } from "../core/result.ts";

/**
 * The most faces the two dice may have: the exact odds count every face (a d1000 answers within
 * the odds target), and an armor layer's Coverage is a face of the same die.
 */
export const MAX_DIE_SIDES = 1000;
/** The most circles a wound track may have. */
export const MAX_WOUND_CIRCLES = 1000;
/** The farthest mark of a range scale, and the farthest distance read against it, in meters. */
export const MAX_METERS = 1_000_000;

/** Why a two-dice value was refused at the boundary. */
export type TwodiceCheckReason = NumberRefusalReason | NameRefusalReason;
export type TwodiceCheckRefusal = Refusal<TwodiceCheckReason>;

/** One mark of the range scale: from `meters` on, a ranged hit needs a success above `step`. */
export interface RangeMark {
  readonly meters: number;
  readonly step: number;
}

/** How often a bleeding character marks its lowest empty wound. */
export interface BleedInterval {
  readonly every: number;
  readonly unit: "minute" | "hour";
}

export interface TwodiceOptions {
  /** Faces of each of the two dice. */
  readonly dieSides: number;
  /**
   * The range scale (README default; the page refers to the character sheet's scale without
   * printing it). Below the first mark the step is 0: every success hits.
   */
  readonly rangeScale: readonly RangeMark[];
  /** Attack penalty per range step beyond the weapon's Range, and its cap (a positive number). */
  readonly beyondRangePerStep: number;
  readonly beyondRangeMaxPenalty: number;
  /** How many steps beyond its Range a weapon still reaches. */
  readonly beyondRangeMaxSteps: number;
  /**
   * Attack modifier for shooting at a target that declared a move this turn. The page counts
   * fast-moving targets among those the GM may penalize without a number; default 0.
   */
  readonly movingTarget: number;
  /** Attack bonus, the turn after aiming. */
  readonly aimBonus: number;
  /** Damage taken off by rolling with an attack. */
  readonly rollWithIt: number;
  /** Circles on the wound track (1 to this). */
  readonly woundCircles: number;
  /** Defense against a melee attack the defender does not see coming or ignores. */
  readonly unawareDefense: number;
  /** The lowest and highest number an automatic weapon (type A) may carry. */
  readonly autoThreshold: { readonly min: number; readonly max: number };
  /** After the fight: a wound equal to Toughness bleeds slowly, a higher one badly. */
  readonly bleedSlowly: BleedInterval;
  readonly bleedBadly: BleedInterval;
  /**
   * A wound more than this above Toughness means the character is dead for good, after the
   * fight. `null` plays without it (every character can be resuscitated), as the page allows.
   */
  readonly deathMargin: number | null;
  /** Perception penalty on the locating roll when the sneaking character keeps still. */
  readonly sneakStillPenalty: number;
  /**
   * Medicine: what better circumstances (a clean, lit place, better tools) and more time (minutes
   * of treatment instead of one combat action) each add. The page grants both a bonus without a
   * number; default +2 each (README).
   */
  readonly medicineCircumstances: number;
  readonly medicineTime: number;
}

/** The book's numbers (checked: a test holds them to checkTwodiceOptions). */
export const DEFAULT_TWODICE_OPTIONS: Checked<TwodiceOptions> = checkedAs({
  dieSides: 20,
  rangeScale: [
    { meters: 5, step: 1 },
    { meters: 10, step: 2 },
    { meters: 15, step: 3 },
    { meters: 25, step: 4 },
    { meters: 40, step: 5 },
    { meters: 60, step: 6 },
    { meters: 100, step: 7 },
    { meters: 150, step: 8 },
    { meters: 250, step: 9 },
    { meters: 400, step: 10 },
    { meters: 600, step: 11 },
    { meters: 1000, step: 12 },
  ],
  beyondRangePerStep: 2,
  beyondRangeMaxPenalty: 10,
  beyondRangeMaxSteps: 5,
  movingTarget: 0,
  aimBonus: 2,
  rollWithIt: 2,
  woundCircles: 25,
  unawareDefense: 0,
  autoThreshold: { min: 5, max: 19 },
  bleedSlowly: { every: 1, unit: "hour" },
  bleedBadly: { every: 1, unit: "minute" },
  deathMargin: 5,
  sneakStillPenalty: 5,
  medicineCircumstances: 2,
  medicineTime: 2,
});

/** The defaults with some values changed. */
export function withTwodiceOptions(
  overrides: OptionOverrides<TwodiceOptions> = {},
): TwodiceOptions {
  return mergeOptions(DEFAULT_TWODICE_OPTIONS, overrides);
}

const BLEED_UNITS: readonly BleedInterval["unit"][] = ["minute", "hour"];

/** Options already checked (they are immutable data, so once is enough). */
const checkedCache = new WeakMap<TwodiceOptions, TwodiceCheckRefusal | null>();

/**
 * Checks a GM's options by name (from world settings): whole dice of 2 to MAX_DIE_SIDES faces,
 * steps and circles within their bounds, finite modifiers, a range scale whose steps never go down
 * as the distance grows. Every odds and attack entry point runs it (once per options object).
 */
export function checkTwodiceOptions(options: TwodiceOptions): TwodiceCheckRefusal | undefined {
  let verdict = checkedCache.get(options);
  if (verdict === undefined) {
    verdict = checkOptionValues(options) ?? null;
    checkedCache.set(options, verdict);
  }
  return verdict ?? undefined;
}

/** The options, branded as checked, or the first refusal. */
export function checkedTwodiceOptions(
  options: TwodiceOptions,
): Result<Checked<TwodiceOptions>, TwodiceCheckReason> {
  return checkTwodiceOptions(options) ?? ok(checkedAs(options));
}

function checkOptionValues(options: TwodiceOptions): TwodiceCheckRefusal | undefined {
  const whole = (min: number, max = 1000) => ({ min, max, whole: true });
  const interval = (field: string, b: BleedInterval) =>
    checkNumber(`options.${field}.every`, b.every, { min: 0, max: 1e6 }) ??
    checkChoice(`options.${field}.unit`, b.unit, BLEED_UNITS);
  const sides = options.dieSides;
  let bad: NumberRefusal | TwodiceCheckRefusal | undefined =
    checkNumber("options.dieSides", sides, whole(2, MAX_DIE_SIDES)) ??
    checkNumber("options.beyondRangePerStep", options.beyondRangePerStep, whole(0)) ??
    checkNumber("options.beyondRangeMaxPenalty", options.beyondRangeMaxPenalty, whole(0)) ??
    checkNumber("options.beyondRangeMaxSteps", options.beyondRangeMaxSteps, whole(0)) ??
    checkNumber("options.movingTarget", options.movingTarget, whole(-1000)) ??
    checkNumber("options.aimBonus", options.aimBonus, whole(-1000)) ??
    checkNumber("options.rollWithIt", options.rollWithIt, whole(0)) ??
    checkNumber("options.woundCircles", options.woundCircles, whole(1, MAX_WOUND_CIRCLES)) ??
    checkNumber("options.unawareDefense", options.unawareDefense, whole(-1000)) ??
    checkNumber("options.autoThreshold.min", options.autoThreshold.min, whole(1, sides)) ??
    checkNumber(
      "options.autoThreshold.max",
      options.autoThreshold.max,
      whole(options.autoThreshold.min, sides),
    ) ??
    interval("bleedSlowly", options.bleedSlowly) ??
    interval("bleedBadly", options.bleedBadly) ??
    (options.deathMargin === null
      ? undefined
      : checkNumber("options.deathMargin", options.deathMargin, whole(0))) ??
    checkNumber("options.sneakStillPenalty", options.sneakStillPenalty, whole(-1000)) ??
    checkNumber("options.medicineCircumstances", options.medicineCircumstances, whole(-1000)) ??
    checkNumber("options.medicineTime", options.medicineTime, whole(-1000));
  let lastStep = 0;
  let lastMeters = 0;
  for (const [i, mark] of options.rangeScale.entries()) {
    bad ??=
      checkNumber(`options.rangeScale.${i}.meters`, mark.meters, {
        min: lastMeters,
        max: MAX_METERS,
      }) ?? checkNumber(`options.rangeScale.${i}.step`, mark.step, whole(lastStep));
    lastStep = mark.step;
    lastMeters = mark.meters;
  }
  return bad;
}
