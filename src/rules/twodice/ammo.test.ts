import { describe, expect, it } from "vitest";
import { checkCanFire, reload } from "./ammo.ts";
import { makeTwodiceWeapon } from "./factory.ts";
import { loadedAmmo, parseWeaponType } from "./model.ts";

describe("weapon Types", () => {
  it("reads C as one shot, Cn as n shots, An as automatic and no code as uncounted", () => {
    expect(parseWeaponType("C")).toEqual({ ok: true, value: { kind: "capacity", rounds: 1 } });
    expect(parseWeaponType(" c2 ")).toEqual({ ok: true, value: { kind: "capacity", rounds: 2 } });
    expect(parseWeaponType("A13")).toEqual({ ok: true, value: { kind: "auto", threshold: 13 } });
    expect(parseWeaponType("")).toEqual({ ok: true, value: { kind: "single" } });
  });

  it("refuses an automatic number outside 5 to 19, and anything else", () => {
    for (const bad of ["A4", "A20", "A", "C0", "B3", "C-1"]) {
      expect(parseWeaponType(bad)).toMatchObject({ ok: false, reason: "badWeaponType" });
    }
  });

  it("starts a fight reloaded", () => {
    expect(loadedAmmo({ kind: "capacity", rounds: 2 })).toEqual({
      rounds: 2,
      empty: false,
      fresh: true,
    });
  });
});

describe("reloading", () => {
  const auto = makeTwodiceWeapon({
    id: "smg",
    kind: "ranged",
    type: { kind: "auto", threshold: 13 },
  });

  it("fills an emptied weapon and makes its next Auto turn skip the check", () => {
    const empty = { ...auto, ammo: { rounds: 0, empty: true, fresh: false } };
    expect(checkCanFire(empty, false)).toMatchObject({ ok: false, reason: "mustReload" });
    expect(reload(empty)).toEqual({ ok: true, value: { rounds: 0, empty: false, fresh: true } });
  });

  it("has nothing to reload on a weapon whose shots are never counted", () => {
    expect(reload(makeTwodiceWeapon({ id: "bow", kind: "ranged" }))).toMatchObject({
      reason: "nothingToReload",
    });
  });
});
