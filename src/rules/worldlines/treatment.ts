/**
 * First Aid and limb treatment: Medicine checks made by a helper (who may be the patient).
 */
import type { DiceSource } from "../core/dice.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { diffAll, withoutStatus } from "./changes.ts";
import type { ActorUpdate } from "./changes.ts";
import { atValue, changed } from "./combatant.ts";
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
  options: WorldlinesOptions,
  rule: () => Result<Treatment, TreatmentRefusal>,
): Result<TreatmentOutcome, TreatmentRefusal> {
  const bad =
    checkCombatant("helper", helper) ??
    (helper === patient ? undefined : checkCombatant("patient", patient)) ??
    checkOptions(options);
  if (bad) return bad;
  const treated = rule();
  if (!treated.ok) return treated;
  const { patient: nextPatient, helper: nextHelper } = treated.value;
  return ok({
    ...treated.value,
    updates:
      helper.id === patient.id
        ? diffAll([[patient, nextPatient]])
        : diffAll([
            [helper, nextHelper],
            [patient, nextPatient],
          ]),
  });
}

/** A treatment without its document changes: what the `…Prechecked` rules return. */
export type Treatment = Omit<TreatmentOutcome, "updates">;

/** The treatment rule for numbers already checked, without the document changes. */
function treatPrechecked(
  helper: WorldlinesCombatant,
  patient: WorldlinesCombatant,
  td: number,
  cure: (patient: WorldlinesCombatant) => WorldlinesCombatant,
  dice: DiceSource,
  options: WorldlinesOptions,
): Result<Treatment, TreatmentRefusal> {
  if (helper.life !== "active") return refuse("notActive");
  const cost = options.costs.firstAid;
  if (helper.energy.value < cost) {
    return refuse("notEnoughEnergy", { cost, energy: helper.energy.value });
  }
  const rolled = rollCheckOf(helper, options.medicineCheck, td, dice, options);
  if (!rolled.ok) return rolled;
  const check = rolled.value;
  const self = helper.id === patient.id;
  const paid = changed(helper, { energy: atValue(helper.energy, helper.energy.value - cost) });
  const nextHelper = self && check.passed ? cure(paid) : paid;
  const nextPatient = self ? nextHelper : check.passed ? cure(patient) : patient;
  return ok({ check, success: check.passed, patient: nextPatient, helper: nextHelper });
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
  return treat(helper, patient, options, () => firstAidPrechecked(helper, patient, dice, options));
}

/**
 * The rule behind {@link firstAid} for numbers already checked, without the document changes
 * (the encounter simulator's inner loop, whose fighters are checked once when it is created).
 */
export function firstAidPrechecked(
  helper: WorldlinesCombatant,
  patient: WorldlinesCombatant,
  dice: DiceSource,
  options: WorldlinesOptions,
): Result<Treatment, TreatmentRefusal> {
  if (patient.statuses.bleeding === undefined && patient.life !== "dying") {
    return refuse("nothingToTreat");
  }
  const td = options.recovery.bleeding?.td ?? 0;
  return treatPrechecked(helper, patient, td, stopBleeding, dice, options);
}

/** What successful First Aid does: the Bleeding stops, and a dying patient is stable (unconscious). */
function stopBleeding(p: WorldlinesCombatant): WorldlinesCombatant {
  return changed(p, {
    statuses: withoutStatus(p.statuses, "bleeding"),
    life: p.life === "dying" ? "unconscious" : p.life,
  });
}

/** Treating a disabled arm (TD 8) or leg (TD 10): Medicine check, First Aid Energy. */
export function treatLimb(
  helper: WorldlinesCombatant,
  patient: WorldlinesCombatant,
  limb: "arms" | "legs",
  dice: DiceSource,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<TreatmentOutcome, TreatmentRefusal> {
  return treat(helper, patient, options, () => {
    if (!patient.disabledLimbs[limb]) return refuse("nothingToTreat");
    return treatPrechecked(
      helper,
      patient,
      options.limbTreatmentTd[limb],
      (p) => changed(p, { disabledLimbs: { ...p.disabledLimbs, [limb]: false } }),
      dice,
      options,
    );
  });
}
