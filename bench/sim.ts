/**
 * The encounter simulator's speed (part of `npm run bench`): fights of four against four per CPU
 * second in each ruleset's adapter, against the 20,000 every ruleset must reach (issue 23), and
 * how close that is to the limit the dice alone set (raw dice drawn per second ÷ dice one fight
 * draws).
 *
 * In Foundry the simulator runs in a dedicated Web Worker of one world, so of one ruleset: a fresh
 * JavaScript isolate where only that ruleset's simulator has run. bench/sim-run.ts therefore
 * measures each ruleset in a fresh process of its own; measured one after the other in one
 * process, the shared code (the runner, target picking, the dice) would carry the earlier
 * rulesets' shapes in V8's inline caches and the later ones would run slower than any worker runs
 * them.
 *
 * A figure has to be repeatable on a shared machine: each ruleset first runs WARM_UP_CPU seconds of
 * fights (so V8 has optimized the rules), then plays the same batch of BATCH fights (the same
 * seed, the same work) again and again for MEASURE_CPU seconds of CPU time. The best batch is the
 * figure (other processes only ever slow a batch down); the median is printed beside it, with the
 * load average, so a noisy run shows itself.
 */
import { loadavg } from "node:os";
import type { DiceSource } from "../src/rules/core/dice.ts";
import { seededRandom } from "../src/rules/core/random.ts";
import { createSimulation } from "../src/rules/sim/simulate.ts";
import type { SimRequest } from "../src/rules/sim/simulate.ts";
import { worldlinesFourVsFour, wwnFourVsFour } from "../src/rules/sim/fixtures.ts";
import { dicepoolFourVsFour, dicepoolSquad } from "../src/rules/sim/dicepool-fixtures.ts";
import { freelancersFourVsFour } from "../src/rules/sim/freelancers-fixtures.ts";
import { twodiceFourVsFour } from "../src/rules/sim/twodice-fixtures.ts";
import { WORLDLINES_TACTIC, checkWorldlinesFighters } from "../src/rules/sim/worldlines.ts";
import type { WorldlinesSimFighter } from "../src/rules/sim/worldlines.ts";
import { checkFreelancersFighters } from "../src/rules/sim/freelancers.ts";
import { dicepoolSimAdapter } from "../src/rules/sim/dicepool.ts";
import type { DicepoolSimFighter } from "../src/rules/sim/dicepool.ts";
import type { FreelancersSimFighter } from "../src/rules/sim/freelancers.ts";
import * as worldlines from "../src/rules/worldlines/attack.ts";
import * as freelancers from "../src/rules/freelancers/attack.ts";
import { DEFAULT_FREELANCERS_OPTIONS } from "../src/rules/freelancers/options.ts";
import * as dicepool from "../src/rules/dicepool/attack.ts";
import type { AttackInput as DicepoolAttackInput } from "../src/rules/dicepool/attack.ts";
import { DEFAULT_DICEPOOL_OPTIONS } from "../src/rules/dicepool/options.ts";

/** The bar every ruleset's simulator must reach (issue 23): 4 against 4, fights per CPU second. */
export const TARGET_PER_SECOND = 20_000;
/** Fights in one timed batch (about a tenth of a second at the target). */
const BATCH = 2000;
/** CPU seconds of fights before any is timed, so the figure is V8's optimized code. */
const WARM_UP_CPU = 0.6;
/** CPU seconds of timed batches per ruleset (at least MIN_BATCHES of them). */
const MEASURE_CPU = 2.5;
const MIN_BATCHES = 5;

/** Every ruleset the bench measures: its id (bench/sim-run.ts's argument), label and fixture. */
export const SIM_BENCHES: readonly {
  readonly id: string;
  readonly label: string;
  readonly request: (fights: number, seed: string) => SimRequest;
}[] = [
  { id: "worldlines", label: "Worldlines", request: worldlinesFourVsFour },
  { id: "wwn", label: "WWN", request: wwnFourVsFour },
  { id: "freelancers", label: "Freelancers", request: freelancersFourVsFour },
  { id: "dicepool", label: "dice pool", request: dicepoolFourVsFour },
  { id: "twodice", label: "two-dice", request: twodiceFourVsFour },
];

function cpuSeconds(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
}

interface Timing {
  wall: number;
  cpu: number;
}

function timeIt(run: () => void): Timing {
  const cpu0 = cpuSeconds();
  const start = performance.now();
  run();
  return { wall: (performance.now() - start) / 1000, cpu: cpuSeconds() - cpu0 };
}

function run(request: SimRequest, dice?: DiceSource): void {
  const sim = createSimulation(request, dice);
  if (!sim.ok) throw new Error(`simulation refused: ${sim.reason}`);
  sim.value.run(sim.value.total);
}

const rate = (count: number, seconds: number) => Math.round(count / seconds).toLocaleString("en");

export function simHeader(): string {
  return (
    `Encounter simulator (4 against 4; each ruleset in a fresh process, ${WARM_UP_CPU} s CPU of` +
    ` warm-up, then batches of ${BATCH.toLocaleString("en")} fights for ${MEASURE_CPU} s CPU;` +
    ` best batch, median beside it; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")})`
  );
}

/** Measures one ruleset's simulator (see the module comment) and prints its lines. */
export function benchRuleset(id: string): void {
  const bench = SIM_BENCHES.find((b) => b.id === id);
  if (bench === undefined) throw new Error(`no simulator bench for "${id}"`);
  const { label, request } = bench;

  const warmUntil = cpuSeconds() + WARM_UP_CPU;
  for (let k = 0; cpuSeconds() < warmUntil; k++) run(request(BATCH, `warm-up ${k}`));

  const batches: Timing[] = [];
  const measureUntil = cpuSeconds() + MEASURE_CPU;
  while (batches.length < MIN_BATCHES || cpuSeconds() < measureUntil) {
    batches.push(
      timeIt(() => {
        run(request(BATCH, "bench"));
      }),
    );
  }
  const cpu = batches.map((b) => b.cpu).sort((a, b) => a - b);
  const best = cpu[0] ?? Infinity;
  const median = cpu[Math.floor(cpu.length / 2)] ?? Infinity;
  const bestWall = Math.min(...batches.map((b) => b.wall));
  const perCpuSecond = BATCH / best;
  const verdict = perCpuSecond >= TARGET_PER_SECOND ? "reached" : "BELOW";
  console.log(
    `  ${label}: ${rate(BATCH, best)} fights/s CPU` +
      ` (target ${TARGET_PER_SECOND.toLocaleString("en")}: ${verdict});` +
      ` median ${rate(BATCH, median)}/s of ${batches.length} batches; best wall ${rate(BATCH, bestWall)}/s`,
  );

  // The dice the batch draws (counted after the timing, so the timed code saw only the seeded
  // source), and the same dice drawn raw.
  const sizes: number[] = [];
  const rng = seededRandom("bench");
  run(request(BATCH, "bench"), {
    roll(sides: number) {
      sizes.push(sides);
      return rng.roll(sides);
    },
  });
  const sides = Int32Array.from(sizes);
  let sink = 0;
  const raw = seededRandom("bench");
  let diceCpu = Infinity;
  for (let k = 0; k < 5; k++) {
    const t = timeIt(() => {
      for (let i = 0; i < sides.length; i++) sink += raw.roll(sides[i] ?? 6);
    });
    diceCpu = Math.min(diceCpu, t.cpu);
  }
  const perFight = sides.length / BATCH;
  const limit = sides.length / diceCpu / perFight;
  console.log(
    `    dice: ${perFight.toFixed(1)} per fight; raw ${rate(sides.length, diceCpu)}/s CPU,` +
      ` so the dice alone allow ${rate(limit, 1)} fights/s:` +
      ` the fights run at ${((perCpuSecond / limit) * 100).toFixed(1)}% of that`,
  );
  if (Number.isNaN(sink)) console.log("(unreachable)");
}

/**
 * What the boundary guard costs: each simulator checks a request's fighters once (the engine's
 * own checks), then plays its rules on what passed; a guarded attack checks both fighters, the
 * weapon, the situation and every face on each call.
 */
export function guardOverhead(): void {
  const runs = 100_000;
  let sink = 0;
  const us = (seconds: number, count: number) => ((seconds / count) * 1e6).toFixed(2);
  const line = (
    label: string,
    checkOnce: () => unknown,
    guarded: (dice: DiceSource) => boolean,
    bare: (dice: DiceSource) => boolean,
  ) => {
    const once = timeIt(() => {
      for (let i = 0; i < runs / 100; i++) sink += checkOnce() ? 1 : 0;
    });
    const dice = seededRandom("guard");
    const g = timeIt(() => {
      for (let i = 0; i < runs; i++) sink += guarded(dice) ? 1 : 0;
    });
    const b = timeIt(() => {
      for (let i = 0; i < runs; i++) sink += bare(dice) ? 1 : 0;
    });
    console.log(
      `  guard overhead, ${label}: checking a 4 against 4 request once ${us(once.cpu, runs / 100)} µs;` +
        ` a guarded attack ${us(g.cpu, runs)} µs, checked once ${us(b.cpu, runs)} µs` +
        ` (${((g.cpu / b.cpu - 1) * 100).toFixed(0)}% more per attack; CPU time)`,
    );
  };

  const wl = worldlinesFourVsFour(1, "guard").fighters as WorldlinesSimFighter[];
  const [a, b] = [wl[0], wl[4]];
  if (a === undefined || b === undefined) throw new Error("the fixture has eight fighters");
  const wlInput = { attacker: a.combatant, defender: b.combatant, weapon: a.weapon };
  const wlChecked = worldlines.checkAttackInput(wlInput);
  const defense = { evade: WORLDLINES_TACTIC.defend };
  line(
    "Worldlines",
    // A fresh list each time: a request's check is kept for its fighter list, and this times it.
    () => checkWorldlinesFighters([...wl]),
    (dice) => {
      const checked = worldlines.checkAttackInput(wlInput);
      return checked.ok && worldlines.resolveAttack(checked.value, dice, defense).ok;
    },
    (dice) => wlChecked.ok && worldlines.resolveAttack(wlChecked.value, dice, defense).ok,
  );

  const fl = freelancersFourVsFour(1, "guard").fighters as FreelancersSimFighter[];
  const [c, d] = [fl[0], fl[4]];
  if (c === undefined || d === undefined) throw new Error("the fixture has eight fighters");
  const flInput = {
    attacker: c.combatant,
    defender: d.combatant,
    weapon: c.weapon,
    situation: c.situation ?? {},
  };
  // The simulator checks and plans each pairing once, then rolls the plan (rollAttack).
  const flChecked = freelancers.checkAttackInput(flInput);
  const flPlan = freelancers.planAttack(flInput);
  if (!flChecked.ok || !flPlan.ok) throw new Error("the fixture's attack is refused");
  line(
    "Freelancers",
    () => checkFreelancersFighters([...fl]),
    (dice) => freelancers.resolveAttack(flInput, dice).ok,
    (dice) =>
      freelancers.rollAttack(flChecked.value, flPlan.value, dice, DEFAULT_FREELANCERS_OPTIONS).ok,
  );

  const dp = dicepoolFourVsFour(1, "guard").fighters as DicepoolSimFighter[];
  const [shooter, , , brawler] = dicepoolSquad("blue", "Blue");
  if (shooter === undefined || brawler === undefined) throw new Error("the squad has four");
  const dpInput: DicepoolAttackInput = {
    attacker: brawler.combatant,
    defender: shooter.combatant,
    weapon: brawler.weapon,
    intent: "damage",
    defense: "dodge",
  };
  // Checked once (the simulator's way), or checked on every attack (the shell's way).
  const dpChecked = dicepool.checkAttackInput(dpInput);
  if (!dpChecked.ok) throw new Error(`the dice-pool attack was refused: ${dpChecked.reason}`);
  line(
    "dice pool",
    () => dicepoolSimAdapter.validate(dp),
    (dice) => {
      const checked = dicepool.checkAttackInput(dpInput);
      return checked.ok && dicepool.resolveAttack(checked.value, dice).ok;
    },
    (dice) => dicepool.resolveAttack(dpChecked.value, dice, DEFAULT_DICEPOOL_OPTIONS).ok,
  );
  if (Number.isNaN(sink)) console.log("(unreachable)");
}
