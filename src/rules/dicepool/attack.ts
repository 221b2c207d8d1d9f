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
 * - A vehicle defends as vehicle.ts says: Dodge by its pilot's piloting pool, Soak by its frame,
 *   no Parry.
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
 * - An attack that rules out every defense left to the defender is undefended (no defense hit),
 *   and the Flawless Defense trait scores every defense die (conduct.ts).
 */
import { checkedAs } from "../core/checked.ts";
import type { Checked } from "../core/checked.ts";
import type { DiceSource } from "../core/dice.ts";
import { checkNumber } from "../core/guard.ts";
import type { Modifier } from "../core/modifier.ts";
import { ok, refuse } from "../core/result.ts";
import type { Refusal, Result } from "../core/result.ts";
import { checkChoice } from "../core/names.ts";
import { checkDicepoolCombatant, checkDicepoolWeapon, checkList, checkString } from "./check.ts";
import type { StateRefusal } from "./check.ts";
import { woundsTaken } from "./damage.ts";
import type { DamageTaken } from "./damage.ts";
import {
  applyInitiativeOutcome,
  checkInitiativeIntent,
  initiativeFlawless,
} from "./initiative-damage.ts";
import { DICEPOOL_LIMITS as L } from "./limits.ts";
import type { AttackIntent, DicepoolCombatant, DicepoolWeapon } from "./model.ts";
import { skill } from "./model.ts";
import { checkDicepoolOptions, COVER_KINDS, DEFAULT_DICEPOOL_OPTIONS } from "./options.ts";
import type { CoverKind, DicepoolOptions } from "./options.ts";
import { buildPool, POOL_PART } from "./pool.ts";
import type { Pool, PoolMode, PoolRefusal, PoolScore } from "./pool.ts";
import { noted, scoreChecked } from "./roll.ts";
import type { FaceTally } from "./roll.ts";
import { changedCombatant, withEnergy } from "./combatant.ts";
import { openDefenses } from "./conduct.ts";
import { vehicleDodgeParts } from "./vehicle.ts";

export type { AttackIntent } from "./model.ts";
export const ATTACK_INTENTS: readonly AttackIntent[] = [
  "damage",
  "nonLethal",
  "disarm",
  "grapple",
  "breakGrapple",
  "initiative",
  "finishingMove",
];

export type DefenseKind = "dodge" | "parry" | "soak";
export const DEFENSE_KINDS: readonly DefenseKind[] = ["dodge", "parry", "soak"];
const SOAK_WITH = ["protection", "armor"] as const;

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
  /**
   * The attack was declared and its defense rolled while both were allowed, and now settles on
   * the defender as it stands (another hit may have taken it down since): what was checked then
   * (a dead target, a defense an incapacitation rules out, the plugin's intents) stands.
   */
  readonly settling?: boolean;
}

export type AttackRefusal =
  | PoolRefusal
  | StateRefusal
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

function soakRating(input: CheckedAttack): { value: number; label: string } {
  const { defender } = input;
  const protection = skill(defender, "protection");
  const use = input.soakWith ?? (defender.armorRating > protection ? "armor" : "protection");
  return use === "armor"
    ? { value: defender.armorRating, label: "armorRating" }
    : { value: protection, label: "protection" };
}

/** The defense pool's parts: the defender's Physical and the defense's rating (a vehicle's own). */
function defenseParts(input: CheckedAttack) {
  const { defender } = input;
  if (input.defense === "dodge" && defender.controls !== undefined) {
    return vehicleDodgeParts(defender.controls);
  }
  const rating =
    input.defense === "dodge"
      ? { value: skill(defender, "mobility"), label: "mobility" }
      : input.defense === "parry"
        ? { value: skill(defender, "closeCombat"), label: "closeCombat" }
        : soakRating(input);
  return {
    attribute: defender.physical,
    attributeLabel: "physical",
    skill: rating.value,
    skillLabel: rating.label,
    woundPenalty: defender.woundPenalty,
  };
}

/** Whether the attacker may use Blitz Attack. */
export function hasBlitz(
  c: Checked<DicepoolCombatant>,
  options: Checked<DicepoolOptions> = DEFAULT_DICEPOOL_OPTIONS,
): boolean {
  return c.powers.blitz || skill(c, "closeCombat") >= options.blitz.closeCombat;
}

/** What an attack is besides its two combatants: the weapon, the intent, the defense, the situation. */
export type AttackTerms = Omit<AttackInput, "attacker" | "defender">;

/** Terms that passed checkAttackTerms (their weapon passed checkDicepoolWeapon). */
export type CheckedTerms = Checked<AttackTerms> & { readonly weapon: Checked<DicepoolWeapon> };

/**
 * An attack that passed checkAttackInput: its combatants and its weapon passed their checks too.
 * planAttack, resolveAttack, attackOdds and checkInitiativeIntent take it.
 */
export type CheckedAttack = Checked<AttackInput> & {
  readonly attacker: Checked<DicepoolCombatant>;
  readonly defender: Checked<DicepoolCombatant>;
  readonly weapon: Checked<DicepoolWeapon>;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/** A situation's count (distance, grapple penalty): absent, or whole from 0 to `max`. */
function optionalCount(field: string, value: unknown, max: number) {
  return value === undefined ? undefined : checkNumber(field, value, { min: 0, max, whole: true });
}

/** A situation's named dice: absent, or at most DICEPOOL_LIMITS.list modifiers within a part. */
function checkModifiers(field: string, list: unknown): Refusal<AttackRefusal> | undefined {
  if (list === undefined) return undefined;
  const bad = checkList(field, list);
  if (bad) return bad;
  for (const [i, m] of (list as readonly unknown[]).entries()) {
    if (!isObject(m) || typeof m["source"] !== "string") {
      return refuse("badName", { field: `${field}.${i}.source`, value: "no name" });
    }
    const badValue = checkNumber(`${field}.${m["source"]}`, m["value"], POOL_PART);
    if (badValue) return badValue;
  }
  return undefined;
}

/**
 * Checks an attack's terms (everything but the combatants): the weapon (checkDicepoolWeapon), the
 * intent, the defense and the Soak's rating from their lists, the forbidden defenses, the weapon
 * to disarm (a name), and the situation: distance 0..DICEPOOL_LIMITS.pool spaces, cover from its
 * list, Blitz yes/no, the named dice of each side, the grapple penalties 0..grapplePool.
 */
export function checkAttackTerms(terms: AttackTerms): Result<CheckedTerms, AttackRefusal> {
  if (!isObject(terms)) return refuse("badChoice", { field: "attack", value: typeof terms });
  const weapon = checkDicepoolWeapon("weapon", terms.weapon);
  if (!weapon.ok) return weapon;
  const s: unknown = terms.situation ?? {};
  if (!isObject(s)) return refuse("badChoice", { field: "situation", value: typeof s });
  const forbid: unknown = terms.forbid;
  const bad =
    checkChoice("intent", terms.intent, ATTACK_INTENTS) ??
    checkChoice("defense", terms.defense, DEFENSE_KINDS) ??
    (terms.soakWith === undefined
      ? undefined
      : checkChoice("soakWith", terms.soakWith, SOAK_WITH)) ??
    (forbid === undefined
      ? undefined
      : (checkList("forbid", forbid) ??
        (forbid as readonly unknown[])
          .map((d, i) => checkChoice(`forbid.${i}`, d, DEFENSE_KINDS))
          .find((r) => r !== undefined))) ??
    (terms.disarmWeaponId === undefined
      ? undefined
      : checkString("disarmWeaponId", terms.disarmWeaponId)) ??
    (terms.settling === undefined
      ? undefined
      : checkChoice("settling", terms.settling, [true, false])) ??
    optionalCount("distance", s["distance"], L.pool) ??
    (s["cover"] === undefined
      ? undefined
      : checkChoice("situation.cover", s["cover"], COVER_KINDS)) ??
    (s["blitz"] === undefined
      ? undefined
      : checkChoice("situation.blitz", s["blitz"], [true, false])) ??
    checkModifiers("situation.attackModifiers", s["attackModifiers"]) ??
    checkModifiers("situation.defenseModifiers", s["defenseModifiers"]) ??
    optionalCount("grapplePenaltyOnAttack", s["grapplePenaltyOnAttack"], L.grapplePool) ??
    optionalCount("grapplePenaltyOnDefense", s["grapplePenaltyOnDefense"], L.grapplePool);
  return bad ?? ok(checkedAs({ ...terms, weapon: weapon.value }));
}

/**
 * The attack of two checked combatants on checked terms: nothing is checked again (each part
 * passed its check, and no check of an attack reads two parts together). Built whole, in one
 * field order, so every attack the simulator makes has one shape.
 */
export function attackBetween(
  attacker: Checked<DicepoolCombatant>,
  defender: Checked<DicepoolCombatant>,
  terms: CheckedTerms,
): CheckedAttack {
  return checkedAs({
    attacker,
    defender,
    weapon: terms.weapon,
    intent: terms.intent,
    defense: terms.defense,
    soakWith: terms.soakWith,
    forbid: terms.forbid,
    disarmWeaponId: terms.disarmWeaponId,
    situation: terms.situation,
    settling: terms.settling,
  });
}

/**
 * The input check of an attack: both combatants (checkDicepoolCombatant, named "attacker" and
 * "defender") and its terms (checkAttackTerms). What passes is the `Checked` input that
 * planAttack, resolveAttack, attackOdds and checkInitiativeIntent take: check once, then plan,
 * roll or weigh it as often as needed.
 */
export function checkAttackInput(input: AttackInput): Result<CheckedAttack, AttackRefusal> {
  if (!isObject(input)) return refuse("badChoice", { field: "attack", value: typeof input });
  const attacker = checkDicepoolCombatant("attacker", input.attacker);
  if (!attacker.ok) return attacker;
  const defender = checkDicepoolCombatant("defender", input.defender);
  if (!defender.ok) return defender;
  const terms = checkAttackTerms(input);
  return terms.ok ? ok(attackBetween(attacker.value, defender.value, terms.value)) : terms;
}

/** A check that passes (the plugin's intents while an attack settles). */
const ALLOWED = ok(true);

/** Works out both pools, how the defense scores, and the attack's costs. Nothing is rolled. */
export function planAttack(
  input: CheckedAttack,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<Checked<AttackPlan>, AttackRefusal> {
  const checked = checkDicepoolOptions(options);
  if (!checked.ok) return checked;
  return planChecked(input, checked.value);
}

/** planAttack's rule, on checked options. */
function planChecked(
  input: CheckedAttack,
  options: Checked<DicepoolOptions>,
): Result<Checked<AttackPlan>, AttackRefusal> {
  const { attacker, defender, weapon, intent } = input;
  const s = input.situation ?? {};
  const distance = s.distance ?? 0;
  const close = weapon.kind === "close";
  const settling = input.settling === true;
  if (attacker.dead || attacker.incapacitated !== null) return refuse("attacker-incapacitated");
  if (defender.dead && !settling) return refuse("target-dead");
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
  const pluginIntent = settling ? ALLOWED : checkInitiativeIntent(input, options);
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

  // The defender's pool. An attack that rules out every defense left to the defender meets
  // none: the defense scores no hit (conduct.ts).
  const undefended = openDefenses(defender, input.forbid).length === 0;
  if (defender.incapacitated !== null && input.defense !== "soak" && !settling && !undefended) {
    return refuse("defense-not-allowed", { defense: input.defense, why: "incapacitated" });
  }
  if ((input.forbid ?? []).includes(input.defense) && !undefended) {
    return refuse("defense-not-allowed", { defense: input.defense, why: "forbidden" });
  }
  // A vehicle has only its own defenses (vehicle.ts); one rolled while it had it stands.
  const vehicleLacks =
    defender.controls !== undefined && !openDefenses(defender).includes(input.defense);
  if (vehicleLacks && !settling && !undefended) {
    return refuse("defense-not-allowed", { defense: input.defense, why: "vehicle" });
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
  const defensePool = buildPool({ ...defenseParts(input), modifiers: defenseModifiers }, options);
  if (!defensePool.ok) return defensePool;
  // A defender with the Flawless Defense trait scores every die (conduct.ts: a power the GM gives).
  const flawless =
    larger || defender.powers.flawlessDefense === true || initiativeFlawless(input, options);
  const defenseMode: PoolMode = flawless ? "flawless" : options.staticDefense ? "static" : "rolled";
  const dealsDamage = intent === "damage" || intent === "nonLethal" || intent === "finishingMove";
  return ok(
    checkedAs({
      attackPool: attackPool.value,
      defensePool: undefended ? { ...defensePool.value, dice: 0 } : defensePool.value,
      defenseMode: undefended ? "rolled" : defenseMode,
      energyCost,
      damageBonus: dealsDamage ? weapon.damage : 0,
      nonLethal,
    }),
  );
}

export interface AttackOutcome {
  readonly plan: Checked<AttackPlan>;
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
  /** Both combatants after the attack, within every bound their check holds them to. */
  readonly attacker: Checked<DicepoolCombatant>;
  readonly defender: Checked<DicepoolCombatant>;
}

/**
 * Net hits of a hit turned into health damage (0 on a miss; a net beyond any pool counts as the
 * largest pool).
 */
export function hitDamage(net: number, plan: Checked<AttackPlan>): number {
  if (!(net >= 1)) return 0;
  return Math.max(0, Math.min(L.pool, Math.trunc(net)) + plan.damageBonus);
}

/**
 * Resolves an attack: rolls the attacker's pool, then the defense, then (on a hit that deals
 * damage) the wound-penalty dice, all on `dice` in that order.
 */
export function resolveAttack(
  input: CheckedAttack,
  dice: DiceSource,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<AttackOutcome, AttackRefusal> {
  const checked = checkDicepoolOptions(options);
  if (!checked.ok) return checked;
  const planned = planChecked(input, checked.value);
  if (!planned.ok) return planned;
  return resolvePlannedAttack(input, planned.value, dice, checked.value);
}

/**
 * The rolls and the aftermath of an attack whose plan planAttack made for this very input (or
 * for one that differs only in what the plan does not read), with the options it was planned
 * with: {@link resolveAttack} after its plan. For the encounter simulator, which plans each
 * pairing of attacker, defender, defense and wound penalties once and rolls it many times. The
 * attacker must still afford the plan's Energy (refused otherwise).
 */
export function resolvePlannedAttack(
  input: CheckedAttack,
  plan: Checked<AttackPlan>,
  dice: DiceSource,
  options: Checked<DicepoolOptions>,
): Result<AttackOutcome, AttackRefusal> {
  if (input.attacker.energy.value < plan.energyCost) {
    return refuse("not-enough-energy", {
      cost: plan.energyCost,
      energy: input.attacker.energy.value,
    });
  }
  const tally: FaceTally = { refusal: undefined };
  const attack = scoreChecked(plan.attackPool.dice, "rolled", dice, options, tally);
  const defense = scoreChecked(plan.defensePool.dice, plan.defenseMode, dice, options, tally);
  if (tally.refusal) return tally.refusal;
  const net = attack.hits - defense.hits;
  const hit = net >= 1;
  let attacker: Checked<DicepoolCombatant> =
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
        damage = woundsTaken(defender, amount, plan.nonLethal, dice, options, tally);
        const wound = noted(tally);
        if (wound) return wound;
        defender = damage.combatant;
      }
      break;
    }
    case "disarm":
      if (hit && input.disarmWeaponId !== undefined) {
        disarmed = input.disarmWeaponId;
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
  // Only the plugin's intents move initiative (applyInitiativeOutcome leaves the rest alone).
  let rerollInitiative = false;
  if (input.intent === "initiative" || input.intent === "finishingMove") {
    const aftermath = applyInitiativeOutcome(
      input.intent,
      { attacker, defender, hit, initiativeMoved },
      options,
    );
    attacker = aftermath.attacker;
    defender = aftermath.defender;
    rerollInitiative = aftermath.rerollInitiative === true;
  }
  return ok({
    plan,
    attack,
    defense,
    net,
    hit,
    damage,
    grapplePoints,
    drained,
    disarmed,
    initiativeMoved,
    rerollInitiative,
    attacker,
    defender,
  });
}
