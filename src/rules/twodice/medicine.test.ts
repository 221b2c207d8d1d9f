import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { medicineValue } from "./medicine.ts";
import { withTwodiceOptions } from "./options.ts";

describe("the Medicine value", () => {
  it("is the healer's Medicine, with the book's bonuses for better circumstances and more time", () => {
    expect(medicineValue(9, {}, false)).toMatchObject({ ok: true, value: { value: 9 } });
    expect(medicineValue(9, { betterCircumstances: true }, false)).toMatchObject({
      ok: true,
      value: { value: 11, modifiers: [{ source: "circumstances", value: 2 }] },
    });
    expect(medicineValue(9, { betterCircumstances: true, moreTime: true }, false)).toMatchObject({
      ok: true,
      value: { value: 13 },
    });
  });

  it("takes the world's bonuses", () => {
    const options = withTwodiceOptions({ medicineCircumstances: 3, medicineTime: 5 });
    expect(
      medicineValue(9, { betterCircumstances: true, moreTime: true }, false, options),
    ).toMatchObject({
      ok: true,
      value: { value: 17 },
    });
  });

  it("gives no more time in a fight: Medicine there is the one combat action", () => {
    expect(medicineValue(9, { moreTime: true }, true)).toMatchObject({
      ok: false,
      reason: "noTimeInFight",
    });
    expect(medicineValue(9, { betterCircumstances: true }, true)).toMatchObject({ ok: true });
  });

  it("refuses a Medicine that is no sheet number, never returning NaN", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double(), fc.constant(Number.NaN), fc.constant(Infinity), fc.integer()),
        fc.boolean(),
        fc.boolean(),
        (medicine, betterCircumstances, moreTime) => {
          const read = medicineValue(medicine, { betterCircumstances, moreTime }, false);
          if (read.ok) expect(Number.isFinite(read.value.value)).toBe(true);
          else expect(read.reason).not.toBe("noTimeInFight");
        },
      ),
    );
  });
});
