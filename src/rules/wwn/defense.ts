/**
 * Attribute modifiers and Armor Class, the WWN numbers every hit roll and Shock check reads.
 * The chapter assumes them from the rest of the game; Fray uses the game's usual values.
 * Both refuse NaN, ±Infinity and out-of-range numbers by name.
 */
import { checkAllNumbers, checkNumber, NUMBER_RULES } from "../core/guard.ts";
import type { NumberRefusalReason, NumberRule } from "../core/guard.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";

/** An attribute score: a whole number from 3 to 18. */
export const ATTRIBUTE_SCORE: NumberRule = { min: 3, max: 18, whole: true };

/** The modifier of an attribute score: 3 → −2, 4–7 → −1, 8–13 → 0, 14–17 → +1, 18 → +2. */
export function attributeModifier(score: number): Result<number, NumberRefusalReason> {
  return checkNumber("score", score, ATTRIBUTE_SCORE) ?? ok(modifierOf(score));
}

function modifierOf(score: number): number {
  if (score <= 3) return -2;
  if (score <= 7) return -1;
  if (score <= 13) return 0;
  if (score <= 17) return 1;
  return 2;
}

/** What an Armor Class is built from. */
export interface ArmorClassParts {
  /** The actor's AC without armor (10 for an unarmored human). */
  readonly natural: number;
  /** The AC of each piece of armor worn. */
  readonly worn: readonly number[];
  /** The shield in hand, if any, unbroken: the AC it gives and its bonus over better armor. */
  readonly shield: { readonly ac: number; readonly bonus: number } | null;
  readonly dexModifier: number;
  /** Anything else (a Focus, magic, the GM's ruling). */
  readonly bonus: number;
}

export interface ArmorClass {
  /** The AC the rules use. */
  readonly value: number;
  /** Natural or armor AC, before the shield. */
  readonly armor: number;
  /** What the shield adds. */
  readonly shield: number;
  readonly dex: number;
  readonly bonus: number;
}

/**
 * Armor Class: the better of natural AC and the best armor worn; a shield lifts that to its own
 * AC, or adds its bonus when the armor is already at least as good; then Dexterity and bonuses.
 */
export function armorClass(parts: ArmorClassParts): Result<ArmorClass, NumberRefusalReason> {
  return checkAllNumbers("parts", parts, NUMBER_RULES.modifier) ?? ok(armorClassOf(parts));
}

function armorClassOf(parts: ArmorClassParts): ArmorClass {
  const armor = Math.max(parts.natural, ...parts.worn);
  const shield =
    parts.shield === null
      ? 0
      : armor < parts.shield.ac
        ? parts.shield.ac - armor
        : parts.shield.bonus;
  return {
    value: armor + shield + parts.dexModifier + parts.bonus,
    armor,
    shield,
    dex: parts.dexModifier,
    bonus: parts.bonus,
  };
}
