/**
 * Simple dice formulas: sums and differences of dice groups and whole numbers, such as `1d6+1`,
 * `2d8 - 1`, `d4 + 1d6 + 2` or `3`. Parse once, then roll with a dice source, read the minimum and
 * maximum, or get the exact distribution.
 */
import { add, constant, dieDistribution, shift } from "./distribution.ts";
import type { Distribution } from "./distribution.ts";
import type { DiceSource } from "./dice.ts";
import { ok, refuse } from "./result.ts";
import type { Result } from "./result.ts";

export type FormulaTerm =
  | { readonly kind: "dice"; readonly sign: 1 | -1; readonly count: number; readonly sides: number }
  | { readonly kind: "flat"; readonly value: number };

export interface Formula {
  readonly source: string;
  readonly terms: readonly FormulaTerm[];
}

/** Limits that keep a typo from asking for a million dice. */
export const FORMULA_LIMITS = { maxCount: 100, maxSides: 1000, maxFlat: 100000 } as const;

const TERM = /^(\d*)d(\d+)$|^(\d+)$/i;

export function parseFormula(source: string): Result<Formula, "badFormula"> {
  const compact = source.replace(/\s+/g, "");
  if (compact === "") return refuse("badFormula", { formula: source });
  const parts = compact.split(/(?=[+-])/);
  const terms: FormulaTerm[] = [];
  for (const part of parts) {
    const sign: 1 | -1 = part.startsWith("-") ? -1 : 1;
    const body = part.replace(/^[+-]/, "");
    const match = TERM.exec(body);
    if (match === null) return refuse("badFormula", { formula: source });
    const [, count, sides, flat] = match;
    if (sides !== undefined) {
      const n = count === undefined || count === "" ? 1 : Number(count);
      const s = Number(sides);
      if (n < 1 || n > FORMULA_LIMITS.maxCount || s < 1 || s > FORMULA_LIMITS.maxSides) {
        return refuse("badFormula", { formula: source });
      }
      terms.push({ kind: "dice", sign, count: n, sides: s });
    } else {
      const value = Number(flat);
      if (value > FORMULA_LIMITS.maxFlat) return refuse("badFormula", { formula: source });
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

/** The exact distribution of the formula's total. */
export function formulaDistribution(formula: Formula): Distribution {
  let dist = constant(0);
  for (const term of formula.terms) {
    if (term.kind === "flat") {
      dist = shift(dist, term.value);
      continue;
    }
    const die = dieDistribution(term.sides);
    const signed = term.sign === 1 ? die : { min: -term.sides, probs: [...die.probs].reverse() };
    for (let i = 0; i < term.count; i++) dist = add(dist, signed);
  }
  return dist;
}

const parsedFormulas = new Map<string, Formula | null>();

/**
 * Parses a formula once and remembers it (the same text always parses the same); null when the
 * text is not a formula. For hot paths that read an item's damage text on every roll.
 */
export function cachedFormula(source: string): Formula | null {
  let cached = parsedFormulas.get(source);
  if (cached === undefined) {
    const parsed = parseFormula(source);
    cached = parsed.ok ? parsed.value : null;
    if (parsedFormulas.size > 1000) parsedFormulas.clear();
    parsedFormulas.set(source, cached);
  }
  return cached;
}
