/**
 * The encounter simulator's speed in Freelancers (part of `npm run bench`): fights of four against
 * four per second, how close that is to the limit the dice alone set (raw dice drawn per second ÷
 * dice one fight draws), and what the boundary guard would cost per attack (the simulator checks
 * its fighters once and plays the engine's …Prechecked rules). CPU time, with the machine's load.
 */
import { loadavg } from "node:os";
import type { DiceSource } from "../src/rules/core/dice.ts";
import { seededRandom } from "../src/rules/core/random.ts";
import { resolveAttack, resolveAttackPrechecked } from "../src/rules/freelancers/attack.ts";
import { DEFAULT_FREELANCERS_OPTIONS } from "../src/rules/freelancers/options.ts";
import { freelancersFourVsFour } from "../src/rules/sim/freelancers-fixtures.ts";
import { checkFreelancersFighters } from "../src/rules/sim/freelancers.ts";
import type { FreelancersSimFighter } from "../src/rules/sim/freelancers.ts";
import { createSimulation } from "../src/rules/sim/simulate.ts";

const FIGHTS = 10_000;

function cpuSeconds(run: () => void): { wall: number; cpu: number } {
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  run();
  const wall = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu0);
  return { wall, cpu: (used.user + used.system) / 1e6 };
}

function play(fights: number, seed: string, dice?: DiceSource): void {
  const sim = createSimulation(freelancersFourVsFour(fights, seed), dice);
  if (!sim.ok) throw new Error(`simulation refused: ${sim.reason}`);
  sim.value.run(sim.value.total);
}

const rate = (count: number, seconds: number) => Math.round(count / seconds).toLocaleString("en");
let sink = 0;

// Count the dice the fights draw (and their sizes, to draw the same ones raw).
const sizes: number[] = [];
const counted = seededRandom("bench");
play(FIGHTS, "bench", {
  roll(sides: number) {
    sizes.push(sides);
    return counted.roll(sides);
  },
});
const sides = Int32Array.from(sizes);
play(1000, "warm-up");
const fights = cpuSeconds(() => {
  play(FIGHTS, "bench");
});
const raw = seededRandom("bench");
const dice = cpuSeconds(() => {
  for (let i = 0; i < sides.length; i++) sink += raw.roll(sides[i] ?? 20);
});
const perFight = sides.length / FIGHTS;
const diceLimit = sides.length / dice.cpu / perFight;

const fighters = freelancersFourVsFour(1, "guard").fighters as FreelancersSimFighter[];
const [a, b] = [fighters[0], fighters[4]];
if (a === undefined || b === undefined) throw new Error("the fixture has eight fighters");
const input = {
  attacker: a.combatant,
  defender: b.combatant,
  weapon: a.weapon,
  situation: a.situation ?? {},
};
const runs = 200_000;
const once = cpuSeconds(() => {
  for (let i = 0; i < runs / 100; i++) sink += checkFreelancersFighters(fighters) ? 1 : 0;
});
const guardDice = seededRandom("guard");
const guarded = cpuSeconds(() => {
  for (let i = 0; i < runs; i++) sink += resolveAttack(input, guardDice).ok ? 1 : 0;
});
const bare = cpuSeconds(() => {
  for (let i = 0; i < runs; i++) {
    sink += resolveAttackPrechecked(input, guardDice, DEFAULT_FREELANCERS_OPTIONS).ok ? 1 : 0;
  }
});
const us = (seconds: number, count: number) => ((seconds / count) * 1e6).toFixed(2);

console.log(
  `Encounter simulator, Freelancers (4 against 4, ${FIGHTS.toLocaleString("en")} fights; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")})`,
);
console.log(
  `  ${rate(FIGHTS, fights.cpu)} fights/s CPU, ${rate(FIGHTS, fights.wall)}/s wall` +
    ` (${(fights.cpu * 1000).toFixed(0)} ms CPU, ${(fights.wall * 1000).toFixed(0)} ms wall)`,
);
console.log(
  `    dice: ${perFight.toFixed(1)} per fight; raw ${rate(sides.length, dice.cpu)}/s CPU,` +
    ` so the dice alone allow ${rate(diceLimit, 1)} fights/s:` +
    ` the fights run at ${((FIGHTS / fights.cpu / diceLimit) * 100).toFixed(1)}% of that`,
);
console.log(
  `  guard overhead: checking a 4 against 4 request once ${us(once.cpu, runs / 100)} µs;` +
    ` a guarded attack ${us(guarded.cpu, runs)} µs, prechecked ${us(bare.cpu, runs)} µs` +
    ` (${((guarded.cpu / bare.cpu - 1) * 100).toFixed(0)}% more per attack; CPU time)`,
);
if (Number.isNaN(sink)) console.log("(unreachable)");
