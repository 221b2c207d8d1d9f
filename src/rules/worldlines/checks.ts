/**
 * Checks against a TD (Spirit, Medicine …): the trait die plus the skill, if any; meeting the TD
 * passes; a natural 1 is a critical failure whatever the total.
 */
import type { DiceSource, StepDie } from "../core/dice.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import type { WorldlinesCombatant } from "./model.ts";
import type { CheckSpec, WorldlinesOptions } from "./options.ts";
import { DEFAULT_OPTIONS } from "./options.ts";

export interface CheckResult {
  readonly die: StepDie;
  readonly natural: number;
  readonly bonus: number;
  readonly total: number;
  readonly td: number;
  readonly passed: boolean;
  readonly criticalFailure: boolean;
}

/** Reads a check from a natural roll already made. */
export function judgeCheck(
  die: StepDie,
  natural: number,
  bonus: number,
  td: number,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): CheckResult {
  const criticalFailure = natural <= options.criticalFailureFace;
  const total = natural + bonus;
  return {
    die,
    natural,
    bonus,
    total,
    td,
    passed: !criticalFailure && total >= td,
    criticalFailure,
  };
}

/** Rolls a check for an actor; refused when the actor lacks the trait. */
export function rollCheck(
  actor: WorldlinesCombatant,
  spec: CheckSpec,
  td: number,
  dice: DiceSource,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<CheckResult, "missingTrait"> {
  const die = actor.traits[spec.trait];
  if (die === undefined) return refuse("missingTrait", { trait: spec.trait });
  const bonus = spec.skill === undefined ? 0 : (actor.skills[spec.skill] ?? 0);
  return ok(judgeCheck(die, dice.roll(die), bonus, td, options));
}

/** A Spirit check (every actor has Spirit, so it is never refused). */
export function rollSpiritCheck(
  actor: WorldlinesCombatant,
  td: number,
  dice: DiceSource,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): CheckResult {
  const spec = options.spiritCheck;
  const die = actor.traits[spec.trait] ?? actor.traits.spirit;
  const bonus = spec.skill === undefined ? 0 : (actor.skills[spec.skill] ?? 0);
  return judgeCheck(die, dice.roll(die), bonus, td, options);
}
