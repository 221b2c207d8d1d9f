import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { takeAction, FRESH_TURN } from "./actions.ts";
import { makeDicepoolCombatant } from "./factory.ts";
import { pickUpWeapon, readyWeapon } from "./weapons.ts";

const disarmed = makeDicepoolCombatant({ id: "ana", droppedWeaponId: "knife" });

describe("a disarmed weapon comes back in two steps", () => {
  it("picked up, then readied: only then is nothing dropped", () => {
    const up = pickUpWeapon(disarmed, false);
    expect(up).toMatchObject({ ok: true, value: { pickedUp: true } });
    expect(up.ok && up.value.combatant.droppedWeaponId).toBe("knife");
    const ready = readyWeapon(disarmed, true);
    expect(ready).toMatchObject({ ok: true, value: { pickedUp: false } });
    expect(ready.ok && ready.value.combatant.droppedWeaponId).toBeNull();
  });

  it("picking up is a Free action and readying a Simple one", () => {
    const ctx = { ownTurn: true };
    const free = takeAction(FRESH_TURN, "pickUpWeapon", ctx);
    expect(free.ok && free.value).toMatchObject({ freeUsed: 1, simpleUsed: 0 });
    const simple = takeAction(FRESH_TURN, "readyWeapon", ctx);
    expect(simple.ok && simple.value).toMatchObject({ freeUsed: 0, simpleUsed: 1 });
  });

  it("refuses a step out of order, with nothing dropped, or while down", () => {
    expect(readyWeapon(disarmed, false)).toMatchObject({ ok: false, reason: "not-picked-up" });
    expect(pickUpWeapon(disarmed, true)).toMatchObject({ ok: false, reason: "already-picked-up" });
    const armed = makeDicepoolCombatant({ id: "bo" });
    expect(pickUpWeapon(armed, false)).toMatchObject({ ok: false, reason: "nothing-dropped" });
    const down = makeDicepoolCombatant({ id: "cy", droppedWeaponId: "x", incapacitated: "lethal" });
    expect(pickUpWeapon(down, false)).toMatchObject({
      ok: false,
      reason: "attacker-incapacitated",
    });
  });

  it("a flag that is no yes/no, or a combatant with a NaN or infinite rating, is refused", () => {
    fc.assert(
      fc.property(fc.constantFrom(NaN, Infinity, -Infinity, 1e308, "yes", null), (bad) => {
        expect(pickUpWeapon(disarmed, bad as never).ok).toBe(false);
        expect(readyWeapon({ ...disarmed, physical: bad as never }, true).ok).toBe(false);
      }),
    );
  });
});
