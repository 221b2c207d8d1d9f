import { describe, expect, it } from "vitest";
import { DEFAULT_TWODICE_OPTIONS, checkTwodiceOptions, withTwodiceOptions } from "./options.ts";

describe("two-dice options", () => {
  it("accept the defaults", () => {
    expect(checkTwodiceOptions(DEFAULT_TWODICE_OPTIONS)).toBeUndefined();
    expect(checkTwodiceOptions(withTwodiceOptions({ deathMargin: null }))).toBeUndefined();
  });

  it("refuse a bad number by name, and a range scale whose steps go down", () => {
    expect(checkTwodiceOptions(withTwodiceOptions({ aimBonus: Number.NaN }))).toMatchObject({
      reason: "not-a-number",
      detail: { field: "options.aimBonus" },
    });
    expect(checkTwodiceOptions(withTwodiceOptions({ woundCircles: 2.5 }))).toMatchObject({
      reason: "not-whole",
    });
    const scale = [
      { meters: 5, step: 2 },
      { meters: 10, step: 1 },
    ];
    expect(checkTwodiceOptions(withTwodiceOptions({ rangeScale: scale }))).toMatchObject({
      reason: "out-of-range",
      detail: { field: "options.rangeScale.1.step" },
    });
  });
  it("changes one bound of a nested option and keeps the other (core mergeOptions)", () => {
    expect(withTwodiceOptions({ autoThreshold: { max: 15 } }).autoThreshold).toEqual({
      min: 5,
      max: 15,
    });
  });
});
