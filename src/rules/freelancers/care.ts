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
import type { DiceSource } from "../core/dice.ts";
import type { NumberRefusal } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { provokes, spendAction } from "./actions.ts";
import type { ActionRefusal } from "./actions.ts";
import { diffActor } from "./changes.ts";
import type { FreelancersUpdate } from "./changes.ts";
import type { CheckRoll } from "./checks.ts";
import { checkOptions, checkSpecNumbers } from "./checks.ts";
import { checkFreelancer } from "./guard.ts";
import { checkBase, stabilize } from "./health.ts";
import type { FreelancersActor } from "./model.ts";
import { DEFAULT_FREELANCERS_OPTIONS } from "./options.ts";
import type { FreelancersOptions } from "./options.ts";

export type CareKind = "help" | "medicine";
export const CARE_KINDS: readonly CareKind[] = ["help", "medicine"];

export interface CareInput {
  readonly helper: FreelancersActor;
  readonly patient: FreelancersActor;
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

export type CareRefusal = NumberRefusal["reason"] | ActionRefusal | "notDying" | "sameCombatant";

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
    (kind === "medicine"
      ? checkSpecNumbers("medicine", { base: checkBase(helper, options.stabilizeCheck) })
      : undefined);
  if (bad) return bad;
  if (helper.id === patient.id) return refuse("sameCombatant");
  if (patient.life !== "dying") return refuse("notDying", { name: patient.name });
  const actions = spendAction(helper, "base");
  if (!actions.ok) return refuse(actions.reason, { name: helper.name });
  const done = stabilize(
    patient,
    kind === "help" ? { kind: "help" } : { kind: "medicine", medic: helper },
    dice,
    options,
  );
  if (!done.ok) return done;
  const after: FreelancersActor = { ...helper, actions: actions.value };
  return ok({
    kind,
    stabilized: done.value.stabilized,
    ...(done.value.roll ? { roll: done.value.roll } : {}),
    provokes: kind === "medicine" && provokes({ kind: "nonCombatSkill" }, actions.value, options),
    helper: after,
    patient: done.value.patient,
    updates: [...diffActor(helper, after), ...diffActor(patient, done.value.patient)],
  });
}
