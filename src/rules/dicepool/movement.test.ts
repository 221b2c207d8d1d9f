import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixedDice } from "../core/dice.ts";
import { makeDicepoolCombatant } from "./factory.ts";
import { escaped, fallOnTurn, planMove, resolveRoughTerrain, spaceDistance } from "./movement.ts";
import type { Fall } from "./movement.ts";
import { withDicepoolOptions } from "./options.ts";

const runner = makeDicepoolCombatant({ id: "run", speed: 2, physical: 2, skills: { mobility: 1 } });

function value<T>(r: { ok: true; value: T } | { ok: false; reason: string }): T {
  if (!r.ok) throw new Error(r.reason);
  return r.value;
}

describe("movement", () => {
  it("a move covers up to the speed; a second move in the turn is a sprint for 1 Energy", () => {
    expect(value(planMove(runner, { spaces: 2, movesThisTurn: 0 }))).toMatchObject({
      energy: 0,
      sprint: false,
    });
    expect(value(planMove(runner, { spaces: 2, movesThisTurn: 1 }))).toMatchObject({
      energy: 1,
      sprint: true,
    });
    expect(planMove(runner, { spaces: 3, movesThisTurn: 0 })).toMatchObject({
      ok: false,
      reason: "too-far",
    });
    const spent = { ...runner, energy: { value: 0, max: 5 } };
    expect(planMove(spent, { spaces: 1, movesThisTurn: 1 })).toMatchObject({
      ok: false,
      reason: "not-enough-energy",
    });
  });

  it("swimming: speed −1 (at least 1) and 1 Energy a move; Perfect Swimmer ignores both", () => {
    expect(
      value(planMove(runner, { spaces: 1, movesThisTurn: 0, medium: "swimming" })),
    ).toMatchObject({ speed: 1, energy: 1 });
    const walker = { ...runner, speed: 1 };
    expect(value(planMove(walker, { spaces: 1, movesThisTurn: 0, medium: "swimming" })).speed).toBe(
      1,
    );
    const fish = { ...runner, powers: { ...runner.powers, perfectSwimmer: true } };
    expect(
      value(planMove(fish, { spaces: 2, movesThisTurn: 0, medium: "swimming" })),
    ).toMatchObject({ speed: 2, energy: 0 });
  });

  it("climbing is rough terrain at speed −1; only climbing up costs Energy", () => {
    expect(
      value(planMove(runner, { spaces: 1, movesThisTurn: 0, medium: "climbingUp" })),
    ).toMatchObject({ speed: 1, energy: 1, roughTerrain: true });
    expect(
      value(planMove(runner, { spaces: 1, movesThisTurn: 0, medium: "climbingAcross" })),
    ).toMatchObject({ energy: 0, roughTerrain: true });
    const gecko = { ...runner, powers: { ...runner.powers, perfectClimber: true } };
    expect(
      value(planMove(gecko, { spaces: 2, movesThisTurn: 0, medium: "climbingUp" })),
    ).toMatchObject({ speed: 2, energy: 0, roughTerrain: false });
  });

  it("rough terrain: a failed roll costs 2 Energy; unable to pay, a critical failure", () => {
    // Physical 2 + Mobility 1 = 3 dice against difficulty 2.
    const pass = value(resolveRoughTerrain(runner, "mobility", 2, fixedDice([4, 5, 1])));
    expect([pass.passed, pass.energyLost]).toEqual([true, 0]);
    const fail = value(resolveRoughTerrain(runner, "mobility", 2, fixedDice([4, 1, 1])));
    expect([fail.passed, fail.energyLost, fail.combatant.energy.value]).toEqual([false, 2, 3]);
    const broke = { ...runner, energy: { value: 1, max: 5 } };
    const crit = value(resolveRoughTerrain(broke, "mobility", 2, fixedDice([1, 1, 1])));
    expect([crit.criticalFailure, crit.combatant.energy.value]).toEqual([true, 1]);
    // Mental + Pilot when piloting; the wound penalty applies.
    const pilot = { ...runner, mental: 3, skills: { pilot: 2 }, woundPenalty: 1 };
    expect(value(resolveRoughTerrain(pilot, "pilot", 1, fixedDice([6, 1, 1, 1]))).roll.dice).toBe(
      4,
    );
  });

  it("falling: 2 spaces a round, then 2 damage per space fallen, 12 at most; Free Fall none", () => {
    let fall: Fall = { height: 5, fallen: 0 };
    const steps: [boolean, number][] = [];
    for (let i = 0; i < 3; i++) {
      const step = value(fallOnTurn(fall, runner));
      steps.push([step.landed, step.damage]);
      fall = step.fall;
    }
    expect(steps).toEqual([
      [false, 0],
      [false, 0],
      [true, 10],
    ]);
    expect(value(fallOnTurn({ height: 1, fallen: 20 }, runner)).damage).toBe(12);
    const feather = { ...runner, powers: { ...runner.powers, freeFall: true } };
    expect(value(fallOnTurn({ height: 2, fallen: 4 }, feather)).damage).toBe(0);
    expect(planMove(runner, { spaces: 1, movesThisTurn: 0, falling: true })).toMatchObject({
      ok: false,
      reason: "falling",
    });
  });

  it("diagonals are adjacent; hexes with the plugin; a chase ends at 12 spaces", () => {
    expect(value(spaceDistance({ x: 0, y: 0 }, { x: 3, y: 2 }))).toBe(3);
    expect(value(spaceDistance({ x: 0, y: 0, z: 0 }, { x: 1, y: 1, z: 4 }))).toBe(4);
    const hex = withDicepoolOptions({ hexSpaces: true });
    expect(value(spaceDistance({ x: 0, y: 0 }, { x: 2, y: 1 }, hex))).toBe(3);
    expect(value(spaceDistance({ x: 0, y: 0 }, { x: 2, y: -1 }, hex))).toBe(2);
    expect([escaped(11), escaped(12)]).toEqual([false, true]);
  });

  it("property: bad numbers are refused; a legal move never costs more Energy than there is", () => {
    for (const bad of [Number.NaN, Infinity, -Infinity, -1, 0.5, 1e9]) {
      expect(planMove(runner, { spaces: bad, movesThisTurn: 0 }).ok).toBe(false);
      expect(planMove({ ...runner, speed: bad }, { spaces: 1, movesThisTurn: 0 }).ok).toBe(false);
      // A negative coordinate is a fine space; the others are not.
      expect(spaceDistance({ x: bad, y: 0 }, { x: 0, y: 0 }).ok).toBe(bad === -1);
      expect(fallOnTurn({ height: bad, fallen: 0 }, runner).ok).toBe(false);
    }
    fc.assert(
      fc.property(
        fc.nat(6),
        fc.nat(3),
        fc.nat(6),
        fc.constantFrom("ground", "flying", "swimming", "climbingUp", "climbingAcross"),
        (spaces, moves, energy, medium) => {
          const c = { ...runner, speed: 3, energy: { value: energy, max: 6 } };
          const r = planMove(c, { spaces, movesThisTurn: moves, medium });
          if (r.ok) {
            expect(r.value.energy).toBeLessThanOrEqual(energy);
            expect(spaces).toBeLessThanOrEqual(r.value.speed);
            expect(r.value.speed).toBeGreaterThanOrEqual(1);
          }
        },
      ),
    );
  });
});
