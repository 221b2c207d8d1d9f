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
import { atValue, changed } from "./combatant.ts";
import type { CheckResult } from "./checks.ts";
import { rollCheckOf } from "./internal.ts";
import { CHECKED_DEFAULT_OPTIONS, checkCombatant, checkOptions } from "./valid.ts";
import type { InputRefusalReason } from "./valid.ts";
import type { WorldlinesCombatant } from "./model.ts";
import { DEFAULT_OPTIONS } from "./options.ts";
import type { WorldlinesOptions } from "./options.ts";

export type TreatmentRefusal =
  "notActive" | "notEnoughEnergy" | "nothingToTreat" | "missingTrait" | InputRefusalReason;

export interface TreatmentOutcome {
  readonly check: CheckResult;
  readonly success: boolean;
  /** The patient and the helper after the treatment, within their checks' bounds. */
  readonly patient: Checked<WorldlinesCombatant>;
  readonly helper: Checked<WorldlinesCombatant>;
  /** The document changes, worked out when first read (the encounter simulator reads none). */
  readonly updates: ActorUpdate[];
}

const BEFORE = Symbol("before");
const UPDATES = Symbol("updates");

/**
 * A treatment: a class, so that its updates cost nothing until read. What it keeps to work them
 * out is symbol-keyed (no JSON and no list of its fields carries it) rather than `#` private: the
 * simulator builds one on every bleeding fighter's turn, and private fields cost more to set.
 */
class Treated implements TreatmentOutcome {
  readonly check: CheckResult;
  readonly success: boolean;
  readonly patient: Checked<WorldlinesCombatant>;
  readonly helper: Checked<WorldlinesCombatant>;
  readonly [BEFORE]: readonly [WorldlinesCombatant, WorldlinesCombatant];
  [UPDATES]: ActorUpdate[] | undefined;

  constructor(
    before: readonly [helper: WorldlinesCombatant, patient: WorldlinesCombatant],
    check: CheckResult,
    helper: WorldlinesCombatant,
    patient: WorldlinesCombatant,
  ) {
    this.check = check;
    this.success = check.passed;
    // Energy paid within 0..max, a status or a limb cured: the checks' bounds hold.
    this.patient = checkedAs(patient);
    this.helper = checkedAs(helper);
    this[BEFORE] = before;
    this[UPDATES] = undefined;
  }

  get updates(): ActorUpdate[] {
    const [helper, patient] = this[BEFORE];
    this[UPDATES] ??=
      helper.id === patient.id
        ? diffAll([[patient, this.patient]])
        : diffAll([
            [helper, this.helper],
            [patient, this.patient],
          ]);
    return this[UPDATES];
  }
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
  return ok(new Treated([helper, patient], check, nextHelper, nextPatient));
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
