import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fixedDice } from "./dice.ts";
import { add, addDie, dieDistribution, mean, probabilityOf, total } from "./distribution.ts";
import {
  MAX_DICE,
  MAX_FACES,
  MAX_FLAT,
  formulaDistribution,
  formulaMax,
  formulaMin,
  parseFormula,
  rollFormula,
} from "./formula.ts";
import type { Formula } from "./formula.ts";
import { seededRandom } from "./random.ts";

function parsed(source: string): Formula {
  const result = parseFormula(source);
  if (!result.ok) throw new Error(`did not parse: ${source}`);
  return result.value;
}

describe("dice formulas", () => {
  it("1d6+1 runs from 2 to 7", () => {
    const f = parsed("1d6+1");
    expect(formulaMin(f)).toBe(2);
    expect(formulaMax(f)).toBe(7);
    expect(rollFormula(f, fixedDice([4]))).toEqual({ total: 5, faces: [4] });
  });

  it("reads several terms, spaces, a bare d and subtraction", () => {
    const f = parsed(" 2d8 - 1 + d4 ");
    expect(formulaMin(f)).toBe(2);
    expect(formulaMax(f)).toBe(19);
    expect(rollFormula(f, fixedDice([8, 3, 2]))).toEqual({ total: 12, faces: [8, 3, 2] });
    const minus = parsed("10-1d4");
    expect([formulaMin(minus), formulaMax(minus)]).toEqual([6, 9]);
    expect(formulaMax(parsed("3"))).toBe(3);
  });

  it("refuses what it cannot read", () => {
    for (const bad of ["", "d", "1d", "1d6+", "2x6", "1d0", "0d6", "1d6*2"]) {
      expect(parseFormula(bad)).toMatchObject({ ok: false, reason: "badFormula" });
    }
  });

  it("has one limit on dice and faces: 100d1000 and its like are refused as too large", () => {
    for (const big of [
      "100d1000",
      "500d6",
      `${MAX_DICE + 1}d6`,
      `1d${MAX_FACES + 1}`,
      // the limit counts every term's dice together, not each term on its own
      `${MAX_DICE}d6+1d4`,
      `${MAX_DICE}d6-1d4`,
      `${MAX_FLAT + 1}+1d6`,
    ]) {
      expect(parseFormula(big), big).toMatchObject({
        ok: false,
        reason: "formulaTooLarge",
        detail: { formula: big, maxDice: MAX_DICE, maxFaces: MAX_FACES },
      });
    }
    const largest = parsed(`${MAX_DICE}d${MAX_FACES}+${MAX_FLAT}`);
    expect(formulaMax(largest)).toBe(MAX_DICE * MAX_FACES + MAX_FLAT);
  });

  it("adds a die in one pass exactly as the plain convolution does", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: -50, max: 50 }),
        fc.integer({ min: 1, max: MAX_FACES }),
        fc.constantFrom(1 as const, -1 as const),
        (probs, min, sides, sign) => {
          const x = { min, probs };
          const die = dieDistribution(sides);
          const signed = sign === 1 ? die : { min: -sides, probs: [...die.probs].reverse() };
          const fast = addDie(x, sides, sign);
          const slow = add(x, signed);
          expect(fast.min).toBe(slow.min);
          expect(fast.probs.length).toBe(slow.probs.length);
          fast.probs.forEach((p, i) => {
            expect(p).toBeCloseTo(slow.probs[i] ?? NaN, 12);
          });
        },
      ),
    );
  });

  it("gives the exact distribution: 2d6+1 has 8 at 6/36 and averages 8", () => {
    const dist = formulaDistribution(parsed("2d6+1"));
    expect(probabilityOf(dist, 8)).toBeCloseTo(6 / 36, 12);
    expect(mean(dist)).toBeCloseTo(8, 12);
    const neg = formulaDistribution(parsed("10-1d4"));
    expect(probabilityOf(neg, 6)).toBeCloseTo(0.25, 12);
    expect(total(neg)).toBeCloseTo(1, 12);
  });

  it("always rolls within min..max, onto a value the distribution allows", () => {
    const formulas = ["1d6+1", "2d4-3", "d12", "3d6-1d4+2"].map(parsed);
    fc.assert(
      fc.property(fc.constantFrom(...formulas), fc.integer(), (f, seed) => {
        const { total: value } = rollFormula(f, seededRandom(seed));
        expect(value).toBeGreaterThanOrEqual(formulaMin(f));
        expect(value).toBeLessThanOrEqual(formulaMax(f));
        expect(probabilityOf(formulaDistribution(f), value)).toBeGreaterThan(0);
      }),
    );
  });
});
