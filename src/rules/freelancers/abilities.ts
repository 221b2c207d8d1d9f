/**
 * Abilities that recharge: using one spends its charge; at each Upkeep every spent ability with a
 * recharge number rolls a d10 (options.rechargeDie) and recharges on that number or better.
 * An ability without a recharge number never recharges by a roll.
 */
import type { DiceSource } from "../core/dice.ts";
import { checkNumber } from "../core/guard.ts";
import type { NumberRefusal } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { checkOptions, drawDie } from "./checks.ts";
import type { FreelancersAbility } from "./model.ts";
import { DEFAULT_FREELANCERS_OPTIONS } from "./options.ts";
import type { FreelancersOptions } from "./options.ts";

export interface RechargeRoll {
  readonly abilityId: string;
  readonly face: number;
  readonly needed: number;
  readonly recharged: boolean;
}

export function checkAbility(ability: FreelancersAbility): NumberRefusal | undefined {
  return ability.recharge === null
    ? undefined
    : checkNumber(`abilities.${ability.id}.recharge`, ability.recharge, { whole: true });
}

/** Spends an ability's charge. */
export function useAbility(ability: FreelancersAbility): Result<FreelancersAbility, "notCharged"> {
  return ability.charged ? ok({ ...ability, charged: false }) : refuse("notCharged");
}

/** Whether the Upkeep rolls for this ability. */
export function needsRecharge(ability: FreelancersAbility): boolean {
  return !ability.charged && ability.recharge !== null;
}

/** The recharge roll for one spent ability (one die drawn). */
export function rechargeRoll(
  ability: FreelancersAbility,
  dice: DiceSource,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): Result<
  { readonly ability: FreelancersAbility; readonly roll: RechargeRoll },
  NumberRefusal["reason"] | "noRecharge"
> {
  const refusal = checkOptions(options) ?? checkAbility(ability);
  if (refusal) return refusal;
  if (!needsRecharge(ability) || ability.recharge === null) return refuse("noRecharge");
  return rechargeUnchecked(ability, ability.recharge, dice, options);
}

/** rechargeRoll for an ability already checked by the caller. */
export function rechargeUnchecked(
  ability: FreelancersAbility,
  needed: number,
  dice: DiceSource,
  options: FreelancersOptions,
): Result<
  { readonly ability: FreelancersAbility; readonly roll: RechargeRoll },
  NumberRefusal["reason"]
> {
  const face = drawDie(dice, options.rechargeDie, `abilities.${ability.id}.recharge`);
  if (!face.ok) return face;
  const recharged = face.value >= needed;
  return ok({
    ability: recharged ? { ...ability, charged: true } : ability,
    roll: { abilityId: ability.id, face: face.value, needed, recharged },
  });
}

/** The exact chance a recharge roll succeeds on `needed` or better. */
export function rechargeChance(
  needed: number,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): Result<number, NumberRefusal["reason"]> {
  const refusal = checkOptions(options) ?? checkNumber("needed", needed, { whole: true });
  if (refusal) return refusal;
  const sides = options.rechargeDie;
  return ok(Math.min(1, Math.max(0, (sides - Math.max(1, needed) + 1) / sides)));
}
