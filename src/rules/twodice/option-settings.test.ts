import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  TWODICE_OPTION_SETTINGS,
  formatRangeScale,
  parseRangeScale,
  twodiceOptionsFrom,
} from "./option-settings.ts";
import { DEFAULT_TWODICE_OPTIONS, checkTwodiceOptions } from "./options.ts";

const defaults = () =>
  Object.fromEntries(TWODICE_OPTION_SETTINGS.map((s) => [s.key, s.initial] as const));

describe("two-dice options as world settings", () => {
  it("the settings' defaults are the book's options", () => {
    const read = twodiceOptionsFrom(defaults());
    expect(read).toEqual({ ok: true, value: DEFAULT_TWODICE_OPTIONS });
    expect(twodiceOptionsFrom({})).toEqual({ ok: true, value: DEFAULT_TWODICE_OPTIONS });
  });

  it("every option of the rules has its setting", () => {
    const keys = TWODICE_OPTION_SETTINGS.map((s) => s.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        "DieSides",
        "RangeScale",
        "BeyondRangePerStep",
        "BeyondRangeMaxPenalty",
        "BeyondRangeMaxSteps",
        "MovingTarget",
        "AimBonus",
        "RollWithIt",
        "WoundCircles",
        "UnawareDefense",
        "AutoMin",
        "AutoMax",
        "BleedSlowlyEvery",
        "BleedSlowlyUnit",
        "BleedBadlyEvery",
        "BleedBadlyUnit",
        "DeathRule",
        "DeathMargin",
        "SneakStillPenalty",
        "MedicineCircumstances",
        "MedicineTime",
      ]),
    );
  });

  it("reads a GM's values into the options", () => {
    const read = twodiceOptionsFrom({
      AimBonus: 3,
      RangeScale: "2:1; 8:3 30:6",
      DeathRule: false,
      BleedBadlyUnit: "hour",
      BleedBadlyEvery: 2,
    });
    expect(read.ok && read.value.aimBonus).toBe(3);
    expect(read.ok && read.value.rangeScale).toEqual([
      { meters: 2, step: 1 },
      { meters: 8, step: 3 },
      { meters: 30, step: 6 },
    ]);
    expect(read.ok && read.value.deathMargin).toBeNull();
    expect(read.ok && read.value.bleedBadly).toEqual({ every: 2, unit: "hour" });
  });

  it("an empty range scale: every success hits at any distance", () => {
    const read = twodiceOptionsFrom({ RangeScale: "" });
    expect(read.ok && read.value.rangeScale).toEqual([]);
  });

  it("refuses a bad value by name", () => {
    expect(twodiceOptionsFrom({ AimBonus: "2" })).toMatchObject({
      ok: false,
      reason: "not-a-number",
      detail: { field: "options.aimBonus" },
    });
    expect(twodiceOptionsFrom({ BleedSlowlyUnit: "week" })).toMatchObject({
      ok: false,
      detail: { field: "options.bleedSlowly.unit" },
    });
    expect(twodiceOptionsFrom({ RangeScale: "5:1, ten:2" })).toMatchObject({
      ok: false,
      reason: "badRangeScale",
      detail: { pair: "ten:2" },
    });
    expect(twodiceOptionsFrom({ RangeScale: "5:2, 10:1" })).toMatchObject({
      ok: false,
      detail: { field: "options.rangeScale.1.step" },
    });
    expect(twodiceOptionsFrom({ DeathRule: "yes" })).toMatchObject({ ok: false });
    expect(twodiceOptionsFrom({ AutoMin: 12, AutoMax: 8 })).toMatchObject({
      ok: false,
      detail: { field: "options.autoThreshold.max" },
    });
  });

  it("property: any number given to any number setting is used or refused, never unchecked", () => {
    const numbers = TWODICE_OPTION_SETTINGS.filter((s) => s.kind === "number").map((s) => s.key);
    fc.assert(
      fc.property(
        fc.constantFrom(...numbers),
        fc.oneof(
          fc.double(),
          fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e308, -1e308, 2 ** 53),
          fc.integer(),
        ),
        (key, value) => {
          const read = twodiceOptionsFrom({ [key]: value });
          if (read.ok) expect(checkTwodiceOptions(read.value)).toBeUndefined();
          else expect(read.reason).toMatch(/not-a-number|not-whole|out-of-range/);
        },
      ),
    );
  });

  it("property: a scale written out reads back as itself", () => {
    const mark = fc.record({
      meters: fc.integer({ min: 0, max: 1_000_000 }),
      step: fc.integer({ min: 0, max: 1000 }),
    });
    fc.assert(
      fc.property(fc.array(mark, { maxLength: 30 }), (marks) => {
        expect(parseRangeScale(formatRangeScale(marks))).toEqual({ ok: true, value: marks });
      }),
    );
  });

  it("property: any text is read or refused, never thrown on", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything()), (text) => {
        const read = parseRangeScale(text);
        if (read.ok) {
          for (const m of read.value) {
            expect(Number.isFinite(m.meters) && Number.isInteger(m.step)).toBe(true);
          }
        } else expect(read.reason).toBe("badRangeScale");
      }),
    );
    expect(parseRangeScale("1:1 ".repeat(1000))).toMatchObject({ ok: false });
  });
});
