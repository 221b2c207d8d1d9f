import { describe, expect, it } from "vitest";
import { makeWwnCombatant } from "./factory.ts";
import * as health from "./health.ts";
import { wakeUp } from "./health.ts";
import type { Harm, WwnCombatant } from "./model.ts";
import { checkedWwnCombatant } from "./valid.ts";

/** Losing hit points after the actor's check (whose refusal comes back as is). */
function loseHp(actor: WwnCombatant, amount: number, harm: Harm) {
  const checked = checkedWwnCombatant("actor", actor);
  return checked.ok ? health.loseHp(checked.value, amount, harm) : checked;
}

const pc = makeWwnCombatant({ id: "pc", isPC: true, hp: { value: 6, max: 10 } });

describe("losing hit points", () => {
  it("takes the damage and leaves a player character dying at 0", () => {
    const hurt = loseHp(pc, 4, "lethal");
    expect(hurt).toMatchObject({ ok: true, value: { lost: 4, actor: { hp: { value: 2 } } } });
    const down = loseHp(pc, 9, "lethal");
    expect(down).toMatchObject({ ok: true, value: { lost: 6, downed: "dying" } });
  });

  it("refuses NaN or infinite damage by name and changes nothing", () => {
    for (const amount of [Number.NaN, Infinity, -Infinity]) {
      expect(loseHp(pc, amount, "lethal")).toMatchObject({
        ok: false,
        reason: "not-a-number",
        detail: { field: "amount" },
      });
    }
  });

  it("refuses negative damage instead of ignoring it", () => {
    expect(loseHp(pc, -3, "lethal")).toMatchObject({ ok: false, reason: "out-of-range" });
  });

  it("refuses hit points above their maximum", () => {
    const odd = { ...pc, hp: { value: 30, max: 5 } };
    expect(loseHp(odd, 1, "lethal")).toMatchObject({
      ok: false,
      reason: "out-of-range",
      detail: { field: "actor.hp.value" },
    });
  });
});

describe("waking up", () => {
  it("brings a knocked-out combatant back with at least 1 hit point", () => {
    const out = { ...pc, life: "unconscious" as const, hp: { value: 0, max: 10 }, downMinutes: 5 };
    expect(wakeUp(out)).toMatchObject({ ok: true, value: { life: "active", hp: { value: 1 } } });
  });

  it("refuses NaN minutes down by name", () => {
    const out = { ...pc, life: "unconscious" as const, hp: { value: 0, max: 10 } };
    expect(wakeUp({ ...out, downMinutes: Number.NaN })).toMatchObject({
      ok: false,
      reason: "not-a-number",
      detail: { field: "actor.downMinutes" },
    });
  });
});
