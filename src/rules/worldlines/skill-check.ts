/**
 * A skill check an actor makes on its own (Athletics to climb, Stealth to hide …): the trait die
 * the skill goes with, plus the skill, less the Exhaustion penalty, against a TD when the GM named
 * one (an open check only reports its total).
 *
 * Two things roll a second die:
 * - the stance: crouched or prone gives advantage on Stealth (roll twice, keep the higher);
 * - a disabled leg gives disadvantage on the skills of options.legDisadvantageSkills (Athletics:
 *   roll twice, keep the lower).
 * Advantage and disadvantage on the same check cancel: one die.
 *
 * The book never says which trait die a non-combat skill rolls; SKILL_TRAITS is the product's
 * default (Medicine with Mind, as options.medicineCheck; the rest with the Combat die), for a GM to
 * change through the `traits` argument.
 */
import type { DiceSource, StepDie } from "../core/dice.ts";
import { checkNumber, NUMBER_RULES } from "../core/guard.ts";
import { checkChoice, checkName, ownValue } from "../core/names.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { exhaustionPenaltyOf, judge } from "./internal.ts";
import type { CheckResult } from "./internal.ts";
import type { Stance, WorldlinesCombatant } from "./model.ts";
import { STANCES } from "./model.ts";
import { DEFAULT_OPTIONS } from "./options.ts";
import type { WorldlinesOptions } from "./options.ts";
import { checkCombatant, checkOptions } from "./valid.ts";
import type { InputRefusalReason } from "./valid.ts";

/** The trait die each skill rolls with (the product's default; see the file's note). */
export const SKILL_TRAITS: Readonly<Record<string, string>> = {
  athletics: "combat",
  stealth: "combat",
  escapeArtist: "combat",
  evasion: "combat",
  medicine: "mind",
  melee: "combat",
  firearms: "combat",
  heavyWeapons: "combat",
  throwing: "combat",
};

/** The skills each stance gives advantage on (the book: Stealth, crouched or prone). */
export const STANCE_ADVANTAGE: Readonly<Record<Stance, readonly string[]>> = {
  standing: [],
  crouched: ["stealth"],
  prone: ["stealth"],
};

export interface SkillCheckOutcome extends Omit<CheckResult, "td" | "passed"> {
  readonly skill: string;
  /** Every face rolled (two with advantage or disadvantage). */
  readonly rolls: readonly number[];
  readonly advantage: boolean;
  readonly disadvantage: boolean;
  /** The TD, or null for an open check. */
  readonly td: number | null;
  /** Against a TD: whether it passed; an open check passes unless it is a critical failure. */
  readonly passed: boolean;
}

export type SkillCheckRefusal = "missingTrait" | InputRefusalReason;

/**
 * Rolls the actor's check of `skill` (a TD, or null for an open check). Refused on a bad number,
 * an unknown skill, or an actor without the trait its skill rolls.
 */
export function skillCheck(
  actor: WorldlinesCombatant,
  skill: string,
  td: number | null,
  dice: DiceSource,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
  traits: Readonly<Record<string, string>> = SKILL_TRAITS,
): Result<SkillCheckOutcome, SkillCheckRefusal> {
  const bad =
    checkCombatant("actor", actor) ??
    checkName("skill", skill) ??
    checkChoice("skill", skill, Object.keys(traits)) ??
    (td === null ? undefined : checkNumber("td", td, NUMBER_RULES.modifier)) ??
    checkOptions(options);
  if (bad) return bad;
  const trait = ownValue(traits, skill) ?? "combat";
  const die = ownValue<StepDie>(actor.traits, trait);
  if (die === undefined) return refuse("missingTrait", { trait });
  const advantage = (ownValue(STANCE_ADVANTAGE, actor.stance) ?? []).includes(skill);
  const disadvantage = actor.disabledLimbs.legs && options.legDisadvantageSkills.includes(skill);
  const twice = advantage !== disadvantage;
  const rolls = twice ? [dice.roll(die), dice.roll(die)] : [dice.roll(die)];
  const natural = advantage && twice ? Math.max(...rolls) : Math.min(...rolls);
  const bonus = (ownValue(actor.skills, skill) ?? 0) - exhaustionPenaltyOf(actor, options);
  const judged = judge(die, natural, bonus, td ?? Number.NEGATIVE_INFINITY, options);
  return ok({
    ...judged,
    skill,
    rolls,
    advantage,
    disadvantage,
    td,
    passed: judged.passed,
  });
}

/** Whether the stance gives advantage on the skill (for a sheet to say so before the roll). */
export function stanceAdvantageOn(stance: Stance, skill: string): boolean {
  return STANCES.includes(stance) && (ownValue(STANCE_ADVANTAGE, stance) ?? []).includes(skill);
}
