import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { checkAction, energyCost, refreshEnergy, spendEnergy } from "./energy.ts";
import type { EnergyAction } from "./energy.ts";
import { diffCombatant } from "./changes.ts";
import { checked } from "./checked.support.ts";
import { makeCombatant } from "./factory.ts";

const maya = makeCombatant({ id: "maya", energy: 6 });

describe("Energy costs", () => {
  it("follows the action table", () => {
    const costs: [EnergyAction, number][] = [
      [{ kind: "attack" }, 2],
      [{ kind: "reload" }, 1],
      [{ kind: "switchWeapon" }, 1],
      [{ kind: "useItem" }, 1],
      [{ kind: "firstAid" }, 2],
      [{ kind: "throw" }, 2],
      [{ kind: "build" }, 3],
      [{ kind: "defensivePosture" }, 3],
      [{ kind: "technique", cost: 3 }, 3],
      [{ kind: "changeStance", to: "prone" }, 1],
      [{ kind: "retreat" }, 2],
      [{ kind: "move", spaces: 4 }, 4],
      [{ kind: "move", spaces: 2, terrain: "climb" }, 4],
      [{ kind: "move", spaces: 3, terrain: "swim" }, 6],
      [{ kind: "evade" }, 1],
      [{ kind: "coveringFire" }, 2],
      [{ kind: "extraEvasion" }, 1],
      [{ kind: "opportunityAttack" }, 1],
    ];
    for (const [action, cost] of costs)
      expect([action.kind, energyCost(maya, action)]).toEqual([
        action.kind,
        { ok: true, value: cost },
      ]);
  });

  it("makes crouched movement cost 2 a space and prone 3 a space", () => {
    const move = { kind: "move", spaces: 2 } as const;
    expect(energyCost({ ...maya, stance: "crouched" }, move)).toEqual({ ok: true, value: 4 });
    expect(energyCost({ ...maya, stance: "prone" }, move)).toEqual({ ok: true, value: 6 });
    // Climbing while prone costs the higher of the two rates.
    expect(energyCost({ ...maya, stance: "prone" }, { ...move, terrain: "climb" })).toEqual({
      ok: true,
      value: 6,
    });
  });

  it("adds 1 to a technique while Stressed", () => {
    const stressed = { ...maya, statuses: { stressed: {} } };
    expect(energyCost(stressed, { kind: "technique", cost: 2 })).toEqual({ ok: true, value: 3 });
  });
});

describe("spending Energy", () => {
  it("takes the cost off and reports the change to write", () => {
    const spent = spendEnergy(maya, { kind: "attack" });
    expect(spent).toMatchObject({ ok: true, value: { cost: 2, endsTurn: false } });
    if (!spent.ok) return;
    expect(spent.value.actor.energy.value).toBe(4);
    expect(spent.value.update).toEqual({
      actorId: "maya",
      changes: { "system.energy.value": 4 },
      setStatuses: {},
      removeStatuses: [],
    });
  });

  it("refuses to spend more than is left, with the reason and the numbers", () => {
    const tired = { ...maya, energy: { value: 1, max: 6 } };
    expect(spendEnergy(tired, { kind: "attack" })).toEqual({
      ok: false,
      reason: "notEnoughEnergy",
      detail: { cost: 2, energy: 1 },
    });
    expect(spendEnergy(tired, { kind: "reload" }).ok).toBe(true);
  });

  it("Defensive Posture costs 3, ends the turn and sets the posture", () => {
    const spent = spendEnergy(maya, { kind: "defensivePosture" });
    if (!spent.ok) throw new Error(spent.reason);
    expect(spent.value.endsTurn).toBe(true);
    expect(spent.value.actor.defensivePosture).toBe(true);
    expect(spent.value.actor.energy.value).toBe(3);
  });

  it("changing stance costs 1 and changes it", () => {
    const spent = spendEnergy(maya, { kind: "changeStance", to: "crouched" });
    if (!spent.ok) throw new Error(spent.reason);
    expect(spent.value.actor.stance).toBe("crouched");
    expect(spendEnergy(maya, { kind: "changeStance", to: "standing" })).toMatchObject({
      ok: false,
      reason: "sameStance",
    });
  });

  it("Staggered forbids moving and attacking but not other actions", () => {
    const staggered = { ...maya, statuses: { staggered: { turnsLeft: 1 } } };
    expect(checkAction(staggered, { kind: "move", spaces: 1 })).toMatchObject({
      reason: "staggered",
    });
    expect(checkAction(staggered, { kind: "attack" })).toMatchObject({ reason: "staggered" });
    expect(checkAction(staggered, { kind: "useItem" }).ok).toBe(true);
  });

  it("a disabled leg forbids movement; the downed cannot act; bad amounts are refused", () => {
    const lame = { ...maya, disabledLimbs: { arms: false, legs: true } };
    expect(checkAction(lame, { kind: "move", spaces: 1 })).toMatchObject({ reason: "legDisabled" });
    expect(checkAction({ ...maya, life: "dying" }, { kind: "reload" })).toMatchObject({
      reason: "notActive",
    });
    expect(checkAction(maya, { kind: "move", spaces: 0 })).toMatchObject({
      reason: "out-of-range",
      detail: { field: "action.spaces" },
    });
    expect(checkAction(maya, { kind: "move", spaces: 1.5 })).toMatchObject({ reason: "not-whole" });
    // A negative cost once raised Energy.
    expect(checkAction(maya, { kind: "technique", cost: -3 })).toMatchObject({
      reason: "out-of-range",
      detail: { field: "action.cost", value: -3 },
    });
  });

  it("refreshes to the maximum at the Energy phase", () => {
    const drained = { ...maya, energy: { value: 0, max: 6 } };
    const refreshed = refreshEnergy(checked(drained));
    expect(refreshed).toMatchObject({ energy: { value: 6 } });
    expect(diffCombatant(drained, refreshed)).toMatchObject({
      changes: { "system.energy.value": 6 },
    });
    const full = checked(maya);
    expect(refreshEnergy(full)).toBe(full);
  });

  it("never leaves Energy negative, whatever is attempted", () => {
    const action: fc.Arbitrary<EnergyAction> = fc.oneof(
      fc.constantFrom<EnergyAction>(
        { kind: "attack" },
        { kind: "reload" },
        { kind: "build" },
        { kind: "defensivePosture" },
        { kind: "retreat" },
        { kind: "changeStance", to: "prone" },
        { kind: "changeStance", to: "standing" },
      ),
      fc.record({ kind: fc.constant("move" as const), spaces: fc.integer({ min: -2, max: 6 }) }),
      fc.record({ kind: fc.constant("technique" as const), cost: fc.integer({ min: -1, max: 7 }) }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }),
        fc.array(action, { maxLength: 12 }),
        (max, actions) => {
          let actor = makeCombatant({ id: "x", energy: max });
          for (const a of actions) {
            const spent = spendEnergy(actor, a);
            if (spent.ok) {
              expect(spent.value.actor.energy.value).toBe(actor.energy.value - spent.value.cost);
              actor = spent.value.actor;
            }
            expect(actor.energy.value).toBeGreaterThanOrEqual(0);
            expect(Number.isNaN(actor.energy.value)).toBe(false);
          }
        },
      ),
    );
  });
});
