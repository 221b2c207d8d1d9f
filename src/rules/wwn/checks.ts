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
 * Each exported rule checks its numbers first (attribute modifiers, skill levels, modifiers,
 * totals, save targets, the options and every die face drawn) and refuses NaN, ±Infinity or an
 * out-of-range value by name. The `…Prechecked` rules are the same rules for callers that have
 * checked them already (the maneuvers, the attack, the surprise check).
 */
import type { DiceSource } from "../core/dice.ts";
import { cachedFormula, rollFormula } from "../core/formula.ts";
import { checkAllNumbers, checkedFaces, checkNumber, NUMBER_RULES } from "../core/guard.ts";
import type { NumberRefusal, NumberRefusalReason } from "../core/guard.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import type { Attribute, WwnCombatant } from "./model.ts";
import { DEFAULT_WWN_OPTIONS } from "./options.ts";
import type { WwnOptions } from "./options.ts";
import { checkWwnCheckUser, checkWwnOptions } from "./valid.ts";

/** Which attribute(s) and skill(s) a check may use; the best of each applies. */
export interface CheckSpec {
  readonly attributes: readonly Attribute[];
  readonly skills: readonly string[];
}

export type CheckUser = Pick<WwnCombatant, "attributes" | "skills">;

export interface CheckRoll {
  readonly faces: readonly number[];
  readonly attribute: number;
  readonly skill: number;
  readonly modifier: number;
  readonly total: number;
}

/** The boundary check of a check: who makes it, its modifier and the options. */
function badCheck(
  field: string,
  user: CheckUser,
  modifier: number,
  options: WwnOptions,
): NumberRefusal | undefined {
  return (
    checkWwnCheckUser(field, user) ??
    checkNumber(`${field}.modifier`, modifier, NUMBER_RULES.modifier) ??
    checkWwnOptions(options)
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

/** The best attribute modifier among those allowed (0 when none is listed). */
export function bestAttribute(
  user: CheckUser,
  attributes: readonly Attribute[],
): Result<number, NumberRefusalReason> {
  return checkWwnCheckUser("user", user) ?? ok(bestAttributePrechecked(user, attributes));
}

/** {@link bestAttribute} for numbers already checked. */
export function bestAttributePrechecked(user: CheckUser, attributes: readonly Attribute[]): number {
  if (attributes.length === 0) return 0;
  return Math.max(...attributes.map((a) => user.attributes[a] ?? 0));
}

/** A skill's level, or null when the user has not even level 0. */
export function skillLevel(
  user: CheckUser,
  skill: string,
): Result<number | null, NumberRefusalReason> {
  return checkWwnCheckUser("user", user) ?? ok(skillLevelPrechecked(user, skill));
}

/** {@link skillLevel} for numbers already checked. */
export function skillLevelPrechecked(user: CheckUser, skill: string): number | null {
  const level = user.skills[skill];
  return level === undefined || level < 0 ? null : level;
}

/** The skill term of a check: the best allowed skill, or the untrained value. */
export function checkSkill(
  user: CheckUser,
  skills: readonly string[],
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<number, NumberRefusalReason> {
  return badCheck("user", user, 0, options) ?? ok(skillTerm(user, skills, options));
}

function skillTerm(user: CheckUser, skills: readonly string[], options: WwnOptions): number {
  let best: number | null = null;
  for (const skill of skills) {
    const level = skillLevelPrechecked(user, skill);
    if (level !== null && (best === null || level > best)) best = level;
  }
  return best ?? options.untrainedSkill;
}

/** Everything a check adds to its dice. */
export function checkBonus(
  user: CheckUser,
  spec: CheckSpec,
  modifier = 0,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<number, NumberRefusalReason> {
  return (
    badCheck("user", user, modifier, options) ??
    ok(checkBonusPrechecked(user, spec, modifier, options))
  );
}

/** {@link checkBonus} for numbers already checked (the surprise check checks every member). */
export function checkBonusPrechecked(
  user: CheckUser,
  spec: CheckSpec,
  modifier: number,
  options: WwnOptions,
): number {
  return (
    bestAttributePrechecked(user, spec.attributes) +
    skillTerm(user, spec.skills, options) +
    modifier
  );
}

/** Rolls a skill check. */
export function rollCheck(
  user: CheckUser,
  spec: CheckSpec,
  dice: DiceSource,
  modifier = 0,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<CheckRoll, NumberRefusalReason> {
  return (
    badCheck("user", user, modifier, options) ??
    withCheckedFaces(dice, (d) => rollCheckPrechecked(user, spec, d, modifier, options))
  );
}

/** {@link rollCheck} for numbers already checked (the maneuvers and the surprise check). */
export function rollCheckPrechecked(
  user: CheckUser,
  spec: CheckSpec,
  dice: DiceSource,
  modifier: number,
  options: WwnOptions,
): CheckRoll {
  const formula = cachedFormula(options.skillCheckDice) ?? cachedFormula("2d6");
  if (formula === null) throw new Error("2d6 must parse");
  const { total, faces } = rollFormula(formula, dice);
  const attribute = bestAttributePrechecked(user, spec.attributes);
  const skill = skillTerm(user, spec.skills, options);
  return { faces, attribute, skill, modifier, total: total + attribute + skill + modifier };
}

/** Whether the actor beats the defender's total (ties per options.opposedTie). */
export function actorWins(
  actorTotal: number,
  defenderTotal: number,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<boolean, NumberRefusalReason> {
  return (
    checkNumber("actorTotal", actorTotal, NUMBER_RULES.modifier) ??
    checkNumber("defenderTotal", defenderTotal, NUMBER_RULES.modifier) ??
    checkWwnOptions(options) ??
    ok(actorWinsPrechecked(actorTotal, defenderTotal, options))
  );
}

/** {@link actorWins} for totals already checked. */
export function actorWinsPrechecked(
  actorTotal: number,
  defenderTotal: number,
  options: WwnOptions,
): boolean {
  if (actorTotal === defenderTotal) return options.opposedTie === "actor";
  return actorTotal > defenderTotal;
}

export interface OpposedOutcome {
  readonly actor: CheckRoll;
  readonly defender: CheckRoll;
  readonly actorWins: boolean;
}

/** One side of an opposed check. */
export interface OpposedSide {
  readonly user: CheckUser;
  readonly spec: CheckSpec;
  readonly modifier?: number;
}

/** An opposed check: the actor's dice are drawn first, then the defender's. */
export function opposedCheck(
  actor: OpposedSide,
  defender: OpposedSide,
  dice: DiceSource,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<OpposedOutcome, NumberRefusalReason> {
  return (
    badCheck("actor", actor.user, actor.modifier ?? 0, options) ??
    badCheck("defender", defender.user, defender.modifier ?? 0, options) ??
    withCheckedFaces(dice, (d) => opposedCheckPrechecked(actor, defender, d, options))
  );
}

/** {@link opposedCheck} for numbers already checked (shove, grapple, shatter, moving a captive). */
export function opposedCheckPrechecked(
  actor: OpposedSide,
  defender: OpposedSide,
  dice: DiceSource,
  options: WwnOptions,
): OpposedOutcome {
  const a = rollCheckPrechecked(actor.user, actor.spec, dice, actor.modifier ?? 0, options);
  const d = rollCheckPrechecked(
    defender.user,
    defender.spec,
    dice,
    defender.modifier ?? 0,
    options,
  );
  return { actor: a, defender: d, actorWins: actorWinsPrechecked(a.total, d.total, options) };
}

export type SaveKind = "physical" | "evasion" | "mental";

export interface SaveRoll {
  readonly kind: SaveKind;
  readonly natural: number;
  readonly modifier: number;
  readonly target: number;
  readonly success: boolean;
}

/** A saving throw: d20 + modifier (a penalty is negative) at or above the actor's save target. */
export function rollSave(
  actor: Pick<WwnCombatant, "saves">,
  kind: SaveKind,
  dice: DiceSource,
  modifier = 0,
): Result<SaveRoll, NumberRefusalReason> {
  return (
    checkAllNumbers("actor.saves", actor.saves, NUMBER_RULES.modifier) ??
    checkNumber("modifier", modifier, NUMBER_RULES.modifier) ??
    withCheckedFaces(dice, (d) => rollSavePrechecked(actor, kind, d, modifier))
  );
}

/** {@link rollSave} for numbers already checked (the Execution Attack). */
export function rollSavePrechecked(
  actor: Pick<WwnCombatant, "saves">,
  kind: SaveKind,
  dice: DiceSource,
  modifier: number,
): SaveRoll {
  const natural = dice.roll(20);
  const target = actor.saves[kind];
  return { kind, natural, modifier, target, success: natural + modifier >= target };
}
