/**
 * The encounter simulator's speed in the dice-pool game (part of `npm run bench`): fights of four
 * against four per second (dicepoolFourVsFour), wall-clock and CPU time with the machine's load,
 * and how close that is to the limit the dice alone set (raw dice drawn per second ÷ dice one
 * fight draws); then what the boundary guard costs one attack, which is why the fights play the
 * …Prechecked rules after checking each fighter once.
 */
import { loadavg } from "node:os";
import { seededRandom } from "../src/rules/core/random.ts";
import { resolveAttack, resolveAttackPrechecked } from "../src/rules/dicepool/attack.ts";
import type { AttackInput } from "../src/rules/dicepool/attack.ts";
import { DEFAULT_DICEPOOL_OPTIONS } from "../src/rules/dicepool/options.ts";
import { dicepoolFourVsFour, dicepoolSquad } from "../src/rules/sim/dicepool-fixtures.ts";
import { createSimulation } from "../src/rules/sim/simulate.ts";

const FIGHTS = 10_000;
/** Dice counted over this many fights (the same fights the timed run starts with). */
const COUNTED = 1_000;

function seconds(run: () => void): { wall: number; cpu: number } {
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  run();
  const used = process.cpuUsage(cpu0);
  return { wall: (performance.now() - start) / 1000, cpu: (used.user + used.system) / 1e6 };
}

function play(fights: number, seed: string, dice?: { roll(sides: number): number }): void {
  const sim = createSimulation(dicepoolFourVsFour(fights, seed), dice);
  if (!sim.ok) throw new Error(`simulation refused: ${sim.reason}`);
  sim.value.run(sim.value.total);
}

const rate = (count: number, s: number) => Math.round(count / s).toLocaleString("en");
const load = loadavg()
  .map((l) => l.toFixed(1))
  .join(" ");
console.log(
  `Encounter simulator, dice-pool game (4 against 4, ${FIGHTS.toLocaleString("en")} fights; load average ${load})`,
);
const sizes: number[] = [];
const counting = seededRandom("bench");
play(COUNTED, "bench", {
  roll(sides) {
    sizes.push(sides);
    return counting.roll(sides);
  },
});
play(200, "warm-up");
const fights = seconds(() => {
  play(FIGHTS, "bench");
});
let sink = 0;
const raw = seededRandom("bench");
const dice = seconds(() => {
  for (const sides of sizes) sink += raw.roll(sides);
});
const perFight = sizes.length / COUNTED;
const limit = sizes.length / dice.cpu / perFight;
console.log(
  `  dice-pool: ${rate(FIGHTS, fights.wall)} fights/s wall, ${rate(FIGHTS, fights.cpu)}/s CPU` +
    ` (${(fights.wall * 1000).toFixed(0)} ms wall, ${(fights.cpu * 1000).toFixed(0)} ms CPU)`,
);
console.log(
  `    dice: ${perFight.toFixed(1)} per fight; raw ${rate(sizes.length, dice.cpu)}/s CPU, so the` +
    ` dice alone allow ${rate(limit, 1)} fights/s: the fights run at` +
    ` ${((FIGHTS / fights.cpu / limit) * 100).toFixed(2)}% of that`,
);

const [shooter, , , brawler] = dicepoolSquad("blue", "Blue");
if (shooter === undefined || brawler === undefined) throw new Error("the squad has four fighters");
const input: AttackInput = {
  attacker: brawler.combatant,
  defender: shooter.combatant,
  weapon: brawler.weapon,
  intent: "damage",
  defense: "dodge",
};
const runs = 50_000;
const rng = seededRandom("guard");
const guarded = seconds(() => {
  for (let i = 0; i < runs; i++) sink += resolveAttack(input, rng).ok ? 1 : 0;
});
const bare = seconds(() => {
  for (let i = 0; i < runs; i++) {
    sink += resolveAttackPrechecked(input, rng, DEFAULT_DICEPOOL_OPTIONS).ok ? 1 : 0;
  }
});
const us = (s: number) => ((s / runs) * 1e6).toFixed(2);
console.log(`    one attack: ${us(guarded.cpu)} µs guarded, ${us(bare.cpu)} µs prechecked (CPU)`);
if (Number.isNaN(sink)) console.log("(unreachable)");
