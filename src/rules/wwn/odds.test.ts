import { describe, expect, it } from "vitest";
import { fixedDice } from "../core/index.ts";
import { entries, probabilityOf, total } from "../core/distribution.ts";
import { FRESH_ACTIONS } from "./actions.ts";
import { checkAndResolve } from "./checked.support.ts";
import type { AttackInput } from "./attack.ts";
import { makeWwnCombatant, makeWwnWeapon } from "./factory.ts";
import { wwnAttackOdds } from "./odds.ts";

const sword = makeWwnWeapon({ id: "sword", damage: "1d8", shock: { damage: 2, ac: 15 } });
const hero = makeWwnCombatant({
  id: "hero",
  attackBonus: 1,
  attributes: { str: 1 },
  skills: { stab: 1 },
});
const bandit = makeWwnCombatant({ id: "bandit", ac: 13, hp: 30 });

function odds(input: AttackInput) {
  const result = wwnAttackOdds(input);
  if (!result.ok) throw new Error(result.reason);
  return result.value;
}

/** The exact distribution by running resolveAttack on every d20 face and every damage face. */
function enumerate(input: AttackInput, sides: number): Map<number, number> {
  const out = new Map<number, number>();
  for (let d20 = 1; d20 <= 20; d20++) {
    for (let face = 1; face <= sides; face++) {
      const result = checkAndResolve(input, fixedDice([d20, face]));
      if (!result.ok) throw new Error(result.reason);
      const p = (1 / 20) * (result.value.hit.hit ? 1 / sides : face === 1 ? 1 : 0);
      out.set(result.value.dealt, (out.get(result.value.dealt) ?? 0) + p);
    }
  }
  return out;
}

describe("WWN attack odds", () => {
  it("hit chance: d20 + 3 against AC 13 hits on 10 or more, 55%", () => {
    expect(odds({ attacker: hero, defender: bandit, weapon: sword }).hit).toBeCloseTo(0.55, 12);
  });

  it("a miss deals the Shock: 3 with 45%, and no hit deals less than 3", () => {
    const o = odds({ attacker: hero, defender: bandit, weapon: sword });
    expect(o.shockOnMiss).toBe(3);
    // d8 + 1 gives 3 on faces 1 (raised from 2) and 2: 2/8 of the hits.
    expect(probabilityOf(o.damage, 3)).toBeCloseTo(0.45 + 0.55 * (2 / 8), 12);
    expect(o.damage.min).toBe(3);
    expect(total(o.damage)).toBeCloseTo(1, 12);
  });

  it("agrees with resolveAttack face by face (plain, swarm, Total Defense, charge)", () => {
    const cases: AttackInput[] = [
      { attacker: hero, defender: bandit, weapon: sword },
      {
        attacker: hero,
        defender: { ...bandit, ac: 18 },
        weapon: sword,
        situation: { kind: { kind: "swarm", allies: 3 } },
      },
      {
        attacker: hero,
        defender: {
          ...bandit,
          actions: { ...FRESH_ACTIONS, totalDefense: true, shockProof: true },
        },
        weapon: sword,
        situation: { dualWielding: true },
      },
      {
        attacker: hero,
        defender: bandit,
        weapon: { ...sword, damage: "1d4" },
        situation: {
          kind: { kind: "charge", feet: 20 },
          damageBonuses: [{ source: "x", value: -3 }],
        },
      },
    ];
    for (const input of cases) {
      const sides = input.weapon.damage === "1d4" ? 4 : 8;
      const expected = enumerate(input, sides);
      const got = odds(input);
      for (const [value, p] of entries(got.damage)) {
        expect(p).toBeCloseTo(expected.get(value) ?? 0, 12);
      }
      expect(entries(got.damage).length).toBe([...expected.values()].filter((p) => p > 0).length);
    }
  });

  it("the chance to drop the target", () => {
    const frail = { ...bandit, hp: { value: 9, max: 9 } };
    // Only a hit rolling 8 on the d8 (+1 = 9) drops it.
    expect(odds({ attacker: hero, defender: frail, weapon: sword }).drop).toBeCloseTo(0.55 / 8, 12);
  });

  it("refuses what resolveAttack refuses", () => {
    expect(
      wwnAttackOdds({ attacker: hero, defender: bandit, weapon: { ...sword, readied: false } }),
    ).toEqual({ ok: false, reason: "notReadied" });
  });
});
