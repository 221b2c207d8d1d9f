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
import type { DiceSource } from "../core/dice.ts";
import { checkAllNumbers, checkNumber, NUMBER_RULES } from "../core/guard.ts";
import type { NumberRefusal, NumberRefusalReason } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { diffAll, diffCombatant, withoutStatus } from "./changes.ts";
import type { ActorUpdate } from "./changes.ts";
import { atValue, changed, withStatus } from "./combatant.ts";
import type { CheckResult } from "./checks.ts";
import { putStatus, rollCheckOf, spiritCheckOf } from "./internal.ts";
import { applyHealthLoss } from "./lose-health.ts";
import type { StatusApplication, StatusId, WorldlinesCombatant } from "./model.ts";
import { DEFAULT_OPTIONS } from "./options.ts";
import type { WorldlinesOptions } from "./options.ts";
import { checkCombatant, checkOptions, optionalCount } from "./valid.ts";

/**
 * Puts a status on an actor. Rolls the duration of flash blindness on `dice`. Refused when the
 * actor or the application carries a bad number (a NaN bleed, negative turns …).
 */
export function applyStatus(
  actor: WorldlinesCombatant,
  application: StatusApplication,
  dice: DiceSource,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<WorldlinesCombatant, NumberRefusalReason> {
  const bad =
    checkCombatant("actor", actor) ?? checkApplication(application) ?? checkOptions(options);
  return bad ?? ok(putStatus(actor, application, dice, options));
}

/** The numbers a status application may carry: counts, and exhaustion points that may be negative. */
function checkApplication(application: StatusApplication): NumberRefusal | undefined {
  switch (application.status) {
    case "bleeding":
    case "poisoned":
      return optionalCount(["application", "hpPerTurn"], application.hpPerTurn);
    case "staggered":
      return optionalCount(["application", "turns"], application.turns);
    case "exhausted":
      return checkNumber(["application", "points"], application.points, {
        ...NUMBER_RULES.modifier,
        whole: true,
      });
    default:
      return checkAllNumbers("application", application);
  }
}

export interface TickOutcome {
  readonly actor: WorldlinesCombatant;
  /** Health lost to the status that ticked (0 if none). */
  readonly lost: number;
  readonly downed?: "dying" | "unconscious";
  /** Statuses that ran out. */
  readonly expired: readonly StatusId[];
  readonly update: ActorUpdate | null;
}

/** A tick without its document change: what the `…Prechecked` rules return. */
export type Tick = Omit<TickOutcome, "update">;

/** `tick` with the document change from `actor` to the ticked actor. */
function withUpdate(actor: WorldlinesCombatant, tick: Tick): TickOutcome {
  return { ...tick, update: diffCombatant(actor, tick.actor) };
}

/** Start of the actor's turn: Bleeding costs its health; Defensive Posture ends. */
export function startTurn(
  actor: WorldlinesCombatant,
  dice: DiceSource,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<TickOutcome, NumberRefusalReason> {
  const bad = checkCombatant("actor", actor) ?? checkOptions(options);
  return bad ?? ok(withUpdate(actor, startTurnPrechecked(actor, dice, options)));
}

/**
 * The rules behind {@link startTurn}, {@link endTurn} and {@link resolveStatuses} for numbers
 * already checked, without the document change: the encounter simulator's inner loop, which
 * checks its fighters once when a simulation is created.
 */
export function startTurnPrechecked(
  actor: WorldlinesCombatant,
  dice: DiceSource,
  options: WorldlinesOptions,
): Tick {
  let next = actor.defensivePosture ? changed(actor, { defensivePosture: false }) : actor;
  const bleed = actor.statuses.bleeding?.hpPerTurn ?? 0;
  const loss = applyHealthLoss(next, bleed, { nonLethal: false, dice }, options);
  next = loss.actor;
  return loss.downed === undefined
    ? { actor: next, lost: loss.lost, expired: NONE }
    : { actor: next, lost: loss.lost, downed: loss.downed, expired: NONE };
}

const NONE: readonly StatusId[] = [];

/** End of the actor's turn: Staggered and flash blindness count down and may run out. */
export function endTurn(actor: WorldlinesCombatant): Result<TickOutcome, NumberRefusalReason> {
  const bad = checkCombatant("actor", actor);
  return bad ?? ok(withUpdate(actor, endTurnPrechecked(actor)));
}

/** See {@link startTurnPrechecked}. */
export function endTurnPrechecked(actor: WorldlinesCombatant): Tick {
  let statuses = actor.statuses;
  const expired: StatusId[] = [];
  const staggered = statuses.staggered;
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
  return { actor: next, lost: 0, expired };
}

/** The Status Resolution phase for one actor: poison bites; the interruption comes back. */
export function resolveStatuses(
  actor: WorldlinesCombatant,
  dice: DiceSource,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<TickOutcome, NumberRefusalReason> {
  const bad = checkCombatant("actor", actor) ?? checkOptions(options);
  return bad ?? ok(withUpdate(actor, resolveStatusesPrechecked(actor, dice, options)));
}

/** See {@link startTurnPrechecked}. */
export function resolveStatusesPrechecked(
  actor: WorldlinesCombatant,
  dice: DiceSource,
  options: WorldlinesOptions,
): Tick {
  if (actor.life === "dead") return { actor, lost: 0, expired: NONE };
  let next = actor.interruptUsed ? changed(actor, { interruptUsed: false }) : actor;
  const loss = applyHealthLoss(
    next,
    actor.statuses.poisoned?.hpPerTurn ?? 0,
    { nonLethal: false, dice },
    options,
  );
  next = loss.actor;
  return loss.downed === undefined
    ? { actor: next, lost: loss.lost, expired: NONE }
    : { actor: next, lost: loss.lost, downed: loss.downed, expired: NONE };
}

export type RecoveryRefusal =
  | "noSuchStatus"
  | "noRecoveryCheck"
  | "notActive"
  | "selfOnly"
  | "notEnoughEnergy"
  | "missingTrait"
  | NumberRefusalReason;

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
    checkOptions(options);
  if (bad) return bad;
  const self = helper.id === patient.id;
  if (patient.statuses[status] === undefined) return refuse("noSuchStatus", { status });
  const rule = options.recovery[status];
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
): Result<RecoveryOutcome, "noSuchStatus" | "notActive" | "notEnoughEnergy" | NumberRefusalReason> {
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
