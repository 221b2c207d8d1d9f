/**
 * First Aid and limb treatment: Medicine checks made by a helper (who may be the patient).
 */
import type { DiceSource } from "../core/dice.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { diffAll, withoutStatus } from "./changes.ts";
import type { ActorUpdate } from "./changes.ts";
import type { NumberRefusalReason } from "../core/guard.ts";
import type { CheckResult } from "./checks.ts";
import { rollCheckOf } from "./internal.ts";
import { checkCombatant, checkOptions } from "./valid.ts";
import type { WorldlinesCombatant } from "./model.ts";
import { DEFAULT_OPTIONS } from "./options.ts";
import type { WorldlinesOptions } from "./options.ts";

export type TreatmentRefusal =
  "notActive" | "notEnoughEnergy" | "nothingToTreat" | "missingTrait" | NumberRefusalReason;

export interface TreatmentOutcome {
  readonly check: CheckResult;
  readonly success: boolean;
  readonly patient: WorldlinesCombatant;
  readonly helper: WorldlinesCombatant;
  readonly updates: ActorUpdate[];
}

function treat(
  helper: WorldlinesCombatant,
  patient: WorldlinesCombatant,
  td: number,
  cure: (patient: WorldlinesCombatant) => WorldlinesCombatant,
  dice: DiceSource,
  options: WorldlinesOptions,
): Result<TreatmentOutcome, TreatmentRefusal> {
  const bad =
    checkCombatant("helper", helper) ??
    (helper === patient ? undefined : checkCombatant("patient", patient)) ??
    checkOptions(options);
  if (bad) return bad;
  if (helper.life !== "active") return refuse("notActive");
  const cost = options.costs.firstAid;
  if (helper.energy.value < cost) {
    return refuse("notEnoughEnergy", { cost, energy: helper.energy.value });
  }
  const rolled = rollCheckOf(helper, options.medicineCheck, td, dice, options);
  if (!rolled.ok) return rolled;
  const check = rolled.value;
  const self = helper.id === patient.id;
  const paid = { ...helper, energy: { ...helper.energy, value: helper.energy.value - cost } };
  const nextHelper = self && check.passed ? cure(paid) : paid;
  const nextPatient = self ? nextHelper : check.passed ? cure(patient) : patient;
  return ok({
    check,
    success: check.passed,
    patient: nextPatient,
    helper: nextHelper,
    updates: self
      ? diffAll([[patient, nextPatient]])
      : diffAll([
          [helper, nextHelper],
          [patient, nextPatient],
        ]),
  });
}

/**
 * First Aid (costs.firstAid Energy, Medicine check at the Bleeding TD): on a pass, Bleeding stops
 * and a dying patient is stabilized (unconscious, no longer dying). Refused when there is nothing
 * to treat.
 */
export function firstAid(
  helper: WorldlinesCombatant,
  patient: WorldlinesCombatant,
  dice: DiceSource,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<TreatmentOutcome, TreatmentRefusal> {
  if (patient.statuses.bleeding === undefined && patient.life !== "dying") {
    return refuse("nothingToTreat");
  }
  const td = options.recovery.bleeding?.td ?? 0;
  return treat(
    helper,
    patient,
    td,
    (p) => ({
      ...p,
      statuses: withoutStatus(p.statuses, "bleeding"),
      life: p.life === "dying" ? "unconscious" : p.life,
    }),
    dice,
    options,
  );
}

/** Treating a disabled arm (TD 8) or leg (TD 10): Medicine check, First Aid Energy. */
export function treatLimb(
  helper: WorldlinesCombatant,
  patient: WorldlinesCombatant,
  limb: "arms" | "legs",
  dice: DiceSource,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<TreatmentOutcome, TreatmentRefusal> {
  if (!patient.disabledLimbs[limb]) return refuse("nothingToTreat");
  return treat(
    helper,
    patient,
    options.limbTreatmentTd[limb],
    (p) => ({ ...p, disabledLimbs: { ...p.disabledLimbs, [limb]: false } }),
    dice,
    options,
  );
}
