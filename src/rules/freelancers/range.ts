/**
 * Whether a target can be attacked from where it stands, and what the distance does to the roll.
 *
 * Melee: the target must be within the weapon's reach, or it cannot be attacked.
 * Ranged: within the nominal range the attack is normal; past it, up to the maximum, unfavorable;
 * past the maximum it can still be made: it is no longer called unfavorable, and a penalty is
 * added to the attacker's die for every 3 m (options.range) beyond the maximum.
 *
 * Where the book is silent (options.range): a part of 3 m counts as a whole step (1 m beyond is
 * +3). A GM who wants a shot beyond the maximum to stay unfavorable as well turns on
 * options.range.beyondMaxUnfavorable (off by default, the README's corrected decision).
 */
import { checkNumber } from "../core/guard.ts";
import { checkChoice } from "../core/names.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { checkOptions } from "./checks.ts";
import type { FlCheckReason } from "./guard.ts";
import { FL_LIMITS, FL_MAX_DISTANCE } from "./limits.ts";
import { FL_WEAPON_KINDS } from "./model.ts";
import type { FreelancersWeapon } from "./model.ts";
import { DEFAULT_FREELANCERS_OPTIONS } from "./options.ts";
import type { FreelancersOptions } from "./options.ts";

export type RangeBand = "reach" | "nominal" | "long" | "beyond";

export interface RangeEffect {
  readonly band: RangeBand;
  /** Unfavorables the distance adds to the attack. */
  readonly unfavorable: number;
  /** Added to the attacker's die. */
  readonly dieModifier: number;
}

export type RangeRefusal = FlCheckReason | "outOfReach" | "noRange" | "noReach";

/** The effect of attacking at `distance` meters with `weapon`. */
export function rangeEffect(
  weapon: Pick<FreelancersWeapon, "kind" | "reach" | "range">,
  distance: number,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): Result<RangeEffect, RangeRefusal> {
  const bad =
    checkOptions(options) ??
    checkNumber("distance", distance, { min: 0, max: FL_MAX_DISTANCE }) ??
    checkChoice("weapon.kind", weapon.kind, FL_WEAPON_KINDS);
  if (bad) return bad;
  const meters = { min: 0, max: FL_LIMITS.meters };
  if (weapon.kind === "melee") {
    if (weapon.reach === undefined) return refuse("noReach");
    const badReach = checkNumber("weapon.reach", weapon.reach, meters);
    if (badReach) return badReach;
    if (distance > weapon.reach) {
      return refuse("outOfReach", { distance, reach: weapon.reach });
    }
    return ok({ band: "reach", unfavorable: 0, dieModifier: 0 });
  }
  if (weapon.range === undefined) return refuse("noRange");
  const { nominal, max } = weapon.range;
  const badRange =
    checkNumber("weapon.range.nominal", nominal, meters) ??
    checkNumber("weapon.range.max", max, { min: nominal, max: FL_LIMITS.meters });
  if (badRange) return badRange;
  if (distance <= nominal) return ok({ band: "nominal", unfavorable: 0, dieModifier: 0 });
  if (distance <= max) return ok({ band: "long", unfavorable: 1, dieModifier: 0 });
  const steps = Math.ceil((distance - max) / options.range.stepMeters);
  const dieModifier = options.range.penalty === 0 ? 0 : steps * options.range.penalty;
  // A distance so far that the penalty is no longer a number is refused, not rolled.
  const tooFar = checkNumber("range.dieModifier", dieModifier);
  if (tooFar) return tooFar;
  return ok({
    band: "beyond",
    unfavorable: options.range.beyondMaxUnfavorable ? 1 : 0,
    dieModifier,
  });
}
