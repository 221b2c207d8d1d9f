import { describe, expect, it } from "vitest";
import { fixedDice } from "../core/index.ts";
import type { Result } from "../core/result.ts";
import { rollCheck } from "./checks.ts";
import { makeCombatant } from "./factory.ts";
import {
  applyStatus,
  attemptRecovery,
  endTurn,
  removeStatus,
  resolveStatuses,
  startTurn,
  useAntidote,
} from "./statuses.ts";
import { firstAid, treatLimb } from "./treatment.ts";
import { withOptions } from "./options.ts";
import type { WorldlinesOptions } from "./options.ts";
import type { DiceSource } from "../core/dice.ts";
import type { WorldlinesCombatant } from "./model.ts";
import { checked, checkedOpts } from "./checked.support.ts";
import { diffCombatant } from "./changes.ts";

const noDice = fixedDice([]);

/** The value of an outcome the test expects to be allowed (a refusal fails the test). */
function allowed<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.value;
}
const put = (...args: Parameters<typeof applyStatus>) => allowed(applyStatus(...args));
const start = (actor: WorldlinesCombatant, dice: DiceSource, options?: WorldlinesOptions) =>
  startTurn(checked(actor), dice, options && checkedOpts(options));
const end = (actor: WorldlinesCombatant) => endTurn(checked(actor));
const resolve = (actor: WorldlinesCombatant, dice: DiceSource, options?: WorldlinesOptions) =>
  resolveStatuses(checked(actor), dice, options && checkedOpts(options));
const jun = makeCombatant({
  id: "jun",
  traits: { combat: 8, spirit: 6, mind: 8 },
  skills: { medicine: 1 },
});

describe("putting statuses on", () => {
  it("Bleeding takes 5 a turn and Poison 2 unless the poison says otherwise", () => {
    expect(put(jun, { status: "bleeding" }, noDice).statuses.bleeding).toEqual({
      hpPerTurn: 5,
    });
    expect(put(jun, { status: "poisoned" }, noDice).statuses.poisoned).toEqual({
      hpPerTurn: 2,
    });
    expect(put(jun, { status: "poisoned", hpPerTurn: 4 }, noDice).statuses.poisoned).toEqual({
      hpPerTurn: 4,
    });
  });

  it("flash blindness lasts 1d4 turns; other blindness until treated", () => {
    expect(put(jun, { status: "blinded", flash: true }, fixedDice([3])).statuses.blinded).toEqual({
      turnsLeft: 3,
    });
    expect(put(jun, { status: "blinded" }, noDice).statuses.blinded).toEqual({
      turnsLeft: null,
    });
  });

  it("Exhaustion points stack", () => {
    const once = put(jun, { status: "exhausted", points: 1 }, noDice);
    expect(put(once, { status: "exhausted", points: 2 }, noDice).statuses.exhausted).toEqual({
      points: 3,
    });
    const rested = put(once, { status: "exhausted", points: -1 }, noDice);
    expect(rested.statuses.exhausted).toBeUndefined();
  });
});

describe("status timing", () => {
  it("Bleeding costs 5 health at the start of each of the actor's turns", () => {
    const bleeding = put(jun, { status: "bleeding" }, noDice);
    const tick = start(bleeding, noDice);
    expect(tick.lost).toBe(5);
    expect(tick.actor.health.value).toBe(15);
    expect(diffCombatant(bleeding, tick.actor)?.changes).toEqual({ "system.health.value": 15 });
    const last = start({ ...bleeding, health: { value: 4, max: 20 } }, noDice);
    expect(last).toMatchObject({ lost: 4, downed: "dying", actor: { life: "dying" } });
  });

  it("Defensive Posture ends when the actor's next turn starts", () => {
    const braced = { ...jun, defensivePosture: true };
    expect(start(braced, noDice).actor.defensivePosture).toBe(false);
  });

  it("Poison costs 2 at every Status Resolution; the interruption comes back", () => {
    const poisoned = { ...put(jun, { status: "poisoned" }, noDice), interruptUsed: true };
    const tick = resolve(poisoned, noDice);
    expect(tick.lost).toBe(2);
    expect(tick.actor).toMatchObject({ health: { value: 18 }, interruptUsed: false });
  });

  it("Staggered lasts one turn of the actor's own", () => {
    const staggered = put(jun, { status: "staggered" }, noDice);
    const after = end(staggered);
    expect(after.expired).toEqual(["staggered"]);
    expect(after.actor.statuses.staggered).toBeUndefined();
    expect(diffCombatant(staggered, after.actor)?.removeStatuses).toEqual(["staggered"]);
  });

  it("flash blindness counts down and fades", () => {
    let actor = put(jun, { status: "blinded", flash: true }, fixedDice([2]));
    actor = end(actor).actor;
    expect(actor.statuses.blinded).toEqual({ turnsLeft: 1 });
    const fade = end(actor);
    expect(fade.expired).toEqual(["blinded"]);
    const lasting = put(jun, { status: "blinded" }, noDice);
    expect(end(lasting).actor.statuses.blinded).toEqual({ turnsLeft: null });
  });
});

describe("recovery table", () => {
  it("Staggered: TD 4 Spirit for 2 Energy; a 4 passes, a 3 does not", () => {
    const staggered = put(jun, { status: "staggered" }, noDice);
    const pass = attemptRecovery({ patient: staggered, status: "staggered" }, fixedDice([4]));
    expect(pass).toMatchObject({ ok: true, value: { cured: true, energySpent: 2 } });
    if (pass.ok) {
      expect(pass.value.patient.statuses.staggered).toBeUndefined();
      expect(pass.value.patient.energy.value).toBe(4);
    }
    const fail = attemptRecovery({ patient: staggered, status: "staggered" }, fixedDice([3]));
    expect(fail.ok && fail.value.cured).toBe(false);
    expect(fail.ok && fail.value.patient.energy.value).toBe(4);
  });

  it("uses the table's TDs: Stressed 6 and Charmed 12 (Spirit); Blinded 6 and Poisoned 8 (Medicine)", () => {
    const rule = withOptions().recovery;
    expect([
      rule.stressed?.td,
      rule.charmed?.td,
      rule.blinded?.td,
      rule.poisoned?.td,
      rule.bleeding?.td,
    ]).toEqual([6, 12, 6, 8, 5]);
    const charmed = put(jun, { status: "charmed", sourceId: "siren" }, noDice);
    // A d6 Spirit can never reach 12.
    const attempt = attemptRecovery({ patient: charmed, status: "charmed" }, fixedDice([6]));
    expect(attempt.ok && attempt.value.check?.total).toBe(6);
    expect(attempt.ok && attempt.value.cured).toBe(false);
    const poisoned = put(jun, { status: "poisoned" }, noDice);
    const medic = makeCombatant({
      id: "medic",
      traits: { combat: 6, spirit: 6, mind: 8 },
      skills: { medicine: 1 },
    });
    const treated = attemptRecovery(
      { patient: poisoned, helper: medic, status: "poisoned" },
      fixedDice([7]),
    );
    expect(treated).toMatchObject({ ok: true, value: { cured: true, check: { total: 8, td: 8 } } });
    if (treated.ok) {
      expect(treated.value.helper.energy.value).toBe(4);
      expect(treated.value.updates.map((u) => u.actorId)).toEqual(["medic", "jun"]);
    }
  });

  it("refuses what the table does not allow", () => {
    const staggered = put(jun, { status: "staggered" }, noDice);
    const medic = makeCombatant({ id: "medic" });
    expect(
      attemptRecovery({ patient: staggered, helper: medic, status: "staggered" }, noDice),
    ).toMatchObject({
      reason: "selfOnly",
    });
    expect(attemptRecovery({ patient: jun, status: "staggered" }, noDice)).toMatchObject({
      reason: "noSuchStatus",
    });
    const exposed = put(jun, { status: "vulnerable" }, noDice);
    expect(attemptRecovery({ patient: exposed, status: "vulnerable" }, noDice)).toMatchObject({
      reason: "noRecoveryCheck",
    });
    expect(removeStatus(exposed, "vulnerable").update?.removeStatuses).toEqual(["vulnerable"]);
    const tired = { ...staggered, energy: { value: 1, max: 6 } };
    expect(attemptRecovery({ patient: tired, status: "staggered" }, noDice)).toMatchObject({
      reason: "notEnoughEnergy",
    });
  });

  it("a technique can make Bleeding treatment automatic", () => {
    const bleeding = put(jun, { status: "bleeding" }, noDice);
    const out = attemptRecovery({ patient: bleeding, status: "bleeding", automatic: true }, noDice);
    expect(out).toMatchObject({ ok: true, value: { cured: true } });
  });

  it("an antidote cures poison for the Use Item cost", () => {
    const poisoned = put(jun, { status: "poisoned" }, noDice);
    const out = useAntidote(poisoned, poisoned);
    expect(out).toMatchObject({ ok: true, value: { energySpent: 1, cured: true } });
    expect(useAntidote(jun, jun)).toMatchObject({ reason: "noSuchStatus" });
  });

  it("a natural 1 is a critical failure whatever the bonus", () => {
    const skilled = { ...jun, skills: { medicine: 9 } };
    const check = rollCheck(skilled, { trait: "mind", skill: "medicine" }, 5, fixedDice([1]));
    expect(check).toMatchObject({
      ok: true,
      value: { total: 10, passed: false, criticalFailure: true },
    });
    expect(rollCheck(jun, { trait: "agility" }, 5, noDice)).toMatchObject({
      reason: "missingTrait",
    });
  });
});

describe("first aid", () => {
  it("TD 5 Medicine stops Bleeding and stabilizes the dying", () => {
    const patient = {
      ...put(jun, { status: "bleeding" }, noDice),
      id: "pat",
      life: "dying" as const,
    };
    // mind d8 rolls 4 + medicine 1 = 5.
    const out = firstAid(checked(jun), checked(patient), fixedDice([4]));
    expect(out).toMatchObject({
      ok: true,
      value: { success: true, patient: { life: "unconscious" } },
    });
    if (out.ok) expect(out.value.patient.statuses.bleeding).toBeUndefined();
    const miss = firstAid(checked(jun), checked(patient), fixedDice([3]));
    expect(miss).toMatchObject({ ok: true, value: { success: false, patient: { life: "dying" } } });
    expect(firstAid(checked(jun), checked({ ...jun, id: "fine" }), noDice)).toMatchObject({
      reason: "nothingToTreat",
    });
  });

  it("a disabled leg needs TD 10 Medicine, an arm TD 8", () => {
    const lame = { ...jun, id: "lame", disabledLimbs: { arms: true, legs: true } };
    const nine = treatLimb(jun, lame, "legs", fixedDice([8]));
    expect(nine.ok && [nine.value.check.total, nine.value.success]).toEqual([9, false]);
    const ten = treatLimb({ ...jun, skills: { medicine: 2 } }, lame, "legs", fixedDice([8]));
    expect(ten.ok && [ten.value.check.total, ten.value.success]).toEqual([10, true]);
    const healed = treatLimb(jun, lame, "arms", fixedDice([7]));
    expect(healed.ok && healed.value.patient.disabledLimbs).toEqual({ arms: false, legs: true });
  });
});
