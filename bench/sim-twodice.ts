/**
 * The two-dice encounter simulator's speed (part of `npm run bench`, after bench/sim.ts): fights
 * of four against four per second, and how close that is to the limit the dice alone set (raw dice
 * drawn per second ÷ dice one fight draws). Wall-clock and CPU time, with the machine's load.
 */
import { loadavg } from "node:os";
import type { DiceSource } from "../src/rules/core/dice.ts";
import { seededRandom } from "../src/rules/core/random.ts";
import { createSimulation } from "../src/rules/sim/simulate.ts";
import { twodiceFourVsFour } from "../src/rules/sim/twodice-fixtures.ts";

const FIGHTS = 10_000;

/** Wall-clock and CPU seconds of `work`. */
function seconds(work: () => void): { wall: number; cpu: number } {
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  work();
  const used = process.cpuUsage(cpu0);
  return { wall: (performance.now() - start) / 1000, cpu: (used.user + used.system) / 1e6 };
}

function play(fights: number, seed: string, dice?: DiceSource): void {
  const sim = createSimulation(twodiceFourVsFour(fights, seed), dice);
  if (!sim.ok) throw new Error(`simulation refused: ${sim.reason}`);
  sim.value.run(sim.value.total);
}

const perSecond = (count: number, s: number) => Math.round(count / s).toLocaleString("en");

function benchTwodiceSimulator(): void {
  // The dice the fights draw, and their sizes, to draw the same ones raw.
  const sizes: number[] = [];
  const counted = seededRandom("bench");
  play(FIGHTS, "bench", {
    roll(sides: number) {
      sizes.push(sides);
      return counted.roll(sides);
    },
  });
  play(1000, "warm-up");
  const fights = seconds(() => {
    play(FIGHTS, "bench");
  });
  let sink = 0;
  const raw = seededRandom("bench");
  const dice = seconds(() => {
    for (const sides of sizes) sink += raw.roll(sides);
  });
  const perFight = sizes.length / FIGHTS;
  const limit = sizes.length / dice.cpu / perFight;
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
  console.log(
    `  two-dice (${FIGHTS.toLocaleString("en")} fights; load average ${load}): ` +
      `${perSecond(FIGHTS, fights.wall)} fights/s wall, ${perSecond(FIGHTS, fights.cpu)}/s CPU` +
      ` (${(fights.wall * 1000).toFixed(0)} ms wall, ${(fights.cpu * 1000).toFixed(0)} ms CPU)`,
  );
  console.log(
    `    dice: ${perFight.toFixed(1)} per fight; raw ${perSecond(sizes.length, dice.cpu)}/s CPU,` +
      ` so the dice alone allow ${perSecond(limit, 1)} fights/s:` +
      ` the fights run at ${((FIGHTS / fights.cpu / limit) * 100).toFixed(1)}% of that`,
  );
  if (Number.isNaN(sink)) console.log("(unreachable)");
}

benchTwodiceSimulator();
