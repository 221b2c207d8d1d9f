import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixedDice } from "../core/dice.ts";
import { resolveAttack } from "./attack.ts";
import { makeFreelancer, makeFreelancersWeapon } from "./factory.ts";
import { NO_SITUATIONAL, checkSituational, situationalSide } from "./situational.ts";

const caps = { modifier: 5, edge: 2 };
const ace = makeFreelancer({ id: "ace", attributes: { agility: 8 }, skills: { finesse: 3 } });
const rook = makeFreelancer({ id: "rook", attributes: { agility: 7 } });
const knife = makeFreelancersWeapon({ id: "knife", skill: "finesse", damage: "1d6" });

describe("Freelancers situational modifiers", () => {
  it("to the die moves the roll, to the attribute the target, favorables add a die kept low", () => {
    const side = situationalSide({ die: 2, attribute: -1, favorable: 1, unfavorable: 0 });
    // Two dice (one favorable): 9 and 6, the 6 kept; +2 to the die = 8; target 11 − 1 = 10.
    const out = resolveAttack(
      { attacker: ace, defender: rook, weapon: knife, situation: { attacker: side } },
      fixedDice([9, 6, 15, 4]),
    );
    expect(out).toMatchObject({
      ok: true,
      value: { attack: { faces: [9, 6], natural: 6, roll: 8, target: 10, passed: true } },
    });
    expect(situationalSide(NO_SITUATIONAL)).toEqual({
      dieModifiers: [],
      attributeModifiers: [],
      favorable: 0,
      unfavorable: 0,
    });
  });

  it("refuses numbers past the table's caps, or not whole, by name", () => {
    expect(checkSituational({ ...NO_SITUATIONAL, die: 5, favorable: 2 }, caps)).toBeUndefined();
    expect(checkSituational({ ...NO_SITUATIONAL, attribute: 6 }, caps)).toMatchObject({
      reason: "out-of-range",
      detail: { field: "situational.attribute" },
    });
    expect(checkSituational({ ...NO_SITUATIONAL, favorable: 3 }, caps)).toMatchObject({
      reason: "out-of-range",
    });
    expect(checkSituational({ ...NO_SITUATIONAL, die: 1.5 }, caps)).toMatchObject({
      reason: "not-whole",
    });
    expect(checkSituational(NO_SITUATIONAL, { modifier: Number.NaN, edge: 1 })).toMatchObject({
      ok: false,
    });
  });

  it("anything that passes the check makes modifiers the attack's own check accepts (property)", () => {
    const hostile = fc.constantFrom(Number.NaN, Infinity, -Infinity, 0.5, 1e12, -(2 ** 53));
    const n = fc.oneof(fc.integer({ min: -30, max: 30 }), hostile);
    fc.assert(
      fc.property(n, n, n, n, (die, attribute, favorable, unfavorable) => {
        const m = { die, attribute, favorable, unfavorable };
        const bad = checkSituational(m, caps);
        if (bad !== undefined) {
          expect(bad.ok).toBe(false);
          return;
        }
        const out = resolveAttack(
          {
            attacker: ace,
            defender: rook,
            weapon: knife,
            situation: { attacker: situationalSide(m) },
          },
          fixedDice([3, 3, 3, 3, 3, 3]),
        );
        expect(out.ok).toBe(true);
      }),
    );
  });
});
