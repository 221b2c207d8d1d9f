/**
 * The two-dice game against hostile input (issue 30): the findings, each refused by name (the
 * property for every exported function is hostile.property.test.ts).
 * A rule that takes checked input runs behind the check that makes that input.
 */
import { describe, expect, it } from "vitest";
import { refusedAs } from "../core/hostile.support.ts";
import * as td from "./index.ts";
import { BUILT_IN, gun, kara, melee, sword } from "./hostile.support.ts";

describe("two-dice: the findings of issue 30, each refused by name", () => {
  it("the odds check their options: a die size outside 2..1000 is refused, not computed", () => {
    // Before: a d0 gave ok with NaN odds, a d∞ threw, a d10⁷ took 27 s and a d2³¹ never ended.
    for (const dieSides of [0, 1, 1001, 1e7, 2 ** 31, Infinity, Number.NaN]) {
      const options = td.withTwodiceOptions({ dieSides });
      const reason = Number.isFinite(dieSides) ? "out-of-range" : "not-a-number";
      refusedAs(td.hitOdds(12, 6, options), reason, "options.dieSides");
      refusedAs(td.attackOdds(melee, options), reason, "options.dieSides");
    }
    // The largest die accepted is computed (how fast is the bench's figure, not a timed test).
    const largest = td.attackOdds(melee, td.withTwodiceOptions({ dieSides: td.MAX_DIE_SIDES }));
    expect(largest.ok).toBe(true);
  });

  it("afterSingleShot refuses an empty magazine instead of leaving −1 rounds", () => {
    const empty = { ...gun, ammo: { rounds: 0, empty: false, fresh: false } };
    refusedAs(td.afterSingleShot(empty), "mustReload");
    expect(td.afterSingleShot(gun)).toMatchObject({ ok: true, value: { rounds: 1 } });
  });

  it("reads a trait only as an own entry of the combatant's traits", () => {
    for (const name of BUILT_IN) expect(td.trait(kara, name)).toBe(0);
    const stored = {
      ...kara,
      traits: JSON.parse('{"__proto__": 4, "toughness": 9}') as Record<string, number>,
    };
    refusedAs(td.checkCombatant(stored, "kara"), "badName", "kara.traits.__proto__");
  });

  it("refuses enum values outside their lists, by the field's name", () => {
    refusedAs(
      td.resolveAttack(
        { ...melee, situation: { awareness: "psychic" as "aware" } },
        {
          black: 3,
          white: 9,
        },
      ),
      "badChoice",
      "situation.awareness",
    );
    refusedAs(
      td.attackOdds({ ...melee, weapon: { ...sword, kind: "laser" as "melee" } }),
      "badChoice",
      "weapon.kind",
    );
    refusedAs(
      td.attackSetup({
        ...melee,
        weapon: { ...sword, type: { kind: "magic" } as unknown as td.WeaponType },
      }),
      "badChoice",
      "weapon.type.kind",
    );
  });

  it("bounds ammunition and counts: a weapon holds at most MAX_ROUNDS", () => {
    refusedAs(
      td.checkWeapon({ ...gun, type: { kind: "capacity", rounds: 1e12 } }),
      "out-of-range",
      "weapon.type.rounds",
    );
    refusedAs(
      td.checkWeapon({ ...gun, ammo: { rounds: 1e5, empty: false, fresh: true } }),
      "out-of-range",
      "weapon.ammo.rounds",
    );
  });

  it("a team's initiative total never overflows: huge bonuses are refused by name", () => {
    const total = td.twodiceTeamTotal({ teamId: "a", d20: 20, traitBonuses: [1e308, 1e308] });
    refusedAs(total, "out-of-range", "a.traitBonuses.0");
    expect(td.twodiceTeamTotal({ teamId: "a", d20: 12, traitBonuses: [1, 2] })).toEqual({
      ok: true,
      value: 15,
    });
  });

  it("builds no state its check refuses from a bad seed (factories clamp)", () => {
    const weapon = td.makeTwodiceWeapon({ id: "w", type: { kind: "capacity", rounds: -3 } });
    expect(td.checkWeapon(weapon)).toBeUndefined();
    const big = td.makeTwodiceWeapon({ id: "w", type: { kind: "capacity", rounds: 1e12 } });
    expect(td.checkWeapon(big)).toBeUndefined();
    const hurt = td.makeTwodiceCombatant({
      id: "c",
      unarmedDefense: Number.NaN,
      wounds: { marked: [-1, 1e9], bleedingStopped: false, medicalBonus: -5 },
    });
    expect(td.checkCombatant(hurt, "c")).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// Every exported function, with hostile values
