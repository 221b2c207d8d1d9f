/**
 * The encounter simulator's speed (part of `npm run bench`): fights of four against four per
 * second, in Worldlines and in WWN, and how close that is to the limit the dice alone set (raw
 * dice drawn per second ÷ dice one fight draws). Both wall-clock and CPU time are printed, with
 * the machine's load: on a shared machine the wall clock also counts other people's work.
 */
import { loadavg } from "node:os";
import type { DiceSource } from "../src/rules/core/dice.ts";
import { seededRandom } from "../src/rules/core/random.ts";
import { createSimulation } from "../src/rules/sim/simulate.ts";
import type { SimRequest } from "../src/rules/sim/simulate.ts";
import { worldlinesFourVsFour, wwnFourVsFour } from "../src/rules/sim/fixtures.ts";
import { WORLDLINES_TACTIC, checkWorldlinesFighters } from "../src/rules/sim/worldlines.ts";
import type { WorldlinesSimFighter } from "../src/rules/sim/worldlines.ts";
import { resolveAttack, resolveAttackPrechecked } from "../src/rules/worldlines/attack.ts";
import { DEFAULT_OPTIONS } from "../src/rules/worldlines/options.ts";

const FIGHTS = 10_000;
/** The bar: 10⁴ fights of 4 against 4 in Worldlines in at most 1 s on one core. */
const TARGET_PER_SECOND = 10_000;

interface Timing {
  wall: number;
  cpu: number;
}

function timeIt(run: () => void): Timing {
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  run();
  const wall = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu0);
  return { wall, cpu: (used.user + used.system) / 1e6 };
}

function run(request: SimRequest, dice?: DiceSource): void {
  const sim = createSimulation(request, dice);
  if (!sim.ok) throw new Error(`simulation refused: ${sim.reason}`);
  sim.value.run(sim.value.total);
}

const rate = (count: number, seconds: number) => Math.round(count / seconds).toLocaleString("en");

export function benchSimulator(): void {
  console.log(
    `Encounter simulator (4 against 4, ${FIGHTS.toLocaleString("en")} fights; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")})`,
  );
  for (const [label, make] of [
    ["Worldlines", worldlinesFourVsFour],
    ["WWN", wwnFourVsFour],
  ] as const) {
    // Count the dice the fights draw (and their sizes, to draw the same ones raw).
    const sizes: number[] = [];
    const rng = seededRandom("bench");
    run(make(FIGHTS, "bench"), {
      roll(sides: number) {
        sizes.push(sides);
        return rng.roll(sides);
      },
    });
    const sides = Int32Array.from(sizes);
    run(make(1000, "warm-up"));
    const fights = timeIt(() => {
      run(make(FIGHTS, "bench"));
    });
    let sink = 0;
    const raw = seededRandom("bench");
    const dice = timeIt(() => {
      for (let i = 0; i < sides.length; i++) sink += raw.roll(sides[i] ?? 6);
    });
    const perFight = sides.length / FIGHTS;
    const limit = (seconds: number) => sides.length / seconds / perFight;
    console.log(
      `  ${label}: ${rate(FIGHTS, fights.wall)} fights/s wall, ${rate(FIGHTS, fights.cpu)}/s CPU` +
        ` (${(fights.wall * 1000).toFixed(0)} ms wall, ${(fights.cpu * 1000).toFixed(0)} ms CPU)`,
    );
    console.log(
      `    dice: ${perFight.toFixed(1)} per fight; raw ${rate(sides.length, dice.cpu)}/s CPU,` +
        ` so the dice alone allow ${rate(limit(dice.cpu), 1)} fights/s:` +
        ` the fights run at ${((FIGHTS / fights.cpu / limit(dice.cpu)) * 100).toFixed(1)}% of that`,
    );
    if (label === "Worldlines") {
      console.log(
        `    target ${TARGET_PER_SECOND.toLocaleString("en")} fights/s: ` +
          `${((FIGHTS / fights.cpu / TARGET_PER_SECOND) * 100).toFixed(0)}% of it (CPU time)`,
      );
    }
    if (Number.isNaN(sink)) console.log("(unreachable)");
  }
  guardOverhead();
}

/**
 * What the boundary guard costs: the Worldlines simulator checks a request's fighters once (the
 * engine's own checks), then plays the …Prechecked rules; a guarded attack checks both fighters,
 * the weapon, the situation and every face on each call.
 */
function guardOverhead(): void {
  const fighters = worldlinesFourVsFour(1, "guard").fighters as WorldlinesSimFighter[];
  const [a, b] = [fighters[0], fighters[4]];
  if (a === undefined || b === undefined) throw new Error("the fixture has eight fighters");
  const input = { attacker: a.combatant, defender: b.combatant, weapon: a.weapon };
  const defense = { evade: WORLDLINES_TACTIC.defend };
  const runs = 200_000;
  let sink = 0;
  const once = timeIt(() => {
    for (let i = 0; i < runs / 100; i++) sink += checkWorldlinesFighters(fighters) ? 1 : 0;
  });
  const dice = seededRandom("guard");
  const guarded = timeIt(() => {
    for (let i = 0; i < runs; i++) sink += resolveAttack(input, dice, defense).ok ? 1 : 0;
  });
  const bare = timeIt(() => {
    for (let i = 0; i < runs; i++) {
      sink += resolveAttackPrechecked(input, dice, defense, DEFAULT_OPTIONS).ok ? 1 : 0;
    }
  });
  const us = (seconds: number, count: number) => ((seconds / count) * 1e6).toFixed(2);
  console.log(
    `  guard overhead: checking a 4 against 4 request once ${us(once.cpu, runs / 100)} µs;` +
      ` a guarded attack ${us(guarded.cpu, runs)} µs, prechecked ${us(bare.cpu, runs)} µs` +
      ` (${((guarded.cpu / bare.cpu - 1) * 100).toFixed(0)}% more per attack; CPU time)`,
  );
  if (Number.isNaN(sink)) console.log("(unreachable)");
}
