/**
 * The encounter simulator's speed (part of `npm run bench`): fights of four against four per
 * CPU second in each ruleset's adapter against the 20,000 every ruleset must reach, and how close
 * that is to the limit the dice alone set (raw dice drawn per second ÷ dice one fight draws). Both wall-clock and CPU time are printed, with
 * the machine's load: on a shared machine the wall clock also counts other people's work.
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

const FIGHTS = 10_000;
/** The bar every ruleset's simulator must reach (issue 23): 4 against 4, fights per CPU second. */
export const TARGET_PER_SECOND = 20_000;

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
    ["Freelancers", freelancersFourVsFour],
    ["dice pool", dicepoolFourVsFour],
    ["two-dice", twodiceFourVsFour],
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
    const perCpuSecond = FIGHTS / fights.cpu;
    const verdict = perCpuSecond >= TARGET_PER_SECOND ? "reached" : "below";
    console.log(
      `  ${label}: ${rate(FIGHTS, fights.cpu)} fights/s CPU` +
        ` (target ${TARGET_PER_SECOND.toLocaleString("en")}: ${verdict});` +
        ` ${rate(FIGHTS, fights.wall)}/s wall` +
        ` (${(fights.wall * 1000).toFixed(0)} ms wall, ${(fights.cpu * 1000).toFixed(0)} ms CPU)`,
    );
    console.log(
      `    dice: ${perFight.toFixed(1)} per fight; raw ${rate(sides.length, dice.cpu)}/s CPU,` +
        ` so the dice alone allow ${rate(limit(dice.cpu), 1)} fights/s:` +
        ` the fights run at ${((FIGHTS / fights.cpu / limit(dice.cpu)) * 100).toFixed(1)}% of that`,
    );
    if (Number.isNaN(sink)) console.log("(unreachable)");
  }
  guardOverhead();
}

/**
 * What the boundary guard costs: each simulator checks a request's fighters once (the engine's
 * own checks), then plays its rules on what passed; a guarded attack checks both fighters, the
 * weapon, the situation and every face on each call.
 */
function guardOverhead(): void {
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
        ` a guarded attack ${us(g.cpu, runs)} µs, prechecked ${us(b.cpu, runs)} µs` +
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
    () => checkWorldlinesFighters(wl),
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
    () => checkFreelancersFighters(fl),
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
