import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkDieFace, checkNumber, checkNumbers, checkPool } from "./guard.ts";

describe("the number guard", () => {
  it("refuses NaN, ±Infinity and non-numbers by name", () => {
    for (const bad of [Number.NaN, Infinity, -Infinity, "3", null, undefined]) {
      expect(checkNumber("skill", bad)).toMatchObject({ ok: false, reason: "not-a-number" });
    }
    expect(checkNumber("skill", Number.NaN)?.detail).toMatchObject({ field: "skill" });
  });

  it("refuses a face outside its die and a fraction", () => {
    expect(checkDieFace("combat die", 0, 8)?.reason).toBe("out-of-range");
    expect(checkDieFace("combat die", 9, 8)?.reason).toBe("out-of-range");
    expect(checkDieFace("combat die", 99, 8)?.detail).toMatchObject({ value: 99, max: 8 });
    expect(checkDieFace("combat die", 2.5, 8)?.reason).toBe("not-whole");
    expect(checkDieFace("combat die", 8, 8)).toBeUndefined();
  });

  it("refuses a pool value above its max or below zero", () => {
    expect(checkPool("energy", 999, 1)?.reason).toBe("out-of-range");
    expect(checkPool("energy", -1, 6)?.reason).toBe("out-of-range");
    expect(checkPool("energy", 3, Number.NaN)?.detail).toMatchObject({ field: "energy.max" });
    expect(checkPool("energy", 6, 6)).toBeUndefined();
  });

  it("returns the first bad field of several", () => {
    expect(checkNumbers({ a: 1, b: [Number.NaN], c: [-1, { min: 0 }] })?.detail).toMatchObject({
      field: "b",
    });
  });

  it("accepts exactly the finite numbers within bounds (property)", () => {
    fc.assert(
      fc.property(fc.double(), fc.integer({ min: -1000, max: 1000 }), (value, min) => {
        const refusal = checkNumber("x", value, { min, max: min + 500 });
        const fine = Number.isFinite(value) && value >= min && value <= min + 500;
        expect(refusal === undefined).toBe(fine);
      }),
    );
  });
});
