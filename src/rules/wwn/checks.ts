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
 */
import type { DiceSource } from "../core/dice.ts";
import { cachedFormula, rollFormula } from "../core/formula.ts";
import type { Attribute, WwnCombatant } from "./model.ts";
import { DEFAULT_WWN_OPTIONS } from "./options.ts";
import type { WwnOptions } from "./options.ts";

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

/** The best attribute modifier among those allowed (0 when none is listed). */
export function bestAttribute(user: CheckUser, attributes: readonly Attribute[]): number {
  if (attributes.length === 0) return 0;
  return Math.max(...attributes.map((a) => user.attributes[a] ?? 0));
}

/** A skill's level, or null when the user has not even level 0. */
export function skillLevel(user: CheckUser, skill: string): number | null {
  const level = user.skills[skill];
  return level === undefined || level < 0 ? null : level;
}

/** The skill term of a check: the best allowed skill, or the untrained value. */
export function checkSkill(
  user: CheckUser,
  skills: readonly string[],
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): number {
  let best: number | null = null;
  for (const skill of skills) {
    const level = skillLevel(user, skill);
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
): number {
  return bestAttribute(user, spec.attributes) + checkSkill(user, spec.skills, options) + modifier;
}

/** Rolls a skill check. */
export function rollCheck(
  user: CheckUser,
  spec: CheckSpec,
  dice: DiceSource,
  modifier = 0,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): CheckRoll {
  const formula = cachedFormula(options.skillCheckDice) ?? cachedFormula("2d6");
  if (formula === null) throw new Error("2d6 must parse");
  const { total, faces } = rollFormula(formula, dice);
  const attribute = bestAttribute(user, spec.attributes);
  const skill = checkSkill(user, spec.skills, options);
  return { faces, attribute, skill, modifier, total: total + attribute + skill + modifier };
}

/** Whether the actor beats the defender's total (ties per options.opposedTie). */
export function actorWins(
  actorTotal: number,
  defenderTotal: number,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): boolean {
  if (actorTotal === defenderTotal) return options.opposedTie === "actor";
  return actorTotal > defenderTotal;
}

export interface OpposedOutcome {
  readonly actor: CheckRoll;
  readonly defender: CheckRoll;
  readonly actorWins: boolean;
}

/** An opposed check: the actor's dice are drawn first, then the defender's. */
export function opposedCheck(
  actor: { readonly user: CheckUser; readonly spec: CheckSpec; readonly modifier?: number },
  defender: { readonly user: CheckUser; readonly spec: CheckSpec; readonly modifier?: number },
  dice: DiceSource,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): OpposedOutcome {
  const a = rollCheck(actor.user, actor.spec, dice, actor.modifier ?? 0, options);
  const d = rollCheck(defender.user, defender.spec, dice, defender.modifier ?? 0, options);
  return { actor: a, defender: d, actorWins: actorWins(a.total, d.total, options) };
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
): SaveRoll {
  const natural = dice.roll(20);
  const target = actor.saves[kind];
  return { kind, natural, modifier, target, success: natural + modifier >= target };
}
