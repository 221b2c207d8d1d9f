import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixedDice } from "../core/dice.ts";
import { total } from "../core/distribution.ts";
import { checkChance, edgeOf, keptFaceDistribution, rollCheck } from "./checks.ts";
import type { CheckSpec } from "./checks.ts";
import { withFreelancersOptions } from "./options.ts";

function roll(spec: CheckSpec, faces: number[], options = withFreelancersOptions()) {
  const result = rollCheck(spec, fixedDice(faces), options);
  if (!result.ok) throw new Error(result.reason);
  return result.value;
}

function chance(spec: CheckSpec, options = withFreelancersOptions()) {
  const result = checkChance(spec, options);
  if (!result.ok) throw new Error(result.reason);
  return result.value;
}

describe("Freelancers checks", () => {
  it("passes at or under Attribute + Skill, fails above", () => {
    expect(roll({ base: 12 }, [12]).passed).toBe(true);
    expect(roll({ base: 12 }, [13]).passed).toBe(false);
    expect(roll({ base: 12 }, [1]).passed).toBe(true);
  });

  it("strictly under when the GM says an equal roll fails", () => {
    expect(roll({ base: 12 }, [12], withFreelancersOptions({ equalPasses: false })).passed).toBe(
      false,
    );
  });

  it("a modifier to the die makes it harder, one to the attribute easier", () => {
    const toDie = roll({ base: 12, dieModifiers: [{ source: "cover", value: 2 }] }, [11]);
    expect(toDie).toMatchObject({ natural: 11, roll: 13, target: 12, passed: false });
    const toAttribute = roll({ base: 12, attributeModifiers: [{ source: "aim", value: 2 }] }, [14]);
    expect(toAttribute).toMatchObject({ natural: 14, roll: 14, target: 14, passed: true });
  });

  it("favorable keeps the lower of two dice, unfavorable the higher", () => {
    expect(roll({ base: 10, favorable: 1 }, [15, 4])).toMatchObject({ natural: 4, passed: true });
    expect(roll({ base: 10, unfavorable: 1 }, [15, 4])).toMatchObject({
      natural: 15,
      passed: false,
    });
  });

  it("each favorable cancels one unfavorable", () => {
    expect(edgeOf(1, 1)).toEqual({ dice: 1, keep: "lower" });
    expect(edgeOf(2, 1)).toEqual({ dice: 2, keep: "lower" });
    expect(edgeOf(1, 3)).toEqual({ dice: 2, keep: "higher" });
    // Two dice only, unless the GM lets the edge stack.
    expect(edgeOf(0, 3, withFreelancersOptions({ edgeStacks: true }))).toEqual({
      dice: 4,
      keep: "higher",
    });
    expect(roll({ base: 10, favorable: 1, unfavorable: 1 }, [15]).natural).toBe(15);
  });

  it("a natural 20 is a critical fumble that fails even a target above 20", () => {
    expect(roll({ base: 25 }, [20])).toMatchObject({ passed: false, fumbles: 1 });
    expect(roll({ base: 25 }, [19])).toMatchObject({ passed: true, fumbles: 0 });
    // Two 20s kept on an unfavorable roll are two fumbles; a 20 thrown away is none.
    expect(roll({ base: 10, unfavorable: 1 }, [20, 20]).fumbles).toBe(2);
    expect(roll({ base: 10, favorable: 1 }, [20, 3]).fumbles).toBe(0);
  });

  it("die size and fumble face are settings", () => {
    const d12 = withFreelancersOptions({ die: 12, fumbleFace: 12 });
    expect(roll({ base: 20 }, [12], d12)).toMatchObject({ passed: false, fumbles: 1 });
    expect(chance({ base: 6 }, d12)).toBeCloseTo(6 / 12, 12);
    expect(
      rollCheck({ base: 5 }, fixedDice([1]), withFreelancersOptions({ fumbleFace: 21 })),
    ).toMatchObject({
      ok: false,
      reason: "out-of-range",
      detail: { field: "options.fumbleFace" },
    });
  });

  it("exact chance: base 12 passes 12 in 20; favorable 1 − (8/20)²; unfavorable (12/20)²", () => {
    expect(chance({ base: 12 })).toBeCloseTo(0.6, 12);
    expect(chance({ base: 12, favorable: 1 })).toBeCloseTo(1 - 0.4 ** 2, 12);
    expect(chance({ base: 12, unfavorable: 1 })).toBeCloseTo(0.6 ** 2, 12);
    // The fumble caps the chance at 19 in 20 however high the target.
    expect(chance({ base: 40 })).toBeCloseTo(0.95, 12);
    expect(chance({ base: 0 })).toBe(0);
  });

  it("the exact chance agrees with rolling every face", () => {
    const specs: CheckSpec[] = [
      { base: 9, dieModifiers: [{ source: "x", value: 3 }], favorable: 1 },
      { base: 14, attributeModifiers: [{ source: "y", value: -2 }], unfavorable: 2 },
      { base: 22 },
    ];
    for (const spec of specs) {
      let passed = 0;
      const two = (spec.favorable ?? 0) !== (spec.unfavorable ?? 0);
      for (let a = 1; a <= 20; a++) {
        for (let b = 1; b <= (two ? 20 : 1); b++) {
          if (roll(spec, two ? [a, b] : [a]).passed) passed += 1;
        }
      }
      expect(chance(spec)).toBeCloseTo(passed / (two ? 400 : 20), 12);
    }
  });

  it("the kept face distributions sum to 1", () => {
    for (const dice of [1, 2, 3, 5]) {
      for (const keep of ["lower", "higher"] as const) {
        const kept = keptFaceDistribution({ dice, keep }, 20);
        if (!kept.ok) throw new Error(kept.reason);
        expect(total(kept.value)).toBeCloseTo(1, 12);
      }
    }
  });

  it("refuses NaN, infinities, fractions of a favorable, and bad faces by name", () => {
    expect(rollCheck({ base: Number.NaN }, fixedDice([1]))).toMatchObject({
      ok: false,
      reason: "not-a-number",
      detail: { field: "check.base" },
    });
    expect(
      checkChance({ base: 10, dieModifiers: [{ source: "cover", value: Infinity }] }),
    ).toMatchObject({ ok: false, detail: { field: "check.cover" } });
    expect(checkChance({ base: 10, favorable: 1.5 })).toMatchObject({ reason: "not-whole" });
    expect(checkChance({ base: 10, unfavorable: 1e9 })).toMatchObject({ reason: "out-of-range" });
    // Parts beyond their bound (whose sum would overflow): refused by name, the first one.
    expect(
      checkChance({
        base: 1e308,
        attributeModifiers: [{ source: "a", value: 1e308 }],
      }),
    ).toMatchObject({ reason: "out-of-range", detail: { field: "check.base" } });
    // A dice source handing back a face that is not on the die.
    expect(rollCheck({ base: 10 }, { roll: () => 21 })).toMatchObject({
      reason: "out-of-range",
      detail: { field: "check.die" },
    });
  });

  const anyNumber = fc.oneof(
    fc.double(),
    fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e308, -1e308, Number.MAX_SAFE_INTEGER),
    fc.integer({ min: -30, max: 30 }),
  );

  it("never returns NaN: any number is a chance in [0, 1] or a named refusal (property)", () => {
    fc.assert(
      fc.property(
        anyNumber,
        anyNumber,
        anyNumber,
        fc.nat(4),
        fc.nat(4),
        (base, attr, die, f, u) => {
          const result = checkChance({
            base,
            attributeModifiers: [{ source: "a", value: attr }],
            dieModifiers: [{ source: "d", value: die }],
            favorable: f,
            unfavorable: u,
          });
          if (result.ok) {
            expect(result.value).toBeGreaterThanOrEqual(0);
            expect(result.value).toBeLessThanOrEqual(1 + 1e-12);
          } else {
            expect(["not-a-number", "not-whole", "out-of-range"]).toContain(result.reason);
            expect(result.detail?.field).toBeDefined();
          }
        },
      ),
    );
  });

  it("a favorable never lowers the chance, an unfavorable never raises it (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 30 }),
        fc.integer({ min: -10, max: 10 }),
        fc.nat(3),
        fc.nat(3),
        fc.boolean(),
        (base, die, f, u, stacks) => {
          const options = withFreelancersOptions({ edgeStacks: stacks });
          const spec = {
            base,
            dieModifiers: [{ source: "d", value: die }],
            favorable: f,
            unfavorable: u,
          };
          const plain = chance(spec, options);
          expect(chance({ ...spec, favorable: f + 1 }, options)).toBeGreaterThanOrEqual(
            plain - 1e-12,
          );
          expect(chance({ ...spec, unfavorable: u + 1 }, options)).toBeLessThanOrEqual(
            plain + 1e-12,
          );
          // A modifier to the attribute helps, one to the die hurts.
          expect(chance({ ...spec, base: base + 1 }, options)).toBeGreaterThanOrEqual(
            plain - 1e-12,
          );
          expect(
            chance({ ...spec, dieModifiers: [{ source: "d", value: die + 1 }] }, options),
          ).toBeLessThanOrEqual(plain + 1e-12);
        },
      ),
    );
  });
});
