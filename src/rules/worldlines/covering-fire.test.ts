/**
 * Covering Fire in two moments: the interrupter's paid suppressing roll, then the target's answer
 * (abort, or a forced Evasion that aborts when it falls short).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fixedDice, seededRandom } from "../core/index.ts";
import { answerCover, coverTarget } from "./covering-fire.ts";
import { makeCombatant } from "./factory.ts";
import type { WorldlinesWeapon } from "./model.ts";

const rifle: WorldlinesWeapon = {
  id: "rifle",
  name: "Rifle",
  kind: "ranged",
  skill: "firearms",
  damage: "1d8",
};
const gunner = makeCombatant({ id: "g", skills: { firearms: 2 }, energy: 6 });
const runner = makeCombatant({ id: "r", skills: { evasion: 1 } });

describe("Covering Fire", () => {
  it("costs the interrupter 2 Energy and its interruption, and rolls Combat + skill", () => {
    const out = coverTarget({ interrupter: gunner, target: runner, weapon: rifle }, fixedDice([5]));
    expect(out).toMatchObject({
      ok: true,
      value: { cost: 2, attack: { natural: 5, total: 7 }, interrupter: { interruptUsed: true } },
    });
    expect(out.ok && out.value.interrupter.energy.value).toBe(4);
    expect(out.ok && out.value.updates.length).toBe(1);
  });

  it("is refused once the round's interruption is used, or against Defensive Posture", () => {
    const used = makeCombatant({ ...gunner, interruptUsed: true });
    const input = { interrupter: used, target: runner, weapon: rifle };
    expect(coverTarget(input, fixedDice([5]))).toMatchObject({ reason: "interruptUsed" });
    const posture = makeCombatant({ ...runner, defensivePosture: true });
    expect(
      coverTarget({ interrupter: gunner, target: posture, weapon: rifle }, fixedDice([5])),
    ).toMatchObject({ reason: "targetInDefensivePosture" });
  });

  it("lets the target abort, or evade: short of the roll aborts, meeting it carries on", () => {
    const input = { interrupter: gunner, target: runner, weapon: rifle, attackTotal: 7 };
    expect(answerCover({ ...input, choice: "abort" }, fixedDice([]))).toMatchObject({
      value: { evasion: null, aborted: true },
    });
    expect(answerCover({ ...input, choice: "evade" }, fixedDice([5]))).toMatchObject({
      value: { evasion: { total: 6 }, aborted: true },
    });
    expect(answerCover({ ...input, choice: "evade" }, fixedDice([6]))).toMatchObject({
      value: { evasion: { total: 7 }, aborted: false },
    });
  });

  it("refuses a NaN, infinite or huge roll to answer, by name (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e308), (attackTotal) => {
        const out = answerCover(
          { interrupter: gunner, target: runner, weapon: rifle, attackTotal, choice: "evade" },
          fixedDice([3]),
        );
        expect(out).toMatchObject({ ok: false, detail: { field: "attackTotal" } });
      }),
    );
  });

  it("aborts exactly when the Evasion falls short (property)", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: -50, max: 50 }), (seed, attackTotal) => {
        const input = { interrupter: gunner, target: runner, weapon: rifle, attackTotal };
        const out = answerCover({ ...input, choice: "evade" }, seededRandom(seed));
        if (!out.ok || out.value.evasion === null) throw new Error("refused");
        expect(out.value.aborted).toBe(out.value.evasion.total < attackTotal);
      }),
      { numRuns: 200 },
    );
  });
});
