/**
 * Counted ammunition (issue 18): a weapon with a magazine spends one per attack and is refused
 * when empty; Reload fills it back at a Main Action. A bow or crossbow draws one per reload from
 * its count, and Refill (Ready an item, a Main Action) brings the count back to full.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixedDice } from "../core/index.ts";
import { FRESH_ACTIONS } from "./actions.ts";
import { checkAndResolve } from "./checked.support.ts";
import { makeWwnCombatant, makeWwnWeapon } from "./factory.ts";
import { refillAmmo, reload, reloadCost } from "./maneuvers.ts";

const shooter = makeWwnCombatant({ id: "shooter", skills: { shoot: 0 } });
const target = makeWwnCombatant({ id: "target" });
const launcher = (value: number, max = 6) =>
  makeWwnWeapon({ id: "launcher", mode: "ranged", skill: "shoot", ammo: { value, max } });
const crossbow = (value: number, loaded: boolean) =>
  makeWwnWeapon({
    id: "crossbow",
    mode: "ranged",
    skill: "shoot",
    reload: "slow",
    loaded,
    ammo: { value, max: 10 },
  });

describe("a counted magazine", () => {
  it("spends exactly one shot per attack, hit or miss, and writes the new count", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 1, max: 20 }), (n, d20) => {
        const out = checkAndResolve(
          { attacker: shooter, defender: target, weapon: launcher(n, 999) },
          fixedDice([d20, 3]),
        );
        if (!out.ok) throw new Error(out.reason);
        expect(out.value.weapon.ammo?.value).toBe(n - 1);
        expect(out.value.updates).toContainEqual({
          actorId: "shooter",
          itemId: "launcher",
          changes: { "system.ammo.value": n - 1 },
        });
      }),
    );
  });

  it("refuses to attack when empty, and Reload (a Main Action) fills it back", () => {
    const empty = launcher(0);
    expect(
      checkAndResolve({ attacker: shooter, defender: target, weapon: empty }, fixedDice([20])),
    ).toMatchObject({ ok: false, reason: "outOfAmmo" });
    expect(reloadCost(shooter, empty)).toEqual({ ok: true, value: "main" });
    const out = reload(shooter, empty, true);
    if (!out.ok) throw new Error(out.reason);
    expect(out.value.weapon.ammo).toEqual({ value: 6, max: 6 });
    expect(out.value.actor.actions.mainUsed).toBe(true);
    expect(reload(shooter, launcher(6), true)).toMatchObject({
      ok: false,
      reason: "alreadyLoaded",
    });
  });
});

describe("a crossbow's quarrels", () => {
  it("a reload draws one quarrel; with none left it is refused", () => {
    const out = reload(shooter, crossbow(3, false), true);
    if (!out.ok) throw new Error(out.reason);
    expect(out.value.weapon).toMatchObject({ loaded: true, ammo: { value: 2, max: 10 } });
    expect(reload(shooter, crossbow(0, false), true)).toMatchObject({
      ok: false,
      reason: "noReadiedAmmo",
    });
  });

  it("a shot unloads it without spending a second quarrel", () => {
    const out = checkAndResolve(
      { attacker: shooter, defender: target, weapon: crossbow(3, true) },
      fixedDice([1]),
    );
    if (!out.ok) throw new Error(out.reason);
    expect(out.value.weapon).toMatchObject({ loaded: false, ammo: { value: 3, max: 10 } });
  });

  it("Refill is a Main Action back to full; refused when full or not counted", () => {
    const out = refillAmmo(shooter, crossbow(0, false));
    if (!out.ok) throw new Error(out.reason);
    expect(out.value.weapon.ammo).toEqual({ value: 10, max: 10 });
    expect(out.value.actor.actions).toMatchObject({ ...FRESH_ACTIONS, mainUsed: true });
    expect(refillAmmo(shooter, crossbow(10, false))).toMatchObject({ reason: "ammoFull" });
    expect(refillAmmo(shooter, launcher(0))).toMatchObject({ reason: "ammoNotCounted" });
  });
});
