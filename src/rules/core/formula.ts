/**
 * Simple dice formulas: sums and differences of dice groups and whole numbers, such as `1d6+1`,
 * `2d8 - 1`, `d4 + 1d6 + 2` or `3`. Parse once, then roll with a dice source, read the minimum and
 * maximum, or get the exact distribution.
 *
 * The one formula limit: a formula has at most {@link MAX_DICE} dice in all its terms together,
 * each of at most {@link MAX_FACES} faces, and whole numbers up to {@link MAX_FLAT}. The parser
 * refuses anything larger ("formulaTooLarge"), so the sheet's validation, the exact odds and the
 * card flow (which rolls one die at a time) all share it. The caps keep the exact odds of the
 * largest accepted formula within a few tens of milliseconds (`npm run bench` prints the time).
 */
import { addDie, constant, shift } from "./distribution.ts";
import type { Distribution } from "./distribution.ts";
import type { DiceSource } from "./dice.ts";
import { shown } from "./guard.ts";
import { ok, refuse } from "./result.ts";
import type { Refusal, Result } from "./result.ts";

export type FormulaTerm =
  | { readonly kind: "dice"; readonly sign: 1 | -1; readonly count: number; readonly sides: number }
  | { readonly kind: "flat"; readonly value: number };

export interface Formula {
  readonly source: string;
  readonly terms: readonly FormulaTerm[];
}

/** Most dice one formula may roll, all its terms together (`20d6+20d6` is 40). */
export const MAX_DICE = 40;
/** Most faces one die of a formula may have (a d100 is the largest). */
export const MAX_FACES = 100;
/** Largest whole number a formula may add or take away. */
export const MAX_FLAT = 10000;

/** Why a formula text was refused: not a formula at all, or over the limit. */
export type FormulaRefusal = "badFormula" | "formulaTooLarge";

const TERM = /^(\d*)d(\d+)$|^(\d+)$/i;

/** The refusal of `source` for being over the limit, with the limit to show. */
function tooLarge(source: string): Refusal<FormulaRefusal> {
  return refuse("formulaTooLarge", {
    formula: source,
    maxDice: MAX_DICE,
    maxFaces: MAX_FACES,
    maxFlat: MAX_FLAT,
  });
}

export function parseFormula(source: string): Result<Formula, FormulaRefusal> {
  if (typeof source !== "string") return refuse("badFormula", { formula: shown(source) });
  const compact = source.replace(/\s+/g, "");
  if (compact === "") return refuse("badFormula", { formula: source });
  const parts = compact.split(/(?=[+-])/);
  const terms: FormulaTerm[] = [];
  let dice = 0;
  for (const part of parts) {
    const sign: 1 | -1 = part.startsWith("-") ? -1 : 1;
    const body = part.replace(/^[+-]/, "");
    const match = TERM.exec(body);
    if (match === null) return refuse("badFormula", { formula: source });
    const [, count, sides, flat] = match;
    if (sides !== undefined) {
      const n = count === undefined || count === "" ? 1 : Number(count);
      const s = Number(sides);
      if (n < 1 || s < 1) return refuse("badFormula", { formula: source });
      dice += n;
      if (dice > MAX_DICE || s > MAX_FACES) return tooLarge(source);
      terms.push({ kind: "dice", sign, count: n, sides: s });
    } else {
      const value = Number(flat);
      if (value > MAX_FLAT) return tooLarge(source);
      terms.push({ kind: "flat", value: sign * value });
    }
  }
  return ok({ source, terms });
}

export function formulaMin(formula: Formula): number {
  return formula.terms.reduce(
    (sum, term) =>
      sum +
      (term.kind === "flat" ? term.value : term.sign === 1 ? term.count : -term.count * term.sides),
    0,
  );
}

export function formulaMax(formula: Formula): number {
  return formula.terms.reduce(
    (sum, term) =>
      sum +
      (term.kind === "flat" ? term.value : term.sign === 1 ? term.count * term.sides : -term.count),
    0,
  );
}

/** Rolls the formula: its total and every die face drawn, in order. */
export function rollFormula(
  formula: Formula,
  dice: DiceSource,
): { total: number; faces: number[] } {
  let sum = 0;
  const faces: number[] = [];
  for (const term of formula.terms) {
    if (term.kind === "flat") {
      sum += term.value;
      continue;
    }
    for (let i = 0; i < term.count; i++) {
      const face = dice.roll(term.sides);
      faces.push(face);
      sum += term.sign * face;
    }
  }
  return { total: sum, faces };
}

/**
 * The formula's total, the same dice drawn as {@link rollFormula} draws them, without keeping
 * the faces (for a rule that reads the total only, in the encounter simulator's inner loop).
 */
export function rollFormulaTotal(formula: Formula, dice: DiceSource): number {
  let sum = 0;
  for (const term of formula.terms) {
    if (term.kind === "flat") {
      sum += term.value;
      continue;
    }
    for (let i = 0; i < term.count; i++) sum += term.sign * dice.roll(term.sides);
  }
  return sum;
}

/** The exact distribution of the formula's total. */
export function formulaDistribution(formula: Formula): Distribution {
  let dist = constant(0);
  for (const term of formula.terms) {
    if (term.kind === "flat") {
      dist = shift(dist, term.value);
      continue;
    }
    for (let i = 0; i < term.count; i++) dist = addDie(dist, term.sides, term.sign);
  }
  return dist;
}

const parsedFormulas = new Map<string, Result<Formula, FormulaRefusal>>();

/**
 * Parses a formula once and remembers the outcome (the same text always parses the same). For hot
 * paths that read an item's damage text on every roll.
 */
export function parseCachedFormula(source: string): Result<Formula, FormulaRefusal> {
  let cached = parsedFormulas.get(source);
  if (cached === undefined) {
    cached = parseFormula(source);
    if (parsedFormulas.size > 1000) parsedFormulas.clear();
    parsedFormulas.set(source, cached);
  }
  return cached;
}

/** {@link parseCachedFormula}, null when the text is not a formula or is over the limit. */
export function cachedFormula(source: string): Formula | null {
  const parsed = parseCachedFormula(source);
  return parsed.ok ? parsed.value : null;
}
