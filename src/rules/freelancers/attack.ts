/**
 * An attack, in the book's five steps: the target must be in range or reach (range.ts); both
 * sides gather modifiers, to the attribute or to the die; both roll their checks; when both pass,
 * the attacker's roll must be lower than the defender's (an equal roll misses); then the attack
 * is resolved.
 *
 * - Attack check: the weapon's Attribute + its combat skill + modifiers.
 * - Defense check: Agility + the size modifier (options.size) + modifiers. A static defender
 *   does not roll: the attacker must roll under its static defense (its own value, or
 *   options.staticDefenseBase − the size modifier), as if it always passed with that roll.
 * - The defender fails: an attacker who passes hits. The attacker fails: a miss.
 * - Cover (options.cover): light adds to the attacker's die, heavy makes the attack unfavorable,
 *   full cover cannot be targeted.
 * - Attacking a target engaged with an opponent who is not incapacitated is unfavorable; a ranged
 *   attack from within melee reach of an opponent other than the target provokes that opponent;
 *   an attack taken as a Long-action ignores both.
 * - Dodge: the defender's roll is favorable against attacks it can see, unless it is immobilized.
 * - Two-Weapon Fighting: a Long-action; the second (off-hand) attack is unfavorable.
 * - A hit deals the weapon's damage − AR (health.ts); a Touch weapon's effect lands on any hit.
 * - A critical fumble on the attack costs the weapon integrity (one per fumble die); at 0 it is
 *   broken and cannot attack.
 *
 * Dice are drawn in a fixed order: the attacker's check dice, the defender's, then (on a hit) the
 * damage dice.
 *
 * One attack, three steps: checkAttackInput checks every value once (numbers within the sheet's
 * bounds, names and choices), planAttack decides what may be rolled, and rollAttack rolls a plan.
 * resolveAttack does all three for one attack; the encounter simulator checks and plans each
 * pairing once and rolls it many times.
 */
import { checkedAs } from "../core/checked.ts";
import type { Checked } from "../core/checked.ts";
import type { DiceSource } from "../core/dice.ts";
import { cachedFormula, rollFormula } from "../core/formula.ts";
import type { Formula } from "../core/formula.ts";
import { NUMBER_RULES, checkNumber } from "../core/guard.ts";
import { addModifier } from "../core/modifier.ts";
import type { Modifier } from "../core/modifier.ts";
import { checkChoice, checkName, ownValue } from "../core/names.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { spendAction } from "./actions.ts";
import type { ActionRefusal } from "./actions.ts";
import { changedActions, withActions, withIntegrity } from "./actor.ts";
import { diffActor, diffWeapon } from "./changes.ts";
import type { FreelancersUpdate } from "./changes.ts";
import { MAX_EDGE, checkOptions, checkSpecNumbers, rollCheckSpec } from "./checks.ts";
import type { CheckRoll, CheckSpec } from "./checks.ts";
import { checkFlWeapon, checkFreelancer } from "./guard.ts";
import type { FlCheckReason, FlCheckRefusal } from "./guard.ts";
import { afterArmor, loseHealth } from "./health.ts";
import type { DamageResult } from "./health.ts";
import { FL_MAX_DISTANCE } from "./limits.ts";
import type { ActionState, FreelancersActor, FreelancersWeapon } from "./model.ts";
import { DEFAULT_FREELANCERS_OPTIONS } from "./options.ts";
import type { FreelancersOptions } from "./options.ts";
import { rangeEffect } from "./range.ts";
import type { RangeEffect, RangeRefusal } from "./range.ts";

export type { Modifier };

export type Cover = "none" | "light" | "heavy" | "full";
export const COVERS: readonly Cover[] = ["none", "light", "heavy", "full"];

/**
 * What the attack costs and what it is:
 * - base: an ordinary attack, a Base-action;
 * - long: an attack taken as a Long-action (ignores the engaged penalty and does not provoke);
 * - twoWeapons: the first attack of Two-Weapon Fighting, a Long-action that leaves the off-hand
 *   attack pending;
 * - offhand: that second attack, unfavorable, paid for already;
 * - reaction: an attack of opportunity or a readied attack.
 */
export type AttackAs = "base" | "long" | "twoWeapons" | "offhand" | "reaction";
export const ATTACK_AS: readonly AttackAs[] = ["base", "long", "twoWeapons", "offhand", "reaction"];

/** One side's situational modifiers. */
export interface SideModifiers {
  readonly attributeModifiers?: readonly Modifier[];
  readonly dieModifiers?: readonly Modifier[];
  readonly favorable?: number;
  readonly unfavorable?: number;
}

export interface AttackSituation {
  /** Meters between attacker and target (default 0; at most FL_MAX_DISTANCE). */
  readonly distance?: number;
  readonly cover?: Cover;
  readonly as?: AttackAs;
  /** The target is engaged with an opponent of it who is not incapacitated. */
  readonly targetEngaged?: boolean;
  /** Ids of the opponents within whose melee reach the attacker stands. */
  readonly engagedBy?: readonly string[];
  /** The defender can see the attack (default yes): Dodge only works against seen attacks. */
  readonly defenderSees?: boolean;
  readonly attacker?: SideModifiers;
  readonly defender?: SideModifiers;
}

export interface AttackInput {
  readonly attacker: FreelancersActor;
  readonly defender: FreelancersActor;
  readonly weapon: FreelancersWeapon;
  readonly situation?: AttackSituation;
}

/** An attack's input every part of which passed its check (checkAttackInput). */
export interface CheckedAttackInput {
  readonly attacker: Checked<FreelancersActor>;
  readonly defender: Checked<FreelancersActor>;
  readonly weapon: Checked<FreelancersWeapon>;
  readonly situation: Checked<AttackSituation>;
}

export type AttackRefusal =
  | FlCheckReason
  | RangeRefusal
  | ActionRefusal
  | "sameCombatant"
  | "targetDead"
  | "weaponBroken"
  | "fullCover"
  | "badFormula"
  | "noOffhandPending";

/** The defense side of an attack: a check, or a static value the attacker must roll under. */
export type DefenseSpec =
  | { readonly kind: "roll"; readonly spec: Checked<CheckSpec> }
  | { readonly kind: "static"; readonly value: number };

/** Everything an attack decides before any die is rolled. */
export interface AttackPlan {
  readonly attack: Checked<CheckSpec>;
  readonly defense: DefenseSpec;
  readonly range: RangeEffect;
  readonly damage: Formula;
  /** Opponents the attack provokes (a target of opportunity for each). */
  readonly provokedBy: readonly string[];
}

function isLongAttack(as: AttackAs): boolean {
  return as === "long" || as === "twoWeapons" || as === "offhand";
}

/** One side's modifiers: each within ±MAX_MODIFIER, favorables and unfavorables up to MAX_EDGE. */
function checkSide(field: string, side: SideModifiers | undefined): FlCheckRefusal | undefined {
  if (side === undefined) return undefined;
  const edge = { min: 0, max: MAX_EDGE, whole: true } as const;
  const modifiers = [...(side.attributeModifiers ?? []), ...(side.dieModifiers ?? [])];
  return (
    checkNumber(`${field}.favorable`, side.favorable ?? 0, edge) ??
    checkNumber(`${field}.unfavorable`, side.unfavorable ?? 0, edge) ??
    modifiers
      .map((m, i) => checkNumber(`${field}.modifiers.${i}`, m.value, NUMBER_RULES.modifier))
      .find((refusal) => refusal !== undefined)
  );
}

/** The situation's values: a distance within bounds, a cover and an attack kind from their lists. */
export function checkSituation(
  s: AttackSituation,
  field = "situation",
): FlCheckRefusal | undefined {
  return (
    checkNumber(`${field}.distance`, s.distance ?? 0, { min: 0, max: FL_MAX_DISTANCE }) ??
    checkChoice(`${field}.cover`, s.cover ?? "none", COVERS) ??
    checkChoice(`${field}.as`, s.as ?? "base", ATTACK_AS) ??
    (s.engagedBy ?? [])
      .map((id, i) => checkName(`${field}.engagedBy.${i}`, id))
      .find((refusal) => refusal !== undefined) ??
    checkSide(`${field}.attacker`, s.attacker) ??
    checkSide(`${field}.defender`, s.defender)
  );
}

/**
 * Checks every value an attack reads, once: the options, both actors and the weapon in full (even
 * what this attack would not read), and the situation. What passes comes back checked, for
 * planAttack's and rollAttack's rules.
 */
export function checkAttackInput(
  input: AttackInput,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): Result<CheckedAttackInput, AttackRefusal> {
  const situation = input.situation ?? {};
  const bad =
    checkOptions(options) ??
    checkFreelancer(input.attacker, "attacker") ??
    checkFreelancer(input.defender, "defender") ??
    checkFlWeapon(input.weapon) ??
    checkSituation(situation);
  if (bad) return bad;
  return ok({
    attacker: checkedAs(input.attacker),
    defender: checkedAs(input.defender),
    weapon: checkedAs(input.weapon),
    situation: checkedAs(situation),
  });
}

/** The size modifier to defense. */
export function sizeModifier(
  actor: Pick<FreelancersActor, "size">,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): number {
  return ownValue(options.size, actor.size) ?? 0;
}

/**
 * A static defender's value: its own, or the base minus its size modifier. The book gives a
 * static defense by size alone (no Agility), and the attacker must roll under it, so a higher
 * value is easier to hit: the size bonus that makes a small target's rolled defense better makes
 * its static value lower (tiny: base − 4), and a huge target's higher (base + 4).
 */
export function staticDefense(
  actor: Pick<FreelancersActor, "size" | "staticDefense">,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): number {
  return actor.staticDefense ?? options.staticDefenseBase - sizeModifier(actor, options);
}

/**
 * May the attack be made, and with which numbers? Does not look at the action economy (the odds
 * are shown at any time); resolveAttack does.
 */
export function planAttack(
  input: AttackInput,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): Result<Checked<AttackPlan>, AttackRefusal> {
  const checked = checkAttackInput(input, options);
  return checked.ok ? planChecked(checked.value, checkedAs(options)) : checked;
}

/** The plan of a checked attack: who may be attacked, and with which checks. */
function planChecked(
  input: CheckedAttackInput,
  options: Checked<FreelancersOptions>,
): Result<Checked<AttackPlan>, AttackRefusal> {
  const { attacker, defender, weapon, situation: s } = input;
  const as = s.as ?? "base";
  if (attacker.id === defender.id) return refuse("sameCombatant");
  if (defender.life === "dead") return refuse("targetDead");
  if (weapon.integrity.value <= 0) return refuse("weaponBroken", { weapon: weapon.name });
  const cover = s.cover ?? "none";
  if (cover === "full") return refuse("fullCover");
  const range = rangeEffect(weapon, s.distance ?? 0, options);
  if (!range.ok) return range;
  const formula = cachedFormula(weapon.damage);
  if (formula === null) return refuse("badFormula", { formula: weapon.damage });

  const a = s.attacker ?? {};
  const dieModifiers: Modifier[] = [...(a.dieModifiers ?? [])];
  addModifier(dieModifiers, "cover", cover === "light" ? options.cover.lightDie : 0);
  addModifier(dieModifiers, "range", range.value.dieModifier);
  const long = isLongAttack(as);
  const unfavorable =
    (a.unfavorable ?? 0) +
    range.value.unfavorable +
    (cover === "heavy" ? options.cover.heavyUnfavorable : 0) +
    (s.targetEngaged === true && !long ? options.engagedTargetUnfavorable : 0) +
    (as === "offhand" ? options.secondWeaponUnfavorable : 0);
  const attack: CheckSpec = {
    base:
      (ownValue(attacker.attributes, weapon.attribute) ?? 0) +
      (ownValue(attacker.skills, weapon.skill) ?? 0),
    attributeModifiers: a.attributeModifiers ?? [],
    dieModifiers,
    favorable: a.favorable ?? 0,
    unfavorable,
  };

  let defense: DefenseSpec;
  let badDefense: FlCheckRefusal | undefined;
  if (defender.defense === "static") {
    const value = staticDefense(defender, options);
    defense = { kind: "static", value };
    badDefense = checkNumber("defense.static", value);
  } else {
    const d = s.defender ?? {};
    const attributeModifiers: Modifier[] = [];
    addModifier(attributeModifiers, "size", sizeModifier(defender, options));
    attributeModifiers.push(...(d.attributeModifiers ?? []));
    const dodging = defender.actions.dodging && !defender.immobilized && s.defenderSees !== false;
    const spec: CheckSpec = {
      base: ownValue(defender.attributes, "agility") ?? 0,
      attributeModifiers,
      dieModifiers: d.dieModifiers ?? [],
      favorable: (d.favorable ?? 0) + (dodging ? options.dodgeFavorable : 0),
      unfavorable: d.unfavorable ?? 0,
    };
    defense = { kind: "roll", spec: checkedAs(spec) };
    badDefense = checkSpecNumbers("defense", spec);
  }
  // The sums of checked parts may still pass a check's bound (an unfavorable from every source).
  const bad = checkSpecNumbers("attack", attack) ?? badDefense;
  if (bad) return bad;
  const provokedBy =
    weapon.kind === "ranged" && !long ? (s.engagedBy ?? []).filter((id) => id !== defender.id) : [];
  return ok(
    checkedAs({
      attack: checkedAs(attack),
      defense,
      range: range.value,
      damage: formula,
      provokedBy,
    }),
  );
}

/** Whether the attack hits, from both checks (the defense a roll or a static value). */
export function attackHits(attack: CheckRoll, defense: CheckRoll | number): boolean {
  if (!attack.passed) return false;
  if (typeof defense === "number") return attack.roll < defense;
  return !defense.passed || attack.roll < defense.roll;
}

/** The action an attack spends, and what the attacker's actions look like after it. */
export function spendAttack(
  attacker: Pick<FreelancersActor, "actions" | "counters" | "life">,
  as: AttackAs,
): Result<ActionState, ActionRefusal | "noOffhandPending"> {
  switch (as) {
    case "base":
      return spendAction(attacker, "base");
    case "long":
      return spendAction(attacker, "long");
    case "reaction":
      return spendAction(attacker, "reaction");
    case "twoWeapons": {
      const spent = spendAction(attacker, "long");
      return spent.ok ? ok(changedActions(spent.value, { offhandPending: true })) : spent;
    }
    case "offhand":
      return attacker.actions.offhandPending
        ? ok(changedActions(attacker.actions, { offhandPending: false }))
        : refuse("noOffhandPending");
  }
  return checkChoice("as", as, ATTACK_AS) as FlCheckRefusal;
}

/**
 * What the attack's critical fumbles do to the weapon: it loses integrity per fumble die, never
 * below 0 (broken). The shell calls it as soon as the attack check is rolled, before the defense.
 */
export function afterFumbles<W extends FreelancersWeapon>(
  weapon: W,
  attack: Pick<CheckRoll, "fumbles">,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): { readonly weapon: W; readonly integrityLost: number } {
  const integrityLost = Math.min(
    weapon.integrity.value,
    attack.fumbles * options.integrityPerFumble,
  );
  if (!(integrityLost > 0)) return { weapon, integrityLost: 0 };
  return { weapon: withIntegrity(weapon, weapon.integrity.value - integrityLost), integrityLost };
}

export interface DamageRoll extends DamageResult {
  readonly faces: readonly number[];
  /** The weapon formula's total. */
  readonly rolled: number;
  readonly armor: number;
}

export interface AttackOutcome {
  readonly attack: CheckRoll;
  /** The defender's check, or its static defense. */
  readonly defense: CheckRoll | number;
  readonly hit: boolean;
  readonly damage?: DamageRoll;
  /** Integrity the weapon lost to fumbles. */
  readonly integrityLost: number;
  readonly broken: boolean;
  readonly provokedBy: readonly string[];
  readonly attacker: FreelancersActor;
  readonly defender: FreelancersActor;
  readonly weapon: FreelancersWeapon;
  readonly updates: readonly FreelancersUpdate[];
}

/** Makes an attack: spends its action, rolls both checks and the damage, and says what changed. */
export function resolveAttack(
  input: AttackInput,
  dice: DiceSource,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): Result<AttackOutcome, AttackRefusal> {
  const checked = checkAttackInput(input, options);
  if (!checked.ok) return checked;
  const plan = planChecked(checked.value, checkedAs(options));
  if (!plan.ok) return plan;
  const resolved = rollAttack(checked.value, plan.value, dice, checkedAs(options));
  if (!resolved.ok) return resolved;
  const outcome = resolved.value;
  const weaponUpdate = diffWeapon(outcome.attacker.id, input.weapon, outcome.weapon);
  return ok({
    ...outcome,
    updates: [
      ...diffActor(input.attacker, outcome.attacker),
      ...diffActor(input.defender, outcome.defender),
      ...(weaponUpdate ? [weaponUpdate] : []),
    ],
  });
}

/** An attack's outcome without its document changes (the encounter simulator writes none). */
export interface AttackResolution extends Omit<
  AttackOutcome,
  "updates" | "attacker" | "defender" | "weapon"
> {
  readonly attacker: Checked<FreelancersActor>;
  readonly defender: Checked<FreelancersActor>;
  readonly weapon: Checked<FreelancersWeapon>;
}

/**
 * Rolls a planned attack: spends its action, rolls both checks, the damage on a hit, and the
 * integrity a fumble costs. `plan` is planAttack's for this attacker, defender, weapon and
 * situation (the actors may have changed since in what a plan does not read: health, actions,
 * counters, integrity); what is a rule now (a dead target, a broken weapon, no action left) is
 * refused as resolveAttack refuses it.
 */
export function rollAttack(
  input: CheckedAttackInput,
  plan: Checked<AttackPlan>,
  dice: DiceSource,
  options: Checked<FreelancersOptions>,
): Result<AttackResolution, AttackRefusal> {
  const { attacker, defender, weapon } = input;
  if (defender.life === "dead") return refuse("targetDead");
  if (weapon.integrity.value <= 0) return refuse("weaponBroken", { weapon: weapon.name });
  const actions = spendAttack(attacker, input.situation.as ?? "base");
  if (!actions.ok) return actions;

  const attack = rollCheckSpec(plan.attack, dice, options, "attack");
  if (!attack.ok) return attack;
  let defense: CheckRoll | number;
  const defenseSpec = plan.defense;
  if (defenseSpec.kind === "static") {
    defense = defenseSpec.value;
  } else {
    const rolled = rollCheckSpec(defenseSpec.spec, dice, options, "defense");
    if (!rolled.ok) return rolled;
    defense = rolled.value;
  }
  const hit = attackHits(attack.value, defense);

  let damage: DamageRoll | undefined;
  let after = defender;
  if (hit) {
    const { total, faces } = rollFormula(plan.damage, dice);
    const result = afterArmor(total, defender.armor);
    damage = {
      dealt: result.dealt,
      penetrated: result.penetrated,
      touchApplies: weapon.touch === true,
      faces,
      rolled: total,
      armor: defender.armor,
    };
    after = loseHealth(defender, result.dealt);
  }

  const fumbled = afterFumbles(weapon, attack.value, options);
  return ok({
    attack: attack.value,
    defense,
    hit,
    damage,
    integrityLost: fumbled.integrityLost,
    broken: fumbled.weapon.integrity.value === 0,
    provokedBy: plan.provokedBy,
    attacker: withActions(attacker, actions.value),
    defender: after,
    weapon: fumbled.weapon,
  });
}
