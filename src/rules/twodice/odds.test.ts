import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolveAttack } from "./attack.ts";
import type { AttackInput } from "./attack.ts";
import { entries, probabilityOf, total } from "../core/distribution.ts";
import { makeTwodiceCombatant, makeTwodiceWeapon } from "./factory.ts";
import { attackOdds, hitOdds } from "./odds.ts";

const ann = makeTwodiceCombatant({ id: "ann" });
const bo = makeTwodiceCombatant({ id: "bo" });

/** Every one of the 400 pairs read by resolveAttack, counted. */
function bruteForce(input: AttackInput) {
  let hit = 0;
  let bothHit = 0;
  let incapacitate = 0;
  const digits = new Map<number, number>();
  const damage = new Map<number, number>();
  for (let black = 1; black <= 20; black++) {
    for (let white = 1; white <= 20; white++) {
      const out = resolveAttack(input, { black, white });
      if (!out.ok) throw new Error(out.reason);
      const dealt = out.value.damage?.final ?? 0;
      damage.set(dealt, (damage.get(dealt) ?? 0) + 1 / 400);
      if (!out.value.hit) continue;
      hit += 1 / 400;
      if (out.value.bothHit) bothHit += 1 / 400;
      if (out.value.incapacitated) incapacitate += 1 / 400;
      const digit = out.value.damage?.digit ?? 0;
      digits.set(digit, (digits.get(digit) ?? 0) + 1 / 400);
    }
  }
  return { hit, bothHit, incapacitate, digits, damage };
}

function expectMatchesBruteForce(input: AttackInput) {
  const odds = attackOdds(input);
  if (!odds.ok) throw new Error(odds.reason);
  const brute = bruteForce(input);
  expect(odds.value.hit).toBeCloseTo(brute.hit, 12);
  expect(odds.value.bothHit).toBeCloseTo(brute.bothHit, 12);
  expect(odds.value.incapacitate).toBeCloseTo(brute.incapacitate, 12);
  for (const [digit, p] of brute.digits) {
    expect(probabilityOf(odds.value.digitOnHit, digit) * odds.value.hit).toBeCloseTo(p, 12);
  }
  expect(entries(odds.value.digitOnHit).every(([digit]) => brute.digits.has(digit))).toBe(true);
  for (const [dealt, p] of brute.damage) {
    expect(probabilityOf(odds.value.damage, dealt)).toBeCloseTo(p, 12);
  }
  expect(total(odds.value.damage)).toBeCloseTo(1, 12);
}

describe("exact attack odds", () => {
  it("match all 400 dice pairs for the book's examples", () => {
    const sword = makeTwodiceWeapon({ id: "sword", attack: 12, damage: 2 });
    expectMatchesBruteForce({
      attacker: ann,
      defender: { ...bo, unarmedDefense: 6 },
      weapon: sword,
    });
    expectMatchesBruteForce({
      attacker: ann,
      defender: { ...bo, unarmedDefense: 5 },
      weapon: { ...sword, attack: 15 },
    });
  });

  it("count hits, both-hits and digits exactly as the 400 pairs do, for every attack value and defense or step", () => {
    for (let value = -2; value <= 22; value++) {
      for (let defense = -1; defense <= 21; defense++) {
        let hit = 0;
        let both = 0;
        const digits = new Map<number, number>();
        for (let black = 1; black <= 20; black++) {
          for (let white = 1; white <= 20; white++) {
            const b = black <= value && black > defense;
            const w = white <= value && white > defense;
            if (!b && !w) continue;
            hit++;
            if (b && w) both++;
            const face = b && w ? black : b ? white : black;
            const digit = face % 10 === 0 ? 10 : face % 10;
            digits.set(digit, (digits.get(digit) ?? 0) + 1);
          }
        }
        const odds = hitOdds(value, defense);
        if (!odds.ok) throw new Error(odds.reason);
        expect(odds.value.hit).toBeCloseTo(hit / 400, 12);
        expect(odds.value.bothHit).toBeCloseTo(both / 400, 12);
        for (const [digit, count] of digits) {
          expect(probabilityOf(odds.value.digitOnHit, digit)).toBeCloseTo(count / hit, 12);
        }
        expect(total(odds.value.digitOnHit)).toBeCloseTo(hit === 0 ? 0 : 1, 12);
      }
    }
    expect(hitOdds(Number.NaN, 3)).toMatchObject({ ok: false, detail: { field: "value" } });
    expect(hitOdds(12, 1e300)).toMatchObject({ ok: false, reason: "out-of-range" });
  });

  it("are 1 − (1 − p)² to hit and p² for both dice, p being one die's chance", () => {
    const sword = makeTwodiceWeapon({ id: "sword", attack: 12 });
    const odds = attackOdds({
      attacker: ann,
      defender: { ...bo, unarmedDefense: 6 },
      weapon: sword,
    });
    // Faces 7 to 12 hit: p = 6/20.
    expect(odds.ok && odds.value.dieHit).toBeCloseTo(0.3, 12);
    expect(odds.ok && odds.value.hit).toBeCloseTo(1 - 0.7 * 0.7, 12);
    expect(odds.ok && odds.value.bothHit).toBeCloseTo(0.09, 12);
  });

  it("match all 400 pairs for any attack value, defense, range, armor, wounds and rolling with it", () => {
    const layer = fc.record({
      id: fc.constant("layer"),
      name: fc.constant("Layer"),
      coverage: fc.integer({ min: 1, max: 20 }),
      protection: fc.integer({ min: 0, max: 8 }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: -3, max: 24 }),
        fc.integer({ min: -3, max: 24 }),
        fc.integer({ min: -2, max: 12 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 1200 }),
        fc.array(layer, { maxLength: 3 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 25 }), { maxLength: 10 }),
        fc.integer({ min: 1, max: 20 }),
        fc.boolean(),
        (attack, unarmed, damage, ranged, distance, armor, marked, toughness, rollWithIt) => {
          const weapon = makeTwodiceWeapon({
            id: "w",
            kind: ranged ? "ranged" : "melee",
            attack,
            damage,
            range: 12,
          });
          const defender = {
            ...bo,
            unarmedDefense: unarmed,
            armor,
            traits: { toughness },
            wounds: { ...bo.wounds, marked: [...marked].sort((a, b) => a - b) },
          };
          expectMatchesBruteForce({
            attacker: ann,
            defender,
            weapon,
            situation: { distance, rollWithIt },
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it("never lower the hit chance for a higher attack value, nor raise it for a higher defense", () => {
    const hitChance = (attack: number, defense: number, distance: number | null) => {
      const odds = attackOdds({
        attacker: ann,
        defender: { ...bo, unarmedDefense: defense },
        weapon: makeTwodiceWeapon({
          id: "w",
          attack,
          kind: distance === null ? "melee" : "ranged",
          range: 12,
        }),
        situation: { distance: distance ?? 0 },
      });
      if (!odds.ok) throw new Error(odds.reason);
      return odds.value.hit;
    };
    const n = fc.integer({ min: -1000, max: 1000 });
    fc.assert(
      fc.property(
        n,
        n,
        fc.nat({ max: 1000 }),
        fc.nat({ max: 50 }),
        (attack, defense, distance, more) => {
          const melee = hitChance(attack, defense, null);
          expect(hitChance(Math.min(1000, attack + more), defense, null)).toBeGreaterThanOrEqual(
            melee,
          );
          expect(hitChance(attack, Math.min(1000, defense + more), null)).toBeLessThanOrEqual(
            melee,
          );
          const shot = hitChance(attack, defense, distance);
          expect(
            hitChance(Math.min(1000, attack + more), defense, distance),
          ).toBeGreaterThanOrEqual(shot);
          expect(hitChance(attack, defense, distance + more * 20)).toBeLessThanOrEqual(shot);
        },
      ),
    );
  });

  it("refuse NaN, infinities and huge values by name, and never hand back NaN", () => {
    const weird = fc.oneof(
      fc.double(),
      fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e308, -1e308, 2 ** 53),
      fc.integer({ min: -2000, max: 2000 }),
    );
    fc.assert(
      fc.property(weird, weird, weird, weird, (attack, damage, unarmed, distance) => {
        const odds = attackOdds({
          attacker: ann,
          defender: { ...bo, unarmedDefense: unarmed },
          weapon: makeTwodiceWeapon({ id: "w", attack, damage, kind: "ranged", range: 12 }),
          situation: { distance },
        });
        if (!odds.ok) {
          expect(["not-a-number", "not-whole", "out-of-range", "outOfReach"]).toContain(
            odds.reason,
          );
          return;
        }
        expect(Number.isFinite(odds.value.hit)).toBe(true);
        expect(Number.isFinite(odds.value.expectedDamage)).toBe(true);
        expect(total(odds.value.damage)).toBeCloseTo(1, 9);
      }),
    );
  });
});
