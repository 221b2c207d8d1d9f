/**
 * The two-dice game's part of `npm run bench`: the time for the exact odds of a roll (attack value
 * against defense) and of a whole attack (damage after armor too), and for reading the same attack
 * over all 400 dice pairs (what the odds replace).
 */
import { resolveAttack } from "../src/rules/twodice/attack.ts";
import type { AttackInput } from "../src/rules/twodice/attack.ts";
import { makeTwodiceCombatant, makeTwodiceWeapon } from "../src/rules/twodice/factory.ts";
import { attackOdds, hitOdds } from "../src/rules/twodice/odds.ts";

const input: AttackInput = {
  attacker: makeTwodiceCombatant({ id: "ann" }),
  defender: makeTwodiceCombatant({
    id: "bo",
    traits: { toughness: 9 },
    armor: [
      { id: "vest", name: "Vest", coverage: 14, protection: 4 },
      { id: "helmet", name: "Helmet", coverage: 3, protection: 2 },
    ],
    wounds: { marked: [4, 5, 9], bleedingStopped: false, medicalBonus: 0 },
  }),
  weapon: makeTwodiceWeapon({ id: "rifle", kind: "ranged", attack: 15, damage: 3, range: 7 }),
  situation: { distance: 60, cover: [-2], rollWithIt: true },
};

function microseconds(runs: number, run: () => number): { each: number; sink: number } {
  let sink = 0;
  const start = performance.now();
  for (let i = 0; i < runs; i++) sink += run();
  return { each: ((performance.now() - start) / runs) * 1000, sink };
}

/** The printed lines. */
export function twodiceBench(): string[] {
  const roll = microseconds(20000, () => {
    const r = hitOdds(12, 6);
    return r.ok ? r.value.hit : 0;
  });
  const odds = microseconds(5000, () => {
    const r = attackOdds(input);
    return r.ok ? r.value.hit : 0;
  });
  const brute = microseconds(500, () => {
    let total = 0;
    for (let black = 1; black <= 20; black++) {
      for (let white = 1; white <= 20; white++) {
        const r = resolveAttack(input, { black, white });
        total += r.ok ? (r.value.damage?.final ?? 0) : 0;
      }
    }
    return total;
  });
  return [
    "Two-dice exact odds",
    `  hit, both-hit and digit odds of attack 12 against defense 6: ${roll.each.toFixed(1)} µs each`,
    `  attack odds, rifle at 60 m through two armor layers, rolling with it: ${odds.each.toFixed(1)} µs each`,
    `  the same attack read over all 400 dice pairs: ${brute.each.toFixed(1)} µs each`,
  ];
}
