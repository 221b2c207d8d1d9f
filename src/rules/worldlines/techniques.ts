/**
 * Techniques: learned abilities with an Energy cost (the action table's "Use Technique", plus the
 * Stressed surcharge) and an effect a GM sets on the technique itself. The book names a few:
 * Quick Draw (weapon switches become free actions), Marksman's Shot (a wider headshot range) and
 * the technique-based interruptions; everything else is the table's own catalogue, built from the
 * same effect fields:
 * - `use`: "attack" techniques are announced with an attack (step 1 of the attack) and shape
 *   that one attack; "action" techniques are used on their own, on the actor's turn or, when
 *   `interrupt` is set, between turns as the round's interruption; "passive" ones always apply;
 * - `critWiden` / `headshotWiden`: faces by which the critical or headshot range grows;
 * - `onHit`: statuses a hit of the technique's attack inflicts;
 * - `extraInterruption`: using it gives back the round's interruption (one more this round);
 * - `energyRefund`: Energy given back when the technique's attack hits (never above the maximum);
 * - `freeWeaponSwitch`: weapon switches cost no Energy (Quick Draw);
 * - `stopsBleeding`: using it ends Bleeding on the patient outright, no check (the recovery
 *   table's Emergency Stabilization, the technique alternative to First Aid);
 * - `stealsMomentum`: using it hands the user's team the momentum (the book's techniques that
 *   steal it; order.ts worldlinesTakeMomentum, which the table applies to the running combat).
 */
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { checkAllNumbers, MAX_MODIFIER } from "../core/guard.ts";
import { checkChoice } from "../core/names.ts";
import type { InputRefusalReason } from "./valid.ts";
import { diffAll, diffCombatant, withoutStatus } from "./changes.ts";
import type { ActorUpdate } from "./changes.ts";
import { atValue, changed } from "./combatant.ts";
import { energyCost, spendEnergy } from "./energy.ts";
import type { EnergyRefusal } from "./energy.ts";
import type { StatusApplication, WorldlinesCombatant, WorldlinesWeapon } from "./model.ts";
import { DEFAULT_OPTIONS } from "./options.ts";
import type { WorldlinesOptions } from "./options.ts";
import {
  checkApplication,
  checkCombatant,
  checkOptions,
  checkWeapon,
  optionalCount,
} from "./valid.ts";
import type { InputRefusal } from "./valid.ts";

export type TechniqueUse = "attack" | "action" | "passive";
export const TECHNIQUE_USES: readonly TechniqueUse[] = ["attack", "action", "passive"];

export interface WorldlinesTechnique {
  readonly id: string;
  readonly name: string;
  /** Energy it costs (before the Stressed surcharge); a passive technique costs nothing to use. */
  readonly cost: number;
  readonly use: TechniqueUse;
  /** Used between turns, as the round's one interruption. */
  readonly interrupt?: boolean;
  /** Using it gives the round's interruption back. */
  readonly extraInterruption?: boolean;
  readonly critWiden?: number;
  readonly headshotWiden?: number;
  readonly onHit?: readonly StatusApplication[];
  readonly energyRefund?: number;
  readonly freeWeaponSwitch?: boolean;
  readonly stopsBleeding?: boolean;
  /** Using it hands the user's team the momentum. */
  readonly stealsMomentum?: boolean;
}

export type TechniqueRefusal =
  | "notActive"
  | "notEnoughEnergy"
  | "passiveTechnique"
  | "notAnAttackTechnique"
  | "attackTechnique"
  | "stressedInterrupt"
  | "interruptUsed"
  | "noSuchStatus"
  | InputRefusalReason;

/**
 * Checks a technique: every number finite, costs and widenings whole and not negative, its use
 * from the list, the statuses its attack puts on a hit.
 */
function checkTechniqueNumbers(technique: WorldlinesTechnique): InputRefusal | undefined {
  const bad =
    checkAllNumbers("technique", technique) ??
    checkChoice("technique.use", technique.use, TECHNIQUE_USES) ??
    optionalCount("technique.cost", technique.cost) ??
    optionalCount("technique.critWiden", technique.critWiden) ??
    optionalCount("technique.headshotWiden", technique.headshotWiden) ??
    optionalCount("technique.energyRefund", technique.energyRefund);
  if (bad) return bad;
  for (const [i, application] of (technique.onHit ?? []).entries()) {
    const refusal = checkApplication(["technique", "onHit", String(i)], application);
    if (refusal) return refusal;
  }
  return undefined;
}

/** Two widenings summed, never past the largest count the check accepts. */
function widened(a: number | undefined, b: number | undefined): number {
  return Math.min(MAX_MODIFIER, (a ?? 0) + (b ?? 0));
}

/** What the technique costs this actor now (Stressed adds its surcharge). */
function techniqueCost(
  actor: WorldlinesCombatant,
  technique: WorldlinesTechnique,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<number, InputRefusalReason> {
  return energyCost(actor, { kind: "technique", cost: technique.cost }, options);
}

/**
 * Whether the actor may use the technique on its own now ("action" techniques; an interruption
 * technique obeys the interruption rules: not while Stressed, once a round unless it grants an
 * extra one). Changes nothing.
 */
export function checkTechnique(
  actor: WorldlinesCombatant,
  technique: WorldlinesTechnique,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<{ cost: number }, TechniqueRefusal> {
  const bad =
    checkCombatant("actor", actor) ?? checkTechniqueNumbers(technique) ?? checkOptions(options);
  if (bad) return bad;
  if (technique.use === "passive") return refuse("passiveTechnique");
  if (technique.use === "attack") return refuse("attackTechnique");
  if (actor.life !== "active") return refuse("notActive");
  if (technique.interrupt === true) {
    if (actor.statuses.stressed) return refuse("stressedInterrupt");
    if (actor.interruptUsed && technique.extraInterruption !== true) {
      return refuse("interruptUsed");
    }
  }
  const priced = techniqueCost(actor, technique, options);
  if (!priced.ok) return priced;
  const cost = priced.value;
  if (cost > actor.energy.value) {
    return refuse("notEnoughEnergy", { cost, energy: actor.energy.value });
  }
  return ok({ cost });
}

export interface UsedTechnique {
  readonly cost: number;
  readonly actor: WorldlinesCombatant;
  readonly update: ActorUpdate | null;
}

/**
 * Uses an "action" technique: pays its Energy; an interruption marks the round's interruption
 * used, and a technique granting an extra interruption gives it back instead.
 */
export function applyTechnique(
  actor: WorldlinesCombatant,
  technique: WorldlinesTechnique,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<UsedTechnique, TechniqueRefusal> {
  const allowed = checkTechnique(actor, technique, options);
  if (!allowed.ok) return allowed;
  const cost = allowed.value.cost;
  const interruptUsed =
    technique.extraInterruption === true
      ? false
      : technique.interrupt === true || actor.interruptUsed;
  const next = changed(actor, {
    energy: atValue(actor.energy, actor.energy.value - cost),
    interruptUsed,
  });
  return ok({ cost, actor: next, update: diffCombatant(actor, next) });
}

export interface TechniqueOnPatient {
  readonly cost: number;
  /** The user's and the patient's changes (one update when they are the same actor). */
  readonly updates: ActorUpdate[];
}

/**
 * Uses an "action" technique on a patient (the user itself or an ally): pays as applyTechnique
 * does, and a technique that stops Bleeding ends the patient's Bleeding outright. Refused with
 * `noSuchStatus` when it stops Bleeding and the patient is not bleeding, so no Energy is wasted.
 */
export function applyTechniqueOn(
  actor: WorldlinesCombatant,
  patient: WorldlinesCombatant,
  technique: WorldlinesTechnique,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<TechniqueOnPatient, TechniqueRefusal> {
  const bad = actor.id === patient.id ? undefined : checkCombatant("patient", patient);
  if (bad) return bad;
  const used = applyTechnique(actor, technique, options);
  if (!used.ok) return used;
  const self = actor.id === patient.id;
  if (technique.stopsBleeding !== true) {
    return ok({ cost: used.value.cost, updates: used.value.update ? [used.value.update] : [] });
  }
  if (patient.statuses.bleeding === undefined) {
    return refuse("noSuchStatus", { status: "bleeding" });
  }
  const stop = (who: WorldlinesCombatant) =>
    changed(who, { statuses: withoutStatus(who.statuses, "bleeding") });
  const updates = self
    ? diffAll([[actor, stop(used.value.actor)]])
    : diffAll([
        [actor, used.value.actor],
        [patient, stop(patient)],
      ]);
  return ok({ cost: used.value.cost, updates });
}

export interface TechniqueAttack {
  /** The weapon as the attack uses it: widened ranges, the technique's statuses on a hit. */
  readonly weapon: WorldlinesWeapon;
  /** The attack's Energy with the technique's (Stressed surcharge included). */
  readonly cost: number;
  /** Energy the attacker gets back if the attack hits. */
  readonly refund: number;
}

/**
 * An attack announced with an "attack" technique: the weapon it shapes, what the whole attack
 * costs, and the refund a hit earns. `attackCost` is the attack's own Energy (costs.attack, or
 * costs.throw for a thrown weapon).
 */
export function attackWithTechnique(
  attacker: WorldlinesCombatant,
  weapon: WorldlinesWeapon,
  technique: WorldlinesTechnique,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<TechniqueAttack, TechniqueRefusal> {
  const bad =
    checkCombatant("attacker", attacker) ??
    checkWeapon("weapon", weapon) ??
    checkTechniqueNumbers(technique) ??
    checkOptions(options);
  if (bad) return bad;
  if (technique.use !== "attack") return refuse("notAnAttackTechnique");
  const attackCost = weapon.kind === "thrown" ? options.costs.throw : options.costs.attack;
  const priced = techniqueCost(attacker, technique, options);
  if (!priced.ok) return priced;
  const cost = attackCost + priced.value;
  if (cost > attacker.energy.value) {
    return refuse("notEnoughEnergy", { cost, energy: attacker.energy.value });
  }
  const onHit = [...(weapon.onHit ?? [])];
  for (const status of technique.onHit ?? []) {
    if (!onHit.some((s) => s.status === status.status)) onHit.push(status);
  }
  return ok({
    weapon: {
      ...weapon,
      critWiden: widened(weapon.critWiden, technique.critWiden),
      headshotWiden: widened(weapon.headshotWiden, technique.headshotWiden),
      ...(onHit.length > 0 ? { onHit } : {}),
    },
    cost,
    refund: technique.energyRefund ?? 0,
  });
}

/**
 * What an actor's passive techniques add to it: their crit and headshot widenings (summed onto
 * the actor's own), and whether weapon switches are free.
 */
export function withPassiveTechniques(
  actor: WorldlinesCombatant,
  techniques: readonly WorldlinesTechnique[],
): Result<{ actor: WorldlinesCombatant; freeWeaponSwitch: boolean }, InputRefusalReason> {
  const bad = checkCombatant("actor", actor);
  if (bad) return bad;
  let critWiden = actor.critWiden ?? 0;
  let headshotWiden = actor.headshotWiden ?? 0;
  let freeWeaponSwitch = false;
  for (const technique of techniques) {
    const badTechnique = checkTechniqueNumbers(technique);
    if (badTechnique) return badTechnique;
    if (technique.freeWeaponSwitch === true) freeWeaponSwitch = true;
    if (technique.use !== "passive") continue;
    critWiden = widened(critWiden, technique.critWiden);
    headshotWiden = widened(headshotWiden, technique.headshotWiden);
  }
  return ok({
    actor: {
      ...actor,
      ...(critWiden > 0 ? { critWiden } : {}),
      ...(headshotWiden > 0 ? { headshotWiden } : {}),
    },
    freeWeaponSwitch,
  });
}

/**
 * Energy given back after a technique's attack: the refund when it hit, never above the maximum.
 * Null when nothing changes.
 */
export function refundEnergy(
  attacker: WorldlinesCombatant,
  refund: number,
  hit: boolean,
): Result<{ actor: WorldlinesCombatant; update: ActorUpdate | null }, InputRefusalReason> {
  const bad = checkCombatant("attacker", attacker) ?? optionalCount("refund", refund);
  if (bad) return bad;
  if (!hit || refund === 0) return ok({ actor: attacker, update: null });
  const value = Math.min(attacker.energy.max, attacker.energy.value + refund);
  const next = changed(attacker, { energy: atValue(attacker.energy, value) });
  return ok({ actor: next, update: diffCombatant(attacker, next) });
}

/**
 * Draws a weapon (the action table's weapon switch): costs costs.switchWeapon, nothing when one of
 * the actor's techniques makes switches free (Quick Draw). Refused when the weapon is already the
 * drawn one, so no Energy is wasted.
 */
export function drawWeapon(
  actor: WorldlinesCombatant,
  techniques: readonly WorldlinesTechnique[],
  alreadyDrawn: boolean,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<
  { cost: number; free: boolean; update: ActorUpdate | null },
  "alreadyDrawn" | EnergyRefusal
> {
  const passive = withPassiveTechniques(actor, techniques);
  if (!passive.ok) return passive;
  const bad = checkOptions(options);
  if (bad) return bad;
  if (alreadyDrawn) return refuse("alreadyDrawn");
  if (passive.value.freeWeaponSwitch) {
    if (actor.life !== "active") return refuse("notActive");
    return ok({ cost: 0, free: true, update: null });
  }
  const paid = spendEnergy(actor, { kind: "switchWeapon" }, options);
  if (!paid.ok) return paid;
  return ok({ cost: paid.value.cost, free: false, update: paid.value.update });
}
