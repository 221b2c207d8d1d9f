import fc from "fast-check";
import { checkedAttack } from "./dicepool.support.ts";
import { describe, expect, it } from "vitest";
import { entries, probability, probabilityOf, total } from "../core/distribution.ts";
import { seededRandom } from "../core/random.ts";
import { resolveAttack } from "./attack.ts";
import type { AttackInput } from "./attack.ts";
import { makeDicepoolCombatant, makeDicepoolWeapon } from "./factory.ts";
import {
  attackOdds,
  chanceOfHits,
  hitsDistribution,
  netHitsDistribution,
  scoreDistribution,
} from "./odds.ts";
import { withDicepoolOptions } from "./options.ts";
import { countHits } from "./pool.ts";

function value<T>(r: { ok: true; value: T } | { ok: false; reason: string }): T {
  if (!r.ok) throw new Error(r.reason);
  return r.value;
}

/** Every face combination of `n` dice, counted by hits. */
function enumerateHits(n: number, sides: number, hitOn: number): Map<number, number> {
  const out = new Map<number, number>();
  const faces = new Array<number>(n).fill(1);
  const count = sides ** n;
  for (let i = 0; i < count; i++) {
    let rest = i;
    for (let d = 0; d < n; d++) {
      faces[d] = (rest % sides) + 1;
      rest = Math.floor(rest / sides);
    }
    const hits = value(countHits(faces, withDicepoolOptions({ dieSides: sides, hitOn })));
    out.set(hits, (out.get(hits) ?? 0) + 1 / count);
  }
  return out;
}

describe("exact odds of a pool", () => {
  it("two d6: no hit 1/4, one hit 1/2, two hits 1/4", () => {
    const d = value(hitsDistribution(2));
    expect(entries(d).map(([k, p]) => [k, +p.toFixed(12)])).toEqual([
      [0, 0.25],
      [1, 0.5],
      [2, 0.25],
    ]);
  });

  it("agrees with counting every face combination, for several die settings", () => {
    for (const [n, sides, hitOn] of [
      [4, 6, 4],
      [3, 6, 5],
      [3, 10, 7],
      [0, 6, 4],
    ] as const) {
      const exact = value(hitsDistribution(n, withDicepoolOptions({ dieSides: sides, hitOn })));
      for (const [hits, p] of enumerateHits(n, sides, hitOn)) {
        expect(probabilityOf(exact, hits)).toBeCloseTo(p, 12);
      }
      expect(total(exact)).toBeCloseTo(1, 12);
    }
  });

  it("static and flawless defenses are certain", () => {
    expect(value(scoreDistribution(5, "static"))).toEqual({ min: 3, probs: [1] });
    expect(value(scoreDistribution(5, "flawless"))).toEqual({ min: 5, probs: [1] });
  });

  it("a 100-die pool is exact and sums to 1; a billion dice is refused at once", () => {
    const d = value(hitsDistribution(100));
    expect(total(d)).toBeCloseTo(1, 10);
    expect(probabilityOf(d, 50)).toBeCloseTo(0.0795892373871788, 12);
    expect(hitsDistribution(101)).toMatchObject({ ok: false, reason: "pool-too-large" });
    expect(hitsDistribution(1e9)).toMatchObject({ ok: false, reason: "out-of-range" });
    expect(hitsDistribution(Number.NaN)).toMatchObject({ ok: false, reason: "not-a-number" });
    expect(hitsDistribution(Number.POSITIVE_INFINITY)).toMatchObject({
      ok: false,
      reason: "not-a-number",
    });
    expect(hitsDistribution(-1)).toMatchObject({ ok: false, reason: "out-of-range" });
  });

  it("property: more dice never lower the chance of scoring at least k hits", () => {
    fc.assert(
      fc.property(fc.nat(60), fc.nat(61), fc.integer({ min: 2, max: 6 }), (n, k, hitOn) => {
        const options = withDicepoolOptions({ hitOn });
        const fewer = value(chanceOfHits(n, k, options));
        const more = value(chanceOfHits(n + 1, k, options));
        expect(more).toBeGreaterThanOrEqual(fewer - 1e-12);
      }),
    );
  });

  it("property: NaN, ±Infinity, fractions and huge pools are refused, never computed", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e9, 101, -1),
          fc.double({ noNaN: true, min: 0, max: 100 }).filter((x) => !Number.isInteger(x)),
        ),
        (dice) => {
          expect(hitsDistribution(dice).ok).toBe(false);
          expect(netHitsDistribution(3, dice).ok).toBe(false);
          expect(netHitsDistribution(dice, 3).ok).toBe(false);
        },
      ),
    );
  });
});

describe("exact odds of a contested roll", () => {
  it("one die against one die: the attacker nets a hit 1/4 of the time", () => {
    const net = value(netHitsDistribution(1, 1));
    expect(probabilityOf(net, 1)).toBeCloseTo(0.25, 12);
    expect(probabilityOf(net, 0)).toBeCloseTo(0.5, 12);
    expect(probabilityOf(net, -1)).toBeCloseTo(0.25, 12);
  });

  it("agrees with a simulation of resolveAttack (40,000 attacks, seeded)", () => {
    const input: AttackInput = {
      attacker: makeDicepoolCombatant({ id: "a", physical: 3, skills: { closeCombat: 3 } }),
      defender: makeDicepoolCombatant({ id: "d", physical: 3, skills: { mobility: 1 } }),
      weapon: makeDicepoolWeapon({ id: "sword", damage: 1 }),
      intent: "damage",
      defense: "dodge",
    };
    const odds = value(attackOdds(checkedAttack(input)));
    const rng = seededRandom("odds");
    const runs = 40_000;
    const seen = new Map<number, number>();
    let hits = 0;
    for (let i = 0; i < runs; i++) {
      const outcome = value(resolveAttack(checkedAttack(input), rng));
      seen.set(outcome.net, (seen.get(outcome.net) ?? 0) + 1);
      if (outcome.hit) hits++;
    }
    // 4 σ of a proportion over 40,000 runs is at most 0.01.
    expect(Math.abs(hits / runs - odds.hit)).toBeLessThan(0.01);
    for (const [net, count] of seen) {
      expect(Math.abs(count / runs - probabilityOf(odds.net, net))).toBeLessThan(0.01);
    }
    // Damage on a hit is net hits + the weapon's 1.
    expect(probabilityOf(odds.effect, 2)).toBeCloseTo(probabilityOf(odds.net, 1), 12);
    expect(probabilityOf(odds.effect, 0)).toBeCloseTo(1 - odds.hit, 12);
  });

  it("static defense: 6 attack dice against a 5-die static defense (3) hit on 4+ hits", () => {
    const options = withDicepoolOptions({ staticDefense: true });
    const input: AttackInput = {
      attacker: makeDicepoolCombatant({ id: "a", physical: 3, skills: { rangedCombat: 3 } }),
      defender: makeDicepoolCombatant({ id: "d", physical: 3, skills: { mobility: 2 } }),
      weapon: makeDicepoolWeapon({ id: "rifle", kind: "ranged" }),
      intent: "damage",
      defense: "dodge",
    };
    const odds = value(attackOdds(checkedAttack(input), options));
    expect(odds.plan.defenseMode).toBe("static");
    expect(odds.hit).toBeCloseTo(value(chanceOfHits(6, 4)), 12);
    expect(odds.hit).toBeCloseTo(22 / 64, 12);
  });

  it("a grapple's effect is the points it puts in the pool; a miss puts none", () => {
    const input: AttackInput = {
      attacker: makeDicepoolCombatant({ id: "a", physical: 4, skills: { closeCombat: 4 } }),
      defender: makeDicepoolCombatant({ id: "d", physical: 2 }),
      weapon: makeDicepoolWeapon({ id: "hands", mods: { grappling: true } }),
      intent: "grapple",
      defense: "parry",
    };
    const odds = value(attackOdds(checkedAttack(input)));
    expect(probability(odds.effect, (v) => v > 0)).toBeCloseTo(odds.hit, 12);
    expect(odds.effect.min).toBe(0);
  });
});
