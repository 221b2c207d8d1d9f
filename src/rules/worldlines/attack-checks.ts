/**
 * Whether a Worldlines attack may be made, and what its rolls add: the attack's input check (the
 * combatants, the weapon, the situation: `checkAttackInput`, which hands the input back as checked
 * input for resolveAttack), who may attack whom for what Energy, whether the defender may evade,
 * critical and headshot ranges, critical damage and every modifier of the attack and Evasion rolls.
 */
import type { Checked } from "../core/checked.ts";
import { checkedAs } from "../core/checked.ts";
import { cachedFormula } from "../core/formula.ts";
import type { Formula } from "../core/formula.ts";
import { checkAllNumbers, checkNumber, NUMBER_RULES } from "../core/guard.ts";
import { checkChoice } from "../core/names.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import {
  attackModifierList,
  attackRule,
  critDamageOf,
  critFaceOf,
  evasionModifierList,
  evasionRefusal,
  extraEvasionRefusal,
  headshotFaceOf,
} from "./attack-rules.ts";
import type {
  AttackInput,
  AttackRefusal,
  AttackSituation,
  EvasionRefusal,
  Modifier,
} from "./attack-types.ts";
import { COVERS, RANGE_BANDS, ZONES } from "./model.ts";

export { allowsNonLethal } from "./attack-rules.ts";
import type { WorldlinesCombatant, WorldlinesWeapon } from "./model.ts";
import { DEFAULT_OPTIONS } from "./options.ts";
import type { WorldlinesOptions } from "./options.ts";
import { checkCombatant, checkOptions, checkWeapon } from "./valid.ts";
import type { InputRefusal, InputRefusalReason } from "./valid.ts";

/** Parses a damage formula once (pure: the same text always parses the same); null if refused. */
export function damageFormula(source: string): Formula | null {
  return cachedFormula(source);
}

/**
 * Critical damage: the formula's maximum times the multiplier (1d6+1 → 7 × 2 = 14). Refused when
 * the formula or the options carry a bad number.
 */
export function criticalDamage(
  formula: Formula,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<number, InputRefusalReason> {
  const bad = checkAllNumbers("formula", formula) ?? checkOptions(options);
  if (bad) return bad;
  const damage = critDamageOf(formula, options);
  return checkNumber("formula.max", damage) ?? ok(damage);
}

/**
 * Lowest natural Combat-die face that crits for this attacker and weapon, or null for never.
 * Refused when the attacker, the weapon or the options carry a bad number.
 */
export function critThreshold(
  attacker: WorldlinesCombatant,
  weapon: WorldlinesWeapon,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<number | null, InputRefusalReason> {
  return checkWielder(attacker, weapon, options) ?? ok(critFaceOf(attacker, weapon, options));
}

/** The numbers a threshold reads: the attacker, its weapon and the options. */
function checkWielder(
  attacker: WorldlinesCombatant,
  weapon: WorldlinesWeapon,
  options: WorldlinesOptions,
): InputRefusal | undefined {
  return (
    checkCombatant("attacker", attacker) ?? checkWeapon("weapon", weapon) ?? checkOptions(options)
  );
}

/** Lowest d20 face that counts as a headshot for this attacker and weapon (refused as above). */
export function headshotThreshold(
  attacker: WorldlinesCombatant,
  weapon: WorldlinesWeapon,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<number, InputRefusalReason> {
  return checkWielder(attacker, weapon, options) ?? ok(headshotFaceOf(attacker, weapon, options));
}

/**
 * Every modifier to the attack roll, in the order they are listed to players. Refused when the
 * attack carries a bad number (as resolveAttack would refuse it).
 */
export function attackModifiers(
  input: AttackInput,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<Modifier[], InputRefusalReason> {
  return checkAttackNumbers(input, options) ?? ok(attackModifierList(input, options));
}

/** Every modifier to the defender's Evasion roll against this attack (refused as above). */
export function evasionModifiers(
  input: AttackInput,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<Modifier[], InputRefusalReason> {
  return checkAttackNumbers(input, options) ?? ok(evasionModifierList(input, options));
}

/** Whether the attack may be made, its Energy cost and parsed damage. Changes nothing. */
export function checkAttack(
  input: AttackInput,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<{ cost: number; formula: Formula }, AttackRefusal> {
  return checkAttackNumbers(input, options) ?? attackRule(input, options);
}

/**
 * The situation of an attack: its numbers modifiers (an Energy cost a count), its zone, range and
 * cover from their lists.
 */
export function checkSituation(field: string, s: AttackSituation): InputRefusal | undefined {
  return (
    checkAllNumbers(field, s, NUMBER_RULES.modifier) ??
    (s.energyCost === undefined
      ? undefined
      : checkNumber([field, "energyCost"], s.energyCost, NUMBER_RULES.count)) ??
    (s.zone === undefined ? undefined : checkChoice([field, "zone"], s.zone, ZONES)) ??
    (s.range === undefined ? undefined : checkChoice([field, "range"], s.range, RANGE_BANDS)) ??
    (s.cover === undefined ? undefined : checkChoice([field, "cover"], s.cover, COVERS))
  );
}

/** The input check of an attack: both combatants, the weapon and the situation. */
function checkInput(input: AttackInput): InputRefusal | undefined {
  return (
    checkCombatant("attacker", input.attacker) ??
    checkCombatant("defender", input.defender) ??
    checkWeapon("weapon", input.weapon) ??
    checkSituation("situation", input.situation ?? {})
  );
}

/** The input check and the options': what every attack entry point checks first. */
function checkAttackNumbers(
  input: AttackInput,
  options: WorldlinesOptions,
): InputRefusal | undefined {
  return checkInput(input) ?? checkOptions(options);
}

/**
 * The attack's input check: both combatants, the weapon and the situation, handed back as checked
 * input for resolveAttack (the options are checked apart: checkedOptions).
 */
export function checkAttackInput(
  input: AttackInput,
): Result<Checked<AttackInput>, InputRefusalReason> {
  return checkInput(input) ?? ok(checkedAs(input));
}

/** The weapon's and the situation's checks, each handed back as checked input. */
export function checkedArms(
  field: string,
  weapon: WorldlinesWeapon,
  situation: AttackSituation,
): Result<
  { weapon: Checked<WorldlinesWeapon>; situation: Checked<AttackSituation> },
  InputRefusalReason
> {
  const bad =
    checkWeapon(`${field}.weapon`, weapon) ?? checkSituation(`${field}.situation`, situation);
  return bad ?? ok({ weapon: checkedAs(weapon), situation: checkedAs(situation) });
}

/** Whether the defender may roll Evasion (costs.evade Energy) against this attack. */
export function checkEvasion(
  defender: WorldlinesCombatant,
  critical: boolean,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<{ cost: number }, EvasionRefusal> {
  return (
    checkCombatant("defender", defender) ??
    checkOptions(options) ??
    evasionRefusal(defender, critical, options) ??
    ok({ cost: options.costs.evade })
  );
}

/** Whether the defender may interrupt for an extra Evasion right now. */
export function checkExtraEvasion(
  defender: WorldlinesCombatant,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<{ cost: number }, EvasionRefusal> {
  return (
    checkCombatant("defender", defender) ??
    checkOptions(options) ??
    extraEvasionRefusal(defender, options) ??
    ok({ cost: options.costs.extraEvasion })
  );
}
