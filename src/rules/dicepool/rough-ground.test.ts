/** The dice pool's rough ground (a roll a space, 2 Energy a failure) and falls begun in the air. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixedDice } from "../core/dice.ts";
import { FRESH_TURN } from "./actions.ts";
import { makeDicepoolCombatant } from "./factory.ts";
import { dicepoolMoveCost } from "./move-cost.ts";
import { MAX_FALL } from "./movement.ts";
import { crossRoughGround, fallFrom, MAX_ROUGH_SPACES } from "./rough-ground.ts";

/** Physical 2 + Mobility 1: three dice a roll. */
const runner = makeDicepoolCombatant({
  id: "run",
  speed: 2,
  physical: 2,
  skills: { mobility: 1 },
  energy: { value: 3, max: 5 },
});

function value<T>(r: { ok: true; value: T } | { ok: false; reason: string }): T {
  if (!r.ok) throw new Error(r.reason);
  return r.value;
}

describe("crossing rough ground", () => {
  it("rolls once a space; each failure costs 2 Energy, and one it cannot pay is critical", () => {
    // Space 1: 4 5 1 (2 hits, passes 2); space 2: 1 1 1 (fails: 3 → 1 Energy);
    // space 3: 6 1 1 (1 hit of 2: fails, only 1 Energy left: critical).
    const crossed = value(
      crossRoughGround(runner, [2, 2, 2], fixedDice([4, 5, 1, 1, 1, 1, 6, 1, 1])),
    );
    expect(
      crossed.rolls.map((r) => [r.roll.hits, r.passed, r.energyLost, r.criticalFailure]),
    ).toEqual([
      [2, true, 0, false],
      [0, false, 2, false],
      [1, false, 0, true],
    ]);
    expect(crossed.energyLost).toBe(2);
    expect(crossed.criticalFailures).toBe(1);
    expect(crossed.combatant.energy.value).toBe(1);
  });

  it("no rough space: no roll and nothing lost", () => {
    const crossed = value(crossRoughGround(runner, [], fixedDice([])));
    expect(crossed).toMatchObject({ rolls: [], energyLost: 0, criticalFailures: 0 });
    expect(crossed.combatant.energy.value).toBe(3);
  });

  it("refuses a difficulty that is no whole count, and too many spaces", () => {
    for (const bad of [NaN, Infinity, -1, 1.5, 1e9]) {
      expect(crossRoughGround(runner, [1, bad], fixedDice([6, 6, 6, 6, 6, 6])).ok).toBe(false);
    }
    const many = Array.from({ length: MAX_ROUGH_SPACES + 1 }, () => 0);
    expect(crossRoughGround(runner, many, fixedDice([]))).toMatchObject({
      ok: false,
      reason: "too-many-spaces",
    });
  });

  it("property: one roll a space, Energy never below 0, lost = 2 a paid failure", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 }),
        fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 12 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 12 * 3, maxLength: 12 * 3 }),
        (energy, difficulties, faces) => {
          const mover = { ...runner, energy: { value: energy, max: 10 } };
          const crossed = value(crossRoughGround(mover, difficulties, fixedDice(faces)));
          expect(crossed.rolls).toHaveLength(difficulties.length);
          const paid = crossed.rolls.filter((r) => !r.passed && !r.criticalFailure).length;
          expect(crossed.energyLost).toBe(2 * paid);
          expect(crossed.combatant.energy.value).toBe(energy - crossed.energyLost);
          expect(crossed.combatant.energy.value).toBeGreaterThanOrEqual(0);
          for (const r of crossed.rolls) {
            expect(r.passed).toBe(r.roll.hits >= r.difficulty);
            // A critical failure only when the Energy could not pay.
            if (r.criticalFailure) expect(r.passed).toBe(false);
          }
          // A difficulty of 0 always passes.
          crossed.rolls
            .filter((r) => r.difficulty === 0)
            .forEach((r) => {
              expect(r.passed).toBe(true);
            });
        },
      ),
    );
  });
});

describe("a fall begun in the air", () => {
  it("falls the whole spaces between the mover and the ground; under a space stands", () => {
    expect(fallFrom(15, 5)).toEqual({ height: 3, fallen: 0 });
    expect(fallFrom(17, 5)).toEqual({ height: 3, fallen: 0 });
    expect(fallFrom(4.9, 5)).toBeNull();
    expect(fallFrom(0, 5)).toBeNull();
    expect(fallFrom(-10, 5)).toBeNull();
    // A metre scene: 1.5 m a space.
    expect(fallFrom(4.5, 1.5)).toEqual({ height: 3, fallen: 0 });
  });

  it("property: any numbers give null or a whole fall of at least 1, at most MAX_FALL", () => {
    const anyNumber = fc.oneof(
      fc.double(),
      fc.constantFrom(NaN, Infinity, -Infinity, 0, -0, Number.MAX_VALUE, Number.MIN_VALUE),
    );
    fc.assert(
      fc.property(anyNumber, anyNumber, (above, perSpace) => {
        const fall = fallFrom(above, perSpace);
        if (fall === null) return;
        expect(Number.isInteger(fall.height)).toBe(true);
        expect(fall.height).toBeGreaterThanOrEqual(1);
        expect(fall.height).toBeLessThanOrEqual(MAX_FALL);
        expect(fall.fallen).toBe(0);
        expect(above).toBeGreaterThanOrEqual(perSpace * 0.999999);
      }),
    );
  });
});

describe("a faller's own moves", () => {
  it("a fighter in a free fall cannot move until it lands; staying put is no move", () => {
    const falling = { ownTurn: true, falling: true };
    expect(
      dicepoolMoveCost(runner, FRESH_TURN, { distance: 1, mode: "walk" }, falling),
    ).toMatchObject({ ok: false, reason: "falling" });
    expect(
      dicepoolMoveCost(runner, FRESH_TURN, { distance: 1, mode: "blitz" }, falling),
    ).toMatchObject({ ok: false, reason: "falling" });
    expect(dicepoolMoveCost(runner, FRESH_TURN, { distance: 0, mode: "walk" }, falling).ok).toBe(
      true,
    );
    expect(
      dicepoolMoveCost(runner, FRESH_TURN, { distance: 1, mode: "walk" }, { ownTurn: true }).ok,
    ).toBe(true);
  });
});
