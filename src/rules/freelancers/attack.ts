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
 */
import type { DiceSource } from "../core/dice.ts";
import { cachedFormula, rollFormula } from "../core/formula.ts";
import type { Formula } from "../core/formula.ts";
import { checkNumber } from "../core/guard.ts";
import type { NumberRefusal } from "../core/guard.ts";
import { addModifier } from "../core/modifier.ts";
import type { Modifier } from "../core/modifier.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { spendAction } from "./actions.ts";
import type { ActionRefusal } from "./actions.ts";
import { diffActor, diffWeapon } from "./changes.ts";
import type { FreelancersUpdate } from "./changes.ts";
import { checkOptions, checkSpecNumbers, rollCheckUnchecked } from "./checks.ts";
import type { CheckRoll, CheckSpec } from "./checks.ts";
import { checkCounters } from "./counters.ts";
import { checkFlWeapon, checkFreelancer } from "./guard.ts";
import { afterArmor, checkBody, loseHealth } from "./health.ts";
import type { DamageResult } from "./health.ts";
import type { ActionState, FreelancersActor, FreelancersWeapon } from "./model.ts";
import { DEFAULT_FREELANCERS_OPTIONS } from "./options.ts";
import type { FreelancersOptions } from "./options.ts";
import { rangeEffect } from "./range.ts";
import type { RangeEffect, RangeRefusal } from "./range.ts";

export type { Modifier };

export type Cover = "none" | "light" | "heavy" | "full";

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

/** One side's situational modifiers. */
export interface SideModifiers {
  readonly attributeModifiers?: readonly Modifier[];
  readonly dieModifiers?: readonly Modifier[];
  readonly favorable?: number;
  readonly unfavorable?: number;
}

export interface AttackSituation {
  /** Meters between attacker and target (default 0). */
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

export type AttackRefusal =
  | NumberRefusal["reason"]
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
  | { readonly kind: "roll"; readonly spec: CheckSpec }
  | { readonly kind: "static"; readonly value: number };

/** Everything an attack decides before any die is rolled. */
export interface AttackPlan {
  readonly attack: CheckSpec;
  readonly defense: DefenseSpec;
  readonly range: RangeEffect;
  readonly damage: Formula;
  /** Opponents the attack provokes (a target of opportunity for each). */
  readonly provokedBy: readonly string[];
}

function isLongAttack(as: AttackAs): boolean {
  return as === "long" || as === "twoWeapons" || as === "offhand";
}

/** The numbers of an actor an attack reads. */
function checkActorNumbers(
  role: string,
  actor: FreelancersActor,
  attribute: string,
  skill: string | null,
): NumberRefusal | undefined {
  return (
    checkFreelancer(actor, role) ??
    checkNumber(`${role}.attributes.${attribute}`, actor.attributes[attribute] ?? 0) ??
    checkNumber(
      `${role}.skills.${skill ?? "none"}`,
      skill === null ? 0 : (actor.skills[skill] ?? 0),
    ) ??
    checkNumber(`${role}.armor`, actor.armor, { min: 0, whole: true }) ??
    checkNumber(`${role}.staticDefense`, actor.staticDefense ?? 0) ??
    checkBody(actor) ??
    checkCounters(actor.counters)
  );
}

/** The size modifier to defense. */
export function sizeModifier(
  actor: Pick<FreelancersActor, "size">,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): number {
  return options.size[actor.size];
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
): Result<AttackPlan, AttackRefusal> {
  const { attacker, defender, weapon } = input;
  const bad =
    checkOptions(options) ??
    checkActorNumbers("attacker", attacker, weapon.attribute, weapon.skill) ??
    checkActorNumbers("defender", defender, "agility", null) ??
    checkFlWeapon(weapon);
  if (bad) return bad;
  const plan = planAttackPrechecked(input, options);
  if (!plan.ok) return plan;
  const { attack, defense } = plan.value;
  const badSpec =
    checkSpecNumbers("attack", attack) ??
    (defense.kind === "roll"
      ? checkSpecNumbers("defense", defense.spec)
      : checkNumber("defense.static", defense.value));
  return badSpec ?? plan;
}

/**
 * The rule behind {@link planAttack} for numbers already checked: who may be attacked and with
 * which checks, without the boundary check of the actors, the weapon, the options and the checks'
 * sums. For the encounter simulator's inner loop, which checks every attacker against every
 * defender once (planAttack) when a simulation is created and plays only the engine's outcomes.
 */
export function planAttackPrechecked(
  input: AttackInput,
  options: FreelancersOptions,
): Result<AttackPlan, AttackRefusal> {
  const { attacker, defender, weapon } = input;
  const s = input.situation ?? {};
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
    base: (attacker.attributes[weapon.attribute] ?? 0) + (attacker.skills[weapon.skill] ?? 0),
    attributeModifiers: a.attributeModifiers ?? [],
    dieModifiers,
    favorable: a.favorable ?? 0,
    unfavorable,
  };

  let defense: DefenseSpec;
  if (defender.defense === "static") {
    defense = { kind: "static", value: staticDefense(defender, options) };
  } else {
    const d = s.defender ?? {};
    const attributeModifiers: Modifier[] = [];
    addModifier(attributeModifiers, "size", sizeModifier(defender, options));
    attributeModifiers.push(...(d.attributeModifiers ?? []));
    const dodging = defender.actions.dodging && !defender.immobilized && s.defenderSees !== false;
    defense = {
      kind: "roll",
      spec: {
        base: defender.attributes.agility ?? 0,
        attributeModifiers,
        dieModifiers: d.dieModifiers ?? [],
        favorable: (d.favorable ?? 0) + (dodging ? options.dodgeFavorable : 0),
        unfavorable: d.unfavorable ?? 0,
      },
    };
  }
  const provokedBy =
    weapon.kind === "ranged" && !long ? (s.engagedBy ?? []).filter((id) => id !== defender.id) : [];
  return ok({ attack, defense, range: range.value, damage: formula, provokedBy });
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
      return spent.ok ? ok({ ...spent.value, offhandPending: true }) : spent;
    }
    case "offhand":
      return attacker.actions.offhandPending
        ? ok({ ...attacker.actions, offhandPending: false })
        : refuse("noOffhandPending");
  }
}

/**
 * What the attack's critical fumbles do to the weapon: it loses integrity per fumble die, never
 * below 0 (broken). The shell calls it as soon as the attack check is rolled, before the defense.
 */
export function afterFumbles(
  weapon: FreelancersWeapon,
  attack: Pick<CheckRoll, "fumbles">,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): { readonly weapon: FreelancersWeapon; readonly integrityLost: number } {
  const integrityLost = Math.min(
    weapon.integrity.value,
    attack.fumbles * options.integrityPerFumble,
  );
  if (integrityLost === 0) return { weapon, integrityLost };
  return {
    weapon: {
      ...weapon,
      integrity: { ...weapon.integrity, value: weapon.integrity.value - integrityLost },
    },
    integrityLost,
  };
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
  const plan = planAttack(input, options);
  if (!plan.ok) return plan;
  const resolved = resolvePlanned(input, plan.value, dice, options);
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

/** An attack's outcome without its document changes: the encounter simulator writes none. */
export type AttackResolution = Omit<AttackOutcome, "updates">;

/**
 * {@link resolveAttack} for numbers already checked (see {@link planAttackPrechecked}): the same
 * rule without the boundary check and without the document changes.
 */
export function resolveAttackPrechecked(
  input: AttackInput,
  dice: DiceSource,
  options: FreelancersOptions,
): Result<AttackResolution, AttackRefusal> {
  const plan = planAttackPrechecked(input, options);
  return plan.ok ? resolvePlanned(input, plan.value, dice, options) : plan;
}

/** The attack once planned: the action spent, both checks, the challenge, damage, fumbles. */
function resolvePlanned(
  input: AttackInput,
  plan: AttackPlan,
  dice: DiceSource,
  options: FreelancersOptions,
): Result<AttackResolution, AttackRefusal> {
  const { attack: attackSpec, defense: defenseSpec, damage: formula, provokedBy } = plan;
  const actions = spendAttack(input.attacker, input.situation?.as ?? "base");
  if (!actions.ok) return actions;

  const attack = rollCheckUnchecked(attackSpec, dice, options, "attack");
  if (!attack.ok) return attack;
  let defense: CheckRoll | number;
  if (defenseSpec.kind === "static") {
    defense = defenseSpec.value;
  } else {
    const rolled = rollCheckUnchecked(defenseSpec.spec, dice, options, "defense");
    if (!rolled.ok) return rolled;
    defense = rolled.value;
  }
  const hit = attackHits(attack.value, defense);

  let damage: DamageRoll | undefined;
  let defender = input.defender;
  if (hit) {
    const { total, faces } = rollFormula(formula, dice);
    const result = afterArmor(total, input.defender.armor);
    damage = {
      ...result,
      touchApplies: input.weapon.touch === true,
      faces,
      rolled: total,
      armor: input.defender.armor,
    };
    defender = loseHealth(defender, result.dealt);
  }

  const { weapon, integrityLost } = afterFumbles(input.weapon, attack.value, options);
  const attacker: FreelancersActor = { ...input.attacker, actions: actions.value };
  return ok({
    attack: attack.value,
    defense,
    hit,
    damage,
    integrityLost,
    broken: weapon.integrity.value === 0,
    provokedBy,
    attacker,
    defender,
    weapon,
  });
}
