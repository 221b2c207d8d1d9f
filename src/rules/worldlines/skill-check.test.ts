/**
 * A skill check from the sheet: the stance's advantage on Stealth, a disabled leg's disadvantage
 * on Athletics, both cancelling, and bad input refused by name.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fixedDice, seededRandom } from "../core/index.ts";
import { makeCombatant } from "./factory.ts";
import { skillCheck, stanceAdvantageOn } from "./skill-check.ts";
import type { Stance } from "./model.ts";
import { withOptions } from "./options.ts";

const scout = (stance: Stance, legs = false) =>
  makeCombatant({
    id: "scout",
    traits: { combat: 8, spirit: 6, mind: 6 },
    skills: { stealth: 2, athletics: 1 },
    stance,
    disabledLimbs: { arms: false, legs },
  });

describe("a skill check", () => {
  it("rolls Stealth twice and keeps the higher when crouched or prone", () => {
    for (const stance of ["crouched", "prone"] as const) {
      expect(skillCheck(scout(stance), "stealth", 7, fixedDice([2, 6]))).toMatchObject({
        ok: true,
        value: { rolls: [2, 6], natural: 6, total: 8, advantage: true, passed: true },
      });
    }
    expect(skillCheck(scout("standing"), "stealth", 7, fixedDice([2, 6]))).toMatchObject({
      value: { rolls: [2], natural: 2, total: 4, advantage: false, passed: false },
    });
    expect(stanceAdvantageOn("prone", "stealth")).toBe(true);
    expect(stanceAdvantageOn("crouched", "athletics")).toBe(false);
  });

  it("rolls Athletics twice and keeps the lower with a disabled leg", () => {
    expect(skillCheck(scout("standing", true), "athletics", 5, fixedDice([7, 3]))).toMatchObject({
      value: { rolls: [7, 3], natural: 3, total: 4, disadvantage: true, passed: false },
    });
  });

  it("lets advantage and disadvantage cancel: one die", () => {
    const hobbledStealth = withOptions({ legDisadvantageSkills: ["athletics", "stealth"] });
    const prone = scout("prone", true);
    expect(skillCheck(prone, "stealth", null, fixedDice([5]), hobbledStealth)).toMatchObject({
      value: { rolls: [5], advantage: true, disadvantage: true },
    });
    // By default the leg hobbles Athletics only: prone Stealth keeps its advantage.
    expect(skillCheck(prone, "stealth", null, fixedDice([5, 2]))).toMatchObject({
      value: { rolls: [5, 2], natural: 5, disadvantage: false },
    });
  });

  it("reports an open check's total; a natural 1 still fails", () => {
    expect(skillCheck(scout("standing"), "athletics", null, fixedDice([1]))).toMatchObject({
      value: { td: null, total: 2, criticalFailure: true, passed: false },
    });
  });

  it("refuses an unknown skill, a missing trait and bad TDs by name", () => {
    expect(skillCheck(scout("standing"), "__proto__", 5, fixedDice([3]))).toMatchObject({
      ok: false,
    });
    expect(skillCheck(scout("standing"), "piloting", 5, fixedDice([3]))).toMatchObject({
      ok: false,
    });
    const noMind = makeCombatant({ id: "x", traits: { combat: 8, spirit: 6 } });
    expect(skillCheck(noMind, "medicine", 5, fixedDice([3]))).toMatchObject({
      reason: "missingTrait",
    });
    fc.assert(
      fc.property(fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e308, -1e308), (td) => {
        expect(skillCheck(scout("standing"), "stealth", td, fixedDice([3])).ok).toBe(false);
      }),
    );
  });

  it("keeps the kept face on its die and the total = face + skill (property)", () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.constantFrom<Stance>("standing", "crouched", "prone"),
        fc.boolean(),
        fc.constantFrom("stealth", "athletics"),
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        (seed, stance, legs, skill, td) => {
          const out = skillCheck(scout(stance, legs), skill, td, seededRandom(seed));
          if (!out.ok) throw new Error(out.reason);
          const { rolls, natural, total, advantage, disadvantage } = out.value;
          expect(rolls.length).toBe(advantage !== disadvantage ? 2 : 1);
          expect(rolls.every((r) => r >= 1 && r <= 8)).toBe(true);
          expect(natural).toBe(
            advantage && !disadvantage ? Math.max(...rolls) : Math.min(...rolls),
          );
          expect(total).toBe(natural + (skill === "stealth" ? 2 : 1));
          expect(out.value.passed).toBe(!out.value.criticalFailure && total >= td);
        },
      ),
      { numRuns: 300 },
    );
  });
});
