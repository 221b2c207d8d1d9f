/**
 * Skill checks, opposed checks and saving throws, as the combat maneuvers use them.
 *
 * A skill check rolls options.skillCheckDice (2d6) + the skill level (untrained: options.
 * untrainedSkill) + the attribute modifier + situational modifiers. When a check allows a choice
 * ("Str/Punch or Str/Exert"), the best attribute and the best skill are taken.
 *
 * An opposed check: both roll, the higher total wins. Where the chapter is silent (equal totals),
 * the one trying to change things (the actor) fails: the status quo holds (options.opposedTie).
 *
 * A saving throw: a d20 + modifiers at or above the save target succeeds.
 *
 * The input check of a side (checkedSide, checkedCheckUser) refuses a bad number (attribute
 * modifiers, skill levels, the modifier), an attribute outside the list and a name every object
 * answers to; the rules here take what it accepts as checked input, and refuse a die face off its
 * die by name. A lookup by name finds only the user's own entries.
 */
import type { Checked } from "../core/checked.ts";
import { checkedAs } from "../core/checked.ts";
import type { DiceSource } from "../core/dice.ts";
import { checkedFaces, checkNumber, NUMBER_RULES } from "../core/guard.ts";
import type { NumberRefusalReason } from "../core/guard.ts";
import { checkChoice, checkName, isBuiltInName } from "../core/names.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import {
  bestAttributeOf,
  opposedCheckOf,
  rollCheckOf,
  rollSaveOf,
  SAVE_KINDS,
  skillLevelOf,
  skillTerm,
} from "./internal.ts";
import type {
  CheckRoll,
  CheckSpec,
  CheckUser,
  OpposedOutcome,
  OpposedSide,
  SaveKind,
  SaveRoll,
} from "./internal.ts";
import { ATTRIBUTES } from "./model.ts";
import type { Attribute, WwnCombatant } from "./model.ts";
import { DEFAULT_WWN_OPTIONS } from "./options.ts";
import type { WwnOptions } from "./options.ts";
import { CHECKED_WWN_DEFAULTS, checkWwnCheckUser, checkWwnOptions } from "./valid.ts";
import type { InputRefusal, InputRefusalReason } from "./valid.ts";

export type {
  CheckRoll,
  CheckSpec,
  CheckUser,
  OpposedOutcome,
  OpposedSide,
  SaveKind,
  SaveRoll,
} from "./internal.ts";

/** A check's spec: its attributes from the list, its skills names. */
function checkSpec(field: string, spec: CheckSpec): InputRefusal | undefined {
  for (const [i, attribute] of spec.attributes.entries()) {
    const bad = checkChoice(`${field}.attributes.${String(i)}`, attribute, ATTRIBUTES);
    if (bad) return bad;
  }
  for (const [i, skill] of spec.skills.entries()) {
    const bad = checkName(`${field}.skills.${String(i)}`, skill);
    if (bad) return bad;
  }
  return undefined;
}

/** The input check of whoever makes a check, handed back as checked input. */
export function checkedCheckUser(
  field: string,
  user: CheckUser,
): Result<Checked<CheckUser>, InputRefusalReason> {
  return checkWwnCheckUser(field, user) ?? ok(checkedAs(user));
}

/** The input check of one side of a check: the user, the spec and the modifier. */
export function checkedSide(
  field: string,
  side: OpposedSide,
): Result<Checked<OpposedSide>, InputRefusalReason> {
  return (
    checkWwnCheckUser(`${field}.user`, side.user) ??
    checkSpec(`${field}.spec`, side.spec) ??
    checkNumber(`${field}.modifier`, side.modifier ?? 0, NUMBER_RULES.modifier) ??
    ok(checkedAs(side))
  );
}

/** The input check of whoever makes a save: its save targets modifiers, handed back as checked. */
export function checkedSaveUser(
  field: string,
  actor: Pick<WwnCombatant, "saves">,
): Result<Checked<Pick<WwnCombatant, "saves">>, InputRefusalReason> {
  const saves = actor.saves;
  return (
    checkNumber(`${field}.saves.physical`, saves.physical, NUMBER_RULES.modifier) ??
    checkNumber(`${field}.saves.evasion`, saves.evasion, NUMBER_RULES.modifier) ??
    checkNumber(`${field}.saves.mental`, saves.mental, NUMBER_RULES.modifier) ??
    ok(checkedAs(actor))
  );
}

/** Runs `roll` on dice whose faces are checked: a face its die lacks is refused by name. */
function withCheckedFaces<T>(
  dice: DiceSource,
  roll: (dice: DiceSource) => T,
): Result<T, NumberRefusalReason> {
  const checked = checkedFaces(dice);
  const value = roll(checked);
  return checked.refusal ?? ok(value);
}

/**
 * The best attribute modifier among those allowed (0 when none is listed), for a user its check
 * accepted. An attribute the user has no entry for, or that is none of the list, counts 0.
 */
export function bestAttribute(user: Checked<CheckUser>, attributes: readonly Attribute[]): number {
  return bestAttributeOf(
    user,
    attributes.map((a) => (ATTRIBUTES.includes(a) ? a : NO_ATTRIBUTE)),
  );
}

/** No attribute: the user's table has no entry for it, and it is no built-in name either. */
const NO_ATTRIBUTE = "none" as Attribute;

/**
 * A skill's level, or null when the user has not even level 0, for a user its check accepted. A
 * built-in name ("toString") is no skill of anyone's: null.
 */
export function skillLevel(user: Checked<CheckUser>, skill: string): number | null {
  return isBuiltInName(skill) ? null : skillLevelOf(user, skill);
}

/** The skill term of a check: the best allowed skill, or the untrained value. */
export function checkSkill(
  user: CheckUser,
  skills: readonly string[],
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<number, InputRefusalReason> {
  return (
    checkWwnCheckUser("user", user) ??
    checkWwnOptions(options) ??
    ok(skillTerm(user, skills, options))
  );
}

/** Everything a check adds to its dice, for a side its check accepted (the surprise check's). */
export function checkBonus(
  side: Checked<OpposedSide>,
  options: Checked<WwnOptions> = CHECKED_WWN_DEFAULTS,
): number {
  return (
    bestAttributeOf(side.user, side.spec.attributes) +
    skillTerm(side.user, side.spec.skills, options) +
    (side.modifier ?? 0)
  );
}

/** Rolls a skill check for a side its check accepted. */
export function rollCheck(
  side: Checked<OpposedSide>,
  dice: DiceSource,
  options: Checked<WwnOptions> = CHECKED_WWN_DEFAULTS,
): Result<CheckRoll, NumberRefusalReason> {
  return withCheckedFaces(dice, (d) => rollCheckOf(side, d, options));
}

/** An opposed check, for sides their checks accepted: the actor's dice first, then the defender's. */
export function opposedCheck(
  actor: Checked<OpposedSide>,
  defender: Checked<OpposedSide>,
  dice: DiceSource,
  options: Checked<WwnOptions> = CHECKED_WWN_DEFAULTS,
): Result<OpposedOutcome, NumberRefusalReason> {
  return withCheckedFaces(dice, (d) => opposedCheckOf(actor, defender, d, options));
}

/**
 * A saving throw: d20 + modifier (a penalty is negative) at or above the save target, for an
 * actor its check accepted. The kind and the modifier are checked here.
 */
export function rollSave(
  actor: Checked<Pick<WwnCombatant, "saves">>,
  kind: SaveKind,
  dice: DiceSource,
  modifier = 0,
): Result<SaveRoll, InputRefusalReason> {
  return (
    checkChoice("kind", kind, SAVE_KINDS) ??
    checkNumber("modifier", modifier, NUMBER_RULES.modifier) ??
    withCheckedFaces(dice, (d) => rollSaveOf(actor, kind, d, modifier))
  );
}
