/**
 * Status effects: putting them on, what they do at the start and end of an actor's turn and at the
 * Status Resolution phase, and getting rid of them (the recovery table).
 *
 * Timing, where the book leaves it open:
 * - Bleeding bites at the start of each of the actor's turns ({@link startTurn}).
 * - Poison bites once per round, at Status Resolution ({@link resolveStatuses}).
 * - Staggered and flash blindness count the actor's own turns down at the end of each of its turns
 *   ({@link endTurn}), so they always cost the actor a turn of its own.
 * - Defensive Posture lasts until the actor's next turn starts; the once-per-round interruption is
 *   given back at Status Resolution.
 */
import type { Checked } from "../core/checked.ts";
import { checkedAs } from "../core/checked.ts";
import type { DiceSource } from "../core/dice.ts";
import { checkChoice, ownValue } from "../core/names.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { diffAll, diffCombatant, withoutStatus } from "./changes.ts";
import type { ActorUpdate } from "./changes.ts";
import { atValue, changed, copyOf, withStatus } from "./combatant.ts";
import type { CheckResult } from "./checks.ts";
import { putStatus, rollCheckOf, spiritCheckOf } from "./internal.ts";
import { applyHealthLoss } from "./lose-health.ts";
import { STATUS_IDS } from "./model.ts";
import type { StatusApplication, StatusId, WorldlinesCombatant } from "./model.ts";
import { DEFAULT_OPTIONS } from "./options.ts";
import type { WorldlinesOptions } from "./options.ts";
import {
  CHECKED_DEFAULT_OPTIONS,
  checkApplication,
  checkCombatant,
  checkOptions,
} from "./valid.ts";
import type { InputRefusalReason } from "./valid.ts";

/**
 * Puts a status on an actor. Rolls the duration of flash blindness on `dice`. Refused when the
 * actor or the application carries a bad number (a NaN bleed, negative turns …).
 */
export function applyStatus(
  actor: WorldlinesCombatant,
  application: StatusApplication,
  dice: DiceSource,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<WorldlinesCombatant, InputRefusalReason> {
  const bad =
    checkCombatant("actor", actor) ??
    checkApplication("application", application) ??
    checkOptions(options);
  return bad ?? ok(putStatus(actor, application, dice, options));
}

export interface TickOutcome {
  /**
   * The actor after the tick, still within its check's bounds (checked input for the next rule).
   * Its document change is `diffCombatant(actor, tick.actor)` (changes.ts); the encounter
   * simulator writes none.
   */
  readonly actor: Checked<WorldlinesCombatant>;
  /** Health lost to the status that ticked (0 if none). */
  readonly lost: number;
  readonly downed?: "dying" | "unconscious";
  /** Statuses that ran out. */
  readonly expired: readonly StatusId[];
}

const NONE: readonly StatusId[] = [];

/** A tick: every field set, in one order, so every tick shares one shape. */
function tick(
  actor: WorldlinesCombatant,
  lost: number,
  downed: "dying" | "unconscious" | undefined,
  expired: readonly StatusId[],
): TickOutcome {
  // Health stays within 0..max and a status only counts down: the check's bounds hold.
  return { actor: checkedAs(actor), lost, downed, expired };
}

/**
 * Start of the actor's turn: Bleeding costs its health; Defensive Posture ends. Like
 * {@link endTurn} and {@link resolveStatuses}, for an actor its check accepted (checkedCombatant):
 * the encounter simulator checks its fighters once when a simulation is created.
 */
export function startTurn(
  actor: Checked<WorldlinesCombatant>,
  dice: DiceSource,
  options: Checked<WorldlinesOptions> = CHECKED_DEFAULT_OPTIONS,
): TickOutcome {
  const bleed = actor.statuses.bleeding?.hpPerTurn ?? 0;
  if (!actor.defensivePosture && bleed === 0) return tick(actor, 0, undefined, NONE);
  let next: WorldlinesCombatant = actor;
  if (actor.defensivePosture) {
    const draft = copyOf(actor);
    draft.defensivePosture = false;
    next = draft;
  }
  const loss = applyHealthLoss(next, bleed, { nonLethal: false, dice }, options);
  return tick(loss.actor, loss.lost, loss.downed, NONE);
}

/** End of the actor's turn: Staggered and flash blindness count down and may run out. */
export function endTurn(actor: Checked<WorldlinesCombatant>): TickOutcome {
  let statuses = actor.statuses;
  const staggered = statuses.staggered;
  const blindedBefore = statuses.blinded;
  // Most turns end with neither counting down: nothing to copy, no list of what ran out.
  if (
    staggered === undefined &&
    (blindedBefore === undefined || blindedBefore.turnsLeft === null)
  ) {
    return tick(actor, 0, undefined, NONE);
  }
  const expired: StatusId[] = [];
  if (staggered !== undefined) {
    if (staggered.turnsLeft <= 1) {
      statuses = withoutStatus(statuses, "staggered");
      expired.push("staggered");
    } else {
      statuses = withStatus(statuses, "staggered", { turnsLeft: staggered.turnsLeft - 1 });
    }
  }
  const blinded = statuses.blinded;
  if (blinded !== undefined && blinded.turnsLeft !== null) {
    if (blinded.turnsLeft <= 1) {
      statuses = withoutStatus(statuses, "blinded");
      expired.push("blinded");
    } else {
      statuses = withStatus(statuses, "blinded", { turnsLeft: blinded.turnsLeft - 1 });
    }
  }
  const next = statuses === actor.statuses ? actor : changed(actor, { statuses });
  return tick(next, 0, undefined, expired);
}

/** The Status Resolution phase for one actor: poison bites; the interruption comes back. */
export function resolveStatuses(
  actor: Checked<WorldlinesCombatant>,
  dice: DiceSource,
  options: Checked<WorldlinesOptions> = CHECKED_DEFAULT_OPTIONS,
): TickOutcome {
  if (actor.life === "dead") return tick(actor, 0, undefined, NONE);
  const poison = actor.statuses.poisoned?.hpPerTurn ?? 0;
  // Nothing to give back and no poison (most actors, most rounds): the actor as it is.
  if (!actor.interruptUsed && !(poison > 0)) return tick(actor, 0, undefined, NONE);
  let next: WorldlinesCombatant = actor;
  if (actor.interruptUsed) {
    const draft = copyOf(actor);
    draft.interruptUsed = false;
    next = draft;
  }
  const loss = applyHealthLoss(next, poison, { nonLethal: false, dice }, options);
  return tick(loss.actor, loss.lost, loss.downed, NONE);
}

export type RecoveryRefusal =
  | "noSuchStatus"
  | "noRecoveryCheck"
  | "notActive"
  | "selfOnly"
  | "notEnoughEnergy"
  | "missingTrait"
  | InputRefusalReason;

export interface RecoveryOutcome {
  readonly patient: WorldlinesCombatant;
  /** Who made the attempt and paid (the patient itself for a self recovery). */
  readonly helper: WorldlinesCombatant;
  readonly check?: CheckResult;
  readonly cured: boolean;
  readonly energySpent: number;
  readonly updates: ActorUpdate[];
}

/**
 * One attempt to shake off or treat a status, following the recovery table (options.recovery):
 * the attempt costs its Energy, then a Spirit check by the patient or a Medicine check by the
 * helper against the table's TD. `automatic` (a technique that makes it certain) skips the roll.
 * Vulnerable and Exhausted have no check: see {@link removeStatus}.
 */
export function attemptRecovery(
  input: {
    readonly patient: WorldlinesCombatant;
    /** Defaults to the patient (self treatment). */
    readonly helper?: WorldlinesCombatant;
    readonly status: StatusId;
    readonly automatic?: boolean;
  },
  dice: DiceSource,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<RecoveryOutcome, RecoveryRefusal> {
  const { patient, status } = input;
  const helper = input.helper ?? patient;
  const bad =
    checkCombatant("patient", patient) ??
    (helper === patient ? undefined : checkCombatant("helper", helper)) ??
    checkChoice("status", status, STATUS_IDS) ??
    checkOptions(options);
  if (bad) return bad;
  const self = helper.id === patient.id;
  if (!Object.hasOwn(patient.statuses, status)) return refuse("noSuchStatus", { status });
  const rule = ownValue(options.recovery, status);
  if (rule === undefined) return refuse("noRecoveryCheck", { status });
  if (rule.by === "self" && !self) return refuse("selfOnly", { status });
  if (helper.life !== "active") return refuse("notActive");
  if (helper.energy.value < rule.energy) {
    return refuse("notEnoughEnergy", { cost: rule.energy, energy: helper.energy.value });
  }
  let check: CheckResult | undefined;
  if (input.automatic !== true) {
    if (rule.check === "spirit") {
      check = spiritCheckOf(helper, rule.td, dice, options);
    } else {
      const rolled = rollCheckOf(helper, options.medicineCheck, rule.td, dice, options);
      if (!rolled.ok) return rolled;
      check = rolled.value;
    }
  }
  const cured = check === undefined || check.passed;
  const paid = changed(helper, {
    energy: atValue(helper.energy, helper.energy.value - rule.energy),
  });
  const treated = (who: WorldlinesCombatant): WorldlinesCombatant =>
    cured ? changed(who, { statuses: withoutStatus(who.statuses, status) }) : who;
  const nextHelper = self ? treated(paid) : paid;
  const nextPatient = self ? nextHelper : treated(patient);
  const updates = self
    ? diffAll([[patient, nextPatient]])
    : diffAll([
        [helper, nextHelper],
        [patient, nextPatient],
      ]);
  return ok({
    patient: nextPatient,
    helper: nextHelper,
    ...(check === undefined ? {} : { check }),
    cured,
    energySpent: rule.energy,
    updates,
  });
}

/** Using an antidote (or a similar item) on a poisoned actor: costs the Use Item Energy, no roll. */
export function useAntidote(
  helper: WorldlinesCombatant,
  patient: WorldlinesCombatant,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<RecoveryOutcome, "noSuchStatus" | "notActive" | "notEnoughEnergy" | InputRefusalReason> {
  const bad =
    checkCombatant("helper", helper) ??
    (helper === patient ? undefined : checkCombatant("patient", patient)) ??
    checkOptions(options);
  if (bad) return bad;
  if (patient.statuses.poisoned === undefined)
    return refuse("noSuchStatus", { status: "poisoned" });
  if (helper.life !== "active") return refuse("notActive");
  const cost = options.costs.useItem;
  if (helper.energy.value < cost) {
    return refuse("notEnoughEnergy", { cost, energy: helper.energy.value });
  }
  const self = helper.id === patient.id;
  const paid = changed(helper, { energy: atValue(helper.energy, helper.energy.value - cost) });
  const cure = (who: WorldlinesCombatant) =>
    changed(who, { statuses: withoutStatus(who.statuses, "poisoned") });
  const nextHelper = self ? cure(paid) : paid;
  const nextPatient = self ? nextHelper : cure(patient);
  return ok({
    patient: nextPatient,
    helper: nextHelper,
    cured: true,
    energySpent: cost,
    updates: self
      ? diffAll([[patient, nextPatient]])
      : diffAll([
          [helper, nextHelper],
          [patient, nextPatient],
        ]),
  });
}

/** Ends a status outright (its source removed, a specific cure, the end of the scene). */
export function removeStatus(
  actor: WorldlinesCombatant,
  status: StatusId,
): { actor: WorldlinesCombatant; update: ActorUpdate | null } {
  const next = changed(actor, { statuses: withoutStatus(actor.statuses, status) });
  return { actor: next, update: diffCombatant(actor, next) };
}
