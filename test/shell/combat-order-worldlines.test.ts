/**
 * The order a worldlines combat settles uses each member's own actor: every die rolls its highest
 * face here, so the team values show what the actors brought.
 */
import { beforeAll, expect, it } from "vitest";
import { installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";

let fake: FakeFoundry;
let teamOrderValue: (team: CombatantGroup.Implementation) => number | null;
let whenIdle: () => Promise<void>;

beforeAll(async () => {
  fake = installFakeFoundry({ settings: { "fray.ruleset": "worldlines" }, random: () => 0.999 });
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  const state = await import("../../src/foundry/combat/state.ts");
  const actions = await import("../../src/foundry/combat/actions.ts");
  teamOrderValue = state.teamOrderValue;
  whenIdle = actions.whenIdle;
});

async function startedCombat(sources: Record<string, unknown>[]) {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const Combat = fake.CONFIG["Combat"]?.documentClass;
  if (!Actor || !Combat) throw new Error("no document classes");
  const actors = await Actor.createDocuments(sources);
  const combat = (await Combat.create({})) as unknown as Combat.Implementation | undefined;
  if (!combat) throw new Error("no combat");
  await combat.createEmbeddedDocuments(
    "Combatant",
    actors.map((actor) => ({ actorId: actor.id })),
  );
  await whenIdle();
  await combat.startCombat();
  await whenIdle();
  const value = (name: string) => {
    const team = combat.groups.contents.find((group) => group.name === name);
    return team === undefined ? undefined : teamOrderValue(team);
  };
  return value;
}

it("sums the two best rolls of each member's own Combat die into the team's momentum", async () => {
  const value = await startedCombat([
    {
      name: "Ash",
      type: "character",
      prototypeToken: { disposition: 1 },
      system: { traits: { combat: 10 } },
    },
    {
      name: "Bram",
      type: "character",
      prototypeToken: { disposition: 1 },
      system: { traits: { combat: 10 } },
    },
    {
      name: "Cole",
      type: "character",
      prototypeToken: { disposition: 1 },
      system: { traits: { combat: 6 } },
    },
    {
      name: "Vex",
      type: "npc",
      prototypeToken: { disposition: -1 },
      system: { traits: { combat: 8 } },
    },
  ]);
  expect(value("Friendly")).toBe(20); // d10 10 + d10 10; Cole's d6 6 is not among the best two
  expect(value("Hostile")).toBe(8); // one member: its own d8
});
