/**
 * What a hit does: the damage digit of one die plus the weapon's Damage, less the Protection of
 * every armor layer the white die does not bypass (its Coverage at or above the white die), less
 * what rolling with the attack takes off; never below 0.
 */
import type { ArmorLayer, TwodiceWeapon } from "./model.ts";
import { DEFAULT_TWODICE_OPTIONS } from "./options.ts";
import type { TwodiceOptions } from "./options.ts";
import { damageDigit } from "./roll.ts";

export interface DieReading {
  readonly face: number;
  readonly success: boolean;
  readonly hit: boolean;
}

export interface DamageReading {
  /** The damage digit used, and of which die. */
  readonly digit: number;
  readonly from: "black" | "white";
  /** Digit + the weapon's Damage. */
  readonly raw: number;
  /** The armor layers the white die did not bypass, each taking off its Protection. */
  readonly struck: readonly ArmorLayer[];
  readonly rolledWithIt: boolean;
  /** What is left: the wound's number (0: no wound). */
  readonly final: number;
}

/** The armor layers a white die strikes: those whose Coverage it does not exceed. */
export function struckLayers(armor: readonly ArmorLayer[], white: number): readonly ArmorLayer[] {
  // No armor strikes nothing: the one shared empty list (an unarmored target is hit often).
  return armor.length === 0 ? NONE : armor.filter((layer) => white <= layer.coverage);
}

const NONE: readonly ArmorLayer[] = Object.freeze([]);

/** The damage of a hit: digit + Damage, less struck Protection and rolling with it, not below 0. */
export function damageOf(
  black: DieReading,
  white: DieReading,
  weapon: TwodiceWeapon,
  armor: readonly ArmorLayer[],
  rolledWithIt: boolean,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): DamageReading {
  const from = black.hit && white.hit ? "black" : black.hit ? "white" : "black";
  const digit = damageDigit(from === "black" ? black.face : white.face);
  const raw = digit + weapon.damage;
  const struck = struckLayers(armor, white.face);
  return {
    digit,
    from,
    raw,
    struck,
    rolledWithIt,
    final: damageLeft(raw, struck, rolledWithIt, options),
  };
}

/** What is left of `raw` damage after the struck layers' Protection and rolling with it (≥ 0). */
export function damageLeft(
  raw: number,
  struck: readonly ArmorLayer[],
  rolledWithIt: boolean,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): number {
  let final = raw;
  for (let i = 0; i < struck.length; i++) final -= (struck[i] as ArmorLayer).protection;
  if (rolledWithIt) final -= options.rollWithIt;
  return Math.max(0, final);
}
