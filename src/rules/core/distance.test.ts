import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FEET_PER_SPACE, convertDistance, lengthUnit, sceneDistance } from "./distance.ts";
import type { DistanceUnit } from "./distance.ts";

const value = <T>(result: { ok: true; value: T } | { ok: false }): T => {
  if (!result.ok) throw new Error("refused");
  return result.value;
};

describe("sceneDistance", () => {
  it("counts squares on a scene with default units: 5 squares are 25 ft, not point-blank 5", () => {
    expect(value(sceneDistance(5, { distance: 1, units: "" }, "ft"))).toBe(25);
    expect(value(sceneDistance(5, { distance: 1, units: "" }, "space"))).toBe(5);
  });

  it("reads a 5 ft grid (the system default) in feet and in spaces", () => {
    expect(value(sceneDistance(25, { distance: 5, units: "ft" }, "ft"))).toBe(25);
    expect(value(sceneDistance(25, { distance: 5, units: "ft" }, "space"))).toBe(5);
  });

  it("converts a metric scene: 10 m are about 32.8 ft", () => {
    expect(value(sceneDistance(10, { distance: 1.5, units: "m" }, "ft"))).toBeCloseTo(32.808, 3);
    expect(value(sceneDistance(10, { distance: 1.5, units: "metres" }, "m"))).toBeCloseTo(10, 9);
  });

  it("counts squares whatever their size when the units name no length (hexes, squares)", () => {
    expect(value(sceneDistance(20, { distance: 2, units: "hexes" }, "space"))).toBe(10);
    expect(value(sceneDistance(20, { distance: 2, units: "sq" }, "ft"))).toBe(50);
  });

  it("refuses NaN, infinite or negative distances and a grid of no size", () => {
    for (const measured of [Number.NaN, Infinity, -Infinity, -1]) {
      expect(sceneDistance(measured, { distance: 5, units: "ft" }, "ft").ok).toBe(false);
    }
    for (const size of [0, -5, Number.NaN, Infinity]) {
      expect(sceneDistance(10, { distance: size, units: "ft" }, "ft").ok).toBe(false);
    }
  });

  it("refuses a distance too large to convert rather than answering Infinity", () => {
    const result = sceneDistance(1e308, { distance: 1, units: "km" }, "ft");
    expect(result).toMatchObject({ ok: false, reason: "out-of-range" });
  });
});

describe("lengthUnit", () => {
  it("reads the labels GMs type", () => {
    expect(["ft", "Feet", "ft.", " FT "].map(lengthUnit)).toEqual(["ft", "ft", "ft", "ft"]);
    expect(["m", "Meters", "metres", "m."].map(lengthUnit)).toEqual(["m", "m", "m", "m"]);
    expect(["", "squares", "spaces", "hex"].map(lengthUnit)).toEqual([null, null, null, null]);
  });
});

describe("convertDistance", () => {
  const units: DistanceUnit[] = ["ft", "m", "space"];
  const unit = fc.constantFrom(...units);

  it("a space is 5 ft", () => {
    expect(value(convertDistance(3, "space", "ft"))).toBe(3 * FEET_PER_SPACE);
  });

  it("round-trips any finite non-negative distance between any two units", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), unit, unit, (d, from, to) => {
        const there = value(convertDistance(d, from, to));
        const back = value(convertDistance(there, to, from));
        expect(Math.abs(back - d)).toBeLessThanOrEqual(1e-9 * Math.max(1, d));
      }),
    );
  });

  it("never answers NaN or Infinity: bad or huge input is refused", () => {
    fc.assert(
      fc.property(fc.double(), unit, unit, (d, from, to) => {
        const result = convertDistance(d, from, to);
        if (!Number.isFinite(d) || d < 0) expect(result.ok).toBe(false);
        else if (result.ok) expect(Number.isFinite(result.value) && result.value >= 0).toBe(true);
        else expect(result.reason).toBe("out-of-range");
      }),
    );
  });
});
