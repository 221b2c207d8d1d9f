import { describe, expect, it } from "vitest";
import { fixedDice } from "../core/dice.ts";
import { rechargeChance, rechargeRoll, useAbility } from "./abilities.ts";
import type { FreelancersAbility } from "./model.ts";

const blast: FreelancersAbility = { id: "blast", name: "Blast", recharge: 5, charged: true };

describe("Freelancers recharge abilities", () => {
  it("using spends the charge; a spent ability cannot be used", () => {
    const used = useAbility(blast);
    expect(used).toEqual({ ok: true, value: { ...blast, charged: false } });
    expect(useAbility({ ...blast, charged: false })).toEqual({ ok: false, reason: "notCharged" });
  });

  it("recharges on a d10 showing the noted number or better", () => {
    const spent = { ...blast, charged: false };
    expect(rechargeRoll(spent, fixedDice([5]))).toMatchObject({
      ok: true,
      value: { ability: { charged: true }, roll: { face: 5, needed: 5, recharged: true } },
    });
    expect(rechargeRoll(spent, fixedDice([4]))).toMatchObject({
      value: { ability: { charged: false }, roll: { recharged: false } },
    });
    expect(rechargeRoll(blast, fixedDice([9]))).toEqual({ ok: false, reason: "noRecharge" });
    expect(rechargeRoll({ ...spent, recharge: null }, fixedDice([9]))).toEqual({
      ok: false,
      reason: "noRecharge",
    });
  });

  it("exact chance: 5+ on a d10 is 60%; refuses NaN", () => {
    expect(rechargeChance(5)).toEqual({ ok: true, value: 0.6 });
    expect(rechargeChance(11)).toEqual({ ok: true, value: 0 });
    expect(rechargeChance(Number.NaN)).toMatchObject({ ok: false, reason: "not-a-number" });
    expect(
      rechargeRoll({ ...blast, charged: false, recharge: Infinity }, fixedDice([9])),
    ).toMatchObject({
      ok: false,
      reason: "not-a-number",
    });
  });
});
