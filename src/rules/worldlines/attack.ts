/**
 * Attack resolution: declare (target, weapon, zone, non-lethal intent), roll Combat die + weapon
 * skill + modifiers, let the defender try to evade, then roll damage, subtract the zone's Armor die
 * and apply what the hit does (headshot, limb check, statuses, going down).
 *
 * Dice are drawn from the injected source in a fixed order, so the same dice always give the same
 * outcome: attack die; Evasion die (two with a disabled leg); extra Evasion die; headshot d20;
 * damage dice (none on a critical); Armor die; unconscious duration; limb Spirit check; status dice.
 */
import { stepDie } from "../core/dice.ts";
import type { DiceSource, StepDie } from "../core/dice.ts";
import { cachedFormula, formulaMax, parseCachedFormula, rollFormula } from "../core/formula.ts";
import type { Formula, FormulaRefusal } from "../core/formula.ts";
import { checkAllNumbers, checkedFaces, checkNumber } from "../core/guard.ts";
import type { NumberRefusal, NumberRefusalReason } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { diffAll, withoutStatus } from "./changes.ts";
import { atValue, changed, copyOf } from "./combatant.ts";
import type { ActorUpdate } from "./changes.ts";
import { putStatus, spiritCheckOf } from "./internal.ts";
import type { CheckResult } from "./checks.ts";
import { applyHealthLoss } from "./lose-health.ts";
import type {
  Cover,
  RangeBand,
  StatusId,
  WorldlinesCombatant,
  WorldlinesWeapon,
  Zone,
} from "./model.ts";
import { DEFAULT_OPTIONS } from "./options.ts";
import type { HeadshotEffect, WorldlinesOptions } from "./options.ts";
import { checkCombatant, checkOptions, checkWeapon, optionalCount } from "./valid.ts";

export interface Modifier {
  readonly source: string;
  readonly value: number;
}

/** What the attacker declares and the situation on the table. */
export interface AttackSituation {
  /** Aimed zone; none declared means the torso. */
  readonly zone?: Zone;
  /** Range band of a ranged or thrown attack (default: short). Melee attacks have none. */
  readonly range?: RangeBand;
  readonly cover?: Cover;
  readonly poorVisibility?: boolean;
  readonly flanked?: boolean;
  /** Declared non-lethal intent. */
  readonly nonLethal?: boolean;
  /** Further accuracy modifiers (techniques, attachments, GM calls). */
  readonly modifiers?: readonly Modifier[];
  /** Further modifiers to the defender's Evasion rolls. */
  readonly evasionModifiers?: readonly Modifier[];
  /** Energy the attack costs, when not the usual (e.g. an Opportunity Attack). */
  readonly energyCost?: number;
}

export interface AttackInput {
  readonly attacker: WorldlinesCombatant;
  readonly defender: WorldlinesCombatant;
  readonly weapon: WorldlinesWeapon;
  readonly situation?: AttackSituation;
}

/** What the defender knows when deciding whether to spend Energy on Evasion. */
export interface DefenseView {
  readonly attackTotal: number;
  readonly critical: boolean;
  /** The failed Evasion total, when deciding on an extra Evasion. */
  readonly evasionTotal?: number;
}
export type Decide = boolean | ((view: DefenseView) => boolean);

export interface DefenseChoice {
  /** Spend Energy on an Evasion roll when allowed (default: no). */
  readonly evade?: Decide;
  /** After a failed Evasion, interrupt for one more (default: no). */
  readonly extraEvasion?: Decide;
}

export type AttackRefusal =
  | "notActive"
  | "staggered"
  | "notEnoughEnergy"
  | "charmedByTarget"
  | "nonLethalNotAllowed"
  | FormulaRefusal
  | NumberRefusalReason
  | "sameCombatant";

export type EvasionRefusal =
  "critical" | "notActive" | "notEnoughEnergy" | "interruptUsed" | "stressed" | NumberRefusalReason;

export interface AttackRoll {
  readonly die: StepDie;
  readonly natural: number;
  readonly modifiers: readonly Modifier[];
  readonly total: number;
  readonly critical: boolean;
}

export interface EvasionRoll {
  /** The faces rolled (two with disadvantage: the lower counts). */
  readonly naturals: readonly number[];
  readonly modifiers: readonly Modifier[];
  readonly total: number;
  readonly success: boolean;
  /** Made as an interruption. */
  readonly extra: boolean;
}

export interface DamageRoll {
  /** The weapon's damage: rolled, or the critical value. */
  readonly weapon: number;
  readonly critical: boolean;
  /** Point-blank (or the weapon's band) bonus. */
  readonly rangeBonus: number;
  /** 3 on a tripling headshot, else 1. */
  readonly multiplier: number;
  /** Damage before armor. */
  readonly total: number;
  readonly armorDie: StepDie | null;
  readonly armorRoll: number;
  /** Armor roll + armor quality, never below 0. */
  readonly armor: number;
  /** Damage after armor, never below 0. */
  readonly dealt: number;
}

export interface LimbCheck {
  readonly zone: "arms" | "legs";
  readonly check: CheckResult;
  /** Failing makes the target drop what it holds (arms) or fall prone (legs). */
  readonly effect: "held" | "droppedItem" | "fellProne";
  /** A critical failure also brings Bleeding and disables the limb. */
  readonly limbDisabled: boolean;
}

export interface AttackOutcome {
  readonly attack: AttackRoll;
  readonly evasions: readonly EvasionRoll[];
  /** Why the defender could not evade (only when it wanted to). */
  readonly evasionRefused?: EvasionRefusal;
  readonly hit: boolean;
  readonly headshot?: {
    readonly roll: number;
    readonly from: number;
    readonly effect: HeadshotEffect | "miss";
  };
  readonly damage?: DamageRoll;
  /** Health the defender actually lost. */
  readonly healthLost: number;
  readonly killed: boolean;
  readonly downed?: "dying" | "unconscious" | "dead";
  readonly unconsciousMinutes?: number;
  readonly limbCheck?: LimbCheck;
  readonly statusesApplied: readonly StatusId[];
  /** The defender was charmed by the attacker; being attacked broke it. */
  readonly charmBroken: boolean;
  readonly energySpent: { readonly attacker: number; readonly defender: number };
  readonly attacker: WorldlinesCombatant;
  readonly defender: WorldlinesCombatant;
  readonly updates: readonly ActorUpdate[];
}

/** Parses a damage formula once (pure: the same text always parses the same); null if refused. */
export function damageFormula(source: string): Formula | null {
  return cachedFormula(source);
}

/**
 * Critical damage: the formula's maximum times the multiplier (1d6+1 → 7 × 2 = 14). Refused when
 * the formula or the options carry a bad number.
 */
export function criticalDamage(
  formula: Formula,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<number, NumberRefusalReason> {
  const bad = checkAllNumbers("formula", formula) ?? checkOptions(options);
  if (bad) return bad;
  const damage = critDamageOf(formula, options);
  return checkNumber("formula.max", damage) ?? ok(damage);
}

function critDamageOf(formula: Formula, options: WorldlinesOptions): number {
  return options.critDamageMultiplier * formulaMax(formula);
}

/**
 * Lowest natural Combat-die face that crits for this attacker and weapon, or null for never.
 * Refused when the attacker, the weapon or the options carry a bad number.
 */
export function critThreshold(
  attacker: WorldlinesCombatant,
  weapon: WorldlinesWeapon,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<number | null, NumberRefusalReason> {
  return checkWielder(attacker, weapon, options) ?? ok(critFaceOf(attacker, weapon, options));
}

/** The numbers a threshold reads: the attacker, its weapon and the options. */
function checkWielder(
  attacker: WorldlinesCombatant,
  weapon: WorldlinesWeapon,
  options: WorldlinesOptions,
): NumberRefusal | undefined {
  return (
    checkCombatant("attacker", attacker) ?? checkWeapon("weapon", weapon) ?? checkOptions(options)
  );
}

function critFaceOf(
  attacker: WorldlinesCombatant,
  weapon: WorldlinesWeapon,
  options: WorldlinesOptions,
): number | null {
  const die = attacker.traits.combat;
  const widen = (attacker.critWiden ?? 0) + (weapon.critWiden ?? 0);
  const base = options.critFrom[die];
  if (base === undefined) return widen > 0 ? die - widen + 1 : null;
  return base - widen;
}

/** Lowest d20 face that counts as a headshot for this attacker and weapon (refused as above). */
export function headshotThreshold(
  attacker: WorldlinesCombatant,
  weapon: WorldlinesWeapon,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<number, NumberRefusalReason> {
  return checkWielder(attacker, weapon, options) ?? ok(headshotFaceOf(attacker, weapon, options));
}

function headshotFaceOf(
  attacker: WorldlinesCombatant,
  weapon: WorldlinesWeapon,
  options: WorldlinesOptions,
): number {
  return options.headshotFrom - (attacker.headshotWiden ?? 0) - (weapon.headshotWiden ?? 0);
}

/** Whether this weapon may be used for a non-lethal takedown. */
export function allowsNonLethal(weapon: WorldlinesWeapon): boolean {
  if (weapon.lethalOnly === true) return false;
  return weapon.kind === "melee" || weapon.blunt === true || weapon.nonLethal === true;
}

function isRanged(weapon: WorldlinesWeapon): boolean {
  return weapon.kind !== "melee";
}

function bandFor(
  weapon: WorldlinesWeapon,
  band: RangeBand,
  options: WorldlinesOptions,
): { accuracy: number; damage: number } {
  return weapon.rangeBands?.[band] ?? options.rangeBands[band];
}

function addModifier(list: Modifier[], source: string, value: number): void {
  if (value !== 0) list.push({ source, value });
}

/**
 * Every modifier to the attack roll, in the order they are listed to players. Refused when the
 * attack carries a bad number (as resolveAttack would refuse it).
 */
export function attackModifiers(
  input: AttackInput,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<Modifier[], NumberRefusalReason> {
  return checkAttackNumbers(input, options) ?? ok(attackModifierList(input, options));
}

function attackModifierList(input: AttackInput, options: WorldlinesOptions): Modifier[] {
  const { attacker, weapon } = input;
  const s = input.situation ?? {};
  const list: Modifier[] = [];
  addModifier(list, "skill", attacker.skills[weapon.skill] ?? 0);
  addModifier(list, "weapon", weapon.accuracy ?? 0);
  addModifier(list, "zone", options.zoneAccuracy[s.zone ?? "torso"]);
  addModifier(list, "cover", options.coverAccuracy[s.cover ?? "none"]);
  if (s.poorVisibility === true) addModifier(list, "poorVisibility", options.poorVisibility);
  if (s.flanked === true) addModifier(list, "flanked", options.flanked);
  addModifier(list, "stance", options.attackerStance[attacker.stance]);
  if (isRanged(weapon))
    addModifier(list, "range", bandFor(weapon, s.range ?? "short", options).accuracy);
  if (attacker.statuses.blinded) addModifier(list, "blinded", options.blindedAccuracy);
  for (const extra of s.modifiers ?? []) addModifier(list, extra.source, extra.value);
  return list;
}

/** Every modifier to the defender's Evasion roll against this attack (refused as above). */
export function evasionModifiers(
  input: AttackInput,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<Modifier[], NumberRefusalReason> {
  return checkAttackNumbers(input, options) ?? ok(evasionModifierList(input, options));
}

function evasionModifierList(input: AttackInput, options: WorldlinesOptions): Modifier[] {
  const { defender, weapon } = input;
  const list: Modifier[] = [];
  addModifier(list, "skill", defender.skills[options.evasionSkill] ?? 0);
  const table = isRanged(weapon) ? options.evasionStance.ranged : options.evasionStance.melee;
  addModifier(list, "stance", table[defender.stance]);
  for (const extra of input.situation?.evasionModifiers ?? [])
    addModifier(list, extra.source, extra.value);
  return list;
}

function sum(modifiers: readonly Modifier[]): number {
  return modifiers.reduce((total, m) => total + m.value, 0);
}

/** Whether the attack may be made, its Energy cost and parsed damage. Changes nothing. */
export function checkAttack(
  input: AttackInput,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<{ cost: number; formula: Formula }, AttackRefusal> {
  return checkAttackNumbers(input, options) ?? attackRule(input, options);
}

/** The boundary check of an attack's numbers: both combatants, the weapon, the situation, the options. */
function checkAttackNumbers(
  input: AttackInput,
  options: WorldlinesOptions,
): NumberRefusal | undefined {
  const s = input.situation ?? {};
  return (
    checkCombatant("attacker", input.attacker) ??
    checkCombatant("defender", input.defender) ??
    checkWeapon("weapon", input.weapon) ??
    checkAllNumbers("situation", s) ??
    optionalCount("situation.energyCost", s.energyCost) ??
    checkOptions(options)
  );
}

/** The attack rule itself (who may attack whom, for what Energy), for numbers already checked. */
function attackRule(
  input: AttackInput,
  options: WorldlinesOptions,
): Result<{ cost: number; formula: Formula }, AttackRefusal> {
  const { attacker, defender, weapon } = input;
  const s = input.situation ?? {};
  if (attacker.id === defender.id) return refuse("sameCombatant");
  if (attacker.life !== "active") return refuse("notActive");
  if (attacker.statuses.staggered) return refuse("staggered");
  if (attacker.statuses.charmed?.sourceId === defender.id) return refuse("charmedByTarget");
  if (s.nonLethal === true && !allowsNonLethal(weapon)) return refuse("nonLethalNotAllowed");
  const parsed = parseCachedFormula(weapon.damage);
  if (!parsed.ok) return parsed;
  const formula = parsed.value;
  const cost =
    s.energyCost ?? (weapon.kind === "thrown" ? options.costs.throw : options.costs.attack);
  if (cost > attacker.energy.value) {
    return refuse("notEnoughEnergy", { cost, energy: attacker.energy.value });
  }
  return ok({ cost, formula });
}

/** Whether the defender may roll Evasion (costs.evade Energy) against this attack. */
export function checkEvasion(
  defender: WorldlinesCombatant,
  critical: boolean,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<{ cost: number }, EvasionRefusal> {
  return (
    checkCombatant("defender", defender) ??
    checkOptions(options) ??
    evasionRule(defender, critical, options)
  );
}

/** The Evasion rule itself, for a defender and options already checked (resolveAttack's). */
function evasionRule(
  defender: WorldlinesCombatant,
  critical: boolean,
  options: WorldlinesOptions,
): Result<{ cost: number }, EvasionRefusal> {
  if (critical) return refuse("critical");
  if (defender.life !== "active") return refuse("notActive");
  const cost = options.costs.evade;
  if (defender.energy.value < cost) {
    return refuse("notEnoughEnergy", { cost, energy: defender.energy.value });
  }
  return ok({ cost });
}

/** Whether the defender may interrupt for an extra Evasion right now. */
export function checkExtraEvasion(
  defender: WorldlinesCombatant,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<{ cost: number }, EvasionRefusal> {
  return (
    checkCombatant("defender", defender) ??
    checkOptions(options) ??
    extraEvasionRule(defender, options)
  );
}

/** The extra-Evasion rule itself, for a defender and options already checked. */
function extraEvasionRule(
  defender: WorldlinesCombatant,
  options: WorldlinesOptions,
): Result<{ cost: number }, EvasionRefusal> {
  if (defender.life !== "active") return refuse("notActive");
  if (defender.interruptUsed) return refuse("interruptUsed");
  if (defender.statuses.stressed) return refuse("stressed");
  const cost = options.costs.extraEvasion;
  if (defender.energy.value < cost) {
    return refuse("notEnoughEnergy", { cost, energy: defender.energy.value });
  }
  return ok({ cost });
}

function decide(choice: Decide | undefined, view: DefenseView): boolean {
  if (choice === undefined) return false;
  return typeof choice === "boolean" ? choice : choice(view);
}

function rollEvasion(
  defender: WorldlinesCombatant,
  modifiers: readonly Modifier[],
  attackTotal: number,
  extra: boolean,
  dice: DiceSource,
): EvasionRoll {
  const die = defender.traits.combat;
  // A disabled leg gives disadvantage on Evasion: roll twice, keep the lower.
  const naturals = defender.disabledLimbs.legs
    ? [dice.roll(die), dice.roll(die)]
    : [dice.roll(die)];
  const total = Math.min(...naturals) + sum(modifiers);
  return { naturals, modifiers, total, success: total >= attackTotal, extra };
}

/**
 * Resolves one attack from declaration to damage. Refused (nothing rolled, nothing changed) when
 * the attacker may not make it, or when the dice source hands out a face that its die does not
 * have. The defender's choices are given up front, as booleans or as functions of what it sees.
 */
export function resolveAttack(
  input: AttackInput,
  dice: DiceSource,
  defense: DefenseChoice = {},
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<AttackOutcome, AttackRefusal> {
  const bad = checkAttackNumbers(input, options);
  if (bad) return bad;
  const faces = checkedFaces(dice);
  const resolved = resolveAttackPrechecked(input, faces, defense, options);
  if (faces.refusal) return faces.refusal;
  if (!resolved.ok) return resolved;
  const outcome = resolved.value;
  let updates: ActorUpdate[] | undefined;
  return ok({
    ...outcome,
    // Worked out when first read: many callers (the exact odds' checks, the dialog's preview)
    // never write documents.
    get updates(): ActorUpdate[] {
      updates ??= diffAll([
        [input.attacker, outcome.attacker],
        [input.defender, outcome.defender],
      ]);
      return updates;
    },
  });
}

/** An attack's outcome without its document changes: the encounter simulator writes none. */
export type AttackResolution = Omit<AttackOutcome, "updates">;

/**
 * {@link resolveAttack} for numbers already checked: the same rule without the boundary check
 * and without the document changes. For the encounter simulator's inner loop, which checks every
 * fighter once when a simulation is created and plays only the engine's own outcomes after that.
 */
export function resolveAttackPrechecked(
  input: AttackInput,
  dice: DiceSource,
  defense: DefenseChoice,
  options: WorldlinesOptions,
): Result<AttackResolution, AttackRefusal> {
  const allowed = attackRule(input, options);
  if (!allowed.ok) return allowed;
  const { cost, formula } = allowed.value;
  const { weapon } = input;
  const s = input.situation ?? {};
  const zone = s.zone ?? "torso";
  const nonLethal = s.nonLethal === true;
  const attacker = copyOf(input.attacker);
  attacker.energy = atValue(attacker.energy, attacker.energy.value - cost);
  let defender = input.defender;

  // Step 2: the attack roll.
  const die = attacker.traits.combat;
  const natural = dice.roll(die);
  const modifiers = attackModifierList(input, options);
  const threshold = critFaceOf(attacker, weapon, options);
  const critical = threshold !== null && natural >= threshold;
  const attack: AttackRoll = {
    die,
    natural,
    modifiers,
    total: natural + sum(modifiers),
    critical,
  };

  // Step 3: the defender may evade (not a critical), then interrupt for one more try.
  const evasions: EvasionRoll[] = [];
  let evasionRefused: EvasionRefusal | undefined;
  let defenderSpent = 0;
  const view: DefenseView = { attackTotal: attack.total, critical };
  if (decide(defense.evade, view)) {
    // The defender and the options were checked with the attack: the rule alone, not the guard.
    const can = evasionRule(defender, critical, options);
    if (can.ok) {
      const paid = copyOf(defender);
      paid.energy = atValue(paid.energy, paid.energy.value - can.value.cost);
      defender = paid;
      defenderSpent += can.value.cost;
      const evMods = evasionModifierList(input, options);
      const first = rollEvasion(defender, evMods, attack.total, false, dice);
      evasions.push(first);
      if (
        !first.success &&
        decide(defense.extraEvasion, {
          attackTotal: view.attackTotal,
          critical,
          evasionTotal: first.total,
        })
      ) {
        const again = extraEvasionRule(defender, options);
        if (again.ok) {
          defender = changed(defender, {
            interruptUsed: true,
            energy: atValue(defender.energy, defender.energy.value - again.value.cost),
          });
          defenderSpent += again.value.cost;
          evasions.push(rollEvasion(defender, evMods, attack.total, true, dice));
        }
      }
    } else {
      evasionRefused = can.reason;
    }
  }
  const hit = !evasions.some((e) => e.success);

  let headshot: AttackOutcome["headshot"];
  let damage: DamageRoll | undefined;
  let healthLost = 0;
  let killed = false;
  let downed: AttackOutcome["downed"];
  let unconsciousMinutes: number | undefined;
  let limbCheck: LimbCheck | undefined;
  const statusesApplied: StatusId[] = [];

  if (hit) {
    // Headshot: a ranged hit on the head rolls a separate d20.
    let multiplier = 1;
    if (zone === "head" && isRanged(weapon)) {
      const roll = dice.roll(20);
      const from = headshotFaceOf(attacker, weapon, options);
      const effect = roll >= from ? options.headshotEffect[defender.rank] : "miss";
      headshot = { roll, from, effect };
      if (effect === "kill") killed = true;
      if (effect === "triple") multiplier = options.headshotMultiplier;
    }
    if (killed) {
      const loss = applyHealthLoss(defender, defender.health.value, { nonLethal, dice }, options);
      healthLost = loss.lost;
      if (nonLethal) {
        defender = loss.actor;
        if (loss.downed !== undefined) downed = loss.downed;
        if (loss.unconsciousMinutes !== undefined) unconsciousMinutes = loss.unconsciousMinutes;
      } else {
        defender = changed(loss.actor, { life: "dead", unconsciousMinutes: undefined });
        downed = "dead";
      }
    } else {
      // Step 4: damage, then the zone's Armor die (a step higher in Defensive Posture).
      const critDamage = critical || defender.statuses.vulnerable !== undefined;
      const weaponDamage = critDamage
        ? critDamageOf(formula, options)
        : rollFormula(formula, dice).total;
      const rangeBonus = isRanged(weapon) ? bandFor(weapon, s.range ?? "short", options).damage : 0;
      const total = (weaponDamage + rangeBonus) * multiplier;
      const armorDie = stepDie(defender.armor[zone] ?? null, defender.defensivePosture ? 1 : 0);
      const armorRoll = armorDie === null ? 0 : dice.roll(armorDie);
      const armor = armorDie === null ? 0 : Math.max(0, armorRoll + defender.armorBonus);
      const dealt = Math.max(0, total - armor);
      damage = {
        weapon: weaponDamage,
        critical: critDamage,
        rangeBonus,
        multiplier,
        total,
        armorDie,
        armorRoll,
        armor,
        dealt,
      };
      const loss = applyHealthLoss(defender, dealt, { nonLethal, dice }, options);
      defender = loss.actor;
      healthLost = loss.lost;
      if (loss.downed !== undefined) downed = loss.downed;
      if (loss.unconsciousMinutes !== undefined) unconsciousMinutes = loss.unconsciousMinutes;

      // Arm and leg hits: a Spirit check to hold on / stay up.
      if (
        (zone === "arms" || zone === "legs") &&
        defender.life === "active" &&
        (dealt > 0 || options.limbCheckWithoutDamage)
      ) {
        const check = spiritCheckOf(defender, options.limbCheckTd, dice, options);
        const effect = check.passed ? "held" : zone === "arms" ? "droppedItem" : "fellProne";
        if (effect === "fellProne") defender = changed(defender, { stance: "prone" });
        if (check.criticalFailure) {
          defender = putStatus(defender, { status: "bleeding" }, dice, options);
          defender = changed(defender, {
            disabledLimbs: { ...defender.disabledLimbs, [zone]: true },
          });
          statusesApplied.push("bleeding");
        }
        limbCheck = { zone, check, effect, limbDisabled: check.criticalFailure };
      }
    }

    // Step 5: the weapon's statuses.
    if (defender.life !== "dead") {
      for (const application of weapon.onHit ?? []) {
        defender = putStatus(defender, application, dice, options);
        statusesApplied.push(application.status);
      }
    }
  }

  // Attacking the one you charmed breaks the charm.
  const charmBroken = defender.statuses.charmed?.sourceId === attacker.id;
  if (charmBroken) {
    defender = changed(defender, { statuses: withoutStatus(defender.statuses, "charmed") });
  }
  return ok({
    attack,
    evasions,
    evasionRefused,
    hit,
    headshot,
    damage,
    healthLost,
    killed,
    downed,
    unconsciousMinutes,
    limbCheck,
    statusesApplied,
    charmBroken,
    energySpent: { attacker: cost, defender: defenderSpent },
    attacker,
    defender,
  });
}
