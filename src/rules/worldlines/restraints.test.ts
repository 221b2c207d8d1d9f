/**
 * Restraints (issue 27): breaking free (Athletics, TD 10) or escaping (Escape Artist, TD 6, only
 * with the skill), each attempt an interaction priced as Use Item; bad input refused by name.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixedDice } from "../core/index.ts";
import { makeCombatant } from "./factory.ts";
import { escapeRestraints } from "./restraints.ts";

const captive = (skills: Record<string, number> = {}, legs = false) =>
  makeCombatant({
    id: "captive",
    traits: { combat: 8, spirit: 6, mind: 6 },
    skills: { athletics: 2, ...skills },
    energy: { value: 6, max: 6 },
    disabledLimbs: { arms: false, legs },
  });

describe("getting out of restraints", () => {
  it("breaks free on an Athletics total of 10, for 1 Energy; 9 stays bound", () => {
    expect(escapeRestraints(captive(), "breakFree", fixedDice([8]))).toMatchObject({
      ok: true,
      value: { freed: true, cost: 1, check: { skill: "athletics", total: 10, td: 10 } },
    });
    const missed = escapeRestraints(captive(), "breakFree", fixedDice([7]));
    expect(missed).toMatchObject({ ok: true, value: { freed: false, check: { total: 9 } } });
    expect(missed.ok && missed.value.update?.changes).toEqual({ "system.energy.value": 5 });
  });

  it("escapes on an Escape Artist total of 6, only with the skill", () => {
    expect(escapeRestraints(captive(), "escape", fixedDice([8]))).toMatchObject({
      ok: false,
      reason: "noEscapeSkill",
    });
    expect(escapeRestraints(captive({ escapeArtist: 1 }), "escape", fixedDice([5]))).toMatchObject({
      ok: true,
      value: { freed: true, check: { total: 6, td: 6 } },
    });
  });

  it("breaks free with disadvantage on a disabled leg: the lower die counts", () => {
    expect(escapeRestraints(captive({}, true), "breakFree", fixedDice([8, 2]))).toMatchObject({
      value: { freed: false, check: { rolls: [8, 2], natural: 2 } },
    });
  });

  it("refuses the unconscious, too little Energy and an unknown way, changing nothing", () => {
    const out = { ...captive(), life: "unconscious" as const };
    expect(escapeRestraints(out, "breakFree", fixedDice([8]))).toMatchObject({ ok: false });
    const spent = { ...captive(), energy: { value: 0, max: 6 } };
    expect(escapeRestraints(spent, "breakFree", fixedDice([8]))).toMatchObject({
      reason: "notEnoughEnergy",
    });
    expect(escapeRestraints(captive(), "pick" as "escape", fixedDice([8]))).toMatchObject({
      ok: false,
      detail: { field: "way" },
    });
  });

  it("refuses a hostile skill or Energy by name (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e308), (bad) => {
        const skilled = escapeRestraints(
          { ...captive(), skills: { athletics: bad } },
          "breakFree",
          fixedDice([8]),
        );
        expect(skilled.ok).toBe(false);
        const drained = escapeRestraints(
          { ...captive(), energy: { value: bad, max: 6 } },
          "breakFree",
          fixedDice([8]),
        );
        expect(drained.ok).toBe(false);
      }),
    );
  });
});
