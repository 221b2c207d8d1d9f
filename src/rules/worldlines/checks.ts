/**
 * Checks against a TD (Spirit, Medicine …): the trait die plus the skill, if any; meeting the TD
 * passes; a natural 1 is a critical failure whatever the total. Each entry point refuses bad
 * numbers (a NaN skill, a face off its die, an infinite TD) by name; the rules themselves are in
 * internal.ts.
 */
import type { DiceSource, StepDie } from "../core/dice.ts";
import { checkDieFace, checkNumber, checkStepDie, NUMBER_RULES } from "../core/guard.ts";
import { checkName } from "../core/names.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { judge, rollCheckOf, spiritCheckOf } from "./internal.ts";
import type { CheckResult } from "./internal.ts";
import type { WorldlinesCombatant } from "./model.ts";
import type { CheckSpec, WorldlinesOptions } from "./options.ts";
import { DEFAULT_OPTIONS } from "./options.ts";
import { checkCombatant, checkOptions } from "./valid.ts";
import type { InputRefusalReason } from "./valid.ts";

export type { CheckResult } from "./internal.ts";

/** Reads a check from a natural roll already made. */
export function judgeCheck(
  die: StepDie,
  natural: number,
  bonus: number,
  td: number,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<CheckResult, InputRefusalReason> {
  const bad =
    checkStepDie("die", die) ??
    checkDieFace("natural", natural, die) ??
    checkNumber("bonus", bonus, NUMBER_RULES.modifier) ??
    checkNumber("td", td, NUMBER_RULES.modifier) ??
    checkOptions(options);
  return bad ?? ok(judge(die, natural, bonus, td, options));
}

/** Rolls a check for an actor; refused when the actor lacks the trait. */
export function rollCheck(
  actor: WorldlinesCombatant,
  spec: CheckSpec,
  td: number,
  dice: DiceSource,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<CheckResult, "missingTrait" | InputRefusalReason> {
  const bad =
    checkCombatant("actor", actor) ??
    checkName("spec.trait", spec.trait) ??
    (spec.skill === undefined ? undefined : checkName("spec.skill", spec.skill)) ??
    checkNumber("td", td, NUMBER_RULES.modifier) ??
    checkOptions(options);
  return bad ?? rollCheckOf(actor, spec, td, dice, options);
}

/** A Spirit check (every actor has Spirit, so only bad numbers refuse it). */
export function rollSpiritCheck(
  actor: WorldlinesCombatant,
  td: number,
  dice: DiceSource,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<CheckResult, InputRefusalReason> {
  const bad =
    checkCombatant("actor", actor) ??
    checkNumber("td", td, NUMBER_RULES.modifier) ??
    checkOptions(options);
  return bad ?? ok(spiritCheckOf(actor, td, dice, options));
}
