/** NPC Morale checks: 2d6 + modifier above the score breaks; bad numbers refused by name. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fixedDice, seededRandom } from "../core/index.ts";
import { moraleCheck } from "./morale.ts";

describe("a Morale check", () => {
  it("breaks on a total above the score, holds at or under it", () => {
    expect(moraleCheck(8, fixedDice([4, 5]))).toMatchObject({
      ok: true,
      value: { faces: [4, 5], total: 9, broken: true },
    });
    expect(moraleCheck(8, fixedDice([4, 4]))).toMatchObject({ value: { total: 8, broken: false } });
    expect(moraleCheck(8, fixedDice([4, 4]), -2)).toMatchObject({ value: { total: 6 } });
  });

  it("refuses a NaN, infinite, fractional or out-of-range score or modifier (property)", () => {
    const bad = fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e308, 1.5, 1, 13);
    fc.assert(
      fc.property(bad, fc.boolean(), (n, onScore) => {
        const out = onScore
          ? moraleCheck(n, fixedDice([1, 1]))
          : moraleCheck(8, fixedDice([1, 1]), n === 13 ? 99 : n === 1 ? 0.5 : n);
        expect(out.ok).toBe(false);
      }),
    );
  });

  it("breaks exactly when the total passes the score (property)", () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: -12, max: 12 }),
        (seed, morale, mod) => {
          const out = moraleCheck(morale, seededRandom(seed), mod);
          if (!out.ok) throw new Error(out.reason);
          expect(out.value.total).toBe(out.value.faces[0] + out.value.faces[1] + mod);
          expect(out.value.broken).toBe(out.value.total > morale);
        },
      ),
      { numRuns: 200 },
    );
  });
});
