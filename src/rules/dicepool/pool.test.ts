import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixedDice } from "../core/dice.ts";
import { seededRandom } from "../core/random.ts";
import { DEFAULT_DICEPOOL_OPTIONS, withDicepoolOptions } from "./options.ts";
import { buildPool, countHits, scorePool, staticHits } from "./pool.ts";

const weird = fc.oneof(
  fc.constant(Number.NaN),
  fc.constant(Number.POSITIVE_INFINITY),
  fc.constant(Number.NEGATIVE_INFINITY),
  fc.constant(1e9),
  fc.constant(-1e9),
  fc.double({ noNaN: true, min: -50, max: 50 }).filter((x) => !Number.isInteger(x)),
);

describe("dice pools", () => {
  it("adds attribute, skill and modifiers, takes off the wound penalty, and shows each part", () => {
    const pool = buildPool({
      attribute: 3,
      attributeLabel: "physical",
      skill: 2,
      skillLabel: "closeCombat",
      modifiers: [{ source: "cover", value: 4 }],
      woundPenalty: 2,
    });
    expect(pool).toEqual({
      ok: true,
      value: {
        dice: 7,
        total: 7,
        parts: [
          { source: "physical", value: 3 },
          { source: "closeCombat", value: 2 },
          { source: "cover", value: 4 },
          { source: "woundPenalty", value: -2 },
        ],
      },
    });
  });

  it("never goes below 0 dice, however big the penalty", () => {
    const pool = buildPool({ attribute: 1, skill: 0, woundPenalty: 5 });
    expect(pool.ok && [pool.value.dice, pool.value.total]).toEqual([0, -4]);
  });

  it("counts 4, 5 and 6 as hits on a d6, and follows the hit-face setting", () => {
    expect(countHits([1, 2, 3, 4, 5, 6])).toEqual({ ok: true, value: 3 });
    expect(countHits([1, 2, 3, 4, 5, 6], withDicepoolOptions({ hitOn: 5 }))).toEqual({
      ok: true,
      value: 2,
    });
    expect(countHits([7, 10], withDicepoolOptions({ dieSides: 10, hitOn: 7 }))).toEqual({
      ok: true,
      value: 2,
    });
  });

  it("refuses a face that is not on the die, naming it", () => {
    expect(countHits([4, 7])).toMatchObject({ ok: false, reason: "out-of-range" });
    expect(countHits([4, Number.NaN])).toMatchObject({
      ok: false,
      reason: "not-a-number",
      detail: { field: "faces.1" },
    });
    expect(countHits([2.5])).toMatchObject({ ok: false, reason: "not-whole" });
  });

  it("refuses nonsense die settings (a hit face off the die, a 1-sided die)", () => {
    const d6 = DEFAULT_DICEPOOL_OPTIONS;
    expect(countHits([1], { ...d6, hitOn: 7 })).toMatchObject({
      ok: false,
      reason: "bad-dice-settings",
      detail: { field: "hitOn" },
    });
    expect(buildPool({ attribute: 1, skill: 1 }, { ...d6, dieSides: 1 })).toMatchObject({
      ok: false,
      reason: "bad-dice-settings",
      detail: { field: "dieSides" },
    });
    // The options' factory brings them onto the die instead: a d6's hit face at most 6.
    expect(withDicepoolOptions({ hitOn: 7 }).hitOn).toBe(6);
    expect(withDicepoolOptions({ dieSides: 1 }).dieSides).toBe(2);
  });

  it("scores static defense as half the pool rounded up, flawless as every die, unrolled", () => {
    const none = fixedDice([]);
    expect(scorePool(7, "static", none)).toEqual({
      ok: true,
      value: { dice: 7, mode: "static", faces: [], hits: 4 },
    });
    expect(scorePool(7, "flawless", none)).toMatchObject({ ok: true, value: { hits: 7 } });
    expect(scorePool(3, "rolled", fixedDice([6, 1, 4]))).toMatchObject({
      ok: true,
      value: { faces: [6, 1, 4], hits: 2 },
    });
    expect([0, 1, 2, 3, 8].map(staticHits)).toEqual([0, 1, 1, 2, 4]);
  });

  it("refuses a pool above the cap instead of rolling a billion dice", () => {
    const rng = seededRandom("cap");
    expect(scorePool(101, "rolled", rng)).toMatchObject({
      ok: false,
      reason: "pool-too-large",
      detail: { max: 100 },
    });
    // A billion is past what any count may be: the engine's number guard refuses it by name.
    expect(scorePool(1e9, "rolled", rng)).toMatchObject({ ok: false, reason: "out-of-range" });
    expect(buildPool({ attribute: 60, skill: 60 })).toMatchObject({
      ok: false,
      reason: "pool-too-large",
    });
    expect(buildPool({ attribute: 1e9, skill: 0 })).toMatchObject({
      ok: false,
      reason: "out-of-range",
    });
  });

  it("property: any NaN, infinite, fractional or huge part is refused, never thrown or rolled", () => {
    fc.assert(
      fc.property(weird, fc.integer({ min: 0, max: 3 }), (bad, slot) => {
        const parts = [2, 2, 0, 0];
        parts[slot] = bad;
        const [attribute = 0, skill = 0, modifier = 0, woundPenalty = 0] = parts;
        const pool = buildPool({
          attribute,
          skill,
          modifiers: [{ source: "m", value: modifier }],
          woundPenalty,
        });
        expect(pool.ok).toBe(false);
      }),
    );
  });

  it("property: a valid pool is whole, at least 0, at most the cap, and matches its parts", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -20, max: 20 }),
        fc.integer({ min: -20, max: 20 }),
        fc.array(fc.integer({ min: -20, max: 20 }), { maxLength: 4 }),
        fc.nat(30),
        (attribute, skill, mods, woundPenalty) => {
          const pool = buildPool({
            attribute,
            skill,
            modifiers: mods.map((value, i) => ({ source: `m${i}`, value })),
            woundPenalty,
          });
          if (!pool.ok) throw new Error(pool.reason);
          const total = attribute + skill + mods.reduce((a, b) => a + b, 0) - woundPenalty;
          expect(pool.value.total).toBe(total);
          expect(pool.value.dice).toBe(Math.max(0, total));
        },
      ),
    );
  });
});
