import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { DIE_STEPS, fixedDice, isStepDie, recordingDice, stepDie } from "./dice.ts";

describe("die steps", () => {
  it("climbs d4 → d6 → d8 → d10 → d12 and stops at d12", () => {
    expect(stepDie(4, 1)).toBe(6);
    expect(stepDie(6, 1)).toBe(8);
    expect(stepDie(8, 1)).toBe(10);
    expect(stepDie(10, 1)).toBe(12);
    expect(stepDie(12, 1)).toBe(12);
    expect(stepDie(6, 2)).toBe(10);
  });

  it("steps down, with no die below d4", () => {
    expect(stepDie(10, -1)).toBe(8);
    expect(stepDie(4, -1)).toBeNull();
    expect(stepDie(null, 1)).toBe(4);
    expect(stepDie(null, -3)).toBeNull();
  });

  it("always lands on the ladder (or on no die)", () => {
    fc.assert(
      fc.property(fc.constantFrom(null, ...DIE_STEPS), fc.integer({ min: -8, max: 8 }), (d, s) => {
        const result = stepDie(d, s);
        expect(result === null || isStepDie(result)).toBe(true);
      }),
    );
  });
});

describe("dice sources", () => {
  it("hands out already-rolled values in order and records them", () => {
    const dice = recordingDice(fixedDice([3, 6, 1]));
    expect([dice.roll(6), dice.roll(6), dice.roll(4)]).toEqual([3, 6, 1]);
    expect(dice.rolls).toEqual([
      { sides: 6, value: 3 },
      { sides: 6, value: 6 },
      { sides: 4, value: 1 },
    ]);
  });

  it("throws when the caller supplies too few dice or an impossible face", () => {
    const dice = fixedDice([5]);
    expect(() => dice.roll(4)).toThrow(RangeError);
    expect(dice.roll(6)).toBe(5);
    expect(() => dice.roll(6)).toThrow(RangeError);
  });
});
