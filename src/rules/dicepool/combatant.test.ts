import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { changedCombatant, copyCombatant, withEnergy } from "./combatant.ts";
import { makeDicepoolCombatant } from "./factory.ts";
import type { DicepoolCombatant } from "./model.ts";

/** Every field of the model set away from its default: a new field must be added here (tsc). */
const full: Required<DicepoolCombatant> = {
  id: "a",
  physical: 4,
  mental: 3,
  skills: { closeCombat: 2, medicine: 1 },
  size: 2,
  speed: 3,
  armorRating: 2,
  energy: { value: 1, max: 7 },
  damage: 5,
  nonLethalDamage: 2,
  woundPenalty: 3,
  incapacitated: "lethal",
  dead: true,
  stabilized: true,
  initiative: -2,
  droppedWeaponId: "knife",
  powers: {
    plotArmor: true,
    freeFall: true,
    perfectSwimmer: true,
    perfectClimber: true,
    woundPenaltyResistance: 1,
    multiGrapple: 2,
    antiLargeGrappling: 1,
    blitz: true,
    stabilize: true,
  },
  controls: { mental: 3, pilot: 2, woundPenalty: 1 },
};

describe("changedCombatant: a combatant copied field by field, as the spread would", () => {
  it("copies every field of the model", () => {
    const copy = copyCombatant(full);
    expect(copy).not.toBe(full);
    expect(copy).toStrictEqual(full);
    expect(changedCombatant(full, { dead: false })).toStrictEqual({ ...full, dead: false });
    expect(withEnergy(full, 0)).toStrictEqual({ ...full, energy: { value: 0, max: 7 } });
  });

  it("equals { ...c, ...patch } and leaves the combatant as it was", () => {
    const count = fc.oneof(fc.integer(), fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e308));
    const patch = fc.record(
      {
        damage: count,
        woundPenalty: count,
        energy: fc.record({ value: count, max: count }),
        incapacitated: fc.constantFrom(null, "lethal", "nonLethal", "grapple", "restraints"),
        dead: fc.boolean(),
        initiative: count,
        droppedWeaponId: fc.option(fc.string(), { nil: null }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(patch, fc.integer({ min: 0, max: 5 }), (p, physical) => {
        const c = makeDicepoolCombatant({ id: "x", physical, skills: { mobility: 1 } });
        const before = structuredClone(c);
        const next = changedCombatant(c, p);
        expect(next).toStrictEqual({ ...c, ...p });
        expect(c).toStrictEqual(before);
      }),
    );
  });
});
