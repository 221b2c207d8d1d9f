/**
 * `npm run demo [seed]`: plays the sample Worldlines fight with a seeded random source and prints
 * the round-by-round log. The same seed always prints the same log.
 */
import { seededRandom } from "../src/rules/core/random.ts";
import { runEncounter } from "../src/rules/worldlines/encounter.ts";
import { SAMPLE_TEAMS, sampleFighters } from "../src/rules/worldlines/sample.ts";

const seed = process.argv[2] ?? "1";
const result = runEncounter(
  { teams: SAMPLE_TEAMS, fighters: sampleFighters() },
  seededRandom(seed),
);
console.log(`Worldlines demo — seed "${seed}"`);
console.log(result.ok ? result.value.log.join("\n") : `refused: ${result.reason}`);
