/**
 * Cast a Spell: the Main Action and one spell slot; refused after hit-point damage this round,
 * after drawing or stowing with the casting hand, when jostled, without a slot or a Main Action.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { castSpell, SPELL_SLOTS_PATH } from "./maneuvers/cast.ts";
import { makeWwnCombatant } from "./factory.ts";
import { FRESH_ACTIONS } from "./actions.ts";

const mage = makeWwnCombatant({ id: "mage", name: "Mage" });
const slots = { value: 2, max: 3 };

describe("Cast a Spell", () => {
  it("spends the Main Action and one slot, both as updates", () => {
    const out = castSpell(mage, slots);
    expect(out).toMatchObject({
      ok: true,
      value: { slotsLeft: 1, actor: { actions: { mainUsed: true } } },
    });
    expect(out.ok && out.value.updates).toContainEqual({
      actorId: "mage",
      changes: { [SPELL_SLOTS_PATH]: 1 },
    });
  });

  it("is refused after damage, a busy hand or a jostle this round, and without a slot", () => {
    const hinder = { hurt: false, handBusy: false, jostled: false };
    expect(castSpell(mage, slots, { ...hinder, hurt: true })).toMatchObject({ reason: "castHurt" });
    expect(castSpell(mage, slots, { ...hinder, handBusy: true })).toMatchObject({
      reason: "castHandBusy",
    });
    expect(castSpell(mage, slots, { ...hinder, jostled: true })).toMatchObject({
      reason: "castJostled",
    });
    expect(castSpell(mage, { value: 0, max: 3 })).toMatchObject({ reason: "noSpellSlot" });
    expect(castSpell(mage, { value: 0, max: 0 })).toMatchObject({ reason: "notACaster" });
  });

  it("is refused when the Main Action is spent or the caster is down", () => {
    const spent = makeWwnCombatant({ id: "m", actions: { ...FRESH_ACTIONS, mainUsed: true } });
    expect(castSpell(spent, slots).ok).toBe(false);
    const down = makeWwnCombatant({ id: "d", life: "unconscious" });
    expect(castSpell(down, slots)).toMatchObject({ reason: "notActive" });
  });

  it("refuses NaN, infinite, fractional, huge or inverted slots by name (property)", () => {
    const bad = fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e308, -1, 0.5);
    fc.assert(
      fc.property(bad, fc.boolean(), (n, onMax) => {
        const out = castSpell(mage, onMax ? { value: 1, max: n } : { value: n, max: 3 });
        expect(out.ok).toBe(false);
      }),
    );
    expect(castSpell(mage, { value: 4, max: 3 })).toMatchObject({
      ok: false,
      detail: { field: "slots.value" },
    });
  });

  it("leaves one slot fewer, never below 0 (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 999 }), (a, b) => {
        const max = Math.max(a, b);
        const out = castSpell(mage, { value: Math.min(a, b), max });
        if (out.ok) expect(out.value.slotsLeft).toBe(Math.min(a, b) - 1);
        else expect(["notACaster", "noSpellSlot"]).toContain(out.reason);
      }),
    );
  });
});
