/**
 * First Aid and limb treatment: Medicine checks made by a helper (who may be the patient).
 */
import type { Checked } from "../core/checked.ts";
import { checkedAs } from "../core/checked.ts";
import type { DiceSource } from "../core/dice.ts";
import { checkChoice } from "../core/names.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { diffAll, withoutStatus } from "./changes.ts";
import type { ActorUpdate } from "./changes.ts";
import { atValue, changed, copyOf } from "./combatant.ts";
import type { CheckResult } from "./checks.ts";
import { rollCheckOf } from "./internal.ts";
import { CHECKED_DEFAULT_OPTIONS, checkCombatant, checkOptions } from "./valid.ts";
import type { InputRefusalReason } from "./valid.ts";
import type { WorldlinesCombatant } from "./model.ts";
import { DEFAULT_OPTIONS } from "./options.ts";
import type { WorldlinesOptions } from "./options.ts";

export type TreatmentRefusal =
  | "notActive"
  | "notEnoughEnergy"
  | "nothingToTreat"
  | "missingTrait"
  | "armDisabled"
  | InputRefusalReason;

export interface TreatmentOutcome {
  readonly check: CheckResult;
  readonly success: boolean;
  /**
   * The patient and the helper after the treatment, within their checks' bounds. The document
   * changes are `treatmentUpdates(helper, patient, outcome)`; the encounter simulator writes none.
   */
  readonly patient: Checked<WorldlinesCombatant>;
  readonly helper: Checked<WorldlinesCombatant>;
}

/**
 * A treatment's document changes: what turns `helper` and `patient` (one update when they are the
 * same actor) into those of its outcome, for the shell to write in one batch.
 */
export function treatmentUpdates(
  helper: WorldlinesCombatant,
  patient: WorldlinesCombatant,
  outcome: TreatmentOutcome,
): ActorUpdate[] {
  return helper.id === patient.id
    ? diffAll([[patient, outcome.patient]])
    : diffAll([
        [helper, outcome.helper],
        [patient, outcome.patient],
      ]);
}

/** The treatment rule for helpers and patients already checked. */
function treat(
  helper: WorldlinesCombatant,
  patient: WorldlinesCombatant,
  td: number,
  cure: (patient: WorldlinesCombatant) => WorldlinesCombatant,
  dice: DiceSource,
  options: WorldlinesOptions,
): Result<TreatmentOutcome, TreatmentRefusal> {
  if (helper.life !== "active") return refuse("notActive");
  if (helper.disabledLimbs.arms && options.armActions.includes("firstAid")) {
    return refuse("armDisabled");
  }
  const cost = options.costs.firstAid;
  if (helper.energy.value < cost) {
    return refuse("notEnoughEnergy", { cost, energy: helper.energy.value });
  }
  const rolled = rollCheckOf(helper, options.medicineCheck, td, dice, options);
  if (!rolled.ok) return rolled;
  const check = rolled.value;
  const self = helper.id === patient.id;
  const paid = copyOf(helper);
  paid.energy = atValue(helper.energy, helper.energy.value - cost);
  const nextHelper = self && check.passed ? cure(paid) : paid;
  const nextPatient = self ? nextHelper : check.passed ? cure(patient) : patient;
  // Energy paid within 0..max, a status or a limb cured: the checks' bounds hold.
  return ok({
    check,
    success: check.passed,
    patient: checkedAs(nextPatient),
    helper: checkedAs(nextHelper),
  });
}

/**
 * First Aid (costs.firstAid Energy, Medicine check at the Bleeding TD): on a pass, Bleeding stops
 * and a dying patient is stabilized (unconscious, no longer dying). Refused when there is nothing
 * to treat. For a helper and a patient their checks accepted (checkedCombatant): the encounter
 * simulator checks its fighters once when a simulation is created.
 */
export function firstAid(
  helper: Checked<WorldlinesCombatant>,
  patient: Checked<WorldlinesCombatant>,
  dice: DiceSource,
  options: Checked<WorldlinesOptions> = CHECKED_DEFAULT_OPTIONS,
): Result<TreatmentOutcome, TreatmentRefusal> {
  if (patient.statuses.bleeding === undefined && patient.life !== "dying") {
    return refuse("nothingToTreat");
  }
  const td = options.recovery.bleeding?.td ?? 0;
  return treat(helper, patient, td, stopBleeding, dice, options);
}

/** What successful First Aid does: the Bleeding stops, and a dying patient is stable (unconscious). */
function stopBleeding(p: WorldlinesCombatant): WorldlinesCombatant {
  const next = copyOf(p);
  next.statuses = withoutStatus(p.statuses, "bleeding");
  if (p.life === "dying") next.life = "unconscious";
  return next;
}

/** Treating a disabled arm (TD 8) or leg (TD 10): Medicine check, First Aid Energy. */
export function treatLimb(
  helper: WorldlinesCombatant,
  patient: WorldlinesCombatant,
  limb: "arms" | "legs",
  dice: DiceSource,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<TreatmentOutcome, TreatmentRefusal> {
  const bad =
    checkCombatant("helper", helper) ??
    (helper === patient ? undefined : checkCombatant("patient", patient)) ??
    checkChoice("limb", limb, ["arms", "legs"]) ??
    checkOptions(options);
  if (bad) return bad;
  if (!patient.disabledLimbs[limb]) return refuse("nothingToTreat");
  return treat(
    helper,
    patient,
    options.limbTreatmentTd[limb],
    (p) => changed(p, { disabledLimbs: { ...p.disabledLimbs, [limb]: false } }),
    dice,
    options,
  );
}
