/**
 * Use Item (stim, antidote, device) and First Aid in full (every status medical treatment cures,
 * stabilizing, a kit's healing), with bad input refused by name.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fixedDice, seededRandom } from "../core/index.ts";
import { makeCombatant } from "./factory.ts";
import { firstAidTreatment, useItem } from "./use-item.ts";
import type { UsableItem } from "./use-item.ts";

const medic = makeCombatant({
  id: "medic",
  traits: { combat: 8, spirit: 6, mind: 8 },
  skills: { medicine: 1 },
  energy: 6,
});
const hurt = makeCombatant({ id: "hurt", health: { value: 8, max: 20 }, energy: 6 });
const stim: UsableItem = { kind: "stim", quantity: 2, heals: 5 };
const kit: UsableItem = { kind: "firstAidKit", quantity: 3, heals: 4 };

describe("Use Item", () => {
  it("applies a stim to an ally: 1 Energy, its healing, one used up", () => {
    const out = useItem(medic, hurt, stim);
    expect(out).toMatchObject({
      ok: true,
      value: { cost: 1, consumed: true, healed: 5, patient: { health: { value: 13 } } },
    });
    expect(out.ok && out.value.helper.energy.value).toBe(5);
    expect(out.ok && out.value.updates.map((u) => u.actorId).sort()).toEqual(["hurt", "medic"]);
  });

  it("never heals above the maximum, and stabilizes a dying patient", () => {
    const nearly = makeCombatant({ id: "n", health: { value: 18, max: 20 } });
    expect(useItem(medic, nearly, stim)).toMatchObject({ value: { healed: 2 } });
    const dying = makeCombatant({ id: "d", health: { value: 0, max: 20 }, life: "dying" });
    expect(useItem(medic, dying, stim)).toMatchObject({
      value: { stabilized: true, patient: { life: "unconscious", health: { value: 5 } } },
    });
  });

  it("gives an antidote to the poisoned only; a device only to oneself, not used up", () => {
    const poisoned = makeCombatant({ id: "p", statuses: { poisoned: { hpPerTurn: 2 } } });
    const antidote = { kind: "antidote", quantity: 1, heals: 0 };
    expect(useItem(medic, poisoned, antidote)).toMatchObject({
      value: { cured: ["poisoned"], patient: { statuses: {} } },
    });
    expect(useItem(medic, hurt, antidote)).toMatchObject({ reason: "nothingToCure" });
    const device = { kind: "device", quantity: 1, heals: 0 };
    expect(useItem(medic, medic, device)).toMatchObject({ value: { consumed: false, cost: 1 } });
    expect(useItem(medic, hurt, device)).toMatchObject({ reason: "ownUseOnly" });
  });

  it("sends grenades, kits and restraints to their own actions; refuses an empty stack", () => {
    expect(useItem(medic, hurt, { kind: "grenade", quantity: 1, heals: 0 })).toMatchObject({
      reason: "useThrow",
    });
    expect(useItem(medic, hurt, kit)).toMatchObject({ reason: "useFirstAid" });
    expect(useItem(medic, hurt, { ...stim, quantity: 0 })).toMatchObject({ reason: "nothingLeft" });
    const tired = makeCombatant({ id: "t", energy: { value: 0, max: 6 } });
    expect(useItem(tired, tired, stim)).toMatchObject({ reason: "notEnoughEnergy" });
  });

  it("refuses NaN, infinite, fractional and huge stacks and healing by name (property)", () => {
    const bad = fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e308, -1, 0.5);
    fc.assert(
      fc.property(bad, fc.boolean(), (value, quantity) => {
        const item = quantity ? { ...stim, quantity: value } : { ...stim, heals: value };
        const out = useItem(medic, hurt, item);
        expect(out.ok).toBe(false);
        expect(out.ok ? null : out.detail?.["field"]).toBe(
          quantity ? "item.quantity" : "item.heals",
        );
      }),
    );
  });
});

describe("First Aid in full", () => {
  const ailing = makeCombatant({
    id: "ailing",
    health: { value: 10, max: 20 },
    statuses: {
      bleeding: { hpPerTurn: 5 },
      blinded: { turnsLeft: null },
      poisoned: { hpPerTurn: 2 },
    },
  });

  it("reads one Medicine check against each TD: 6 cures Bleeding and Blinded, not Poisoned", () => {
    // Mind d8 shows 5, + Medicine 1 = 6.
    const out = firstAidTreatment(medic, ailing, kit, fixedDice([5]));
    expect(out).toMatchObject({
      ok: true,
      value: { cost: 2, cured: ["bleeding", "blinded"], healed: 4, consumed: true },
    });
    if (!out.ok) return;
    expect(Object.keys(out.value.patient.statuses)).toEqual(["poisoned"]);
    expect(out.value.patient.health.value).toBe(14);
    expect(out.value.check).toMatchObject({ td: 5, total: 6 });
  });

  it("cures Poisoned at TD 8, stabilizes the dying, and a natural 1 cures nothing", () => {
    expect(firstAidTreatment(medic, ailing, null, fixedDice([7]))).toMatchObject({
      value: { cured: ["bleeding", "blinded", "poisoned"], healed: 0, consumed: false },
    });
    const dying = makeCombatant({ id: "d", health: { value: 0, max: 20 }, life: "dying" });
    expect(firstAidTreatment(medic, dying, null, fixedDice([4]))).toMatchObject({
      value: { stabilized: true, patient: { life: "unconscious" } },
    });
    expect(firstAidTreatment(medic, ailing, kit, fixedDice([1]))).toMatchObject({
      value: { cured: [], healed: 0, consumed: true, check: { criticalFailure: true } },
    });
  });

  it("heals with a kit alone, and refuses a patient with nothing to treat", () => {
    expect(firstAidTreatment(medic, hurt, kit, fixedDice([6]))).toMatchObject({
      value: { healed: 4, patient: { health: { value: 12 } } },
    });
    expect(firstAidTreatment(medic, hurt, null, fixedDice([6]))).toMatchObject({
      reason: "nothingToTreat",
    });
    const armless = makeCombatant({ ...medic, disabledLimbs: { arms: true, legs: false } });
    expect(firstAidTreatment(armless, ailing, kit, fixedDice([6]))).toMatchObject({
      reason: "armDisabled",
    });
  });

  it("cures exactly what the total meets, never heals past the maximum (property)", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 999 }), (seed, heals) => {
        const out = firstAidTreatment(medic, ailing, { ...kit, heals }, seededRandom(seed));
        if (!out.ok) throw new Error(out.reason);
        const { check, cured, patient } = out.value;
        const tds = { bleeding: 5, blinded: 6, poisoned: 8 } as const;
        for (const s of ["bleeding", "blinded", "poisoned"] as const) {
          expect(cured.includes(s)).toBe(!check.criticalFailure && check.total >= tds[s]);
        }
        expect(patient.health.value).toBeLessThanOrEqual(patient.health.max);
        expect(out.value.helper.energy.value).toBe(4);
      }),
      { numRuns: 200 },
    );
  });
});
