/**
 * Vehicles (vehicle.ts): the pilot's roll, the vehicle's own Energy, drives and sprints, rough
 * terrain paid by the vehicle, refuelling out of combat, the crew acts of the action table.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixedDice } from "../core/dice.ts";
import { FRESH_TURN, takeAction } from "./actions.ts";
import { planAttack } from "./attack.ts";
import type { DefenseKind } from "./attack.ts";
import { checkDicepoolCombatant } from "./check.ts";
import { openDefenses } from "./conduct.ts";
import { checkedAttack } from "./dicepool.support.ts";
import { makeDicepoolCombatant, makeDicepoolWeapon } from "./factory.ts";
import type { DicepoolCombatant, VehicleControls } from "./model.ts";
import {
  VEHICLE_ENERGY,
  crewAct,
  crewAtWeapon,
  drive,
  pilotPool,
  refuel,
  vehicleRoughTerrain,
  vehicleStructure,
  vehicleWrecked,
} from "./vehicle.ts";
import type { DicepoolVehicle } from "./vehicle.ts";
import {
  combatant,
  count,
  dice,
  hostile,
  outcome,
  property,
  rating,
  seed,
} from "./hostile.support.ts";

const HOSTILE = [NaN, Infinity, -Infinity, -1, 0.5, 1e12, 2 ** 53];
const car: DicepoolVehicle = {
  size: 2,
  speed: 4,
  frame: 3,
  energy: { value: VEHICLE_ENERGY, max: VEHICLE_ENERGY },
  damage: 0,
  moving: true,
};
const pilot = makeDicepoolCombatant({
  id: "p",
  mental: 3,
  skills: { pilot: 2 },
  woundPenalty: 1,
  energy: { value: 4, max: 4 },
});

describe("a vehicle", () => {
  it("starts with 5 Energy; its structure is frame + Size + 3", () => {
    expect(VEHICLE_ENERGY).toBe(5);
    expect(vehicleStructure(car)).toEqual({ ok: true, value: 8 });
  });

  it("rolls its pilot's Mental + Pilot, less the pilot's wound penalty", () => {
    expect(pilotPool(pilot)).toMatchObject({ ok: true, value: { dice: 4 } });
  });

  it("drives its speed; a sprint costs the vehicle 1 Energy, none when it has none left", () => {
    expect(drive(car, false)).toEqual({ ok: true, value: { spaces: 4, energy: 5 } });
    expect(drive(car, true)).toEqual({ ok: true, value: { spaces: 4, energy: 4 } });
    const dry = { ...car, energy: { value: 0, max: 5 } };
    expect(drive(dry, true)).toMatchObject({ ok: false, reason: "not-enough-energy" });
    expect(drive(dry, false).ok).toBe(true);
  });

  it("pays rough terrain with its own Energy, the pilot's untouched", () => {
    // 4 dice: 1 hit against difficulty 2 fails: the vehicle pays 2.
    const failed = vehicleRoughTerrain(car, pilot, 2, fixedDice([6, 1, 1, 1]));
    expect(failed).toMatchObject({ ok: true, value: { passed: false, energyLost: 2, energy: 3 } });
    const low = { ...car, energy: { value: 1, max: 5 } };
    const critical = vehicleRoughTerrain(low, pilot, 2, fixedDice([1, 1, 1, 1]));
    expect(critical).toMatchObject({ ok: true, value: { criticalFailure: true, energy: 1 } });
    const passed = vehicleRoughTerrain(car, pilot, 2, fixedDice([6, 6, 1, 1]));
    expect(passed).toMatchObject({ ok: true, value: { passed: true, energy: 5 } });
  });

  it("refuels to its max, never in a combat", () => {
    const low = { ...car, energy: { value: 1, max: 5 } };
    expect(refuel(low, false)).toEqual({ ok: true, value: 5 });
    expect(refuel(low, true)).toMatchObject({ ok: false, reason: "in-combat" });
  });

  it("parks (Complex) and is bailed out of (Simple) while moving; is left (Simple) parked", () => {
    expect(crewAct(car, "park")).toEqual({
      ok: true,
      value: { action: "parkVehicle", moving: false },
    });
    expect(crewAct(car, "bailOut")).toMatchObject({ value: { moving: true } });
    expect(crewAct(car, "exit")).toMatchObject({ ok: false, reason: "vehicle-moving" });
    const parked = { moving: false };
    expect(crewAct(parked, "exit")).toMatchObject({ value: { action: "exitParkedVehicle" } });
    expect(crewAct(parked, "park")).toMatchObject({ ok: false, reason: "vehicle-parked" });
    expect(crewAct(car, "fly" as never)).toMatchObject({ ok: false, reason: "badChoice" });
    const turn = { ownTurn: true };
    expect(takeAction(FRESH_TURN, "parkVehicle", turn)).toMatchObject({
      value: { complexUsed: true },
    });
    expect(takeAction(FRESH_TURN, "bailOutOfMovingVehicle", turn)).toMatchObject({
      value: { simpleUsed: 1 },
    });
  });

  it("refuses hostile numbers by name, whatever field holds them", () => {
    for (const bad of HOSTILE) {
      for (const field of ["size", "speed", "frame", "damage"] as const) {
        expect(drive({ ...car, [field]: bad }, false).ok, `${field} ${bad}`).toBe(false);
      }
      expect(drive({ ...car, energy: { value: bad, max: 5 } }, true).ok).toBe(false);
      expect(refuel({ ...car, energy: { value: 1, max: bad } }, false).ok).toBe(false);
    }
    expect(drive({ ...car, energy: { value: 6, max: 5 } }, false).ok).toBe(false);
    expect(drive({ ...car, energy: null as never }, false).ok).toBe(false);
  });

  it("never leaves the vehicle below 0 Energy or above its max (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 0, max: 999 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 40, maxLength: 40 }),
        (max, value, sprint, faces) => {
          const v = { ...car, energy: { value: Math.min(value, max), max } };
          const driven = drive(v, sprint);
          if (driven.ok && (driven.value.energy < 0 || driven.value.energy > max)) return false;
          const rough = vehicleRoughTerrain(v, pilot, 3, fixedDice(faces));
          return !rough.ok || (rough.value.energy >= 0 && rough.value.energy <= max);
        },
      ),
    );
  });
});

describe("a vehicle against hostile input", () => {
  const vehicle: fc.Arbitrary<DicepoolVehicle> = hostile(
    fc.record({
      size: rating,
      speed: fc.integer({ min: 0, max: 100 }),
      frame: rating,
      energy: fc
        .integer({ min: 0, max: 999 })
        .chain((max) => fc.record({ value: fc.integer({ min: 0, max }), max: fc.constant(max) })),
      damage: fc.integer({ min: 0, max: 9999 }),
      moving: fc.boolean(),
    }),
  );

  it("throws nothing, hands back finite numbers and names every refusal", () => {
    property(fc.tuple(vehicle, combatant, count, seed, fc.boolean()), ([v, p, n, s, flag]) => {
      outcome("structure", () => vehicleStructure(v));
      outcome("pilot", () => pilotPool(p));
      outcome("drive", () => drive(v, flag));
      outcome("rough", () => vehicleRoughTerrain(v, p, n, dice(s)));
      outcome("refuel", () => refuel(v, flag));
      outcome("crew", () => crewAct(v, flag ? "park" : "exit"));
    });
  });
});

describe("a vehicle defending", () => {
  const shooter = makeDicepoolCombatant({ id: "s", physical: 3, skills: { rangedCombat: 2 } });
  const rover = (controls: VehicleControls | null, size = 2) =>
    makeDicepoolCombatant({ id: "v", physical: 3, size, armorRating: 2, mental: 0, controls });
  const at = { mental: 3, pilot: 2, woundPenalty: 1 };
  const plan = (defender: DicepoolCombatant, defense: DefenseKind, by = shooter) =>
    planAttack(
      checkedAttack({
        attacker: by,
        defender,
        weapon: makeDicepoolWeapon({ id: "gun", kind: "ranged" }),
        intent: "damage",
        defense,
      }),
    );

  it("dodges with its pilot's Mental + Pilot less the pilot's wound penalty, never its frame", () => {
    expect(plan(rover(at), "dodge")).toMatchObject({
      ok: true,
      value: { defensePool: { dice: 4 }, defenseMode: "rolled" },
    });
  });

  it("cannot dodge with nobody at the wheel, and never parries", () => {
    expect(plan(rover(null), "dodge")).toMatchObject({
      ok: false,
      reason: "defense-not-allowed",
      detail: { why: "vehicle" },
    });
    expect(plan(rover(at), "parry")).toMatchObject({ ok: false, reason: "defense-not-allowed" });
    // A Dodge rolled while the pilot was at the wheel settles with no dice once nobody is.
    const settling = planAttack(
      checkedAttack({
        attacker: shooter,
        defender: rover(null),
        weapon: makeDicepoolWeapon({ id: "gun", kind: "ranged" }),
        intent: "damage",
        defense: "dodge",
        settling: true,
      }),
    );
    expect(settling).toMatchObject({ ok: true, value: { defensePool: { dice: 0 } } });
    expect(openDefenses(rover(null))).toEqual(["soak"]);
    expect(openDefenses(rover(at))).toEqual(["dodge", "soak"]);
    // A character keeps all three.
    expect(openDefenses(shooter)).toEqual(["dodge", "parry", "soak"]);
  });

  it("soaks with frame + armor; flawlessly with the size difference only when it is larger", () => {
    // Size 2 against a size-1 shooter: frame 3 + armor 2 + 1, every die a hit (the book's bus).
    expect(plan(rover(at), "soak")).toMatchObject({
      ok: true,
      value: { defensePool: { dice: 6 }, defenseMode: "flawless" },
    });
    // Against a shooter of its size (a vehicle's gun fires at the vehicle's size): rolled.
    const equal = makeDicepoolCombatant({ ...shooter, size: 2 });
    expect(plan(rover(at), "soak", equal)).toMatchObject({
      ok: true,
      value: { defensePool: { dice: 5 }, defenseMode: "rolled" },
    });
  });

  it("refuses controls that are no numbers at the rules' boundary", () => {
    property(
      fc.tuple(fc.constantFrom(...HOSTILE), fc.constantFrom("mental", "pilot", "woundPenalty")),
      ([bad, key]) => {
        const defender = { ...rover(at), controls: { ...at, [key]: bad } };
        expect(checkDicepoolCombatant("defender", defender)).toMatchObject({
          ok: false,
          detail: { field: "defender.controls" },
        });
        // The factory fits them into bounds instead.
        const fitted = makeDicepoolCombatant({ id: "v", controls: { ...at, [key]: bad } });
        expect(checkDicepoolCombatant("defender", fitted).ok).toBe(true);
      },
    );
  });
});

describe("a vehicle's weapon", () => {
  it("fires with the crew member's own pools at the vehicle's size and Energy", () => {
    const gunner = makeDicepoolCombatant({ id: "g", physical: 3, skills: { rangedCombat: 2 } });
    const crew = crewAtWeapon(gunner, { ...car, energy: { value: 2, max: 5 } });
    expect(crew).toMatchObject({
      ok: true,
      value: { id: "g", physical: 3, size: 2, energy: { value: 2, max: 5 } },
    });
    expect(crewAtWeapon(gunner, { ...car, size: NaN })).toMatchObject({ ok: false });
  });
});

describe("a wrecked vehicle (Fray's decision: no structure left, no driving, no firing)", () => {
  const gunner = checkDicepoolCombatant("gunner", makeDicepoolCombatant({ id: "g", physical: 3 }));
  if (!gunner.ok) throw new Error("bad gunner");

  it("is one whose damage took its whole structure: it neither drives nor fires", () => {
    const wreck = { ...car, damage: 8 };
    expect(vehicleWrecked(wreck)).toBe(true);
    expect(drive(wreck, false)).toMatchObject({ ok: false, reason: "wrecked" });
    expect(crewAtWeapon(gunner.value, wreck)).toMatchObject({ ok: false, reason: "wrecked" });
    const holding = { ...car, damage: 7 };
    expect(vehicleWrecked(holding)).toBe(false);
    expect(drive(holding, false).ok).toBe(true);
    expect(crewAtWeapon(gunner.value, holding).ok).toBe(true);
  });

  it("drive and fire refuse as wrecked exactly when the damage reaches the structure (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 60 }),
        (frame, size, damage) => {
          const v = { ...car, frame, size, damage };
          const wrecked = damage >= frame + size + 3;
          expect(vehicleWrecked(v)).toBe(wrecked);
          const drove = drive(v, false);
          expect(!drove.ok && drove.reason === "wrecked").toBe(wrecked);
          const fired = crewAtWeapon(gunner.value, v);
          expect(!fired.ok && fired.reason === "wrecked").toBe(wrecked);
        },
      ),
    );
  });

  it("a vehicle of impossible numbers is refused for them, never called a wreck", () => {
    for (const bad of HOSTILE) {
      const v = { ...car, damage: bad };
      expect(vehicleWrecked(v)).toBe(false);
      expect(drive(v, false)).toMatchObject({ ok: false });
      expect(drive(v, false)).not.toMatchObject({ reason: "wrecked" });
    }
  });
});
