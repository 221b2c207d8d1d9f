/**
 * Health and damage on checked state: the total health, and damage taken with its wound dice.
 * Internal: index.ts exports maxHealth and remainingHealth through health.ts, and takeDamage,
 * bleedOnTurn and resolveAttack (which check their inputs first) are the only callers of
 * `woundsTaken`.
 */
import type { Checked } from "../core/checked.ts";
import type { DiceSource } from "../core/dice.ts";
import { DICEPOOL_LIMITS as L } from "./limits.ts";
import type { DicepoolCombatant } from "./model.ts";
import { DEFAULT_DICEPOOL_OPTIONS } from "./options.ts";
import type { DicepoolOptions } from "./options.ts";
import { scoreChecked } from "./roll.ts";
import type { FaceTally } from "./roll.ts";
import { copyCombatant } from "./combatant.ts";

/** Total health: Physical + Size + the options' base (3). */
export function maxHealth(
  c: Checked<DicepoolCombatant>,
  options: Checked<DicepoolOptions> = DEFAULT_DICEPOOL_OPTIONS,
): number {
  return c.physical + c.size + options.healthBase;
}

/** Health left (0 or less once incapacitated). */
export function remainingHealth(
  c: Checked<DicepoolCombatant>,
  options: Checked<DicepoolOptions> = DEFAULT_DICEPOOL_OPTIONS,
): number {
  return maxHealth(c, options) - c.damage;
}

export interface DamageTaken {
  readonly combatant: Checked<DicepoolCombatant>;
  /** Damage actually taken (after Plot Armor, and never past DICEPOOL_LIMITS.damage). */
  readonly taken: number;
  /** The wound-penalty dice rolled, their faces and the penalty they added. */
  readonly woundDice: number;
  readonly woundFaces: readonly number[];
  readonly woundAdded: number;
  /** This damage incapacitated the character, or killed it. */
  readonly incapacitated: boolean;
  readonly died: boolean;
}

const NOTHING: readonly number[] = Object.freeze([]);

/**
 * `amount` damage (a whole number 0..MAX_AMOUNT) taken by a checked combatant, lethal unless
 * `nonLethal`, its wound dice rolled on `dice` (a face the die lacks is noted in `tally`). Damage
 * stops at DICEPOOL_LIMITS.damage (death came long before) and the wound penalty at
 * DICEPOOL_LIMITS.wounds, so the combatant stays checked. The dead take nothing.
 */
export function woundsTaken(
  c: Checked<DicepoolCombatant>,
  amount: number,
  nonLethal: boolean,
  dice: DiceSource,
  options: Checked<DicepoolOptions>,
  tally: FaceTally,
): DamageTaken {
  if (c.dead || amount === 0) {
    return {
      combatant: c,
      taken: 0,
      woundDice: 0,
      woundFaces: NOTHING,
      woundAdded: 0,
      incapacitated: false,
      died: false,
    };
  }
  const max = maxHealth(c, options);
  let dealt = amount;
  if (c.powers.plotArmor) {
    dealt = c.incapacitated === null ? Math.min(dealt, Math.max(1, max - c.damage)) : 1;
  }
  const damage = Math.min(L.damage, c.damage + dealt);
  const taken = damage - c.damage;
  const nonLethalDamage = Math.min(damage, c.nonLethalDamage + (nonLethal ? taken : 0));
  const down = damage >= max;
  let incapacitated = c.incapacitated;
  if (down && (incapacitated === null || incapacitated === "grapple")) {
    incapacitated = nonLethal ? "nonLethal" : "lethal";
  } else if (down && incapacitated === "nonLethal" && !nonLethal) {
    incapacitated = "lethal";
  }
  const died = !nonLethal && damage >= options.deathMultiplier * max;
  const woundDice = Math.min(
    options.maxPool,
    Math.max(0, taken - Math.max(0, c.powers.woundPenaltyResistance)),
  );
  const wound = scoreChecked(woundDice, "rolled", dice, options, tally);
  // Written field by field on a copy (the simulator's hottest copy; see combatant.ts).
  const combatant = copyCombatant(c);
  combatant.damage = damage;
  combatant.nonLethalDamage = nonLethalDamage;
  combatant.incapacitated = incapacitated;
  combatant.dead = died;
  combatant.woundPenalty = Math.min(L.wounds, c.woundPenalty + wound.hits);
  return {
    combatant: combatant as Checked<DicepoolCombatant>,
    taken,
    woundDice,
    woundFaces: wound.faces,
    woundAdded: wound.hits,
    incapacitated: incapacitated !== c.incapacitated && incapacitated !== null,
    died,
  };
}
