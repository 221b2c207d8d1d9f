import { describe, expect, it } from "vitest";
import { entries, probabilityOf, total } from "../core/index.ts";
import type { DiceSource } from "../core/dice.ts";
import { checkAndResolve } from "./checked.support.ts";
import type { AttackInput, DefenseChoice } from "./attack.ts";
import { makeCombatant } from "./factory.ts";
import type { WorldlinesWeapon } from "./model.ts";
import { attackOdds } from "./odds.ts";

const pistol: WorldlinesWeapon = {
  id: "pistol",
  name: "Pistol",
  kind: "ranged",
  skill: "firearms",
  damage: "1d6+1",
};
const maya = makeCombatant({
  id: "maya",
  traits: { combat: 8, spirit: 6 },
  skills: { firearms: 2 },
});
const raider = makeCombatant({
  id: "raider",
  traits: { combat: 6, spirit: 6 },
  skills: { evasion: 1 },
  armor: { torso: 6 },
});

/**
 * Calls `play` once for every sequence of faces its dice can show (the dice it draws may depend on
 * the faces before: the sequences are walked like an odometer, the last die turning first).
 * `weight()` is the probability of the sequence just played (1 / the product of its dice's sides).
 */
function everyDicePath(play: (dice: DiceSource, weight: () => number) => void): void {
  const path: { sides: number; face: number }[] = [];
  for (;;) {
    let k = 0;
    const dice: DiceSource = {
      roll(sides: number) {
        const step = path[k];
        k++;
        if (step !== undefined) return step.face;
        path.push({ sides, face: 1 });
        return 1;
      },
    };
    play(dice, () => path.slice(0, k).reduce((p, step) => p / step.sides, 1));
    path.length = k;
    // Turn the odometer: the last die that can still go up does, the ones after it start over.
    while (
      path.length > 0 &&
      (path[path.length - 1]?.face ?? 0) >= (path[path.length - 1]?.sides ?? 0)
    )
      path.pop();
    const last = path[path.length - 1];
    if (last === undefined) return;
    last.face++;
  }
}

function odds(input: AttackInput, defense: DefenseChoice = {}) {
  const result = attackOdds(input, defense);
  if (!result.ok) throw new Error(result.reason);
  return result.value;
}

describe("exact attack odds", () => {
  it("without evasion: always hits, crits 1 in 8, and the damage follows 1d6+1 − d6 or 14 − d6", () => {
    const o = odds({ attacker: maya, defender: raider, weapon: pistol });
    expect(o.hit).toBeCloseTo(1, 12);
    expect(o.critical).toBeCloseTo(1 / 8, 12);
    // A critical deals 14 − d6: 13 only that way.
    expect(probabilityOf(o.damage, 13)).toBeCloseTo(1 / 48, 12);
    // Nothing gets through when 1d6+1 ≤ the armor d6: 15 of 36 pairs, on the 7 in 8 normal hits.
    expect(probabilityOf(o.damage, 0)).toBeCloseTo((7 / 8) * (15 / 36), 12);
    expect(total(o.damage)).toBeCloseTo(1, 12);
  });

  it("with evasion: d8+2 against d6+1, ties to the defender", () => {
    const o = odds({ attacker: maya, defender: raider, weapon: pistol }, { evade: true });
    // Non-critical naturals 1..7 give totals 3..9; the d6+1 (2..7) evades when ≥ the total.
    let expected = 1 / 8; // the critical
    for (let a = 1; a <= 7; a++) {
      let miss = 0;
      for (let e = 1; e <= 6; e++) if (e + 1 >= a + 2) miss++;
      expected += (1 / 8) * (1 - miss / 6);
    }
    expect(o.hit).toBeCloseTo(expected, 12);
    expect(o.evaded).toBeCloseTo(1 - expected, 12);
  });

  it("headshots: 1 in 20 of hits kill a minor target or triple the damage on an elite one", () => {
    const minor = { ...raider, rank: "minor" as const };
    const kill = odds({
      attacker: maya,
      defender: minor,
      weapon: pistol,
      situation: { zone: "head" },
    });
    expect(kill.headshotKill).toBeCloseTo(kill.hit / 20, 12);
    expect(probabilityOf(kill.damage, 20)).toBeCloseTo(1 / 20, 12);
    const elite = odds({
      attacker: maya,
      defender: raider,
      weapon: pistol,
      situation: { zone: "head" },
    });
    expect(elite.headshotKill).toBe(0);
    expect(elite.headshotTriple).toBeCloseTo(1 / 20, 12);
    // A tripled critical: 14 × 3 = 42, with no head armor.
    expect(probabilityOf(elite.damage, 42)).toBeCloseTo((1 / 8) * (1 / 20), 12);
  });

  it("matches resolveAttack played on every possible sequence of dice, weighted exactly", () => {
    const input: AttackInput = {
      attacker: { ...maya, headshotWiden: 1 },
      defender: {
        ...raider,
        rank: "minor",
        stance: "crouched",
        armor: { head: 4, torso: 6 },
        armorBonus: 1,
        health: { value: 15, max: 20 },
      },
      weapon: { ...pistol, damage: "2d4+1" },
      situation: { zone: "head", range: "pointBlank", cover: "half" },
    };
    const defense: DefenseChoice = {
      evade: true,
      extraEvasion: (view) => view.attackTotal - (view.evasionTotal ?? 0) <= 2,
    };
    const exact = odds(input, defense);
    // Not a sample: resolveAttack itself, once for every way its dice can fall (the limit a
    // Monte Carlo run only approaches), each way weighted by its exact probability. The
    // sums agree to rounding (9 digits), where a million-attack sample agreed to 0.5 %.
    let paths = 0;
    let weightSum = 0;
    let hits = 0;
    let crits = 0;
    let kills = 0;
    const damage = new Map<number, number>();
    everyDicePath((dice, weight) => {
      const result = checkAndResolve(input, dice, defense);
      if (!result.ok) throw new Error(result.reason);
      const out = result.value;
      paths++;
      weightSum += weight();
      if (out.hit) hits += weight();
      if (out.hit && out.attack.critical) crits += weight();
      if (out.killed) kills += weight();
      const dealt = out.killed ? input.defender.health.value : (out.damage?.dealt ?? 0);
      damage.set(dealt, (damage.get(dealt) ?? 0) + weight());
    });
    expect(paths).toBeGreaterThan(1000);
    expect(weightSum).toBeCloseTo(1, 9);
    expect(hits).toBeCloseTo(exact.hit, 9);
    expect(crits).toBeCloseTo(exact.critical, 9);
    expect(kills).toBeCloseTo(exact.headshotKill, 9);
    expect(exact.headshotKill).toBeGreaterThan(0);
    for (const [value, p] of entries(exact.damage)) {
      expect([value, damage.get(value) ?? 0]).toEqual([value, expect.closeTo(p, 9)]);
    }
    for (const value of damage.keys())
      expect(probabilityOf(exact.damage, value)).toBeGreaterThan(0);
  });

  it("everyDicePath visits each sequence of a small roll once, with its probability", () => {
    const seen = new Map<string, number>();
    everyDicePath((dice, weight) => {
      const first = dice.roll(2);
      // The second die depends on the first: a d3 after a 1, none after a 2.
      const faces = first === 1 ? [first, dice.roll(3)] : [first];
      seen.set(faces.join(","), weight());
    });
    expect(Object.fromEntries(seen)).toEqual({
      "1,1": 1 / 6,
      "1,2": 1 / 6,
      "1,3": 1 / 6,
      "2": 1 / 2,
    });
  });
});
