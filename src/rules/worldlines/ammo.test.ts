import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { reloadWeapon, spendRound } from "./ammo.ts";
import { makeCombatant } from "./factory.ts";

const maya = makeCombatant({ id: "maya", energy: 6 });

describe("ammunition", () => {
  it("an attack spends one round; an empty magazine refuses", () => {
    expect(spendRound({ value: 3, max: 6 })).toEqual({ ok: true, value: { value: 2 } });
    expect(spendRound({ value: 0, max: 6 })).toMatchObject({ ok: false, reason: "outOfAmmo" });
  });

  it("a weapon without a magazine spends nothing", () => {
    expect(spendRound({ value: 0, max: 0 })).toEqual({ ok: true, value: { value: null } });
  });

  it("reloading costs the Reload Energy (1) and fills the magazine", () => {
    const out = reloadWeapon(maya, { value: 1, max: 6 });
    expect(out).toMatchObject({ ok: true, value: { ammo: 6, cost: 1 } });
    expect(out.ok && out.value.update?.changes).toEqual({ "system.energy.value": 5 });
  });

  it("refuses a full magazine, no magazine, and too little Energy", () => {
    expect(reloadWeapon(maya, { value: 6, max: 6 })).toMatchObject({ reason: "alreadyFull" });
    expect(reloadWeapon(maya, { value: 0, max: 0 })).toMatchObject({ reason: "noMagazine" });
    const tired = { ...maya, energy: { value: 0, max: 6 } };
    expect(reloadWeapon(tired, { value: 0, max: 6 })).toMatchObject({ reason: "notEnoughEnergy" });
  });

  it("never leaves the magazine outside 0..max", () => {
    fc.assert(
      fc.property(fc.nat(50), fc.nat(50), (a, b) => {
        const ammo = { value: Math.min(a, b), max: Math.max(a, b) };
        const out = spendRound(ammo);
        if (!out.ok) return ammo.value === 0 && ammo.max > 0;
        return out.value.value === null || (out.value.value >= 0 && out.value.value < ammo.max);
      }),
    );
  });
});
