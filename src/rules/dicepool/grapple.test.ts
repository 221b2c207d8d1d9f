import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { makeDicepoolCombatant } from "./factory.ts";
import {
  addGrapplePoints,
  applyRestraints,
  drainGrapple,
  escapeWithEnergy,
  grappleUpkeep,
  resistGrappleIncapacitation,
  spendGrapplePool,
} from "./grapple.ts";
import type { Grapple, GrappleState } from "./grapple.ts";
import { planMove } from "./movement.ts";

const brute = makeDicepoolCombatant({ id: "brute", physical: 4, skills: { closeCombat: 3 } });
// Health 2 + 1 + 3 = 6.
const victim = makeDicepoolCombatant({ id: "victim", energy: { value: 4, max: 5 } });

function value<T>(r: { ok: true; value: T } | { ok: false; reason: string }): T {
  if (!r.ok) throw new Error(r.reason);
  return r.value;
}

function grab(points: number, held: readonly Grapple[] = []): GrappleState {
  return value(addGrapplePoints(held, brute, victim, points));
}

describe("grappling", () => {
  it("net hits start a grapple, later grapple attacks add to the pool", () => {
    const first = grab(3);
    expect(first.grapple).toEqual({
      assailantId: "brute",
      victimId: "victim",
      pool: 3,
      resistOffered: false,
    });
    const more = value(addGrapplePoints([first.grapple as Grapple], brute, victim, 2));
    expect(more.grapple?.pool).toBe(5);
  });

  it("one victim at a time without Multi-Grapple; 1 + Potency with it", () => {
    const other: Grapple = { assailantId: "brute", victimId: "x", pool: 2, resistOffered: false };
    expect(addGrapplePoints([other], brute, victim, 2)).toMatchObject({
      ok: false,
      reason: "too-many-grapples",
    });
    const octopus = { ...brute, powers: { ...brute.powers, multiGrapple: 1 } };
    expect(addGrapplePoints([other], octopus, victim, 2).ok).toBe(true);
  });

  it("holding costs 1 a round; at 0 the grapple breaks", () => {
    const held = grab(1);
    const next = value(grappleUpkeep(held.grapple as Grapple, held.victim));
    expect(next.grapple).toBeNull();
  });

  it("spending the pool penalizes the victim's roll by as much", () => {
    const held = grab(4);
    const spent = value(spendGrapplePool(held.grapple as Grapple, held.victim, 3));
    expect([spent.penalty, spent.grapple?.pool]).toEqual([3, 1]);
    expect(spendGrapplePool(held.grapple as Grapple, held.victim, 5)).toMatchObject({
      ok: false,
      reason: "not-enough-pool",
    });
  });

  it("the victim escapes by paying Energy equal to the pool, or drains it with net hits", () => {
    const held = grab(3);
    const free = value(escapeWithEnergy(held.grapple as Grapple, held.victim));
    expect([free.grapple, free.victim.energy.value]).toEqual([null, 1]);
    expect(escapeWithEnergy({ ...(held.grapple as Grapple), pool: 5 }, victim)).toMatchObject({
      ok: false,
      reason: "not-enough-energy",
    });
    const drained = value(drainGrapple(held.grapple as Grapple, held.victim, 2));
    expect(drained.grapple?.pool).toBe(1);
    expect(value(drainGrapple(held.grapple as Grapple, held.victim, 9)).grapple).toBeNull();
  });

  it("a pool at the victim's remaining health incapacitates it, and then does not drain", () => {
    const held = grab(6);
    expect(held.victim.incapacitated).toBe("grapple");
    const later = value(grappleUpkeep(held.grapple as Grapple, held.victim));
    expect(later.grapple?.pool).toBe(6);
    // Hurt victims go down sooner: 2 damage leaves 4 health.
    const hurt = value(addGrapplePoints([], brute, { ...victim, damage: 2 }, 4));
    expect(hurt.victim.incapacitated).toBe("grapple");
  });

  it("once, when incapacitated, the victim may spend Energy to lower the pool", () => {
    const held = grab(6);
    const resisted = value(resistGrappleIncapacitation(held.grapple as Grapple, held.victim, 2));
    expect([
      resisted.grapple?.pool,
      resisted.victim.incapacitated,
      resisted.victim.energy.value,
    ]).toEqual([4, null, 2]);
    const again = grab(6);
    const once = value(resistGrappleIncapacitation(again.grapple as Grapple, again.victim, 0));
    expect(resistGrappleIncapacitation(once.grapple as Grapple, once.victim, 1)).toMatchObject({
      ok: false,
    });
  });

  it("restraints keep the victim incapacitated after the grapple ends", () => {
    const held = grab(6);
    const tied = value(applyRestraints(held.victim));
    const released = value(drainGrapple(held.grapple as Grapple, tied, 6));
    expect([released.grapple, released.victim.incapacitated]).toEqual([null, "restraints"]);
    expect(applyRestraints(victim)).toMatchObject({ ok: false });
  });

  it("a victim cannot move; dragging costs 1 pool per space at speed 1 unless larger", () => {
    expect(planMove(victim, { spaces: 1, movesThisTurn: 0, grappled: true })).toMatchObject({
      ok: false,
      reason: "grappled",
    });
    const fast = { ...brute, speed: 3 };
    const drag = { victimSize: 1, grapplePool: 4 };
    expect(planMove(fast, { spaces: 2, movesThisTurn: 0, dragging: drag })).toMatchObject({
      ok: false,
      reason: "too-far",
    });
    const giant = { ...fast, size: 2 };
    const plan = value(planMove(giant, { spaces: 3, movesThisTurn: 0, dragging: drag }));
    expect(plan.grapplePool).toBe(3);
  });

  it("property: the pool never goes negative and bad numbers are refused", () => {
    fc.assert(
      fc.property(fc.nat(20), fc.nat(30), (start, drain) => {
        const held = grab(start);
        if (held.grapple === null) return;
        const after = value(drainGrapple(held.grapple, held.victim, drain));
        expect(after.grapple === null || after.grapple.pool > 0).toBe(true);
      }),
    );
    for (const bad of [Number.NaN, Infinity, -Infinity, -1, 0.5, 1e9]) {
      expect(addGrapplePoints([], brute, victim, bad).ok).toBe(false);
    }
  });
});
