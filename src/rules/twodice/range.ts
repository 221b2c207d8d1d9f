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
import type { NumberRefusalReason } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { DEFAULT_TWODICE_OPTIONS } from "./options.ts";
import type { TwodiceOptions } from "./options.ts";

/** The range step of a distance in meters: 0 below the first mark of the scale. */
export function stepForDistance(
  meters: number,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): number {
  let step = 0;
  for (const mark of options.rangeScale)
    if (meters >= mark.meters) step = Math.max(step, mark.step);
  return step;
}

/** `stepForDistance`, guarded: a distance must be a finite number of meters, 0 or more. */
export function rangeStep(
  meters: number,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): Result<number, NumberRefusalReason> {
  const bad = checkNumber("distance", meters, NUMBER_RULES.nonNegative);
  return bad ?? ok(stepForDistance(meters, options));
}

export type ReachRefusal = "outOfReach";

/**
 * The Attack penalty for shooting `step` with a weapon of Range `range` (0 within Range), or a
 * refusal when the target is more steps beyond Range than the weapon reaches.
 */
export function beyondRangePenalty(
  step: number,
  range: number,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): Result<number, ReachRefusal | NumberRefusalReason> {
  const bad =
    checkNumber("step", step, NUMBER_RULES.nonNegative) ??
    checkNumber("range", range, { ...NUMBER_RULES.nonNegative, max: 1000 });
  if (bad) return bad;
  return beyondRangePenaltyPrechecked(step, range, options);
}

/** {@link beyondRangePenalty} for a step and Range already checked (attackSetup's checks). */
export function beyondRangePenaltyPrechecked(
  step: number,
  range: number,
  options: TwodiceOptions,
): Result<number, ReachRefusal> {
  const over = Math.max(0, step - range);
  if (over > options.beyondRangeMaxSteps) {
    return refuse("outOfReach", { step, range, maxSteps: options.beyondRangeMaxSteps });
  }
  return ok(0 - Math.min(options.beyondRangeMaxPenalty, over * options.beyondRangePerStep));
}
