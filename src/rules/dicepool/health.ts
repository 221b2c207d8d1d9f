/**
 * Health, damage, incapacitation, dying and the wound penalty.
 *
 * - Total health is Physical + Size + 3. Damage at or above it incapacitates; damage at twice it
 *   kills, unless the blow that gets there is non-lethal.
 * - An incapacitated character bleeds 1 damage on each of its turns, unless it was taken down by a
 *   non-lethal attack or someone stabilized it.
 * - Every time damage is taken, Fray rolls one die per point (less one per Wound Penalty
 *   Resistance) and adds the hits to the wound penalty, which lowers every pool (README).
 * - Plot Armor: damage beyond what incapacitates is lost, and while incapacitated an attack deals
 *   at most 1.
 * - Healing: 1 damage a week (non-lethal damage: 1 per 10 minutes); the wound penalty goes down
 *   by as much.
 *
 * Where the book is silent:
 * - Death needs a lethal final blow: non-lethal damage never kills, and a lethal blow on someone
 *   knocked out non-lethally makes them bleed.
 * - Wound dice are capped at `maxPool` (a single blow above that is already fatal).
 * - Recovery over weeks or 10-minute steps ends a wound incapacitation once damage is below the
 *   total health (the scene is over by then); healing during the scene does not.
 */
import type { DiceSource } from "../core/dice.ts";
import { checkNumber, NUMBER_RULES } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { checkDicepoolCombatant } from "./check.ts";
import type { DicepoolCombatant } from "./model.ts";
import { skill } from "./model.ts";
import { DEFAULT_DICEPOOL_OPTIONS } from "./options.ts";
import type { DicepoolOptions } from "./options.ts";
import { scorePool } from "./pool.ts";
import type { PoolRefusal } from "./pool.ts";
import { changedCombatant, copyCombatant } from "./combatant.ts";

/** The largest single amount of damage or healing the engine accepts. */
export const MAX_AMOUNT = 1_000_000;

const amountRule = { ...NUMBER_RULES.count, max: MAX_AMOUNT } as const;

export function maxHealth(
  c: DicepoolCombatant,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): number {
  return c.physical + c.size + options.healthBase;
}

/** Health left (0 or less once incapacitated). */
export function remainingHealth(
  c: DicepoolCombatant,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): number {
  return maxHealth(c, options) - c.damage;
}

export interface DamageTaken {
  readonly combatant: DicepoolCombatant;
  /** Damage actually taken (after Plot Armor). */
  readonly taken: number;
  /** The wound-penalty dice rolled, their faces and the penalty they added. */
  readonly woundDice: number;
  readonly woundFaces: readonly number[];
  readonly woundAdded: number;
  /** This damage incapacitated the character, or killed it. */
  readonly incapacitated: boolean;
  readonly died: boolean;
}

export type DamageRefusal = PoolRefusal;

/**
 * Takes `amount` damage (lethal unless `nonLethal`), rolling the wound-penalty dice on `dice`.
 * The dead take nothing.
 */
export function takeDamage(
  c: DicepoolCombatant,
  amount: number,
  how: { readonly nonLethal: boolean },
  dice: DiceSource,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<DamageTaken, DamageRefusal> {
  const bad =
    checkNumber("damage", amount, amountRule) ?? checkDicepoolCombatant("combatant", c, options);
  if (bad) return bad;
  return takeDamagePrechecked(c, amount, how, dice, options);
}

/**
 * {@link takeDamage} for a combatant and an amount already checked (resolveAttack checks the
 * combatants; an attack's damage is its net hits plus the weapon's checked extra): the same rule
 * without the boundary check.
 */
export function takeDamagePrechecked(
  c: DicepoolCombatant,
  amount: number,
  how: { readonly nonLethal: boolean },
  dice: DiceSource,
  options: DicepoolOptions,
): Result<DamageTaken, DamageRefusal> {
  if (c.dead || amount === 0) {
    return ok({
      combatant: c,
      taken: 0,
      woundDice: 0,
      woundFaces: [],
      woundAdded: 0,
      incapacitated: false,
      died: false,
    });
  }
  const max = maxHealth(c, options);
  let taken = amount;
  if (c.powers.plotArmor) {
    taken = c.incapacitated === null ? Math.min(taken, Math.max(1, max - c.damage)) : 1;
  }
  const damage = c.damage + taken;
  const nonLethalDamage = c.nonLethalDamage + (how.nonLethal ? taken : 0);
  const down = damage >= max;
  let incapacitated = c.incapacitated;
  if (down && (incapacitated === null || incapacitated === "grapple")) {
    incapacitated = how.nonLethal ? "nonLethal" : "lethal";
  } else if (down && incapacitated === "nonLethal" && !how.nonLethal) {
    incapacitated = "lethal";
  }
  const died = !how.nonLethal && damage >= options.deathMultiplier * max;
  const woundDice = Math.min(
    options.maxPool,
    Math.max(0, taken - Math.max(0, c.powers.woundPenaltyResistance)),
  );
  const wound = scorePool(woundDice, "rolled", dice, options);
  if (!wound.ok) return wound;
  // Written field by field on a copy (the simulator's hottest copy; see combatant.ts).
  const combatant = copyCombatant(c);
  combatant.damage = damage;
  combatant.nonLethalDamage = nonLethalDamage;
  combatant.incapacitated = incapacitated;
  combatant.dead = died;
  combatant.woundPenalty = c.woundPenalty + wound.value.hits;
  return ok({
    combatant,
    taken,
    woundDice,
    woundFaces: wound.value.faces,
    woundAdded: wound.value.hits,
    incapacitated: incapacitated !== c.incapacitated && incapacitated !== null,
    died,
  });
}

/** Whether the character bleeds on its turn: down from lethal damage and not stabilized. */
export function bleeds(c: DicepoolCombatant): boolean {
  return !c.dead && c.incapacitated === "lethal" && !c.stabilized;
}

/** The start of the character's own turn: an incapacitated, unstabilized character bleeds. */
export function bleedOnTurn(
  c: DicepoolCombatant,
  dice: DiceSource,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<DamageTaken, DamageRefusal> {
  return takeDamage(c, bleeding(c, options), { nonLethal: false }, dice, options);
}

/**
 * {@link bleedOnTurn} for a combatant already checked (the encounter simulator checks its
 * fighters once): the same rule without the boundary check.
 */
export function bleedOnTurnPrechecked(
  c: DicepoolCombatant,
  dice: DiceSource,
  options: DicepoolOptions,
): Result<DamageTaken, DamageRefusal> {
  return takeDamagePrechecked(c, bleeding(c, options), LETHAL, dice, options);
}

const LETHAL = { nonLethal: false } as const;

/** The damage a turn's bleeding deals: 0 unless the character bleeds. */
function bleeding(c: DicepoolCombatant, options: DicepoolOptions): number {
  return bleeds(c) ? options.bleedPerRound : 0;
}

export type StabilizeRefusal = DamageRefusal | "cannot-stabilize" | "not-bleeding";

/** Stabilize (free with Medicine 1): the target stops bleeding. */
export function stabilize(
  target: DicepoolCombatant,
  medic: DicepoolCombatant,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<DicepoolCombatant, StabilizeRefusal> {
  const bad =
    checkDicepoolCombatant("target", target, options) ??
    checkDicepoolCombatant("medic", medic, options);
  if (bad) return bad;
  if (!medic.powers.stabilize && skill(medic, "medicine") < options.stabilizeMedicine) {
    return refuse("cannot-stabilize", { medicine: skill(medic, "medicine") });
  }
  if (!bleeds(target)) return refuse("not-bleeding");
  return ok(changedCombatant(target, { stabilized: true }));
}

function recover(
  c: DicepoolCombatant,
  lethal: number,
  nonLethal: number,
  options: DicepoolOptions,
): DicepoolCombatant {
  const nonLethalHealed = Math.min(c.nonLethalDamage, nonLethal);
  const lethalHealed = Math.min(c.damage - c.nonLethalDamage, lethal);
  const healed = nonLethalHealed + lethalHealed;
  const damage = c.damage - healed;
  const woundDown =
    (c.incapacitated === "lethal" || c.incapacitated === "nonLethal") &&
    damage < maxHealth(c, options);
  return changedCombatant(c, {
    damage,
    nonLethalDamage: c.nonLethalDamage - nonLethalHealed,
    woundPenalty: Math.max(0, c.woundPenalty - healed),
    incapacitated: woundDown ? null : c.incapacitated,
    stabilized: woundDown ? false : c.stabilized,
  });
}

/** Natural healing over `weeks`: 1 damage a week (non-lethal first), and as much wound penalty. */
export function healWeeks(
  c: DicepoolCombatant,
  weeks: number,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<DicepoolCombatant, DamageRefusal> {
  const bad =
    checkNumber("weeks", weeks, amountRule) ?? checkDicepoolCombatant("combatant", c, options);
  if (bad) return bad;
  if (c.dead) return ok(c);
  const nonLethal = Math.min(weeks, c.nonLethalDamage);
  return ok(recover(c, weeks - nonLethal, nonLethal, options));
}

/** Non-lethal damage heals 1 per 10 minutes, and the wound penalty with it. */
export function healNonLethal(
  c: DicepoolCombatant,
  minutes: number,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<DicepoolCombatant, DamageRefusal> {
  const bad =
    checkNumber("minutes", minutes, { min: 0, max: MAX_AMOUNT * 10 }) ??
    checkDicepoolCombatant("combatant", c, options);
  if (bad) return bad;
  if (c.dead) return ok(c);
  return ok(recover(c, 0, Math.floor(minutes / 10), options));
}
