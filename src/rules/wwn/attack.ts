/**
 * WWN attacks: the hit roll (d20 + combat skill + attack bonus + attribute modifier + the
 * situational table, against AC), damage (weapon dice + attribute modifier + bonuses), Shock
 * (on a missed melee attack, and as the floor of a hit), and 0 hit points.
 *
 * One function per question: `checkAttack` (may it be made? refusals as data), `hitModifiers`,
 * `effectiveAc`, `shockFor`, `damageBonuses`, and `resolveAttack`, which spends the action and
 * draws dice from a DiceSource in a fixed order: the d20, then (on a hit) the weapon's dice.
 *
 * Where the chapter is silent:
 * - A magic weapon's bonus adds to the hit roll as well as to damage and Shock.
 * - Shock compares the weapon's Shock AC with the target's AC as it stands this round (Total
 *   Defense and a Charge count). Shock is a melee thing: thrown and shot attacks never deal it.
 * - Shock from a non-lethal or psychic attack is just as non-lethal or psychic.
 * - No natural 20 or natural 1 rule: the chapter has none.
 *
 * Every exported rule checks its numbers first (the combatants, the weapon, the situation, the
 * options) and refuses NaN, ±Infinity or an out-of-range value by name; the `…Prechecked` rules
 * are the steps of `resolveAttack` for callers that have checked them already (the odds, the
 * maneuvers).
 */
import type { DiceSource } from "../core/dice.ts";
import { formulaMax, formulaMin, parseCachedFormula, rollFormula } from "../core/formula.ts";
import type { Formula, FormulaRefusal } from "../core/formula.ts";
import {
  checkAllNumbers,
  checkDieFace,
  checkNumber,
  MAX_MODIFIER,
  NUMBER_RULES,
} from "../core/guard.ts";
import type { NumberRefusal, NumberRefusalReason } from "../core/guard.ts";
import { addModifier, sumModifiers } from "../core/modifier.ts";
import type { Modifier } from "../core/modifier.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { spendActionPrechecked } from "./actions.ts";
import type { ActionCost, ActionRefusal, TurnContext } from "./actions.ts";
import { spendShot } from "./ammo.ts";
import { diffAll, diffWeapon } from "./changes.ts";
import { changedActions, copyOf } from "./combatant.ts";
import type { WwnUpdate } from "./changes.ts";
import { bestAttributePrechecked, skillLevelPrechecked } from "./checks.ts";
import { loseHpPrechecked } from "./health.ts";
import type { AttackMode, Cover, Harm, WwnCombatant, WwnWeapon } from "./model.ts";
import { DEFAULT_WWN_OPTIONS } from "./options.ts";
import type { WwnOptions } from "./options.ts";
import { checkWwnCombatant, checkWwnOptions, checkWwnWeapon } from "./valid.ts";

export type { Modifier };

/**
 * Which attack this is, for its action cost and modifiers:
 * - attack: a Main Action;
 * - snap: an Instant that spends the pending Main, at a penalty; PCs and named NPCs by default;
 * - charge: Move + Main, `feet` covered in a straight line first (10 ft to 2 × speed), a bonus
 *   to hit and an AC penalty for the rest of the round; melee or thrown only;
 * - swarm: the attack that closes a swarm (its Main went to joining it); `allies` is how many
 *   other swarmers still stand;
 * - free: an Instant that costs nothing (a foe leaving melee without a Fighting Withdrawal).
 */
export type AttackKind =
  | { readonly kind: "attack" }
  | { readonly kind: "snap" }
  | { readonly kind: "charge"; readonly feet: number }
  | { readonly kind: "swarm"; readonly allies: number }
  | { readonly kind: "free" };

export interface AttackSituation {
  /** How the weapon is used; default: the weapon's own mode. */
  readonly mode?: AttackMode;
  readonly kind?: AttackKind;
  /** The target is within melee reach of the attacker. Default: yes for melee, no otherwise. */
  readonly adjacent?: boolean;
  readonly cover?: Cover;
  /** A foe is in melee with the attacker (bows cannot shoot; thrown and one-handed shots suffer). */
  readonly inMelee?: boolean;
  /** Wielding two one-handed weapons: a hit penalty and a damage bonus (not to Shock). */
  readonly dualWielding?: boolean;
  /** Someone is grappling the attacker: only unarmed attacks. */
  readonly grappled?: boolean;
  /** What the attack means to do at 0 hit points. Default lethal. */
  readonly harm?: Harm;
  /** Further hit-roll modifiers (spells, Foci, GM calls). */
  readonly modifiers?: readonly Modifier[];
  /** Further damage bonuses that do not add to Shock. */
  readonly damageBonuses?: readonly Modifier[];
  /** Damage bonuses that say they add to Shock too. */
  readonly shockBonuses?: readonly Modifier[];
}

export interface AttackInput {
  readonly attacker: WwnCombatant;
  readonly defender: WwnCombatant;
  readonly weapon: WwnWeapon;
  readonly situation?: AttackSituation;
  /** Whether it is the attacker's own turn (default yes). */
  readonly turn?: TurnContext;
}

export type AttackRefusal =
  | ActionRefusal
  | "sameCombatant"
  | "notActive"
  | "targetDead"
  | "notReadied"
  | "notLoaded"
  | "outOfAmmo"
  | FormulaRefusal
  | NumberRefusalReason
  | "notMeleeWeapon"
  | "cannotThrow"
  | "targetNotAdjacent"
  | "bowInMelee"
  | "onlyUnarmedWhileGrappling"
  | "dualWieldSkill"
  | "unarmedCannotDualWield"
  | "snapNotAllowed"
  | "needsTenFeet"
  | "chargeTooFar"
  | "chargeNeedsMeleeOrThrown"
  | "badSwarm"
  | "nonLethalNotAllowed";

export interface HitRoll {
  readonly natural: number;
  readonly modifiers: readonly Modifier[];
  readonly total: number;
  /** The AC it was compared with (this round's AC). */
  readonly ac: number;
  readonly hit: boolean;
}

export type ShockBlock = "noShock" | "notMelee" | "acTooHigh" | "totalDefense" | "immune";

/** The Shock this attack would deal on a miss, and whether it reaches this target. */
export interface Shock {
  readonly value: number;
  readonly applies: boolean;
  /** Why it does not apply. */
  readonly blocked?: ShockBlock;
}

export interface DamageRoll {
  readonly faces: readonly number[];
  /** The weapon formula's total. */
  readonly rolled: number;
  readonly bonuses: readonly Modifier[];
  /** Rolled + bonuses (a Swarm's bonus capped at the blow's usual maximum), before the Shock floor. */
  readonly total: number;
}

export interface AttackOutcome {
  readonly hit: HitRoll;
  readonly damage?: DamageRoll;
  readonly shock: Shock;
  /** Hit points the blow takes: damage (at least the Shock) on a hit, the Shock on a miss. */
  readonly dealt: number;
  /** Dealt by Shock alone (a miss), or raised to the Shock on a hit. */
  readonly byShock: boolean;
  readonly hpLost: number;
  readonly downed?: WwnCombatant["life"];
  readonly attacker: WwnCombatant;
  readonly defender: WwnCombatant;
  readonly weapon: WwnWeapon;
  readonly updates: readonly WwnUpdate[];
}

/** The mode this attack uses. */
export function attackMode(weapon: WwnWeapon, situation: AttackSituation = {}): AttackMode {
  return situation.mode ?? weapon.mode;
}

function kindOf(situation: AttackSituation): AttackKind {
  return situation.kind ?? { kind: "attack" };
}

function isAdjacent(mode: AttackMode, situation: AttackSituation): boolean {
  return situation.adjacent ?? mode === "melee";
}

/** The boundary check of an attack's numbers: both combatants, the weapon, the situation, the options. */
function badAttack(input: AttackInput, options: WwnOptions): NumberRefusal | undefined {
  return (
    checkWwnCombatant("attacker", input.attacker) ??
    checkWwnCombatant("defender", input.defender) ??
    checkWwnWeapon("weapon", input.weapon) ??
    checkAllNumbers("situation", input.situation ?? {}, NUMBER_RULES.modifier) ??
    checkWwnOptions(options)
  );
}

/** The weapon's attribute modifier for this attacker (the better one it allows). */
export function weaponAttribute(
  attacker: WwnCombatant,
  weapon: WwnWeapon,
): Result<number, NumberRefusalReason> {
  return (
    checkWwnCombatant("attacker", attacker) ??
    checkWwnWeapon("weapon", weapon) ??
    ok(attributeOf(attacker, weapon))
  );
}

function attributeOf(attacker: WwnCombatant, weapon: WwnWeapon): number {
  return bestAttributePrechecked(attacker, weapon.attributes);
}

/** The defender's AC this round: Total Defense raises it, a Charge lowers it. */
export function effectiveAc(
  defender: WwnCombatant,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<number, NumberRefusalReason> {
  return (
    checkWwnCombatant("defender", defender) ??
    checkWwnOptions(options) ??
    ok(effectiveAcPrechecked(defender, options))
  );
}

/** {@link effectiveAc} for numbers already checked. */
export function effectiveAcPrechecked(defender: WwnCombatant, options: WwnOptions): number {
  return (
    defender.ac +
    (defender.actions.totalDefense ? options.totalDefenseAc : 0) +
    (defender.actions.charged ? options.chargeAc : 0)
  );
}

/** Every hit-roll modifier, in the order shown to players. */
export function hitModifiers(
  input: AttackInput,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<Modifier[], NumberRefusalReason> {
  return badAttack(input, options) ?? ok(hitModifiersPrechecked(input, options));
}

/** {@link hitModifiers} for numbers already checked. */
export function hitModifiersPrechecked(input: AttackInput, options: WwnOptions): Modifier[] {
  const { attacker, defender, weapon } = input;
  const s = input.situation ?? {};
  const mode = attackMode(weapon, s);
  const kind = kindOf(s);
  const t = options.hit;
  const list: Modifier[] = [];
  addModifier(list, "skill", skillLevelPrechecked(attacker, weapon.skill) ?? options.unskilledHit);
  addModifier(list, "attackBonus", attacker.attackBonus);
  addModifier(list, "attribute", attributeOf(attacker, weapon));
  addModifier(list, "magic", weapon.magicBonus ?? 0);
  if (defender.prone) {
    if (isAdjacent(mode, s)) addModifier(list, "proneTarget", t.proneTargetAdjacent);
    else if (mode !== "melee") addModifier(list, "proneTarget", t.proneTargetDistant);
  }
  if (attacker.prone && mode === "melee") addModifier(list, "attackerProne", t.attackerProneMelee);
  if (s.cover === "half") addModifier(list, "cover", t.halfCover);
  if (s.cover === "almostFull") addModifier(list, "cover", t.almostFullCover);
  if (s.inMelee === true && mode !== "melee") addModifier(list, "inMelee", t.rangedWhileMeleed);
  if (s.dualWielding === true) addModifier(list, "dualWield", t.dualWield);
  if (kind.kind === "snap") addModifier(list, "snapAttack", t.snapAttack);
  if (kind.kind === "charge") addModifier(list, "charge", t.charge);
  if (kind.kind === "swarm") {
    addModifier(list, "swarm", Math.min(t.swarmMax, t.swarmPerAlly * kind.allies));
  }
  for (const extra of s.modifiers ?? []) addModifier(list, extra.source, extra.value);
  return list;
}

/** Damage bonuses besides the weapon dice, in order; a Swarm's is capped later. */
export function damageBonuses(
  input: AttackInput,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<Modifier[], NumberRefusalReason> {
  return badAttack(input, options) ?? ok(damageBonusesPrechecked(input, options));
}

/** {@link damageBonuses} for numbers already checked. */
export function damageBonusesPrechecked(input: AttackInput, options: WwnOptions): Modifier[] {
  const { attacker, weapon } = input;
  const s = input.situation ?? {};
  const kind = kindOf(s);
  const list: Modifier[] = [];
  addModifier(list, "attribute", attributeOf(attacker, weapon));
  addModifier(list, "magic", weapon.magicBonus ?? 0);
  for (const extra of s.shockBonuses ?? []) addModifier(list, extra.source, extra.value);
  if (s.dualWielding === true) addModifier(list, "dualWield", options.damage.dualWield);
  for (const extra of s.damageBonuses ?? []) addModifier(list, extra.source, extra.value);
  if (kind.kind === "swarm") {
    const bonus = Math.min(options.damage.swarmMax, options.damage.swarmPerAlly * kind.allies);
    addModifier(list, "swarm", bonus);
  }
  return list;
}

/**
 * The Shock of this attack against this defender: the weapon's Shock points + attribute modifier +
 * magic bonus + bonuses that say they add to Shock. It reaches a target whose AC is at or under
 * the weapon's Shock AC and who is not immune; a Swarm's Shock ignores the AC limit and Shock
 * immunity, but not Total Defense.
 */
export function shockFor(
  input: AttackInput,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<Shock, NumberRefusalReason> {
  return badAttack(input, options) ?? ok(shockForPrechecked(input, options));
}

/** {@link shockFor} for numbers already checked. */
export function shockForPrechecked(input: AttackInput, options: WwnOptions): Shock {
  const { attacker, defender, weapon } = input;
  const s = input.situation ?? {};
  if (weapon.shock === undefined) return { value: 0, applies: false, blocked: "noShock" };
  const value = Math.max(
    0,
    weapon.shock.damage +
      attributeOf(attacker, weapon) +
      (weapon.magicBonus ?? 0) +
      sumModifiers(s.shockBonuses ?? []),
  );
  if (attackMode(weapon, s) !== "melee") return { value, applies: false, blocked: "notMelee" };
  if (defender.actions.shockProof) return { value, applies: false, blocked: "totalDefense" };
  if (kindOf(s).kind === "swarm") return { value, applies: true };
  if (defender.shockImmune === true) return { value, applies: false, blocked: "immune" };
  if (effectiveAcPrechecked(defender, options) > weapon.shock.ac) {
    return { value, applies: false, blocked: "acTooHigh" };
  }
  return { value, applies: true };
}

/** The action this attack costs. */
export function attackCost(situation: AttackSituation = {}): ActionCost | null {
  switch (kindOf(situation).kind) {
    case "attack":
      return "main";
    case "snap":
      return "mainAsInstant";
    case "charge":
      return "moveAndMain";
    case "swarm":
    case "free":
      return null;
  }
}

/** Whether the weapon may make a non-lethal attack (declared via situation.harm). */
export function allowsNonLethal(weapon: WwnWeapon): boolean {
  return weapon.nonLethal === true || weapon.unarmed === true;
}

/**
 * Whether the attack may be made, ignoring the action economy; its parsed damage formula.
 * Changes nothing.
 */
export function checkAttackRules(
  input: AttackInput,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<Formula, AttackRefusal> {
  return badAttack(input, options) ?? checkAttackRulesPrechecked(input, options);
}

/** {@link checkAttackRules} for numbers already checked (the simulator checks its fighters once). */
export function checkAttackRulesPrechecked(
  input: AttackInput,
  options: WwnOptions,
): Result<Formula, AttackRefusal> {
  const { attacker, defender, weapon } = input;
  const s = input.situation ?? {};
  const mode = attackMode(weapon, s);
  const kind = kindOf(s);
  if (attacker.id === defender.id) return refuse("sameCombatant");
  if (attacker.life !== "active") return refuse("notActive");
  if (defender.life === "dead") return refuse("targetDead");
  if (!weapon.readied) return refuse("notReadied");
  if (weapon.reload !== undefined && weapon.loaded === false) return refuse("notLoaded");
  if (weapon.reload === undefined && weapon.ammo !== undefined && weapon.ammo.value <= 0) {
    return refuse("outOfAmmo");
  }
  const parsed = parseCachedFormula(weapon.damage);
  if (!parsed.ok) return parsed;
  const formula = parsed.value;
  if (mode === "melee" && weapon.mode === "ranged") return refuse("notMeleeWeapon");
  if (mode === "thrown" && weapon.mode !== "thrown" && weapon.throwable !== true) {
    return refuse("cannotThrow");
  }
  if (mode === "ranged" && weapon.mode !== "ranged") return refuse("cannotThrow");
  if (mode === "melee" && !isAdjacent(mode, s)) return refuse("targetNotAdjacent");
  if (mode === "ranged" && weapon.twoHandedRanged === true && s.inMelee === true) {
    return refuse("bowInMelee");
  }
  if ((s.grappled === true || attacker.grappling !== null) && weapon.unarmed !== true) {
    return refuse("onlyUnarmedWhileGrappling");
  }
  if (s.dualWielding === true) {
    if (weapon.unarmed === true) return refuse("unarmedCannotDualWield");
    const need = options.dualWieldSkill;
    if ((skillLevelPrechecked(attacker, need.skill) ?? -1) < need.level) {
      return refuse("dualWieldSkill", { skill: need.skill, level: need.level });
    }
  }
  if (s.harm === "nonLethal" && !allowsNonLethal(weapon)) return refuse("nonLethalNotAllowed");
  switch (kind.kind) {
    case "snap":
      if (options.snapAttacks === "namedOnly" && !attacker.isPC && attacker.named !== true) {
        return refuse("snapNotAllowed");
      }
      break;
    case "charge": {
      if (mode === "ranged") return refuse("chargeNeedsMeleeOrThrown");
      if (!Number.isFinite(kind.feet) || kind.feet < options.chargeMinFeet) {
        return refuse("needsTenFeet", { feet: options.chargeMinFeet });
      }
      const most = options.chargeSpeedMultiple * attacker.speed;
      if (kind.feet > most) return refuse("chargeTooFar", { feet: most });
      break;
    }
    case "swarm":
      if (!Number.isInteger(kind.allies) || kind.allies < 0 || kind.allies >= options.swarmSize) {
        return refuse("badSwarm");
      }
      break;
    default:
      break;
  }
  return ok(formula);
}

/** Whether the attack may be made now, action economy included. Changes nothing. */
export function checkAttack(
  input: AttackInput,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<{ formula: Formula; attacker: WwnCombatant }, AttackRefusal> {
  return badAttack(input, options) ?? checkAttackPrechecked(input, options);
}

function checkAttackPrechecked(
  input: AttackInput,
  options: WwnOptions,
): Result<{ formula: Formula; attacker: WwnCombatant }, AttackRefusal> {
  const rules = checkAttackRulesPrechecked(input, options);
  if (!rules.ok) return rules;
  const paid = payForAttack(input, options);
  if (!paid.ok) return paid;
  return ok({ formula: rules.value, attacker: paid.value });
}

/** The hit roll from its natural d20: the modifiers against this round's AC. */
export function hitRoll(
  input: AttackInput,
  natural: number,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<HitRoll, NumberRefusalReason> {
  return (
    badAttack(input, options) ??
    checkDieFace("natural", natural, 20) ??
    ok(hitRollPrechecked(input, natural, options))
  );
}

/** {@link hitRoll} for numbers already checked (the attack and the maneuvers that hit first). */
export function hitRollPrechecked(
  input: AttackInput,
  natural: number,
  options: WwnOptions,
): HitRoll {
  const modifiers = hitModifiersPrechecked(input, options);
  const total = natural + sumModifiers(modifiers);
  const ac = effectiveAcPrechecked(input.defender, options);
  return { natural, modifiers, total, ac, hit: total >= ac };
}

/** The attacker after paying the attack's action (and a Charge's AC penalty). */
function payForAttack(
  input: AttackInput,
  options: WwnOptions,
): Result<WwnCombatant, ActionRefusal> {
  const s = input.situation ?? {};
  const kind = kindOf(s);
  const cost = attackCost(s);
  const { attacker } = input;
  if (cost === null) return ok(attacker);
  const feet = kind.kind === "charge" ? kind.feet : 0;
  const spent = spendActionPrechecked(attacker.actions, cost, input.turn ?? { ownTurn: true }, {
    feet,
    limit: options.chargeSpeedMultiple * attacker.speed,
  });
  if (!spent.ok) return spent;
  const next = copyOf(attacker);
  next.actions =
    kind.kind === "charge" ? changedActions(spent.value, { charged: true }) : spent.value;
  return ok(next);
}

/** The most a blow can deal before any Swarm bonus: the formula's maximum plus its other bonuses. */
function usualMaximum(formula: Formula, bonuses: readonly Modifier[]): number {
  return formulaMax(formula) + sumModifiers(bonuses.filter((b) => b.source !== "swarm"));
}

/** Damage of a hit from its rolled formula total: bonuses added, a Swarm's capped. */
export function damageTotal(
  formula: Formula,
  rolled: number,
  bonuses: readonly Modifier[],
): Result<number, NumberRefusalReason> {
  return (
    checkAllNumbers("formula", formula) ??
    checkNumber("rolled", rolled, {
      min: formulaMin(formula),
      max: formulaMax(formula),
      whole: true,
    }) ??
    checkAllNumbers("bonuses", bonuses, NUMBER_RULES.modifier) ??
    ok(damageTotalPrechecked(formula, rolled, bonuses))
  );
}

/** {@link damageTotal} for numbers already checked (the rolled total comes from the formula). */
export function damageTotalPrechecked(
  formula: Formula,
  rolled: number,
  bonuses: readonly Modifier[],
): number {
  const swarm = bonuses.find((b) => b.source === "swarm")?.value ?? 0;
  const plain = rolled + sumModifiers(bonuses) - swarm;
  return swarm > 0
    ? Math.max(plain, Math.min(plain + swarm, usualMaximum(formula, bonuses)))
    : plain;
}

/** What a blow deals: a hit at least its Shock (when Shock applies), never below 0. */
export function dealtDamage(
  hit: boolean,
  damage: number,
  shock: Shock,
): Result<number, NumberRefusalReason> {
  return (
    checkNumber("damage", damage, NUMBER_RULES.modifier) ??
    checkNumber("shock.value", shock.value, { min: 0, max: MAX_MODIFIER }) ??
    ok(dealtDamagePrechecked(hit, damage, shock))
  );
}

/** {@link dealtDamage} for numbers already checked. */
export function dealtDamagePrechecked(hit: boolean, damage: number, shock: Shock): number {
  const floor = shock.applies ? shock.value : 0;
  return hit ? Math.max(0, damage, floor) : Math.max(0, floor);
}

/**
 * Resolves one attack: pays its action, rolls the d20 against this round's AC, rolls damage on a
 * hit, applies Shock, takes the hit points. Refused (nothing rolled, nothing changed) when the
 * attack may not be made.
 */
export function resolveAttack(
  input: AttackInput,
  dice: DiceSource,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<AttackOutcome, AttackRefusal> {
  const bad = badAttack(input, options);
  if (bad) return bad;
  const resolved = resolveAttackPrechecked(input, dice, options);
  if (!resolved.ok) return resolved;
  const outcome = resolved.value;
  let updates: WwnUpdate[] | undefined;
  return ok({
    ...outcome,
    // Worked out when first read: the exact odds and the previews never write documents.
    get updates(): WwnUpdate[] {
      if (updates === undefined) {
        updates = diffAll([
          [input.attacker, outcome.attacker],
          [input.defender, outcome.defender],
        ]);
        const weaponUpdate = diffWeapon(outcome.attacker.id, input.weapon, outcome.weapon);
        if (weaponUpdate !== null) updates.push(weaponUpdate);
      }
      return updates;
    },
  });
}

/** An attack's outcome without its document changes: the encounter simulator writes none. */
export type AttackResolution = Omit<AttackOutcome, "updates">;

/**
 * {@link resolveAttack} for numbers already checked: the encounter simulator checks its fighters,
 * weapons and situations once per request, and the attack keeps them in range (hit points stay in
 * 0..max, counts never go negative). Every rule refusal still applies. Without the document
 * changes: an object literal with a getter is a slow dictionary object in V8, and the simulator
 * reads none.
 */
export function resolveAttackPrechecked(
  input: AttackInput,
  dice: DiceSource,
  options: WwnOptions,
): Result<AttackResolution, AttackRefusal> {
  const allowed = checkAttackPrechecked(input, options);
  if (!allowed.ok) return allowed;
  const { formula } = allowed.value;
  const attacker = allowed.value.attacker;
  const s = input.situation ?? {};
  const hit = hitRollPrechecked(input, dice.roll(20), options);
  const shock = shockForPrechecked(input, options);

  let damage: DamageRoll | undefined;
  if (hit.hit) {
    const rolled = rollFormula(formula, dice);
    const bonuses = damageBonusesPrechecked(input, options);
    damage = {
      faces: rolled.faces,
      rolled: rolled.total,
      bonuses,
      total: damageTotalPrechecked(formula, rolled.total, bonuses),
    };
  }
  const dealt = dealtDamagePrechecked(hit.hit, damage?.total ?? 0, shock);
  const byShock = shock.applies && dealt > 0 && (!hit.hit || dealt > (damage?.total ?? 0));
  const loss = loseHpPrechecked(input.defender, dealt, s.harm ?? "lethal", options);
  const weapon = spendShot(input.weapon);
  return ok({
    hit,
    damage,
    shock,
    dealt,
    byShock,
    hpLost: loss.lost,
    downed: loss.downed,
    attacker,
    defender: loss.actor,
    weapon,
  });
}
