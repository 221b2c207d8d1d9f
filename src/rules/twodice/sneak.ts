/**
 * Sneaking, and a plain check. A sneaking character moves no faster than the distance to the
 * nearest observer it knows of. The observer rolls Perception less the sneaker's Stealth; a
 * result above the distance's range step sees some movement (the result says how far out it was
 * seen) and allows a second Perception roll, harder if the sneaker keeps still; a success on that
 * one finds the sneaker. Sneaking closer counts the shortest distance it means to reach.
 *
 * Where the page is silent: the distance is compared as a step of the range scale, like a ranged
 * hit, since a die result is never more than 20; the locating roll is plain Perception (Stealth
 * is not taken off twice).
 */
import { checkNumber } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { SHEET_MODIFIER, SHEET_NUMBER } from "./model.ts";
import { DEFAULT_TWODICE_OPTIONS, MAX_METERS, checkTwodiceOptions } from "./options.ts";
import type { TwodiceCheckReason, TwodiceOptions } from "./options.ts";
import { stepForDistance } from "./range.ts";
import { checkDice, readCheck } from "./roll.ts";
import type { CheckRoll, TwoDice } from "./roll.ts";

/** A check of two dice against a value (a trait plus the GM's modifiers). */
export function rollCheck(
  value: number,
  dice: TwoDice,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): Result<CheckRoll, TwodiceCheckReason> {
  const bad =
    checkTwodiceOptions(options) ??
    checkNumber("value", value, SHEET_MODIFIER) ??
    checkDice(dice, options.dieSides);
  return bad ?? ok(readCheck(dice, value));
}

export interface SneakInput {
  readonly perception: number;
  readonly stealth: number;
  /** The (shortest intended) distance between observer and sneaker, in meters. */
  readonly distance: number;
  /** How far the sneaker moves this time, in meters (0: keeps still). */
  readonly moved: number;
  readonly dice: TwoDice;
  /** The second roll, when the first saw movement. */
  readonly locateDice?: TwoDice;
}

export interface SneakOutcome {
  readonly spot: CheckRoll;
  readonly step: number;
  /** The observer saw some movement. */
  readonly noticed: boolean;
  readonly locate: CheckRoll | null;
  /** The observer found the sneaker. */
  readonly located: boolean;
}

export type SneakRefusal = TwodiceCheckReason | "tooFast" | "locateRollNeeded";

export function resolveSneak(
  input: SneakInput,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): Result<SneakOutcome, SneakRefusal> {
  const meters = { min: 0, max: MAX_METERS };
  const bad =
    checkTwodiceOptions(options) ??
    checkNumber("perception", input.perception, SHEET_NUMBER) ??
    checkNumber("stealth", input.stealth, SHEET_NUMBER) ??
    checkNumber("distance", input.distance, meters) ??
    checkNumber("moved", input.moved, meters) ??
    checkDice(input.dice, options.dieSides) ??
    (input.locateDice === undefined
      ? undefined
      : checkDice(input.locateDice, options.dieSides, "locateDice"));
  if (bad) return bad;
  if (input.moved > input.distance) {
    return refuse("tooFast", { moved: input.moved, distance: input.distance });
  }
  const step = stepForDistance(input.distance, options);
  const spot = readCheck(input.dice, input.perception - input.stealth);
  const noticed = spot.success && spot.result > step;
  if (!noticed) return ok({ spot, step, noticed, locate: null, located: false });
  if (input.locateDice === undefined) return refuse("locateRollNeeded");
  const still = input.moved === 0 ? options.sneakStillPenalty : 0;
  const locate = readCheck(input.locateDice, input.perception - still);
  return ok({ spot, step, noticed, locate, located: locate.success });
}
