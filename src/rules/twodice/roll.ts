/**
 * The two dice. Every roll in this game is a black and a white die (d20 by default), each read on
 * its own against one target value: a die succeeds when it shows that value or less. A higher
 * success is a better one, so an attack needs a success above the defense, and a check's result
 * is its best success.
 *
 * Where the page is silent:
 * - A check whose dice both succeed has the higher die as its result.
 * - A failed check's result (needed by Recovery, "whether success or failure") is the lower die,
 *   the one that came nearer to succeeding.
 */
import { checkDieFace } from "../core/guard.ts";
import type { NumberRefusal } from "../core/guard.ts";

/** One roll of the two dice, as faces. */
export interface TwoDice {
  readonly black: number;
  readonly white: number;
}

export type DieColor = "black" | "white";

/** Whether one die succeeds against `value`. */
export function dieSucceeds(face: number, value: number): boolean {
  return face <= value;
}

/** Whether one die hits: a success above `defense`. */
export function dieHits(face: number, value: number, defense: number): boolean {
  return face <= value && face > defense;
}

/** The damage digit of a face: its last digit, 10 and 20 counting as 10. */
export function damageDigit(face: number): number {
  const digit = face % 10;
  return digit === 0 ? 10 : digit;
}

export interface CheckRoll {
  readonly dice: TwoDice;
  readonly value: number;
  readonly blackSuccess: boolean;
  readonly whiteSuccess: boolean;
  readonly success: boolean;
  /** The best success, or the lower die of a failure. */
  readonly result: number;
}

function isFace(face: unknown, sides: number): boolean {
  return typeof face === "number" && Number.isInteger(face) && face >= 1 && face <= sides;
}

/** Checks both faces of a roll, by name. */
export function checkDice(dice: TwoDice, sides: number, field = "dice"): NumberRefusal | undefined {
  // Plain comparisons first: every attack reads its dice, and a pass builds no field name.
  if (isFace(dice.black, sides) && isFace(dice.white, sides)) return undefined;
  return (
    checkDieFace(`${field}.black`, dice.black, sides) ??
    checkDieFace(`${field}.white`, dice.white, sides)
  );
}

/** Reads a check (a trait roll: Toughness, Perception, Medicine …) against `value`. */
export function readCheck(dice: TwoDice, value: number): CheckRoll {
  const blackSuccess = dieSucceeds(dice.black, value);
  const whiteSuccess = dieSucceeds(dice.white, value);
  const successes = [blackSuccess ? dice.black : 0, whiteSuccess ? dice.white : 0];
  const success = blackSuccess || whiteSuccess;
  return {
    dice,
    value,
    blackSuccess,
    whiteSuccess,
    success,
    result: success ? Math.max(...successes) : Math.min(dice.black, dice.white),
  };
}
