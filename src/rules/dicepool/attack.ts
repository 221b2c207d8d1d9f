/**
 * Attacks: a contested roll, the attacker's pool against the defense the defender picks.
 *
 * - Ranged: Physical + Ranged Combat, minus one die per space to the target. Close: Physical +
 *   Close Combat, and only in the same space.
 * - Defenses (one per attack, the defender's choice, no action and no Energy): Dodge (Physical +
 *   Mobility), Parry (Physical + Close Combat), Soak (Physical + Protection, or Physical + the
 *   armor rating). An incapacitated defender may only Soak; a power may rule a defense out.
 * - Cover adds dice to the defense (light 2, medium 4, full 8), halved against close attacks.
 * - A larger defender Soaks flawlessly (every die a hit) with the size difference as extra dice.
 * - With the Defense Static Values plugin a defense scores half its pool, rounded up, unrolled.
 * - Net hits = attacker's hits − defender's hits; 1 or more is a hit and deals the net hits (plus
 *   the weapon's extra damage, 0 by default). Attacks and defenses never critically fail: the
 *   outcome has no critical failure to report.
 * - Intents: a non-lethal attack (−3 dice unless the weapon has the non-lethal mod), a disarm
 *   (close, −6 without the disarming mod; a hit makes the target drop the named weapon), a
 *   grapple (close, −6 without the grappling mod, not against a larger target; net hits go to the
 *   Grappling Pool instead of damage), an attack that breaks a grapple (the victim, or its ally,
 *   attacking the assailant: net hits drain the assailant's Grappling Pool instead of damage; see
 *   grapple.ts drainGrapple), an attack on initiative (Initiative Damage plugin), and a
 *   Finishing Move (see initiative-damage.ts).
 * - Blitz Attack (free at Close Combat 3): a close attack with +4 dice for 2 Energy; the move
 *   that comes with it is the movement module's.
 *
 * Where the book is silent:
 * - A weapon with the non-lethal mod always attacks non-lethally.
 * - A disarm deals no damage.
 * - Soak takes the better of Protection and the armor rating unless the defender names one.
 * - Cover's halving against close attacks rounds down (light cover gives +1).
 * - Any defense may meet any attack (the book names no restriction besides incapacitation and
 *   powers).
 */
import type { DiceSource } from "../core/dice.ts";
import { checkNumber, checkNumbers, NUMBER_RULES } from "../core/guard.ts";
import type { Modifier } from "../core/modifier.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { checkDicepoolCombatant, checkDicepoolWeapon } from "./check.ts";
import { takeDamagePrechecked } from "./health.ts";
import type { DamageTaken } from "./health.ts";
import {
  applyInitiativeOutcome,
  checkInitiativeIntentPrechecked,
  initiativeFlawless,
} from "./initiative-damage.ts";
import type { DicepoolCombatant, DicepoolWeapon } from "./model.ts";
import { skill } from "./model.ts";
import { DEFAULT_DICEPOOL_OPTIONS } from "./options.ts";
import type { CoverKind, DicepoolOptions } from "./options.ts";
import { buildPool, partRule, scorePool } from "./pool.ts";
import type { Pool, PoolMode, PoolRefusal, PoolScore } from "./pool.ts";
import { changedCombatant, withEnergy } from "./combatant.ts";

export type AttackIntent =
  "damage" | "nonLethal" | "disarm" | "grapple" | "breakGrapple" | "initiative" | "finishingMove";

export type DefenseKind = "dodge" | "parry" | "soak";

export interface AttackSituation {
  /** Spaces between attacker and defender (0: the same space). Default 0. */
  readonly distance?: number;
  readonly cover?: CoverKind;
  /** Blitz Attack: +4 dice for 2 Energy (close only). */
  readonly blitz?: boolean;
  /** Further named dice for the attacker and for the defender (powers, GM calls). */
  readonly attackModifiers?: readonly Modifier[];
  readonly defenseModifiers?: readonly Modifier[];
  /**
   * Grappling Pool points an assailant spends (as an interrupt) to penalize this roll: on the
   * defense when the assailant attacks its victim, on the attack when the victim attacks. The
   * grapple module takes the points out of the pool.
   */
  readonly grapplePenaltyOnAttack?: number;
  readonly grapplePenaltyOnDefense?: number;
}

export interface AttackInput {
  readonly attacker: DicepoolCombatant;
  readonly defender: DicepoolCombatant;
  readonly weapon: DicepoolWeapon;
  readonly intent: AttackIntent;
  /** The defender's choice; it knows the intent in advance. */
  readonly defense: DefenseKind;
  /** Soak with Protection or with the armor rating (default: the larger). */
  readonly soakWith?: "protection" | "armor";
  /** Defenses a power rules out for this attack. */
  readonly forbid?: readonly DefenseKind[];
  /** The weapon a disarm aims at (required for a disarm). */
  readonly disarmWeaponId?: string;
  readonly situation?: AttackSituation;
}

export type AttackRefusal =
  | PoolRefusal
  | "attacker-incapacitated"
  | "target-dead"
  | "not-in-melee"
  | "weapon-dropped"
  | "defense-not-allowed"
  | "target-too-large"
  | "close-only"
  | "no-blitz"
  | "not-enough-energy"
  | "nothing-to-disarm"
  | "plugin-off"
  | "initiative-only"
  | "target-has-initiative";

export interface AttackPlan {
  readonly attackPool: Pool;
  readonly defensePool: Pool;
  readonly defenseMode: PoolMode;
  /** Energy the attacker pays (Blitz). */
  readonly energyCost: number;
  /** Added to the net hits of a hit that deals damage. */
  readonly damageBonus: number;
  readonly nonLethal: boolean;
}

function soakRating(input: AttackInput): { value: number; label: string } {
  const { defender } = input;
  const protection = skill(defender, "protection");
  const use = input.soakWith ?? (defender.armorRating > protection ? "armor" : "protection");
  return use === "armor"
    ? { value: defender.armorRating, label: "armorRating" }
    : { value: protection, label: "protection" };
}

function defenseSkill(input: AttackInput): { value: number; label: string } {
  switch (input.defense) {
    case "dodge":
      return { value: skill(input.defender, "mobility"), label: "mobility" };
    case "parry":
      return { value: skill(input.defender, "closeCombat"), label: "closeCombat" };
    case "soak":
      return soakRating(input);
  }
}

/** Whether the attacker may use Blitz Attack. */
export function hasBlitz(
  c: DicepoolCombatant,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): boolean {
  return c.powers.blitz || skill(c, "closeCombat") >= options.blitz.closeCombat;
}

/**
 * The numbers of an attack as planAttack and resolveAttack check them first (both combatants, the
 * weapon, the situation's distance and grapple penalties), or undefined when all are good.
 */
export function checkAttackNumbers(input: AttackInput, options: DicepoolOptions) {
  const s = input.situation ?? {};
  const count = { ...NUMBER_RULES.count, max: options.maxPool };
  return (
    checkDicepoolCombatant("attacker", input.attacker, options) ??
    checkDicepoolCombatant("defender", input.defender, options) ??
    checkDicepoolWeapon("weapon", input.weapon, options) ??
    checkNumbers({
      distance: [s.distance ?? 0, count],
      grapplePenaltyOnAttack: [s.grapplePenaltyOnAttack ?? 0, count],
      grapplePenaltyOnDefense: [s.grapplePenaltyOnDefense ?? 0, count],
      weaponDamage: [input.weapon.damage, { ...count, min: -options.maxPool }],
      attackerSize: [input.attacker.size, partRule(options)],
      defenderSize: [input.defender.size, partRule(options)],
      energy: [input.attacker.energy.value, NUMBER_RULES.count],
    }) ??
    checkNumber("initiative", input.attacker.initiative, partRule(options))
  );
}

/** Works out both pools, how the defense scores, and the attack's costs. Nothing is rolled. */
export function planAttack(
  input: AttackInput,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<AttackPlan, AttackRefusal> {
  const bad = checkAttackNumbers(input, options);
  if (bad) return bad;
  return planAttackPrechecked(input, options);
}

/**
 * {@link planAttack} for numbers already checked (checkAttackNumbers, and the named dice of the
 * situation): the same rule without the boundary check.
 */
export function planAttackPrechecked(
  input: AttackInput,
  options: DicepoolOptions,
): Result<AttackPlan, AttackRefusal> {
  const { attacker, defender, weapon, intent } = input;
  const s = input.situation ?? {};
  const distance = s.distance ?? 0;
  const close = weapon.kind === "close";
  if (attacker.dead || attacker.incapacitated !== null) return refuse("attacker-incapacitated");
  if (defender.dead) return refuse("target-dead");
  if (attacker.droppedWeaponId === weapon.id) return refuse("weapon-dropped");
  if (close && distance > 0) return refuse("not-in-melee", { distance });
  if (!close && (intent === "disarm" || intent === "grapple" || s.blitz === true)) {
    return refuse("close-only");
  }
  if (intent === "disarm" && input.disarmWeaponId === undefined) return refuse("nothing-to-disarm");
  if (intent === "grapple") {
    const reach = attacker.size + attacker.powers.antiLargeGrappling;
    if (defender.size > reach) return refuse("target-too-large", { size: defender.size, reach });
  }
  const pluginIntent = checkInitiativeIntentPrechecked(input, options);
  if (!pluginIntent.ok) return pluginIntent;

  // The attacker's pool.
  const attackModifiers: Modifier[] = [];
  if (!close && distance > 0) attackModifiers.push({ source: "range", value: -distance });
  const nonLethal = intent === "nonLethal" || weapon.mods.nonLethal;
  if (intent === "nonLethal" && !weapon.mods.nonLethal) {
    attackModifiers.push({ source: "nonLethal", value: -options.nonLethalPenalty });
  }
  if (intent === "disarm" && !weapon.mods.disarming) {
    attackModifiers.push({ source: "disarm", value: -options.disarmPenalty });
  }
  if (intent === "grapple" && !weapon.mods.grappling) {
    attackModifiers.push({ source: "grapple", value: -options.grapplePenalty });
  }
  let energyCost = 0;
  if (s.blitz === true) {
    if (!hasBlitz(attacker, options)) return refuse("no-blitz");
    energyCost = options.blitz.energy;
    if (attacker.energy.value < energyCost) {
      return refuse("not-enough-energy", { cost: energyCost, energy: attacker.energy.value });
    }
    attackModifiers.push({ source: "blitz", value: options.blitz.bonus });
  }
  if (intent === "finishingMove") {
    attackModifiers.push({ source: "initiative", value: attacker.initiative });
  }
  if ((s.grapplePenaltyOnAttack ?? 0) > 0) {
    attackModifiers.push({ source: "grapplePenalty", value: -(s.grapplePenaltyOnAttack ?? 0) });
  }
  attackModifiers.push(...(s.attackModifiers ?? []));
  const attackPool = buildPool(
    {
      attribute: attacker.physical,
      attributeLabel: "physical",
      skill: skill(attacker, close ? "closeCombat" : "rangedCombat"),
      skillLabel: close ? "closeCombat" : "rangedCombat",
      modifiers: attackModifiers,
      woundPenalty: attacker.woundPenalty,
    },
    options,
  );
  if (!attackPool.ok) return attackPool;

  // The defender's pool.
  if (defender.incapacitated !== null && input.defense !== "soak") {
    return refuse("defense-not-allowed", { defense: input.defense, why: "incapacitated" });
  }
  if ((input.forbid ?? []).includes(input.defense)) {
    return refuse("defense-not-allowed", { defense: input.defense, why: "forbidden" });
  }
  const defenseModifiers: Modifier[] = [];
  const coverBonus = options.cover[s.cover ?? "none"];
  const cover = close ? Math.floor(coverBonus / options.coverCloseDivisor) : coverBonus;
  if (cover !== 0) defenseModifiers.push({ source: "cover", value: cover });
  const larger = input.defense === "soak" && defender.size > attacker.size;
  if (larger) defenseModifiers.push({ source: "size", value: defender.size - attacker.size });
  if ((s.grapplePenaltyOnDefense ?? 0) > 0) {
    defenseModifiers.push({ source: "grapplePenalty", value: -(s.grapplePenaltyOnDefense ?? 0) });
  }
  defenseModifiers.push(...(s.defenseModifiers ?? []));
  const rating = defenseSkill(input);
  const defensePool = buildPool(
    {
      attribute: defender.physical,
      attributeLabel: "physical",
      skill: rating.value,
      skillLabel: rating.label,
      modifiers: defenseModifiers,
      woundPenalty: defender.woundPenalty,
    },
    options,
  );
  if (!defensePool.ok) return defensePool;
  const flawless = larger || initiativeFlawless(input, options);
  const defenseMode: PoolMode = flawless ? "flawless" : options.staticDefense ? "static" : "rolled";
  const dealsDamage = intent === "damage" || intent === "nonLethal" || intent === "finishingMove";
  return ok({
    attackPool: attackPool.value,
    defensePool: defensePool.value,
    defenseMode,
    energyCost,
    damageBonus: dealsDamage ? weapon.damage : 0,
    nonLethal,
  });
}

export interface AttackOutcome {
  readonly plan: AttackPlan;
  readonly attack: PoolScore;
  readonly defense: PoolScore;
  /** Attacker's hits − defender's hits (may be negative). */
  readonly net: number;
  readonly hit: boolean;
  /** Health damage dealt (after Plot Armor), with the wound dice; null when none was dealt. */
  readonly damage: DamageTaken | null;
  /** Net hits that go into the attacker's Grappling Pool (a grapple that hit). */
  readonly grapplePoints: number;
  /** Net hits that drain the defender's Grappling Pool (a breakGrapple attack that hit). */
  readonly drained: number;
  /** The weapon the defender dropped (a disarm that hit). */
  readonly disarmed: string | null;
  /** Initiative moved from defender to attacker (Initiative Damage plugin). */
  readonly initiativeMoved: number;
  /** A Finishing Move took its victim down: the attacker rolls initiative anew. */
  readonly rerollInitiative: boolean;
  readonly attacker: DicepoolCombatant;
  readonly defender: DicepoolCombatant;
}

/** Net hits of a hit turned into health damage. */
export function hitDamage(net: number, plan: AttackPlan): number {
  return net >= 1 ? Math.max(0, net + plan.damageBonus) : 0;
}

/**
 * Resolves an attack: rolls the attacker's pool, then the defense, then (on a hit that deals
 * damage) the wound-penalty dice, all on `dice` in that order.
 */
export function resolveAttack(
  input: AttackInput,
  dice: DiceSource,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<AttackOutcome, AttackRefusal> {
  const bad = checkAttackNumbers(input, options);
  if (bad) return bad;
  return resolveAttackPrechecked(input, dice, options);
}

/**
 * {@link resolveAttack} for numbers already checked (checkAttackNumbers, and the named dice of the
 * situation): the same rule without the boundary check. For the encounter simulator's inner loop,
 * which checks every fighter once when a simulation is created and plays only the engine's own
 * outcomes after that.
 */
export function resolveAttackPrechecked(
  input: AttackInput,
  dice: DiceSource,
  options: DicepoolOptions,
): Result<AttackOutcome, AttackRefusal> {
  const planned = planAttackPrechecked(input, options);
  if (!planned.ok) return planned;
  return resolvePlannedAttack(input, planned.value, dice, options);
}

/**
 * The rolls and the aftermath of an attack whose plan planAttackPrechecked made for this very
 * input (or for one that differs only in what the plan does not read): {@link resolveAttack}
 * after its plan. For the encounter simulator, which plans each pairing of attacker, defender,
 * defense and wound penalties once and rolls it many times.
 */
export function resolvePlannedAttack(
  input: AttackInput,
  plan: AttackPlan,
  dice: DiceSource,
  options: DicepoolOptions,
): Result<AttackOutcome, AttackRefusal> {
  const attack = scorePool(plan.attackPool.dice, "rolled", dice, options);
  if (!attack.ok) return attack;
  const defense = scorePool(plan.defensePool.dice, plan.defenseMode, dice, options);
  if (!defense.ok) return defense;
  const net = attack.value.hits - defense.value.hits;
  const hit = net >= 1;
  const attacker: DicepoolCombatant =
    plan.energyCost > 0
      ? withEnergy(input.attacker, input.attacker.energy.value - plan.energyCost)
      : input.attacker;
  let defender = input.defender;
  let damage: DamageTaken | null = null;
  let grapplePoints = 0;
  let drained = 0;
  let disarmed: string | null = null;
  let initiativeMoved = 0;
  switch (input.intent) {
    case "damage":
    case "nonLethal":
    case "finishingMove": {
      const amount = hitDamage(net, plan);
      if (amount > 0) {
        const taken = takeDamagePrechecked(
          defender,
          amount,
          { nonLethal: plan.nonLethal },
          dice,
          options,
        );
        if (!taken.ok) return taken;
        damage = taken.value;
        defender = taken.value.combatant;
      }
      break;
    }
    case "disarm":
      if (hit) {
        disarmed = input.disarmWeaponId ?? null;
        defender = changedCombatant(defender, { droppedWeaponId: disarmed });
      }
      break;
    case "grapple":
      grapplePoints = hit ? net : 0;
      break;
    case "breakGrapple":
      drained = hit ? net : 0;
      break;
    case "initiative":
      initiativeMoved = hit ? net : 0;
      break;
  }
  const aftermath = applyInitiativeOutcome(
    input.intent,
    { attacker, defender, hit, initiativeMoved },
    options,
  );
  return ok({
    plan,
    attack: attack.value,
    defense: defense.value,
    net,
    hit,
    damage,
    grapplePoints,
    drained,
    disarmed,
    initiativeMoved,
    rerollInitiative: aftermath.rerollInitiative === true,
    attacker: aftermath.attacker,
    defender: aftermath.defender,
  });
}
