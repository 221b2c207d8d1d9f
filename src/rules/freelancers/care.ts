/**
 * Help and Medicine on a Dying entity, as one action of the helper's turn (the README's decision:
 * a passed Medicine check or Help stabilizes; the book makes Help a Base-action, and Fray takes a
 * Medicine check as a Base-action too, the GM's usual call for a skill used in a fight).
 *
 * The helper spends its Base-action (actions.ts: a stunned helper cannot, nor one whose Base is
 * gone); Help stabilizes without a roll; Medicine rolls the stabilize check (health.ts) and
 * stabilizes on a pass. Using Medicine is a non-combat skill, so it makes the helper a target of
 * opportunity (actions.ts provokes). Only a Dying patient can be helped this way. Every number is
 * checked before a die is drawn; a refusal changes nothing.
 */
import { checkedAs } from "../core/checked.ts";
import type { Checked } from "../core/checked.ts";
import type { DiceSource } from "../core/dice.ts";
import { checkChoice } from "../core/names.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { provokes, spendAction } from "./actions.ts";
import type { ActionRefusal } from "./actions.ts";
import { withActions, withLife } from "./actor.ts";
import { diffActor } from "./changes.ts";
import type { FreelancersUpdate } from "./changes.ts";
import type { CheckRoll } from "./checks.ts";
import { checkOptions, checkSpecNumbers, rollCheckSpec } from "./checks.ts";
import { checkFreelancer } from "./guard.ts";
import type { FlCheckReason } from "./guard.ts";
import { checkBase } from "./health.ts";
import type { ActionState, FreelancersActor } from "./model.ts";
import { DEFAULT_FREELANCERS_OPTIONS } from "./options.ts";
import type { FreelancersOptions } from "./options.ts";

export type CareKind = "help" | "medicine";
export const CARE_KINDS: readonly CareKind[] = ["help", "medicine"];

export interface CareInput {
  readonly helper: FreelancersActor;
  readonly patient: FreelancersActor;
  readonly kind: CareKind;
}

/** Care whose helper and patient passed their checks. */
export interface CheckedCareInput {
  readonly helper: Checked<FreelancersActor>;
  readonly patient: Checked<FreelancersActor>;
  readonly kind: CareKind;
}

export interface CareOutcome {
  readonly kind: CareKind;
  readonly stabilized: boolean;
  /** The Medicine check (Help rolls none). */
  readonly roll?: CheckRoll;
  /** The helper became a target of opportunity (Medicine is a non-combat skill). */
  readonly provokes: boolean;
  readonly helper: FreelancersActor;
  readonly patient: FreelancersActor;
  /** The helper's spent action and the patient's new state. */
  readonly updates: readonly FreelancersUpdate[];
}

/** Care's outcome without its document changes (the encounter simulator writes none). */
export interface CareResolution extends Omit<CareOutcome, "helper" | "patient" | "updates"> {
  readonly helper: Checked<FreelancersActor>;
  readonly patient: Checked<FreelancersActor>;
}

export type CareRefusal = FlCheckReason | ActionRefusal | "notDying" | "sameCombatant";

/** Help or Medicine by `helper` on a Dying `patient`. */
export function giveCare(
  input: CareInput,
  dice: DiceSource,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): Result<CareOutcome, CareRefusal> {
  const { helper, patient, kind } = input;
  const bad =
    checkOptions(options) ??
    checkFreelancer(helper, "helper") ??
    checkFreelancer(patient, "patient") ??
    checkChoice("kind", kind, CARE_KINDS) ??
    (kind === "medicine"
      ? checkSpecNumbers("medicine", { base: checkBase(helper, options.stabilizeCheck) })
      : undefined);
  if (bad) return bad;
  const checked = { helper: checkedAs(helper), patient: checkedAs(patient), kind };
  const done = rollCare(checked, dice, checkedAs(options));
  if (!done.ok) return done;
  return ok({
    ...done.value,
    updates: [...diffActor(helper, done.value.helper), ...diffActor(patient, done.value.patient)],
  });
}

/**
 * The rule behind {@link giveCare}, for a helper and a patient whose checks passed: the helper's
 * Base-action spent, Help or the Medicine check, the patient stabilized on a pass.
 */
export function rollCare(
  input: CheckedCareInput,
  dice: DiceSource,
  options: Checked<FreelancersOptions>,
): Result<CareResolution, CareRefusal> {
  const { helper, patient, kind } = input;
  if (helper.id === patient.id) return refuse("sameCombatant");
  if (patient.life !== "dying") return refuse("notDying", { name: patient.name });
  const actions = spendAction(helper, "base");
  if (!actions.ok) return refuse(actions.reason, { name: helper.name });
  let roll: CheckRoll | undefined;
  if (kind === "medicine") {
    const base = checkBase(helper, options.stabilizeCheck);
    const rolled = rollCheckSpec(checkedAs({ base }), dice, options, "medicine");
    if (!rolled.ok) return rolled;
    roll = rolled.value;
  }
  const stabilized = roll === undefined || roll.passed;
  return ok({
    kind,
    stabilized,
    ...(roll ? { roll } : {}),
    provokes: kind === "medicine" && provokes({ kind: "nonCombatSkill" }, actions.value, options),
    helper: withActions(helper, actions.value),
    patient: stabilized ? withLife(patient, "stable", 0) : patient,
  });
}

/**
 * Help on an ally's check (not a Dying one: giveCare stabilizes those): the helper spends its
 * Base-action, and the ally's next check is favorable (options.helpFavorable), rolled on the
 * check the ally picks.
 */
export function aidAlly(
  helper: FreelancersActor,
  ally: Pick<FreelancersActor, "id">,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): Result<{ actions: ActionState; favorable: number }, CareRefusal> {
  const bad = checkOptions(options) ?? checkFreelancer(helper, "helper");
  if (bad) return bad;
  if (helper.id === ally.id) return refuse("sameCombatant");
  const actions = spendAction(helper, "base");
  if (!actions.ok) return refuse(actions.reason, { name: helper.name });
  return ok({ actions: actions.value, favorable: options.helpFavorable });
}
