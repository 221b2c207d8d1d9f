/**
 * Abilities that recharge: using one spends its charge; at each Upkeep every spent ability with a
 * recharge number rolls a d10 (options.rechargeDie) and recharges on that number or better.
 * An ability without a recharge number never recharges by a roll.
 */
import { checkedAs } from "../core/checked.ts";
import type { Checked } from "../core/checked.ts";
import type { DiceSource } from "../core/dice.ts";
import { checkDieFace, checkNumber } from "../core/guard.ts";
import type { NumberRefusal, NumberRefusalReason } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { checkOptions } from "./checks.ts";
import { checkAbility } from "./guard.ts";
import type { FlCheckReason } from "./guard.ts";
import type { FreelancersAbility, FreelancersActor } from "./model.ts";
import { DEFAULT_FREELANCERS_OPTIONS } from "./options.ts";
import type { FreelancersOptions } from "./options.ts";

export interface RechargeRoll {
  readonly abilityId: string;
  readonly face: number;
  readonly needed: number;
  readonly recharged: boolean;
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
  FlCheckReason | "noRecharge"
> {
  const refusal = checkOptions(options) ?? checkAbility(ability);
  if (refusal) return refusal;
  if (!needsRecharge(ability)) return refuse("noRecharge");
  return rollRecharge(checkedAs(ability), dice, checkedAs(options));
}

/**
 * The rule behind {@link rechargeRoll}, for an ability its check passed (checkAbility, or its
 * owner's check: see {@link abilitiesOf}) and spent: one recharge die; a face the source should not
 * have handed out is refused by name.
 */
export function rollRecharge(
  ability: Checked<FreelancersAbility>,
  dice: DiceSource,
  options: Checked<FreelancersOptions>,
): Result<
  { readonly ability: Checked<FreelancersAbility>; readonly roll: RechargeRoll },
  NumberRefusalReason
> {
  const needed = ability.recharge ?? options.rechargeDie + 1;
  const face = dice.roll(options.rechargeDie);
  if (!(Number.isInteger(face) && face >= 1 && face <= options.rechargeDie)) {
    return checkDieFace(
      `abilities.${ability.id}.recharge`,
      face,
      options.rechargeDie,
    ) as NumberRefusal;
  }
  const recharged = face >= needed;
  return ok({
    ability: recharged ? checkedAs({ ...ability, charged: true }) : ability,
    roll: { abilityId: ability.id, face, needed, recharged },
  });
}

/** The abilities of a checked actor: its check checked each of them. */
export function abilitiesOf(
  actor: Checked<FreelancersActor>,
): readonly Checked<FreelancersAbility>[] {
  return actor.abilities as readonly Checked<FreelancersAbility>[];
}

/** The exact chance a recharge roll succeeds on `needed` or better. */
export function rechargeChance(
  needed: number,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): Result<number, FlCheckReason> {
  const refusal =
    checkOptions(options) ?? checkNumber("needed", needed, { whole: true, min: -1e6, max: 1e6 });
  if (refusal) return refusal;
  const sides = options.rechargeDie;
  return ok(Math.min(1, Math.max(0, (sides - Math.max(1, needed) + 1) / sides)));
}
