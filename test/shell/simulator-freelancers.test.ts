/**
 * The encounter simulator in a Freelancers world: the request reads the combat's actors as they
 * stand through the Freelancers adapter (health, counters, the weapon and its integrity, or
 * fists), and the rules play it to a report.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { GM } from "../fake-foundry/index.ts";
import { bootWorld } from "./boot.support.ts";
import { createSimulation } from "../../src/rules/sim/simulate.ts";
import type { FreelancersSimFighter } from "../../src/rules/sim/freelancers.ts";
import { combatOf as combatOfActors } from "./combat-order.support.ts";
import type * as Simulator from "../../src/foundry/simulator/index.ts";
import type * as Settings from "../../src/foundry/settings.ts";

let fake: FakeFoundry;
let simulator: typeof Simulator;
let settings: typeof Settings;

beforeAll(async () => {
  // The simulator rolls with its own seeded dice; no Foundry die is rolled here.
  fake = await bootWorld("freelancers", () => {
    throw new Error("no Foundry die should be rolled");
  });
  simulator = await import("../../src/foundry/simulator/index.ts");
  settings = await import("../../src/foundry/settings.ts");
  fake.setUser(GM.id);
});

const combatOf = (sources: Record<string, unknown>[]) => combatOfActors(fake, sources);

const knife = {
  name: "Knife",
  type: "weapon",
  system: {
    skill: "finesse",
    attribute: "agility",
    damage: "1d6+3",
    reach: 1,
    integrity: { value: 2, max: 3 },
  },
};

function fighter(
  name: string,
  disposition: number,
  system: Record<string, unknown>,
  items: Record<string, unknown>[] = [knife],
) {
  return {
    name,
    type: "character",
    prototypeToken: { disposition },
    system: { attributes: { agility: 9, fortitude: 9 }, skills: { finesse: 5 }, ...system },
    items,
  };
}

describe("simulating a Freelancers combat", { timeout: 60_000 }, () => {
  it("reads the actors as they stand and plays them with the Freelancers rules", async () => {
    const combat = await combatOf([
      fighter("Ash", 1, { health: { value: 12, max: 12 } }),
      fighter("Bram", 1, { health: { value: 12, max: 12 } }, []),
      fighter("Vex", -1, { health: { value: 3, max: 12 }, counters: { stun: 1 } }),
    ]);
    const request = simulator.simulationRequest(combat, settings.activeRuleset(), 300, "fl");
    expect(request.ruleset).toBe("freelancers");
    expect(request.teams).toHaveLength(2);
    const byName = (name: string) =>
      (request.fighters as FreelancersSimFighter[]).find((f) => f.combatant.name === name);
    const ash = byName("Ash");
    const bram = byName("Bram");
    const vex = byName("Vex");
    // The wounded, stunned actor as it stands; its team is its combat group.
    expect(vex?.combatant).toMatchObject({
      health: { value: 3, max: 12 },
      counters: { stun: 1 },
      life: "active",
    });
    expect(vex?.teamId).not.toBe(ash?.teamId);
    expect(request.teams.map((t) => t.id).sort()).toEqual(
      [ash?.teamId ?? "", vex?.teamId ?? ""].sort(),
    );
    // The knife as it stands (a point of integrity lost); no weapon item: fists.
    expect(ash?.weapon).toMatchObject({ name: "Knife", damage: "1d6+3", integrity: { value: 2 } });
    expect(bram?.weapon).toMatchObject({ id: "fists", damage: "1d4" });

    const created = createSimulation(request);
    if (!created.ok) throw new Error(`refused: ${created.reason}`);
    created.value.run(created.value.total);
    const report = created.value.report();
    expect(report).toMatchObject({ ruleset: "freelancers", fights: 300, seed: "fl" });
    const vexEnd = report.fighters.find((f) => f.name === "Vex");
    expect(vexEnd?.resources).toEqual([
      expect.objectContaining({ key: "health", start: 3, max: 12 }),
      expect.objectContaining({ key: "integrity", start: 2, max: 3 }),
    ]);
    // Two fresh fighters against a stunned one at 3 health: the pair wins nearly always.
    const friends = report.teams.find((t) => t.id === ash?.teamId);
    expect(friends?.win.chance).toBeGreaterThan(0.9);
  });

  it("plays a Dying actor as down from the start, and its teammate Helps it before it can die", async () => {
    const combat = await combatOf([
      fighter("Gale", 1, { health: { value: 0, max: 12 }, life: "dying" }),
      fighter("Hal", 1, {}),
      fighter("Ivo", -1, {}),
    ]);
    const request = simulator.simulationRequest(combat, settings.activeRuleset(), 200, "dying");
    const created = createSimulation(request);
    if (!created.ok) throw new Error(`refused: ${created.reason}`);
    created.value.run(created.value.total);
    const gale = created.value.report().fighters.find((f) => f.name === "Gale");
    expect(gale?.standing.count).toBe(0);
    // Hal keeps his Base-action for her (the default tactic): stable before the first Upkeep.
    expect(gale?.dead.count).toBe(0);
    expect(gale?.down.count).toBe(200);
  });
});
