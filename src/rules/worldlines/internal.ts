/**
 * The Worldlines rules behind the checked entry points, for callers whose numbers are already
 * checked (an attack's limb check and on-hit statuses, a recovery's check …): the guard runs
 * once per entry point. Not exported from index.ts: outside the rules, use the checked versions
 * (checks.ts, statuses.ts).
 */
import type { DiceSource, StepDie } from "../core/dice.ts";
import { ownValue } from "../core/names.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { withoutStatus } from "./changes.ts";
import { copyOf, withStatus } from "./combatant.ts";
import type { Draft } from "./combatant.ts";
import type { StatusApplication, StatusState, WorldlinesCombatant } from "./model.ts";
import type { CheckSpec, WorldlinesOptions } from "./options.ts";

export interface CheckResult {
  readonly die: StepDie;
  readonly natural: number;
  readonly bonus: number;
  readonly total: number;
  readonly td: number;
  readonly passed: boolean;
  readonly criticalFailure: boolean;
}

/** Reads a check from a natural roll already made (numbers already checked). */
export function judge(
  die: StepDie,
  natural: number,
  bonus: number,
  td: number,
  options: WorldlinesOptions,
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

/** What the actor's Exhaustion points take off each of its trait-die rolls (0 without any). */
export function exhaustionPenaltyOf(
  actor: WorldlinesCombatant,
  options: WorldlinesOptions,
): number {
  return (actor.statuses.exhausted?.points ?? 0) * options.exhaustionPenalty;
}

/**
 * Rolls a check for an actor already checked; refused when the actor lacks the trait. Exhaustion
 * takes its penalty off the bonus; a disabled leg makes the skills of
 * options.legDisadvantageSkills roll twice and keep the lower die.
 */
export function rollCheckOf(
  actor: WorldlinesCombatant,
  spec: CheckSpec,
  td: number,
  dice: DiceSource,
  options: WorldlinesOptions,
): Result<CheckResult, "missingTrait"> {
  const die = ownValue<StepDie>(actor.traits, spec.trait);
  if (die === undefined) return refuse("missingTrait", { trait: spec.trait });
  const skill = spec.skill === undefined ? 0 : (ownValue(actor.skills, spec.skill) ?? 0);
  const bonus = skill - exhaustionPenaltyOf(actor, options);
  const first = dice.roll(die);
  const hobbled =
    actor.disabledLimbs.legs &&
    spec.skill !== undefined &&
    options.legDisadvantageSkills.includes(spec.skill);
  const natural = hobbled ? Math.min(first, dice.roll(die)) : first;
  return ok(judge(die, natural, bonus, td, options));
}

/** A Spirit check for an actor already checked (every actor has Spirit). */
export function spiritCheckOf(
  actor: WorldlinesCombatant,
  td: number,
  dice: DiceSource,
  options: WorldlinesOptions,
): CheckResult {
  const spec = options.spiritCheck;
  const die = ownValue<StepDie>(actor.traits, spec.trait) ?? actor.traits.spirit;
  const skill = spec.skill === undefined ? 0 : (ownValue(actor.skills, spec.skill) ?? 0);
  return judge(die, dice.roll(die), skill - exhaustionPenaltyOf(actor, options), td, options);
}

/** Puts a status on an actor (numbers already checked). Rolls flash blindness on `dice`. */
export function putStatus(
  actor: WorldlinesCombatant,
  application: StatusApplication,
  dice: DiceSource,
  options: WorldlinesOptions,
  /** A copy the calling rule made of `actor` and has not handed back yet: written on, not copied. */
  owned: Draft | null = null,
): WorldlinesCombatant {
  const next = owned === actor ? owned : copyOf(actor);
  next.statuses = statusesWith(actor.statuses, application, dice, options);
  return next;
}

/** The status state with one more application (see {@link putStatus}). */
function statusesWith(
  statuses: StatusState,
  application: StatusApplication,
  dice: DiceSource,
  options: WorldlinesOptions,
): StatusState {
  switch (application.status) {
    case "bleeding":
      return withStatus(statuses, "bleeding", {
        hpPerTurn: application.hpPerTurn ?? options.bleedingPerTurn,
      });
    case "poisoned":
      return withStatus(statuses, "poisoned", {
        hpPerTurn: application.hpPerTurn ?? options.poisonPerTurn,
      });
    case "staggered":
      return withStatus(statuses, "staggered", {
        turnsLeft: application.turns ?? options.staggeredTurns,
      });
    case "blinded": {
      const turns = application.flash === true ? dice.roll(options.flashBlindnessDie) : null;
      const current = statuses.blinded?.turnsLeft;
      // A lasting blindness is not shortened by a later flash.
      const turnsLeft =
        current === null ? null : turns === null ? null : Math.max(turns, current ?? 0);
      return withStatus(statuses, "blinded", { turnsLeft });
    }
    case "vulnerable":
      return withStatus(statuses, "vulnerable", sourceOnly(application.source));
    case "stressed":
      return withStatus(statuses, "stressed", sourceOnly(application.source));
    case "exhausted": {
      // Points stack; a negative application (rest, a cure) takes them off, and at 0 it is gone.
      const points = (statuses.exhausted?.points ?? 0) + application.points;
      return points > 0
        ? withStatus(statuses, "exhausted", { points })
        : withoutStatus(statuses, "exhausted");
    }
    case "charmed":
      return withStatus(statuses, "charmed", { sourceId: application.sourceId });
  }
}

function sourceOnly(source: string | undefined): { source?: string } {
  return source === undefined ? {} : { source };
}
