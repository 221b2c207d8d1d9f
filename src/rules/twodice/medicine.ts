/**
 * What a Medicine roll is made against. The page assumes the healer has medical tools at hand and
 * spends one combat action; better circumstances and more time on the wound each grant a bonus,
 * without a number (the world's options, README default +2 each).
 *
 * Where the page is silent: more time means minutes of treatment, which a fight does not give:
 * in a started combat Medicine is the one combat action and "more time" is refused. Whether the
 * circumstances are better is the GM's call (the shell takes it from the GM alone).
 */
import { checkNumber } from "../core/guard.ts";
import { addModifier, sumModifiers } from "../core/modifier.ts";
import type { Modifier } from "../core/modifier.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { SHEET_NUMBER } from "./model.ts";
import { DEFAULT_TWODICE_OPTIONS, checkTwodiceOptions } from "./options.ts";
import type { TwodiceCheckReason, TwodiceOptions } from "./options.ts";

export interface MedicineCare {
  /** Better circumstances than a combat action's (the GM's call). */
  readonly betterCircumstances?: boolean;
  /** Minutes of treatment instead of one combat action. */
  readonly moreTime?: boolean;
}

export interface MedicineValue {
  readonly value: number;
  readonly modifiers: readonly Modifier[];
}

export type MedicineRefusal = TwodiceCheckReason | "noTimeInFight";

/** The value a Medicine roll is made against: the healer's Medicine and the care's bonuses. */
export function medicineValue(
  medicine: number,
  care: MedicineCare,
  inFight: boolean,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): Result<MedicineValue, MedicineRefusal> {
  const bad = checkTwodiceOptions(options) ?? checkNumber("medicine", medicine, SHEET_NUMBER);
  if (bad) return bad;
  if (care.moreTime === true && inFight) return refuse("noTimeInFight");
  const modifiers: Modifier[] = [];
  if (care.betterCircumstances === true) {
    addModifier(modifiers, "circumstances", options.medicineCircumstances);
  }
  if (care.moreTime === true) addModifier(modifiers, "time", options.medicineTime);
  const total = modifiers.length === 0 ? 0 : sumModifiers(modifiers);
  return ok({ value: medicine + total, modifiers });
}
