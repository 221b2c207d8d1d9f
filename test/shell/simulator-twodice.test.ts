/**
 * The two-dice game in the encounter simulator, from the shell: a two-dice world's combat of two
 * teams becomes a simulator request through the ruleset's seam (`simFighter`), each fighter read
 * from its actor as it stands now, and the rules play that request to a report.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSimulation } from "../../src/rules/sim/simulate.ts";
import type { TwodiceSimFighter } from "../../src/rules/sim/twodice.ts";
import type * as Simulator from "../../src/foundry/simulator/index.ts";
import type * as Actions from "../../src/foundry/combat/actions.ts";
import type * as Settings from "../../src/foundry/settings.ts";
import { twodiceWorld } from "./twodice.support.ts";
import type { TwodiceWorld } from "./twodice.support.ts";

let world: TwodiceWorld;
let simulator: typeof Simulator;
let actions: typeof Actions;
let settings: typeof Settings;

beforeAll(async () => {
  world = await twodiceWorld();
  simulator = await import("../../src/foundry/simulator/index.ts");
  actions = await import("../../src/foundry/combat/actions.ts");
  settings = await import("../../src/foundry/settings.ts");
});

beforeEach(() => {
  world.reset();
});

const SWORD = {
  name: "Sword",
  type: "weapon",
  system: { kind: "melee", attack: 13, defense: 7, damage: 2 },
};
const SHOTGUN = {
  name: "Shotgun",
  type: "weapon",
  system: { kind: "ranged", attack: 13, defense: 8, damage: 4, range: 2, type: "C2" },
};
const VEST = { name: "Vest", type: "armor", system: { coverage: 12, protection: 3, worn: true } };

async function twoTeams() {
  const ash = await world.createActor({
    name: "Ash",
    type: "character",
    prototypeToken: { disposition: 1 },
    system: { traits: { toughness: 10 }, surpriseBonus: 2 },
    items: [SWORD, VEST],
  });
  const bram = await world.createActor({
    name: "Bram",
    type: "character",
    prototypeToken: { disposition: 1 },
    system: { traits: { toughness: 9 }, unarmedDefense: 4 },
  });
  const vex = await world.createActor({
    name: "Vex",
    type: "npc",
    prototypeToken: { disposition: -1 },
    system: { traits: { toughness: 10 } },
    items: [SHOTGUN],
  });
  const Combat = world.fake.CONFIG["Combat"]?.documentClass;
  if (!Combat) throw new Error("no combat class");
  const combat = (await Combat.create({})) as unknown as Combat.Implementation | undefined;
  if (!combat) throw new Error("no combat");
  await combat.createEmbeddedDocuments(
    "Combatant",
    [ash, bram, vex].map((actor) => ({ actorId: actor.id })),
  );
  await actions.whenIdle();
  return { combat, ash, vex };
}

const byName = (fighters: readonly unknown[], name: string) =>
  (fighters as TwodiceSimFighter[]).find((f) => f.combatant.name === name);

describe("the encounter simulator plays a two-dice combat", { timeout: 60_000 }, () => {
  it("reads each combatant from its actor as it stands, and the rules play it to a report", async () => {
    const { combat, vex } = await twoTeams();
    const ruleset = settings.activeRuleset();
    const before = simulator.simulationRequest(combat, ruleset, 300, "two-dice");
    expect(before.ruleset).toBe("twodice");
    expect(before.teams).toHaveLength(2);
    const ash = byName(before.fighters, "Ash");
    expect(ash?.weapon).toMatchObject({ name: "Sword", kind: "melee", attack: 13, defense: 7 });
    expect(ash?.combatant.armor).toMatchObject([{ name: "Vest", coverage: 12, protection: 3 }]);
    expect(ash?.surpriseBonus).toBe(2);
    // No weapon on the sheet: bare hands, defending with the actor's Unarmed Defense.
    expect(byName(before.fighters, "Bram")?.weapon).toMatchObject({ kind: "melee", defense: 4 });
    expect(byName(before.fighters, "Vex")?.weapon.type).toEqual({ kind: "capacity", rounds: 2 });
    expect(byName(before.fighters, "Vex")?.teamId).not.toBe(ash?.teamId);

    // Vex takes a wound of 8: the next request plays it wounded.
    await vex.update({ "system.wounds.marked": [8] } as never);
    const request = simulator.simulationRequest(combat, ruleset, 300, "two-dice");
    expect(byName(request.fighters, "Vex")?.combatant.wounds.marked).toEqual([8]);

    const created = createSimulation(request);
    if (!created.ok) throw new Error(`refused: ${created.reason}`);
    created.value.run(created.value.total);
    const report = created.value.report();
    expect(report.fights).toBe(300);
    expect(report.seed).toBe("two-dice");
    const vexEnd = report.fighters.find((f) => f.name === "Vex");
    expect(vexEnd?.resources).toEqual([
      { key: "toughnessLeft", start: 2, max: 10, mean: expect.any(Number) as number },
    ]);
    const wins = report.teams.map((t) => t.win.chance);
    expect(wins.reduce((a, b) => a + b, 0) + report.draw.chance + report.unresolved.chance).toBe(1);
    // Two against one wounded shooter: the friends win most fights.
    const friends = report.teams.find((t) => t.id === ash?.teamId);
    expect(friends?.win.chance).toBeGreaterThan(0.5);
  });
});
