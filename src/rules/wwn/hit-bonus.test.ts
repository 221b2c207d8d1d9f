/**
 * A stat block's total hit bonus (issue 27): an NPC whose listed attack bonus is given hits with
 * exactly that, whatever its skills, class bonus and attributes; without one it hits as a PC does.
 * A bad bonus (NaN, infinite, huge, fractional) is refused by name and nothing is rolled.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixedDice } from "../core/index.ts";
import { sumModifiers } from "../core/modifier.ts";
import { hitModifiers } from "./attack.ts";
import { checkAndResolve, checkedInput } from "./checked.support.ts";
import { copyOf } from "./combatant.ts";
import { makeWwnCombatant, makeWwnWeapon } from "./factory.ts";
import { WWN_LIMITS } from "./limits.ts";
import type { WwnCombatant } from "./model.ts";
import { checkWwnCombatant } from "./valid.ts";

const spear = makeWwnWeapon({ id: "spear", damage: "1d6" });
const target = makeWwnCombatant({ id: "target", teamId: "party", ac: 15 });

function npc(hitBonus: number | null | undefined, over: Partial<WwnCombatant> = {}): WwnCombatant {
  return { ...makeWwnCombatant({ id: "orc", attackBonus: 1, ...over }), hitBonus };
}

const hitTotal = (attacker: WwnCombatant) =>
  sumModifiers(hitModifiers(checkedInput({ attacker, defender: target, weapon: spear })));

describe("a stat block's hit bonus", () => {
  it("replaces skill, class bonus and attribute on the hit roll", () => {
    const orc = npc(3, { skills: { stab: 2 }, attributes: { str: 2 } });
    expect(hitModifiers(checkedInput({ attacker: orc, defender: target, weapon: spear }))).toEqual([
      { source: "statBlock", value: 3 },
    ]);
    // d20 of 12 + 3 = 15 hits AC 15; the same NPC without a stat block bonus rolls 12 + 2 + 1 + 2.
    const hit = checkAndResolve(
      { attacker: orc, defender: target, weapon: spear },
      fixedDice([12, 4]),
    );
    expect(hit.ok && hit.value.hit.hit).toBe(true);
    const miss = checkAndResolve(
      { attacker: npc(2), defender: target, weapon: spear },
      fixedDice([12, 4]),
    );
    expect(miss.ok && miss.value.hit.hit).toBe(false);
  });

  it("is absent or null: the hit roll adds skill (or the unskilled penalty), class bonus and attribute", () => {
    expect(hitTotal(npc(null, { skills: { stab: 1 }, attributes: { str: 1 } }))).toBe(3);
    expect(hitTotal(npc(undefined))).toBe(-1); // unskilled −2, class +1
  });

  it("survives a copy a rule makes of the combatant", () => {
    expect(copyOf(npc(4)).hitBonus).toBe(4);
  });

  it("refuses a bonus no stat block has, by name", () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e12, 2.5]) {
      expect(checkWwnCombatant("attacker", npc(bad))?.detail).toMatchObject({
        field: "attacker.hitBonus",
      });
      const out = checkAndResolve(
        { attacker: npc(bad), defender: target, weapon: spear },
        fixedDice([20, 6]),
      );
      expect(out.ok).toBe(false);
    }
  });

  it("property: whatever the skills, class bonus and attributes, a given bonus is the whole hit bonus", () => {
    const modifier = fc.integer({ min: -WWN_LIMITS.bonus, max: WWN_LIMITS.bonus });
    fc.assert(
      fc.property(
        fc.integer({ min: -10, max: 10 }),
        fc.integer({ min: -1, max: 4 }),
        fc.integer({ min: -3, max: 3 }),
        modifier,
        (bonus, skill, attribute, attackBonus) => {
          const orc = npc(bonus, {
            skills: { stab: skill },
            attributes: { str: attribute },
            attackBonus,
          });
          expect(hitTotal(orc)).toBe(bonus);
        },
      ),
    );
  });

  it("property: any number, finite or not, is either refused or the whole bonus", () => {
    fc.assert(
      fc.property(fc.double(), (bonus) => {
        const bad = checkWwnCombatant("attacker", npc(bonus));
        if (bad === undefined) expect(hitTotal(npc(bonus)) === bonus).toBe(true);
        else expect(bad.detail).toMatchObject({ field: "attacker.hitBonus" });
      }),
    );
  });
});
