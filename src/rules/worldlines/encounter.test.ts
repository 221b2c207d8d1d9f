import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { seededRandom } from "../core/index.ts";
import { runEncounter } from "./encounter.ts";
import { SAMPLE_TEAMS, sampleFighters } from "./sample.ts";

const play = (seed: number | string) => {
  const played = runEncounter(
    { teams: SAMPLE_TEAMS, fighters: sampleFighters() },
    seededRandom(seed),
  );
  if (!played.ok) throw new Error(`refused: ${played.reason}`);
  return played.value;
};

describe("headless encounter", () => {
  it("prints the same log for the same seed, and another for another seed", () => {
    expect(play(1).log).toEqual(play(1).log);
    expect(play(1).log).not.toEqual(play(2).log);
  });

  it("rolls momentum once, then runs the rounds in phase order", () => {
    const { log } = play(1);
    expect(log.filter((line) => line.startsWith("Momentum:"))).toHaveLength(1);
    const round1 = log.slice(log.indexOf("Round 1"), log.indexOf("Round 2"));
    const phases = round1.filter((l) =>
      /phase$|^ {2}Energy refresh|^ {2}Status resolution/.test(l),
    );
    expect(phases.map((l) => l.trim().split(":")[0])).toEqual([
      "Crew phase",
      "Raiders phase",
      "Energy refresh",
      "Status resolution",
    ]);
  });

  it("ends when one team has nobody standing", () => {
    const result = play(1);
    expect(result.winner).toBe("crew");
    const raiders = result.fighters.filter((f) => f.teamId === "raiders");
    expect(raiders.every((f) => f.life !== "active")).toBe(true);
  });

  it("keeps every fighter sane over whole fights", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const result = play(seed);
        const start = new Map(sampleFighters().map((f) => [f.combatant.id, f.combatant]));
        for (const f of result.fighters) {
          expect(Number.isFinite(f.health.value) && Number.isFinite(f.energy.value)).toBe(true);
          expect(f.energy.value).toBeGreaterThanOrEqual(0);
          expect(f.health.value).toBeGreaterThanOrEqual(0);
          expect(f.health.value).toBeLessThanOrEqual(start.get(f.id)?.health.value ?? -1);
        }
        expect(result.log.join("\n")).not.toMatch(/NaN|undefined/);
      }),
      { numRuns: 60 },
    );
  });
});
