/**
 * Wounds. Damage becomes a wound on a track of numbered circles: the circle of the damage's
 * number, or the nearest empty one to its right. A wound above Toughness takes the character out
 * of the fight; after the fight the highest wound decides whether it bleeds (slowly when equal to
 * Toughness, badly when higher) or, more than a margin above Toughness, is dead. Medicine stops
 * the bleeding until the next wound and helps the next Recovery roll; Recovery lowers the highest
 * wound by the roll's result, healing the wounds on the way, unless the roll shows a marked
 * wound's number, which is a complication.
 *
 * Where the page is silent:
 * - Damage 0 or less makes no wound.
 * - A wound past the last circle, or with no empty circle at or right of its number, is off the
 *   track: it is kept as one past the last circle (several may pile up there), which is above
 *   any Toughness below the track's size.
 * - Bleeding marks the lowest empty circle; with none left, an off-track wound.
 * - Recovery: the lowered wound lands on its new number and every wound from there up to the old
 *   highest is healed (that includes one already on the new number: it merges). A result at or
 *   above the highest wound heals it and every other wound.
 * - The Medicine bonus is used up by the next Recovery roll, whatever it shows.
 */
import { checkNumber } from "../core/guard.ts";
import type { NumberRefusal } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Refusal, Result } from "../core/result.ts";
import type { TwodiceCombatant, WoundState } from "./model.ts";
import { SHEET_MODIFIER, SHEET_NUMBER, trait } from "./model.ts";
import { DEFAULT_TWODICE_OPTIONS, checkTwodiceOptions } from "./options.ts";
import type { TwodiceCheckReason, TwodiceOptions } from "./options.ts";
import { checkDice, readCheck } from "./roll.ts";
import type { CheckRoll, TwoDice } from "./roll.ts";

/** Checks a wound state's numbers: whole circles from 1, a Medicine bonus of 0 or more. */
export function checkWounds(
  wounds: WoundState,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
  field = "wounds",
): NumberRefusal | undefined {
  const max = options.woundCircles + 1;
  for (let i = 0; i < wounds.marked.length; i++) {
    const circle = wounds.marked[i];
    if (Number.isInteger(circle) && (circle as number) >= 1 && (circle as number) <= max) continue;
    return checkNumber(`${field}.marked.${i}`, circle, { min: 1, max, whole: true });
  }
  return checkNumber(`${field}.medicalBonus`, wounds.medicalBonus, { ...SHEET_NUMBER, min: 0 });
}

/**
 * The circles with one more, in ascending order: an insertion sort, since every list the rules
 * make is nearly so.
 */
function withCircle(list: readonly number[], circle: number): number[] {
  // One array of the final length (slice then push allocates twice; concat is a slow builtin).
  const out: number[] = [];
  for (let i = 0; i < list.length; i++) out.push(list[i] as number);
  out.push(circle);
  for (let i = 1; i < out.length; i++) {
    const v = out[i] as number;
    let j = i;
    while (j > 0 && (out[j - 1] as number) > v) {
      out[j] = out[j - 1] as number;
      j--;
    }
    out[j] = v;
  }
  return out;
}

/** The circle a wound of `value` is marked on (a number past the track when it is full). */
export function woundCircle(
  marked: readonly number[],
  value: number,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): number {
  const size = options.woundCircles;
  const from = Math.max(1, Math.ceil(value));
  for (let circle = from; circle <= size; circle++) if (!marked.includes(circle)) return circle;
  return size + 1;
}

/** The wounds after a wound of `value` (none for 0 or less). A new wound starts bleeding again. */
export function markWound(
  wounds: WoundState,
  value: number,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): { readonly wounds: WoundState; readonly circle: number | null } {
  if (value < 1) return { wounds, circle: null };
  const circle = woundCircle(wounds.marked, value, options);
  return {
    // Field by field (the encounter simulator marks wounds in its inner loop).
    wounds: {
      marked: withCircle(wounds.marked, circle),
      bleedingStopped: false,
      medicalBonus: wounds.medicalBonus,
    },
    circle,
  };
}

/** The highest wound, 0 without wounds. */
export function highestWound(wounds: WoundState): number {
  let high = 0;
  const marked = wounds.marked;
  for (let i = 0; i < marked.length; i++)
    if ((marked[i] as number) > high) high = marked[i] as number;
  return high;
}

/** Out of the fight: a wound above Toughness. */
export function isIncapacitated(wounds: WoundState, toughness: number): boolean {
  return highestWound(wounds) > toughness;
}

/**
 * Whether the combatant can still act in this fight: refused, naming it, when a wound above its
 * Toughness took it out (it attacks, counterattacks and acts no more until healed).
 */
export function checkAbleToAct(c: TwodiceCombatant): Refusal<"incapacitated"> | undefined {
  return isIncapacitated(c.wounds, trait(c, "toughness"))
    ? refuse("incapacitated", { name: c.name })
    : undefined;
}

export type AftermathState = "unhurt" | "stable" | "bleedingSlowly" | "bleedingBadly" | "dead";

export interface Aftermath {
  readonly state: AftermathState;
  /** How often the lowest empty wound is marked, while bleeding. */
  readonly every: TwodiceOptions["bleedSlowly"] | null;
}

/** After the fight: what the highest wound, against Toughness, means. */
export function aftermath(
  wounds: WoundState,
  toughness: number,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): Result<Aftermath, TwodiceCheckReason> {
  const bad =
    checkTwodiceOptions(options) ??
    checkNumber("toughness", toughness, SHEET_NUMBER) ??
    checkWounds(wounds, options);
  if (bad) return bad;
  const high = highestWound(wounds);
  if (options.deathMargin !== null && high > toughness + options.deathMargin) {
    return ok({ state: "dead", every: null });
  }
  if (high === 0) return ok({ state: "unhurt", every: null });
  if (high < toughness || wounds.bleedingStopped) return ok({ state: "stable", every: null });
  return high === toughness
    ? ok({ state: "bleedingSlowly", every: options.bleedSlowly })
    : ok({ state: "bleedingBadly", every: options.bleedBadly });
}

/** One interval of bleeding: the lowest empty circle is marked. */
export function bleed(
  wounds: WoundState,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): WoundState {
  const circle = woundCircle(wounds.marked, 1, options);
  return { ...wounds, marked: withCircle(wounds.marked, circle) };
}

export interface MedicineOutcome {
  readonly roll: CheckRoll;
  readonly wounds: WoundState;
}

/**
 * A Medicine roll on a patient (`value`: the healer's Medicine plus the GM's bonus for tools,
 * circumstances and time). A success stops the bleeding and may raise the patient's bonus for
 * the next Recovery roll to this result.
 */
export function treatWounds(
  wounds: WoundState,
  value: number,
  dice: TwoDice,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): Result<MedicineOutcome, TwodiceCheckReason> {
  const bad =
    checkTwodiceOptions(options) ??
    checkNumber("medicine", value, SHEET_MODIFIER) ??
    checkWounds(wounds, options) ??
    checkDice(dice, options.dieSides);
  if (bad) return bad;
  const roll = readCheck(dice, value);
  if (!roll.success) return ok({ roll, wounds });
  return ok({
    roll,
    wounds: {
      ...wounds,
      bleedingStopped: true,
      medicalBonus: Math.max(wounds.medicalBonus, roll.result),
    },
  });
}

export type RecoveryKind = "complication" | "healed" | "noHealing";

export interface RecoveryOutcome {
  readonly roll: CheckRoll;
  readonly kind: RecoveryKind;
  /** The Toughness rolled against, with the Medicine bonus. */
  readonly value: number;
  readonly wounds: WoundState;
}

/** A Recovery roll against Toughness plus the Medicine bonus. */
export function recover(
  wounds: WoundState,
  toughness: number,
  dice: TwoDice,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): Result<RecoveryOutcome, TwodiceCheckReason> {
  const bad =
    checkTwodiceOptions(options) ??
    checkNumber("toughness", toughness, SHEET_NUMBER) ??
    checkWounds(wounds, options) ??
    checkDice(dice, options.dieSides);
  if (bad) return bad;
  const value = toughness + wounds.medicalBonus;
  const roll = readCheck(dice, value);
  const spent: WoundState = { ...wounds, medicalBonus: 0 };
  if (wounds.marked.includes(roll.result)) {
    const above = woundCircle(wounds.marked, roll.result + 1, options);
    return ok({
      roll,
      kind: "complication",
      value,
      wounds: { ...spent, marked: withCircle(wounds.marked, above), bleedingStopped: false },
    });
  }
  if (!roll.success || wounds.marked.length === 0) {
    return ok({ roll, kind: "noHealing", value, wounds: spent });
  }
  const high = highestWound(wounds);
  const lowered = high - roll.result;
  const kept = wounds.marked.filter((w) => w < lowered);
  return ok({
    roll,
    kind: "healed",
    value,
    wounds: { ...spent, marked: lowered >= 1 ? [...kept, lowered] : kept },
  });
}
