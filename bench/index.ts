/**
 * `npm run bench`: how fast the Worldlines engine is.
 * - attacks resolved per second, against drawing the same number of raw dice from the same seeded
 *   source (the ratio is the engine's overhead over the dice themselves);
 * - the time for one exact odds computation;
 * - the dice-pool game's exact odds: hits of a pool, net hits of a contested roll, an attack.
 * Freelancers' figures come from bench/freelancers.ts, imported here.
 * - the two-dice game's exact odds (bench/twodice.ts).
 * - the worst case of every ruleset's exact odds: the largest input each accepts, against 50 ms
 *   (bench/worst.ts).
 * - the encounter simulator's fights per second per ruleset, against 20,000 (bench/sim.ts).
 * - a 30-space path priced and labelled for the ruler, per ruleset (bench/movement.ts).
 * - one attack's scene situation and a blast's victims on a busy scene (bench/scene.ts).
 * - a ruler waypoint label with odds on that scene (bench/ruler-odds.ts).
 */
import "./freelancers.ts";
import type { DiceSource } from "../src/rules/core/dice.ts";
import { seededRandom } from "../src/rules/core/random.ts";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { checkAttackInput, resolveAttack } from "../src/rules/worldlines/attack.ts";
import type { AttackInput, DefenseChoice } from "../src/rules/worldlines/attack.ts";
import { makeCombatant } from "../src/rules/worldlines/factory.ts";
import { attackOdds } from "../src/rules/worldlines/odds.ts";
import {
  attackOdds as dicepoolAttackOdds,
  checkAttackInput as checkDicepoolAttack,
  hitsDistribution,
  makeDicepoolCombatant,
  makeDicepoolWeapon,
  netHitsDistribution,
} from "../src/rules/dicepool/index.ts";
import { twodiceBench } from "./twodice.ts";
import { worstCaseOdds } from "./worst.ts";
import { movementBench } from "./movement.ts";
import { sceneBench } from "./scene.ts";
import { rulerOddsBench } from "./ruler-odds.ts";

const input: AttackInput = {
  attacker: makeCombatant({ id: "maya", skills: { firearms: 2 } }),
  defender: makeCombatant({
    id: "rook",
    traits: { combat: 6, spirit: 6 },
    skills: { evasion: 1 },
    armor: { head: 4, torso: 6, arms: 4 },
  }),
  weapon: { id: "pistol", name: "Pistol", kind: "ranged", skill: "firearms", damage: "1d6+1" },
  situation: { zone: "torso", range: "short" },
};
const defense: DefenseChoice = { evade: true, extraEvasion: true };
const ATTACKS = 1_000_000;
// Checked once, then resolved as checked input (as the shell and the simulator do).
const checkedInput = checkAttackInput(input);
if (!checkedInput.ok) throw new Error(`the bench's attack was refused: ${checkedInput.reason}`);

function timeIt(run: () => void): number {
  const start = performance.now();
  run();
  return (performance.now() - start) / 1000;
}

// Count the dice an attack run draws (and the die sizes, to draw the same ones raw).
const sizes: number[] = [];
const counting: DiceSource = (() => {
  const rng = seededRandom("bench");
  return {
    roll(sides: number) {
      sizes.push(sides);
      return rng.roll(sides);
    },
  };
})();
for (let i = 0; i < ATTACKS; i++) resolveAttack(checkedInput.value, counting, defense);
const diceCount = sizes.length;
const sides = Int32Array.from(sizes);
sizes.length = 0;

let sink = 0;
const attackRng = seededRandom("bench");
const attackSeconds = timeIt(() => {
  for (let i = 0; i < ATTACKS; i++) {
    const r = resolveAttack(checkedInput.value, attackRng, defense);
    if (r.ok) sink += r.value.healthLost;
  }
});
const diceRng = seededRandom("bench");
const diceSeconds = timeIt(() => {
  for (let i = 0; i < diceCount; i++) sink += diceRng.roll(sides[i] ?? 6);
});

const oddsInputs: [string, AttackInput, DefenseChoice][] = [
  ["pistol, torso, evade + extra evasion", input, defense],
  [
    "3d6+2 rifle, head shot on a minor, disabled leg",
    {
      ...input,
      defender: { ...input.defender, rank: "minor", disabledLimbs: { arms: false, legs: true } },
      weapon: { ...input.weapon, damage: "3d6+2" },
      situation: { zone: "head", range: "long" },
    },
    defense,
  ],
];
const oddsLines = oddsInputs.map(([label, oddsInput, oddsDefense]) => {
  const runs = 2000;
  const seconds = timeIt(() => {
    for (let i = 0; i < runs; i++) {
      const r = attackOdds(oddsInput, oddsDefense);
      if (r.ok) sink += r.value.hit;
    }
  });
  return `  exact odds (${label}): ${((seconds / runs) * 1e6).toFixed(1)} µs each`;
});

const attacksPerSecond = ATTACKS / attackSeconds;
const dicePerSecond = diceCount / diceSeconds;
console.log("Worldlines rules engine");
console.log(
  `  attacks resolved: ${Math.round(attacksPerSecond).toLocaleString("en")}/s (${ATTACKS.toLocaleString("en")} attacks, ${diceCount.toLocaleString("en")} dice)`,
);
console.log(
  `  raw dice drawn:   ${Math.round(dicePerSecond).toLocaleString("en")}/s (the same ${diceCount.toLocaleString("en")} dice)`,
);
console.log(
  `  ratio: resolving the attacks takes ${(attackSeconds / diceSeconds).toFixed(1)}× as long as drawing their dice`,
);
console.log(oddsLines.join("\n"));

const dicepoolOdds: [string, () => number][] = [
  ["hits of a 12-die pool", () => (hitsDistribution(12).ok ? 1 : 0)],
  ["hits of a 100-die pool (the default cap)", () => (hitsDistribution(100).ok ? 1 : 0)],
  ["net hits, 12 dice against 12", () => (netHitsDistribution(12, 12).ok ? 1 : 0)],
  ["net hits, 100 dice against 100", () => (netHitsDistribution(100, 100).ok ? 1 : 0)],
  [
    "attack odds, close attack against a Dodge in light cover",
    () => {
      const input = checkDicepoolAttack({
        attacker: makeDicepoolCombatant({ id: "a", physical: 4, skills: { closeCombat: 3 } }),
        defender: makeDicepoolCombatant({ id: "d", physical: 3, skills: { mobility: 2 } }),
        weapon: makeDicepoolWeapon({ id: "sword", damage: 1 }),
        intent: "damage",
        defense: "dodge",
        situation: { cover: "light" },
      });
      const r = input.ok ? dicepoolAttackOdds(input.value) : input;
      return r.ok ? r.value.hit : 0;
    },
  ],
];
console.log("Dice-pool exact odds");
for (const [label, run] of dicepoolOdds) {
  const runs = 2000;
  const seconds = timeIt(() => {
    for (let i = 0; i < runs; i++) sink += run();
  });
  console.log(`  ${label}: ${((seconds / runs) * 1e6).toFixed(1)} µs each`);
}
console.log(twodiceBench().join("\n"));
console.log(worstCaseOdds().join("\n"));
console.log(movementBench().join("\n"));
console.log(sceneBench().join("\n"));
console.log(rulerOddsBench().join("\n"));
if (Number.isNaN(sink)) console.log("(unreachable)");
await import("./tracker.ts");

// The simulator runs in a Web Worker in Foundry: a fresh isolate. Measure it in a fresh process
// too (bench/sim-run.ts says why).
const tsx = createRequire(import.meta.url).resolve("tsx/cli");
const simBench = spawnSync(
  process.execPath,
  [tsx, new URL("./sim-run.ts", import.meta.url).pathname],
  {
    stdio: "inherit",
  },
);
if (simBench.status !== 0)
  throw new Error(`the simulator bench failed (${String(simBench.status)})`);
