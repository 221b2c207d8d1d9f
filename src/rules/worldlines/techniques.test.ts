import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fixedDice } from "../core/index.ts";
import { checkAndResolve } from "./checked.support.ts";
import { makeCombatant } from "./factory.ts";
import type { WorldlinesWeapon } from "./model.ts";
import {
  applyTechnique,
  attackWithTechnique,
  checkTechnique,
  refundEnergy,
  withPassiveTechniques,
} from "./techniques.ts";
import type { WorldlinesTechnique } from "./techniques.ts";

const rifle: WorldlinesWeapon = {
  id: "rifle",
  name: "Rifle",
  kind: "ranged",
  skill: "firearms",
  damage: "1d8+1",
};
const maya = makeCombatant({ id: "maya", teamId: "crew", skills: { firearms: 2 } });
const grunt = makeCombatant({ id: "grunt", teamId: "raiders", rank: "minor" });

const marksmansShot: WorldlinesTechnique = {
  id: "ms",
  name: "Marksman's Shot",
  cost: 1,
  use: "attack",
  headshotWiden: 2,
};
const quickDraw: WorldlinesTechnique = {
  id: "qd",
  name: "Quick Draw",
  cost: 0,
  use: "passive",
  freeWeaponSwitch: true,
};
const suppress: WorldlinesTechnique = {
  id: "sup",
  name: "Suppressing Burst",
  cost: 2,
  use: "action",
  interrupt: true,
};

describe("an attack technique (Marksman's Shot)", () => {
  it("widens the headshot range: a d20 of 18 now kills a minor enemy (book 9.5)", () => {
    const shaped = attackWithTechnique(maya, rifle, marksmansShot);
    if (!shaped.ok) throw new Error(shaped.reason);
    // Step 2: Combat d8 shows 6 (+2) = 8; no Evasion; the headshot d20 shows 18.
    const plain = checkAndResolve(
      { attacker: maya, defender: grunt, weapon: rifle, situation: { zone: "head" } },
      fixedDice([6, 18, 3]),
    );
    const marked = checkAndResolve(
      { attacker: maya, defender: grunt, weapon: shaped.value.weapon, situation: { zone: "head" } },
      fixedDice([6, 18]),
    );
    expect(plain.ok && plain.value.headshot?.effect).toBe("miss");
    expect(marked.ok && marked.value.headshot).toEqual({ roll: 18, from: 18, effect: "kill" });
  });

  it("costs the attack's Energy plus its own, one more while Stressed", () => {
    expect(attackWithTechnique(maya, rifle, marksmansShot)).toMatchObject({ value: { cost: 3 } });
    const stressed = { ...maya, statuses: { stressed: {} } };
    expect(attackWithTechnique(stressed, rifle, marksmansShot)).toMatchObject({
      value: { cost: 4 },
    });
    const tired = { ...maya, energy: { value: 2, max: 6 } };
    expect(attackWithTechnique(tired, rifle, marksmansShot)).toMatchObject({
      reason: "notEnoughEnergy",
      detail: { cost: 3, energy: 2 },
    });
  });

  it("adds its statuses to a hit and widens the critical range", () => {
    const crippling: WorldlinesTechnique = {
      ...marksmansShot,
      headshotWiden: 0,
      critWiden: 1,
      onHit: [{ status: "bleeding" }],
    };
    const shaped = attackWithTechnique(maya, rifle, crippling);
    if (!shaped.ok) throw new Error(shaped.reason);
    // d8 crits on 8; widened by one it crits on 7: maximum damage twice, 9 × 2 = 18.
    const out = checkAndResolve(
      { attacker: maya, defender: grunt, weapon: shaped.value.weapon },
      fixedDice([7]),
    );
    if (!out.ok) throw new Error(out.reason);
    expect(out.value.attack.critical).toBe(true);
    expect(out.value.defender.statuses.bleeding).toBeDefined();
  });

  it("is refused for a technique that is not used with an attack", () => {
    expect(attackWithTechnique(maya, rifle, suppress)).toMatchObject({
      reason: "notAnAttackTechnique",
    });
  });
});

describe("a technique used on its own", () => {
  it("pays its Energy; an interruption uses the round's interruption", () => {
    const used = applyTechnique(maya, suppress);
    expect(used).toMatchObject({ ok: true, value: { cost: 2 } });
    expect(used.ok && used.value.actor).toMatchObject({
      energy: { value: 4 },
      interruptUsed: true,
    });
  });

  it("follows the interruption rules: once a round, never while Stressed", () => {
    expect(checkTechnique({ ...maya, interruptUsed: true }, suppress)).toMatchObject({
      reason: "interruptUsed",
    });
    expect(checkTechnique({ ...maya, statuses: { stressed: {} } }, suppress)).toMatchObject({
      reason: "stressedInterrupt",
    });
  });

  it("grants one more interruption when it says so", () => {
    const second: WorldlinesTechnique = { ...suppress, extraInterruption: true };
    const used = applyTechnique({ ...maya, interruptUsed: true }, second);
    expect(used.ok && used.value.actor.interruptUsed).toBe(false);
  });

  it("refuses passive and attack techniques, and a fallen actor", () => {
    expect(checkTechnique(maya, quickDraw)).toMatchObject({ reason: "passiveTechnique" });
    expect(checkTechnique(maya, marksmansShot)).toMatchObject({ reason: "attackTechnique" });
    expect(checkTechnique({ ...maya, life: "dying" }, suppress)).toMatchObject({
      reason: "notActive",
    });
  });
});

describe("passive techniques (Quick Draw)", () => {
  it("make weapon switches free and add their widenings to the actor", () => {
    const eagle: WorldlinesTechnique = {
      ...quickDraw,
      id: "e",
      freeWeaponSwitch: false,
      critWiden: 1,
    };
    const out = withPassiveTechniques(maya, [quickDraw, eagle, marksmansShot]);
    expect(out).toMatchObject({ ok: true, value: { freeWeaponSwitch: true } });
    // Marksman's Shot is an attack technique: it widens only the attack it is announced with.
    expect(out.ok && [out.value.actor.critWiden, out.value.actor.headshotWiden]).toEqual([
      1,
      undefined,
    ]);
    expect(withPassiveTechniques(maya, [])).toMatchObject({ value: { freeWeaponSwitch: false } });
  });
});

describe("Energy refund", () => {
  it("gives Energy back on a hit, never above the maximum, nothing on a miss", () => {
    const low = { ...maya, energy: { value: 1, max: 6 } };
    expect(refundEnergy(low, 2, true)).toMatchObject({
      value: { actor: { energy: { value: 3 } } },
    });
    expect(refundEnergy({ ...maya, energy: { value: 5, max: 6 } }, 3, true)).toMatchObject({
      value: { actor: { energy: { value: 6 } } },
    });
    expect(refundEnergy(low, 2, false)).toMatchObject({ value: { update: null } });
  });

  it("keeps Energy within 0..max for any refund", () => {
    fc.assert(
      fc.property(fc.nat(6), fc.nat(1_000_000), fc.boolean(), (value, refund, hit) => {
        const out = refundEnergy({ ...maya, energy: { value, max: 6 } }, refund, hit);
        if (!out.ok) return false;
        return out.value.actor.energy.value >= value && out.value.actor.energy.value <= 6;
      }),
    );
  });
});
