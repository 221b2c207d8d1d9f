/**
 * WWN surprise at the table: before a WWN combat starts, the GM's tracker offers a "surprises
 * the others" start for every team, and starting that way gives that side the whole first round.
 */
import { beforeAll, expect, it } from "vitest";
import { installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";

let fake: FakeFoundry;
let shell: {
  trackerContext: typeof import("../../src/foundry/combat/tracker.ts").trackerContext;
  startFrayCombat: typeof import("../../src/foundry/combat/actions.ts").startFrayCombat;
  whenIdle: () => Promise<void>;
  turnStateOf: typeof import("../../src/foundry/combat/state.ts").turnStateOf;
};

beforeAll(async () => {
  fake = installFakeFoundry({ settings: { "fray.ruleset": "wwn" } });
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  const tracker = await import("../../src/foundry/combat/tracker.ts");
  const actions = await import("../../src/foundry/combat/actions.ts");
  const state = await import("../../src/foundry/combat/state.ts");
  shell = {
    trackerContext: tracker.trackerContext,
    startFrayCombat: actions.startFrayCombat,
    whenIdle: actions.whenIdle,
    turnStateOf: state.turnStateOf,
  };
});

it("offers the GM a surprise start per team, and the surprising side plays round 1 alone", async () => {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const Combat = fake.CONFIG["Combat"]?.documentClass;
  if (!Actor || !Combat) throw new Error("no document classes");
  const actors = await Actor.createDocuments([
    { name: "Kara", type: "character", prototypeToken: { disposition: 1 } },
    { name: "Bandit", type: "npc", prototypeToken: { disposition: -1 } },
  ]);
  const combat = (await Combat.create({})) as unknown as Combat.Implementation | undefined;
  if (!combat) throw new Error("no combat");
  await combat.createEmbeddedDocuments(
    "Combatant",
    actors.map((actor) => ({ actorId: actor.id })),
  );
  await shell.whenIdle();

  const context = shell.trackerContext(combat, fake.game.user as unknown as User.Implementation);
  const surprises = context.setup.filter((button) => button.choice === "surprise");
  expect(surprises.map((button) => button.teamName).sort()).toEqual(["Friendly", "Hostile"]);

  const bandits = surprises.find((button) => button.teamName === "Hostile");
  if (!bandits) throw new Error("no surprise button for the bandits");
  await shell.startFrayCombat(combat, { surprising: [bandits.teamId] });
  await shell.whenIdle();
  const state = shell.turnStateOf(combat);
  const teamPhases = state.plan.filter((phase) => phase.kind === "team");
  expect(state.round).toBe(1);
  expect(teamPhases).toEqual([{ kind: "team", teamId: bandits.teamId }]);
});
