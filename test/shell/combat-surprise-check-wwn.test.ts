/**
 * The WWN surprise check from the tracker's start (issue 18): before round 1 the GM's tracker
 * offers, per team, "ambushes (roll the surprise check)"; the GM's client rolls Dex/Sneak against
 * the other sides' Wis/Notice with core Roll, posts a card, and the combat starts with the
 * ambushers alone in round 1 when they win, or with the usual order when they are spotted.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";

let fake: FakeFoundry;
let shell: {
  trackerContext: typeof import("../../src/foundry/combat/tracker.ts").trackerContext;
  startFrayCombat: typeof import("../../src/foundry/combat/actions.ts").startFrayCombat;
  combatHooks: typeof import("../../src/foundry/combat/ruleset-hooks.ts").combatHooks;
  whenIdle: () => Promise<void>;
  turnStateOf: typeof import("../../src/foundry/combat/state.ts").turnStateOf;
};

beforeAll(async () => {
  // Every die shows its highest face: 2d6 = 12 for each check, 8 on each side's d8.
  fake = installFakeFoundry({ settings: { "fray.ruleset": "wwn" }, random: () => 0.999 });
  installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  const tracker = await import("../../src/foundry/combat/tracker.ts");
  const actions = await import("../../src/foundry/combat/actions.ts");
  shell = {
    trackerContext: tracker.trackerContext,
    startFrayCombat: actions.startFrayCombat,
    combatHooks: (await import("../../src/foundry/combat/ruleset-hooks.ts")).combatHooks,
    whenIdle: actions.whenIdle,
    turnStateOf: (await import("../../src/foundry/combat/state.ts")).turnStateOf,
  };
});

/** Kara (Wis 10, untrained Notice) against bandits (Dex 14, Sneak-2) named with markup. */
async function combatReady() {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const Combat = fake.CONFIG["Combat"]?.documentClass;
  if (!Actor || !Combat) throw new Error("no document classes");
  const actors = await Actor.createDocuments([
    { name: "Kara", type: "character", prototypeToken: { disposition: 1 } },
    {
      name: "Bandit",
      type: "npc",
      prototypeToken: { disposition: -1 },
      system: { attributes: { dex: 14 }, skills: { sneak: 2 } },
    },
  ]);
  const combat = (await Combat.create({})) as unknown as Combat.Implementation | undefined;
  if (!combat) throw new Error("no combat");
  await combat.createEmbeddedDocuments(
    "Combatant",
    actors.map((actor) => ({ actorId: actor.id })),
  );
  await shell.whenIdle();
  const context = shell.trackerContext(combat, fake.game.user as unknown as User.Implementation);
  const checks = context.setup.filter((button) => button.choice === "check");
  return { combat, checks };
}

const lastContent = () =>
  (fake.game.messages.contents.at(-1) as unknown as { content: string }).content;

describe("the WWN surprise check from the tracker's start", () => {
  it("is offered per team; the bandits' ambush works and they play round 1 alone", async () => {
    const { combat, checks } = await combatReady();
    expect(checks.map((b) => b.teamName).sort()).toEqual(["Friendly", "Hostile"]);
    expect(checks[0]?.label).toBe("FRAY.Wwn.Surprise.Ambushes");
    const bandits = checks.find((b) => b.teamName === "Hostile");
    const check = shell.combatHooks().startCheck;
    if (!bandits || !check) throw new Error("no surprise check");

    // Sneak 12 + 1 + 2 = 15 against Notice 12 + 0 − 1 = 11.
    const choice = await check.run(combat, bandits.teamId);
    expect(choice).toEqual({ surprising: [bandits.teamId] });
    expect(lastContent()).toContain("= 15");
    expect(lastContent()).toContain("= 11");
    expect(lastContent()).toContain("The ambush works");
    // A card of the card protocol, authored by the GM's client.
    const card = fake.game.messages.contents.at(-1) as unknown as ChatMessage.Implementation;
    const protocol = await import("../../src/foundry/cards/protocol.ts");
    expect(protocol.cardKindOf(card)).toBe("wwn.surprise");
    expect((card as unknown as { author: { isGM: boolean } }).author.isGM).toBe(true);
    if (choice === null) throw new Error("refused");
    await shell.startFrayCombat(combat, choice);
    await shell.whenIdle();
    const teamPhases = shell.turnStateOf(combat).plan.filter((phase) => phase.kind === "team");
    expect(teamPhases).toEqual([{ kind: "team", teamId: bandits.teamId }]);
  });

  it("Kara's clumsy ambush is spotted: nobody is surprised and both sides act in round 1", async () => {
    const { combat, checks } = await combatReady();
    const kara = checks.find((b) => b.teamName === "Friendly");
    const check = shell.combatHooks().startCheck;
    if (!kara || !check) throw new Error("no surprise check");
    // Sneak 12 + 0 − 1 = 11 against Notice 12 + 0 − 1 = 11: a tie goes against the ambushers.
    const choice = await check.run(combat, kara.teamId);
    expect(choice).toEqual({ surprising: [] });
    expect(lastContent()).toContain("The ambush is spotted");
    if (choice === null) throw new Error("refused");
    await shell.startFrayCombat(combat, choice);
    await shell.whenIdle();
    const teamPhases = shell.turnStateOf(combat).plan.filter((phase) => phase.kind === "team");
    expect(teamPhases).toHaveLength(2);
  });
});
