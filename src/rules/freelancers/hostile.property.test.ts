/**
 * Freelancers against hostile input (issue 30): the findings, each refused by name.
 */
import { describe, expect, it } from "vitest";
import { seededRandom } from "../core/random.ts";
import * as fl from "./index.ts";

const dice = () => seededRandom("hostile");
const ace = fl.makeFreelancer({
  id: "ace",
  attributes: { agility: 8, intellect: 5 },
  skills: { finesse: 4, medicine: 2 },
});
const rook = fl.makeFreelancer({ id: "rook", attributes: { agility: 6 }, armor: 1 });
const knife = fl.makeFreelancersWeapon({ id: "knife", skill: "finesse", damage: "1d6+1" });
const attack: fl.AttackInput = { attacker: ace, defender: rook, weapon: knife, situation: {} };
const BUILT_IN = ["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf"];

/** The refusal `result` must be: not ok, this reason, naming this field. */
function refusedAs(result: unknown, reason: string, field?: string): void {
  expect(result).toMatchObject({ ok: false, reason });
  if (field !== undefined) {
    expect((result as { detail?: { field?: unknown } }).detail?.field).toBe(field);
  }
}

describe("Freelancers: the findings of issue 30, each refused by name", () => {
  it("refuses a check die beyond its bound instead of building a distribution as long", () => {
    const lower = { dice: 1, keep: "lower" } as const;
    for (const sides of [1001, 1e7, 1e12, 2 ** 31, 0, Number.NaN, Infinity]) {
      refusedAs(
        fl.keptFaceDistribution(lower, sides),
        Number.isFinite(sides) ? "out-of-range" : "not-a-number",
      );
    }
    for (const count of [fl.MAX_EDGE + 2, 1e12, 0, -1, 2.5]) {
      expect(fl.keptFaceDistribution({ dice: count, keep: "higher" }, 20)).toMatchObject({
        ok: false,
      });
    }
    const fine = fl.keptFaceDistribution({ dice: 2, keep: "lower" }, 20);
    expect(fine).toMatchObject({ ok: true });
  });

  it("reads a name only as an own entry: built-in names are refused where they name a table", () => {
    for (const name of BUILT_IN) {
      refusedAs(
        fl.planAttack({ ...attack, weapon: { ...knife, attribute: name } }),
        "badName",
        "weapon.attribute",
      );
      refusedAs(
        fl.resolveAttack({ ...attack, weapon: { ...knife, skill: name } }, dice()),
        "badName",
        "weapon.skill",
      );
      refusedAs(fl.addCounter({ stun: 1 }, name, 1), "badName", "kind");
      expect(fl.checkBase(ace, { attribute: name, skill: name })).toBe(0);
      expect(fl.upkeepRemoval(name)).toBe(fl.DEFAULT_FREELANCERS_OPTIONS.defaultUpkeepRemoves);
    }
    // A counter named like a built-in on a stored actor is refused by the actor's check.
    const stored = { ...ace, counters: JSON.parse('{"__proto__": 2}') as Record<string, number> };
    refusedAs(fl.checkFreelancer(stored), "badName");
  });

  it("refuses enum values outside their lists, by the field's name", () => {
    const as = { ...attack, situation: { as: "flying" as fl.AttackAs } };
    // Before: spendAttack fell off its switch and resolveAttack threw a TypeError.
    refusedAs(fl.resolveAttack(as, dice()), "badChoice", "situation.as");
    refusedAs(
      fl.planAttack({ ...attack, situation: { cover: "fog" as fl.Cover } }),
      "badChoice",
      "situation.cover",
    );
    refusedAs(
      fl.freelancersAttackOdds({ ...attack, defender: { ...rook, size: "giant" as "huge" } }),
      "badChoice",
      "defender.size",
    );
    refusedAs(
      fl.planAttack({ ...attack, defender: { ...rook, defense: "psychic" as "roll" } }),
      "badChoice",
      "defender.defense",
    );
    refusedAs(
      fl.planAttack({ ...attack, weapon: { ...knife, kind: "laser" as "melee" } }),
      "badChoice",
      "weapon.kind",
    );
    refusedAs(
      fl.giveCare(
        { helper: ace, patient: { ...rook, life: "dying" }, kind: "magic" as "help" },
        dice(),
      ),
      "badChoice",
      "kind",
    );
    refusedAs(
      fl.upkeep([{ ...rook, life: "zombie" as "dead" }], dice()),
      "badChoice",
      "rook.life",
    );
    refusedAs(
      fl.targetsInShape({ kind: "blob" as "cone", range: 3, origin: { x: 0, y: 0 } }, []),
      "badChoice",
      "shape.kind",
    );
  });

  it("bounds every pool, count and distance, as the sheet does", () => {
    refusedAs(
      fl.checkFreelancer({ ...ace, health: { value: 1e6, max: 1e6 } }),
      "out-of-range",
      "actor.health.max",
    );
    refusedAs(
      fl.checkFlWeapon({ ...knife, integrity: { value: 1e12, max: 1e12 } }),
      "out-of-range",
      "weapon.integrity.max",
    );
    refusedAs(fl.checkCounters({ stun: 1e6 }), "out-of-range", "counters.stun");
    refusedAs(
      fl.planAttack({ ...attack, situation: { distance: 1e300 } }),
      "out-of-range",
      "situation.distance",
    );
  });

  it("builds no negative or unbounded pool from a bad seed (factories clamp)", () => {
    for (const health of [-1, -1e12, 1e12, Number.NaN, { value: -7, max: -7 }]) {
      const built = fl.makeFreelancer({ id: "x", health });
      expect(fl.checkFreelancer(built)).toBeUndefined();
    }
    for (const integrity of [
      { value: -3, max: -3 },
      { value: 5, max: 2 },
    ]) {
      expect(fl.checkFlWeapon(fl.makeFreelancersWeapon({ id: "w", integrity }))).toBeUndefined();
    }
  });
});
