/**
 * What the Worldlines engine refuses instead of computing (issue 30): a health beyond the actor
 * model's bound (the exact odds once built a distribution as long as it), names every object
 * answers to (`toString`, `constructor`, `__proto__`) read as skills, traits or statuses, values
 * outside their lists (a stance "flying"), factories that built negative pools, and momentum past
 * what two Combat dice can roll. Each was seen to fail before its fix.
 */
import { describe, expect, it } from "vitest";
import { seededRandom } from "../core/random.ts";
import { attackModifiers, checkAttack } from "./attack.ts";
import type { AttackInput } from "./attack.ts";
import { checkAndResolve } from "./checked.support.ts";
import { rollCheck } from "./checks.ts";
import { spendEnergy } from "./energy.ts";
import { makeCombatant } from "./factory.ts";
import type { StatusApplication, WorldlinesCombatant, WorldlinesWeapon } from "./model.ts";
import type { EnergyAction } from "./energy.ts";
import { fixedDice } from "../core/dice.ts";

const noDice = fixedDice([]);
import { checkMomentumTeams } from "./momentum.ts";
import { attackOdds } from "./odds.ts";
import { withOptions } from "./options.ts";
import { worldlinesReorder } from "./order.ts";
import { applyStatus, attemptRecovery } from "./statuses.ts";
import { checkCombatant } from "./valid.ts";

const pistol: WorldlinesWeapon = {
  id: "pistol",
  name: "Pistol",
  kind: "ranged",
  skill: "firearms",
  damage: "1d6+1",
};
const maya = makeCombatant({ id: "maya", skills: { firearms: 2 } });
const raider = makeCombatant({ id: "raider", rank: "minor", armor: { head: 4 } });
const headshot: AttackInput = {
  attacker: maya,
  defender: raider,
  weapon: pistol,
  situation: { zone: "head", range: "short" },
};

describe("health beyond the model's bound", () => {
  it("is refused by name by the exact odds before any table is built, instead of filling the memory", () => {
    for (const health of [1e12, 1e8]) {
      const defender = { ...raider, health: { value: health, max: health } };
      // Refused by its check before a table is built: the bench times the largest accepted input.
      expect(attackOdds({ ...headshot, defender }, { evade: true })).toMatchObject({
        ok: false,
        reason: "out-of-range",
        detail: { field: "defender.health.max" },
      });
    }
  });

  it("is refused by every attack, not only the odds", () => {
    const defender = { ...raider, health: { value: 5000, max: 5000 } };
    expect(checkAttack({ ...headshot, defender })).toMatchObject({ ok: false });
    expect(checkCombatant("defender", defender)).toMatchObject({ reason: "out-of-range" });
  });
});

describe("names every object answers to", () => {
  const BUILT_IN = ["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf"];

  it("are refused by name as a weapon's skill: never read as the attacker's skill", () => {
    for (const skill of BUILT_IN) {
      const input = { ...headshot, weapon: { ...pistol, skill } };
      const refused = { ok: false, reason: "badName", detail: { field: "weapon.skill" } };
      expect(attackModifiers(input)).toMatchObject(refused);
      expect(checkAndResolve(input, seededRandom(skill))).toMatchObject(refused);
      expect(attackOdds(input)).toMatchObject(refused);
    }
  });

  it("are refused as a trait or skill of a check, before any die is asked for", () => {
    for (const name of BUILT_IN) {
      const sizes: unknown[] = [];
      const dice = { roll: (sides: number) => (sizes.push(sides), 1) };
      expect(rollCheck(maya, { trait: name }, 5, dice)).toMatchObject({
        ok: false,
        reason: "badName",
        detail: { field: "spec.trait" },
      });
      expect(rollCheck(maya, { trait: "spirit", skill: name }, 5, dice)).toMatchObject({
        reason: "badName",
      });
      expect(sizes).toEqual([]);
    }
  });

  it("are refused as the options' Evasion skill, and as keys of a combatant's tables", () => {
    for (const name of BUILT_IN) {
      expect(attackOdds(headshot, {}, withOptions({ evasionSkill: name }))).toMatchObject({
        reason: "badName",
        detail: { field: "options.evasionSkill" },
      });
      const skills = JSON.parse(`{"${name}": 3}`) as Record<string, number>;
      expect(checkCombatant("maya", { ...maya, skills })).toMatchObject({ reason: "badName" });
    }
  });

  it("a table with inherited entries is refused: a name never reads an entry it does not own", () => {
    const inherited = { ...maya, skills: Object.create({ firearms: 9 }) as Record<string, number> };
    expect(attackModifiers({ ...headshot, attacker: inherited })).toMatchObject({
      ok: false,
      reason: "badName",
      detail: { field: "attacker.skills" },
    });
  });

  it("are no status to recover from: refused, no Energy turns NaN", () => {
    const medic = { ...maya, traits: { ...maya.traits, mind: 8 as const } };
    for (const status of BUILT_IN) {
      const out = attemptRecovery(
        { patient: medic, status: status as "bleeding" },
        seededRandom(status),
      );
      expect(out).toMatchObject({ ok: false, reason: "badChoice", detail: { field: "status" } });
    }
  });
});

describe("values outside their lists", () => {
  const flyer: WorldlinesCombatant = { ...maya, stance: "flying" as WorldlinesCombatant["stance"] };

  it("a stance 'flying' is refused by the attack, the odds and a move, by name", () => {
    const refused = {
      ok: false,
      reason: "badChoice",
      detail: { field: "attacker.stance", value: "flying" },
    };
    // Before: a NaN attack total that counted as a hit, odds of 1, Energy NaN after a move.
    expect(attackOdds({ ...headshot, attacker: flyer })).toMatchObject(refused);
    expect(checkAndResolve({ ...headshot, attacker: flyer }, seededRandom("f"))).toMatchObject(
      refused,
    );
    expect(spendEnergy(flyer, { kind: "move", spaces: 1 })).toMatchObject({
      ok: false,
      reason: "badChoice",
      detail: { field: "actor.stance" },
    });
  });

  it("every other list: rank, life, zone, range, cover, weapon kind, status, action", () => {
    // A value its field does not list, typed as the field (as a forged document would carry it).
    const bad = (value: string) => value as never;
    const cases: [string, () => unknown][] = [
      ["rank", () => attackOdds({ ...headshot, defender: { ...raider, rank: bad("god") } })],
      ["life", () => checkAttack({ ...headshot, attacker: { ...maya, life: bad("zombie") } })],
      ["zone", () => attackOdds({ ...headshot, situation: { zone: bad("tail") } })],
      ["range", () => attackOdds({ ...headshot, situation: { range: bad("orbit") } })],
      ["cover", () => attackOdds({ ...headshot, situation: { cover: bad("wall") } })],
      ["kind", () => attackOdds({ ...headshot, weapon: { ...pistol, kind: bad("laser") } })],
      [
        "status",
        () => applyStatus(maya, { status: "cursed" } as unknown as StatusApplication, noDice),
      ],
      ["action", () => spendEnergy(maya, { kind: "teleport" } as unknown as EnergyAction)],
    ];
    for (const [name, run] of cases) {
      expect(run(), name).toMatchObject({ ok: false, reason: "badChoice" });
    }
  });
});

describe("factories", () => {
  it("build no negative pool and no pool beyond the model's bound", () => {
    for (const [health, energy] of [
      [-1, { value: -7, max: -7 }],
      [-1e12, { value: 9, max: 3 }],
      [1e12, { value: Number.NaN, max: Infinity }],
    ] as const) {
      const built = makeCombatant({ id: "x", health, energy });
      expect(checkCombatant("x", built)).toBeUndefined();
    }
  });
});

describe("momentum", () => {
  it("past what two Combat dice can roll is refused by name", () => {
    const teams = [
      { id: "crew", momentum: 25, isPlayerSide: true },
      { id: "raiders", momentum: 3, isPlayerSide: false },
    ];
    const order = {
      mode: "team" as const,
      order: ["crew", "raiders"],
      values: { crew: Number.MAX_VALUE, raiders: -Number.MAX_VALUE },
      surpriseRound: [],
    };
    expect(worldlinesReorder(order, teams)).toMatchObject({ ok: false, reason: "out-of-range" });
    expect(checkMomentumTeams(teams)).toMatchObject({
      ok: false,
      reason: "out-of-range",
      detail: { field: "crew.momentum" },
    });
  });
});
