import { describe, expect, it } from "vitest";
import { fixedDice } from "../core/index.ts";
import { makeCombatant } from "./factory.ts";
import { checkInterrupt, coveringFire, opportunityAttack } from "./interruptions.ts";
import type { WorldlinesWeapon } from "./model.ts";

const rifle: WorldlinesWeapon = {
  id: "rifle",
  name: "Rifle",
  kind: "ranged",
  skill: "firearms",
  damage: "2d6",
};
const blade: WorldlinesWeapon = {
  id: "blade",
  name: "Blade",
  kind: "melee",
  skill: "melee",
  damage: "1d6",
};
const guard = makeCombatant({
  id: "guard",
  skills: { firearms: 1, melee: 2 },
  energy: { value: 3, max: 6 },
});
const runner = makeCombatant({ id: "runner", skills: { evasion: 1 } });

describe("who may interrupt", () => {
  it("needs Energy left, once a round, not Stressed", () => {
    expect(checkInterrupt(guard, "coveringFire", { target: runner })).toEqual({
      ok: true,
      value: { cost: 2 },
    });
    expect(
      checkInterrupt({ ...guard, energy: { value: 1, max: 6 } }, "coveringFire"),
    ).toMatchObject({
      reason: "notEnoughEnergy",
    });
    expect(checkInterrupt({ ...guard, energy: { value: 1, max: 6 } }, "extraEvasion")).toEqual({
      ok: true,
      value: { cost: 1 },
    });
    expect(checkInterrupt({ ...guard, interruptUsed: true }, "extraEvasion")).toMatchObject({
      reason: "interruptUsed",
    });
    expect(checkInterrupt({ ...guard, statuses: { stressed: {} } }, "extraEvasion")).toMatchObject({
      reason: "stressed",
    });
  });

  it("cannot touch an actor in Defensive Posture", () => {
    const braced = { ...runner, defensivePosture: true };
    expect(checkInterrupt(guard, "coveringFire", { target: braced })).toMatchObject({
      reason: "targetInDefensivePosture",
    });
    expect(
      checkInterrupt(guard, "opportunityAttack", {
        target: braced,
        weapon: blade,
        entersReach: true,
      }),
    ).toMatchObject({ reason: "targetInDefensivePosture" });
  });

  it("an Opportunity Attack needs a melee weapon and a target entering reach", () => {
    const ctx = { target: runner, weapon: blade, entersReach: true };
    expect(checkInterrupt(guard, "opportunityAttack", ctx)).toEqual({
      ok: true,
      value: { cost: 1 },
    });
    expect(checkInterrupt(guard, "opportunityAttack", { ...ctx, weapon: rifle })).toMatchObject({
      reason: "needsMeleeWeapon",
    });
    expect(
      checkInterrupt(guard, "opportunityAttack", { ...ctx, entersReach: false }),
    ).toMatchObject({
      reason: "notInReach",
    });
  });
});

describe("Covering Fire", () => {
  it("costs 2; the target aborts unless its Evasion meets the interrupter's roll", () => {
    // Guard: 5 + 1 = 6. Runner: 4 + 1 = 5 → aborts.
    const fail = coveringFire(
      { interrupter: guard, target: runner, weapon: rifle, choice: "evade" },
      fixedDice([5, 4]),
    );
    expect(fail).toMatchObject({
      ok: true,
      value: { aborted: true, attack: { total: 6 }, evasion: { total: 5 } },
    });
    if (fail.ok) {
      expect(fail.value.interrupter).toMatchObject({ energy: { value: 1 }, interruptUsed: true });
      expect(fail.value.updates).toEqual([
        {
          actorId: "guard",
          changes: { "system.energy.value": 1, "system.interruptUsed": true },
          setStatuses: {},
          removeStatuses: [],
        },
      ]);
    }
    const pass = coveringFire(
      { interrupter: guard, target: runner, weapon: rifle, choice: "evade" },
      fixedDice([5, 5]),
    );
    expect(pass.ok && pass.value.aborted).toBe(false);
    const abort = coveringFire(
      { interrupter: guard, target: runner, weapon: rifle, choice: "abort" },
      fixedDice([5]),
    );
    expect(abort.ok && abort.value.aborted).toBe(true);
  });
});

describe("Opportunity Attack", () => {
  it("costs 1 Energy and uses the interruption", () => {
    // 3 + 2 = 5 hits; 1d6 rolls 4; no armor.
    const out = opportunityAttack(
      { attacker: guard, target: runner, weapon: blade, entersReach: true },
      fixedDice([3, 4]),
    );
    expect(out).toMatchObject({
      ok: true,
      value: { hit: true, healthLost: 4, attacker: { energy: { value: 2 }, interruptUsed: true } },
    });
    const again = opportunityAttack(
      {
        attacker: { ...guard, interruptUsed: true },
        target: runner,
        weapon: blade,
        entersReach: true,
      },
      fixedDice([]),
    );
    expect(again).toMatchObject({ ok: false, reason: "interruptUsed" });
  });
});
