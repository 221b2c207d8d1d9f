import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withTwodiceOptions } from "./options.ts";
import { beyondRangePenalty, rangeStep } from "./range.ts";

describe("the range scale", () => {
  it("gives step 0 under 5 m and the step of the last mark reached beyond", () => {
    expect(rangeStep(4.9)).toEqual({ ok: true, value: 0 });
    expect(rangeStep(5)).toEqual({ ok: true, value: 1 });
    expect(rangeStep(99)).toEqual({ ok: true, value: 6 });
    expect(rangeStep(100)).toEqual({ ok: true, value: 7 });
    expect(rangeStep(5000)).toEqual({ ok: true, value: 12 });
  });

  it("follows a GM's own scale", () => {
    const options = withTwodiceOptions({ rangeScale: [{ meters: 2, step: 3 }] });
    expect(rangeStep(2, options)).toEqual({ ok: true, value: 3 });
  });

  it("refuses a negative, NaN or infinite distance by name", () => {
    expect(rangeStep(-1)).toMatchObject({ ok: false, reason: "out-of-range" });
    expect(rangeStep(Number.NaN)).toMatchObject({ ok: false, reason: "not-a-number" });
    expect(rangeStep(Infinity)).toMatchObject({ ok: false, reason: "not-a-number" });
  });

  it("never gives a nearer step for a longer distance (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        (a, b) => {
          const near = rangeStep(Math.min(a, b));
          const far = rangeStep(Math.max(a, b));
          expect(near.ok && far.ok && near.value <= far.value).toBe(true);
        },
      ),
    );
  });
});

describe("shooting beyond Range", () => {
  it("costs 2 a step, at most 10, and is out of reach more than 5 steps beyond", () => {
    expect(beyondRangePenalty(3, 5)).toEqual({ ok: true, value: 0 });
    expect(beyondRangePenalty(7, 5)).toEqual({ ok: true, value: -4 });
    expect(beyondRangePenalty(10, 5)).toEqual({ ok: true, value: -10 });
    expect(beyondRangePenalty(11, 5)).toMatchObject({ ok: false, reason: "outOfReach" });
  });
});
