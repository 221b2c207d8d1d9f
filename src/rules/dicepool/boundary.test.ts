/**
 * Issue 30's dice-pool findings, each refused by name now (each test was seen failing on the rules
 * before the checked input): options the odds never checked, built-in names read as data, values
 * outside their lists, factories that built negative pools, bounds the DataModels did not share,
 * and rules that handed back a state their own check refuses.
 */
import { describe, expect, it } from "vitest";
import { seededRandom } from "../core/random.ts";
import { checkedAttack, checkedCombatant } from "./dicepool.support.ts";
import * as dp from "./index.ts";

const opts = dp.DEFAULT_DICEPOOL_OPTIONS;
const ana = dp.makeDicepoolCombatant({ id: "ana", physical: 3, skills: { closeCombat: 3 } });
const bo = dp.makeDicepoolCombatant({ id: "bo", physical: 2, skills: { mobility: 1 } });
const knife = dp.makeDicepoolWeapon({ id: "knife" });
const input: dp.AttackInput = {
  attacker: ana,
  defender: bo,
  weapon: knife,
  intent: "damage",
  defense: "dodge",
};

describe("dice-pool odds check their options", () => {
  it("hitChancePerDie with die size 0 is refused, not −Infinity", () => {
    expect(dp.hitChancePerDie({ ...opts, dieSides: 0 })).toMatchObject({
      ok: false,
      reason: "bad-dice-settings",
      detail: { field: "dieSides" },
    });
    expect(dp.hitChancePerDie()).toEqual({ ok: true, value: 0.5 });
  });

  it("attack odds refuse a Blitz that would pay −5 Energy (every option is checked)", () => {
    const odd = { ...opts, blitz: { ...opts.blitz, energy: -5 } };
    const blitz = checkedAttack({ ...input, situation: { blitz: true } });
    for (const out of [dp.attackOdds(blitz, odd), dp.planAttack(blitz, odd)]) {
      expect(out).toMatchObject({
        ok: false,
        reason: "bad-options",
        detail: { field: "blitz.energy" },
      });
    }
  });

  it("a pool cap beyond DICEPOOL_LIMITS.pool is refused: no 5,000-die distribution", () => {
    expect(dp.hitsDistribution(5000, { ...opts, maxPool: 5000 })).toMatchObject({
      ok: false,
      reason: "bad-dice-settings",
      detail: { field: "maxPool", max: dp.DICEPOOL_LIMITS.pool },
    });
  });
});

describe("built-in names are no data", () => {
  it("a defense or an intent outside its list is refused by the input check", () => {
    for (const [field, value] of [
      ["defense", "toString"],
      ["intent", "flying"],
      ["soakWith", "constructor"],
    ] as const) {
      expect(dp.checkAttackInput({ ...input, [field]: value })).toMatchObject({
        ok: false,
        reason: "badChoice",
        detail: { field, value },
      });
    }
    expect(
      dp.checkAttackInput({ ...input, situation: { cover: "__proto__" as dp.CoverKind } }),
    ).toMatchObject({ ok: false, reason: "badChoice", detail: { field: "situation.cover" } });
  });

  it("an action named toString is refused; a skill named constructor counts 0", () => {
    const out = dp.takeAction(dp.FRESH_TURN, "toString" as dp.ActionName, { ownTurn: true });
    expect(out).toMatchObject({ ok: false, reason: "badChoice", detail: { field: "action" } });
    expect(dp.skill(ana, "constructor" as dp.DicepoolSkill)).toBe(0);
  });

  it("options naming a built-in as an initiative attribute are refused", () => {
    const odd = { ...opts, initiativeAttributes: ["constructor"] } as unknown as dp.DicepoolOptions;
    expect(dp.initiativePool(ana, odd)).toMatchObject({
      ok: false,
      reason: "badChoice",
      detail: { field: "initiativeAttributes" },
    });
  });
});

describe("values outside their lists are refused", () => {
  it("an incapacitation, a weapon kind, a flag or a tie rule outside its list", () => {
    const flying = { ...ana, incapacitated: "flying" as dp.Incapacitation };
    expect(dp.checkDicepoolCombatant("c", flying)).toMatchObject({
      ok: false,
      reason: "badChoice",
      detail: { field: "c.incapacitated" },
    });
    const wing = { ...knife, kind: "wing" as dp.WeaponKind };
    expect(dp.checkDicepoolWeapon("w", wing)).toMatchObject({ detail: { field: "w.kind" } });
    const undead = { ...ana, dead: "no" as unknown as boolean };
    expect(dp.checkDicepoolCombatant("c", undead)).toMatchObject({ detail: { field: "c.dead" } });
    const roll = { combatantId: "a", result: 1, pool: 2, isPlayerSide: true };
    expect(dp.dicepoolInitiative([roll], "coin" as dp.DicepoolTieRule)).toMatchObject({
      ok: false,
      reason: "badChoice",
    });
  });
});

describe("factories clamp, and every bound is the DataModel's", () => {
  it("builds no negative pool: Energy −7/−7 and health −1 become 0", () => {
    const c = dp.makeDicepoolCombatant({ id: "x", energy: { value: -7, max: -7 }, damage: -1 });
    expect([c.energy.value, c.energy.max, c.damage]).toEqual([0, 0, 0]);
    const huge = dp.makeDicepoolCombatant({
      id: "y",
      physical: 1e12,
      energy: { value: 1e9, max: 3 },
    });
    expect([huge.physical, huge.energy.value]).toEqual([dp.DICEPOOL_LIMITS.rating, 3]);
    expect(dp.checkDicepoolCombatant("x", c).ok && dp.checkDicepoolCombatant("y", huge).ok).toBe(
      true,
    );
  });

  it("refuses ratings, Energy and damage beyond the sheet's bounds", () => {
    const L = dp.DICEPOOL_LIMITS;
    for (const [field, c] of [
      ["physical", { ...ana, physical: L.rating + 1 }],
      ["energy.max", { ...ana, energy: { value: 1, max: L.energy + 1 } }],
      ["energy.value", { ...ana, energy: { value: 6, max: 5 } }],
      ["damage", { ...ana, damage: L.damage + 1 }],
      ["nonLethalDamage", { ...ana, damage: 1, nonLethalDamage: 2 }],
    ] as const) {
      expect(dp.checkDicepoolCombatant("c", c)).toMatchObject({
        ok: false,
        reason: "out-of-range",
        detail: { field: `c.${field}` },
      });
    }
  });

  it("refuses a roll with more hits than dice", () => {
    const roll = { combatantId: "a", result: 3, pool: 2, isPlayerSide: true };
    expect(dp.dicepoolInitiative([roll])).toMatchObject({
      ok: false,
      reason: "out-of-range",
      detail: { field: "a.result", max: 2 },
    });
  });
});

describe("no rule hands back a state its own check refuses", () => {
  it("damage stops at the damage bound, the wound penalty at its own", () => {
    const worn = checkedCombatant({ ...bo, damage: dp.DICEPOOL_LIMITS.damage - 10 });
    const out = dp.takeDamage(worn, 1_000_000, { nonLethal: true }, seededRandom(1));
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.value.combatant.damage).toBe(dp.DICEPOOL_LIMITS.damage);
    expect(out.value.taken).toBe(10);
    expect(dp.checkDicepoolCombatant("c", out.value.combatant).ok).toBe(true);
  });

  it("initiative damage keeps both sides within ±the initiative bound", () => {
    const L = dp.DICEPOOL_LIMITS;
    const out = dp.applyInitiativeOutcome(
      "initiative",
      {
        attacker: checkedCombatant({ ...ana, initiative: L.initiative }),
        defender: checkedCombatant({ ...bo, initiative: -L.initiative }),
        hit: true,
        initiativeMoved: 5,
      },
      opts,
    );
    expect([out.attacker.initiative, out.defender.initiative]).toEqual([
      L.initiative,
      -L.initiative,
    ]);
    expect(dp.checkDicepoolCombatant("a", out.attacker).ok).toBe(true);
    expect(dp.checkDicepoolCombatant("d", out.defender).ok).toBe(true);
  });

  it("a grapple's pool stops at its bound", () => {
    const L = dp.DICEPOOL_LIMITS;
    const held: dp.Grapple = {
      assailantId: "ana",
      victimId: "bo",
      pool: L.grapplePool,
      resistOffered: false,
    };
    const out = dp.addGrapplePoints([held], ana, bo, 5);
    expect(out.ok && out.value.grapple?.pool).toBe(L.grapplePool);
  });
});
