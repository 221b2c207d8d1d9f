/**
 * Range: distances become steps of the range scale; a ranged hit needs a success above the step.
 * Beyond the weapon's Range each extra step costs Attack, up to a cap, and past a few steps the
 * weapon does not reach at all.
 *
 * Where the page is silent: a distance between two marks of the scale takes the lower mark's step
 * (the scale's marks are thresholds, like the 5 m below which every success hits), and a weapon's
 * Range is a step of that same scale.
 */
import { checkNumber, NUMBER_RULES } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { DEFAULT_TWODICE_OPTIONS, MAX_METERS, checkTwodiceOptions } from "./options.ts";
import type { RangeMark, TwodiceCheckReason, TwodiceOptions } from "./options.ts";

/** The range step of a distance in meters: 0 below the first mark of the scale. */
export function stepForDistance(
  meters: number,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): number {
  let step = 0;
  const scale = options.rangeScale;
  for (let i = 0; i < scale.length; i++) {
    const mark = scale[i] as RangeMark;
    if (meters >= mark.meters) step = Math.max(step, mark.step);
  }
  return step;
}

/** `stepForDistance`, guarded: a distance must be a finite number of meters, 0 or more. */
export function rangeStep(
  meters: number,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): Result<number, TwodiceCheckReason> {
  const bad =
    checkTwodiceOptions(options) ?? checkNumber("distance", meters, { min: 0, max: MAX_METERS });
  return bad ?? ok(stepForDistance(meters, options));
}

export type ReachRefusal = "outOfReach";

/** Within Range: no penalty (one shared answer, read-only data; every shot within Range asks). */
const NO_PENALTY: Result<number, never> = ok(0);

/**
 * The Attack penalty for shooting `step` with a weapon of Range `range` (0 within Range), or a
 * refusal when the target is more steps beyond Range than the weapon reaches.
 */
export function beyondRangePenalty(
  step: number,
  range: number,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): Result<number, ReachRefusal | TwodiceCheckReason> {
  const badOptions = checkTwodiceOptions(options);
  if (badOptions) return badOptions;
  // Plain comparisons first: every ranged attack asks, and a passing check builds nothing.
  if (!(step >= 0 && step <= 1000 && range >= 0 && range <= 1000)) {
    const bad =
      checkNumber("step", step, { ...NUMBER_RULES.nonNegative, max: 1000 }) ??
      checkNumber("range", range, { ...NUMBER_RULES.nonNegative, max: 1000 });
    if (bad) return bad;
  }
  const over = Math.max(0, step - range);
  if (over > options.beyondRangeMaxSteps) {
    return refuse("outOfReach", { step, range, maxSteps: options.beyondRangeMaxSteps });
  }
  if (over === 0) return NO_PENALTY;
  return ok(0 - Math.min(options.beyondRangeMaxPenalty, over * options.beyondRangePerStep));
}
