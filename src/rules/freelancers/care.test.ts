import { describe, expect, it } from "vitest";
import { fixedDice } from "../core/dice.ts";
import { aidAlly, giveCare } from "./care.ts";
import { makeFreelancer } from "./factory.ts";
import { withFreelancersOptions } from "./options.ts";

const doc = makeFreelancer({ id: "doc", attributes: { intellect: 6 }, skills: { medicine: 4 } });
const dying = makeFreelancer({
  id: "rook",
  health: { value: 0, max: 8 },
  life: "dying",
  deathFailures: 0,
});

describe("Help and Medicine on a dying ally", () => {
  it("Help stabilizes without a roll and spends the helper's Base-action", () => {
    const out = giveCare({ helper: doc, patient: dying, kind: "help" }, fixedDice([]));
    expect(out).toMatchObject({ ok: true, value: { stabilized: true, provokes: false } });
    if (!out.ok) return;
    expect(out.value.roll).toBeUndefined();
    expect(out.value.updates).toEqual([
      { actorId: "doc", changes: { "system.actions.base": 0 } },
      { actorId: "rook", changes: { "system.life": "stable" } },
    ]);
  });

  it("Medicine rolls Intellect + Medicine (10): 10 passes, 11 fails and leaves it dying", () => {
    const pass = giveCare({ helper: doc, patient: dying, kind: "medicine" }, fixedDice([10]));
    expect(pass).toMatchObject({
      ok: true,
      value: { stabilized: true, roll: { target: 10, passed: true }, provokes: true },
    });
    const fail = giveCare({ helper: doc, patient: dying, kind: "medicine" }, fixedDice([11]));
    expect(fail).toMatchObject({
      ok: true,
      value: { stabilized: false, patient: { life: "dying" } },
    });
    if (!fail.ok) return;
    // The action is spent even so; the patient is unchanged.
    expect(fail.value.updates).toEqual([{ actorId: "doc", changes: { "system.actions.base": 0 } }]);
  });

  it("refuses by name: a patient not dying, a stunned helper, no Base left, oneself", () => {
    const well = { ...dying, life: "active" as const, health: { value: 8, max: 8 } };
    expect(giveCare({ helper: doc, patient: well, kind: "help" }, fixedDice([]))).toMatchObject({
      reason: "notDying",
    });
    const stunned = { ...doc, counters: { stun: 1 } };
    expect(
      giveCare({ helper: stunned, patient: dying, kind: "help" }, fixedDice([])),
    ).toMatchObject({ reason: "stunned" });
    const spent = { ...doc, actions: { ...doc.actions, base: 0 } };
    expect(giveCare({ helper: spent, patient: dying, kind: "help" }, fixedDice([]))).toMatchObject({
      reason: "noBase",
    });
    expect(giveCare({ helper: dying, patient: dying, kind: "help" }, fixedDice([]))).toMatchObject({
      reason: "sameCombatant",
    });
  });
});

describe("Help on an ally's check", () => {
  it("spends the helper's Base and makes the ally's check favorable; never on oneself, never twice", () => {
    const helper = makeFreelancer({ id: "h", name: "Kara" });
    const aided = aidAlly(helper, { id: "a" });
    expect(aided).toMatchObject({ ok: true, value: { favorable: 1, actions: { base: 0 } } });
    if (!aided.ok) return;
    expect(aidAlly({ ...helper, actions: aided.value.actions }, { id: "a" })).toMatchObject({
      ok: false,
      reason: "noBase",
    });
    expect(aidAlly(helper, { id: "h" })).toMatchObject({ reason: "sameCombatant" });
    expect(
      aidAlly(helper, { id: "a" }, withFreelancersOptions({ helpFavorable: 2 })),
    ).toMatchObject({ value: { favorable: 2 } });
    expect(
      aidAlly(helper, { id: "a" }, withFreelancersOptions({ helpFavorable: Number.NaN })),
    ).toMatchObject({ ok: false });
  });
});
