import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { armorClass, attributeModifier } from "./defense.ts";

describe("attribute modifiers", () => {
  it("follow the usual bands from 3 to 18", () => {
    const table = Object.fromEntries(
      Array.from({ length: 16 }, (_, i) => [i + 3, valueOf(attributeModifier(i + 3))]),
    );
    expect(table).toEqual({
      3: -2,
      4: -1,
      5: -1,
      6: -1,
      7: -1,
      8: 0,
      9: 0,
      10: 0,
      11: 0,
      12: 0,
      13: 0,
      14: 1,
      15: 1,
      16: 1,
      17: 1,
      18: 2,
    });
  });
});

describe("the boundary", () => {
  it("refuses a score outside 3–18, a fraction or NaN by name", () => {
    expect(attributeModifier(19)).toMatchObject({ ok: false, reason: "out-of-range" });
    expect(attributeModifier(2)).toMatchObject({ ok: false, reason: "out-of-range" });
    expect(attributeModifier(10.5)).toMatchObject({ ok: false, reason: "not-whole" });
    expect(attributeModifier(Number.NaN)).toMatchObject({ ok: false, reason: "not-a-number" });
  });

  it("refuses a NaN piece of armor by name", () => {
    const parts = { natural: 10, worn: [13, Number.NaN], shield: null, dexModifier: 0, bonus: 0 };
    expect(armorClass(parts)).toMatchObject({
      ok: false,
      reason: "not-a-number",
      detail: { field: "parts.worn.1" },
    });
  });
});

/** The value of an accepted result (a refusal fails the test). */
function valueOf<T>(result: { ok: true; value: T } | { ok: false; reason: string }): T {
  if (!result.ok) throw new Error(result.reason);
  return result.value;
}

describe("Armor Class", () => {
  const base = { natural: 10, worn: [], shield: null, dexModifier: 0, bonus: 0 };

  it("is natural AC plus Dexterity for an unarmored fighter", () => {
    expect(valueOf(armorClass({ ...base, dexModifier: 1 })).value).toBe(11);
  });

  it("takes the best armor worn, not the sum", () => {
    expect(valueOf(armorClass({ ...base, worn: [13, 15] })).value).toBe(15);
  });

  it("lets a shield lift poor armor to the shield's AC", () => {
    const ac = valueOf(armorClass({ ...base, worn: [11], shield: { ac: 13, bonus: 1 } }));
    expect(ac).toEqual({ value: 13, armor: 11, shield: 2, dex: 0, bonus: 0 });
  });

  it("adds only the shield's bonus to armor already as good: buff coat 13, shield, Dex +1 → 15", () => {
    const ac = valueOf(
      armorClass({ ...base, worn: [13], shield: { ac: 13, bonus: 1 }, dexModifier: 1 }),
    );
    expect(ac.value).toBe(15);
    expect(ac.shield).toBe(1);
  });

  it("never falls below natural AC plus Dexterity and bonuses, whatever is worn", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 20 }),
        fc.array(fc.integer({ min: 5, max: 20 }), { maxLength: 3 }),
        fc.option(
          fc.record({
            ac: fc.integer({ min: 11, max: 16 }),
            bonus: fc.integer({ min: 0, max: 2 }),
          }),
        ),
        fc.integer({ min: -2, max: 2 }),
        (natural, worn, shield, dexModifier) => {
          const ac = valueOf(armorClass({ natural, worn, shield, dexModifier, bonus: 0 }));
          expect(ac.value).toBeGreaterThanOrEqual(natural + dexModifier);
          expect(ac.value).toBe(ac.armor + ac.shield + ac.dex + ac.bonus);
        },
      ),
    );
  });
});
