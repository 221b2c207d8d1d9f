/**
 * The seam between the shell and a ruleset: a tiny sixth ruleset (test/shell/tiny/) is added
 * through the two registries alone — a rules module and a shell side, one register call each —
 * and then plays in the fake Foundry: init installs what it offers, a player's attack travels to
 * the referee as an intent and lands on the target with its card, and one full round runs with
 * the ruleset's own round end over the generic Energy refresh.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { TurnState } from "../../src/rules/combat/types.ts";
import { TINY_ID, tinyRules } from "./tiny/rules.ts";
import type * as TinyShell from "./tiny/shell.ts";

let fake: FakeFoundry;
let tiny: typeof TinyShell;
let shell: {
  whenIdle: () => Promise<void>;
  turnStateOf: (combat: Combat.Implementation) => TurnState;
  rulesetIds: () => readonly string[];
  shellRulesetIds: () => readonly string[];
};

beforeAll(async () => {
  // d6 rolls 4 (the fake's Roll turns a uniform draw into a face).
  fake = installFakeFoundry({ settings: { "fray.ruleset": TINY_ID }, random: () => 0.55 });
  const rules = await import("../../src/rules/registry.ts");
  const registry = await import("../../src/foundry/rulesets/registry.ts");
  tiny = await import("./tiny/shell.ts");
  rules.registerRuleset(tinyRules);
  registry.registerShellRuleset(TINY_ID, tiny.tinyShell);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  const actions = await import("../../src/foundry/combat/actions.ts");
  const state = await import("../../src/foundry/combat/state.ts");
  shell = {
    whenIdle: actions.whenIdle,
    turnStateOf: state.turnStateOf,
    rulesetIds: rules.rulesetIds,
    shellRulesetIds: registry.shellRulesetIds,
  };
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
});

const docClass = (name: string) => {
  const cls = fake.CONFIG[name]?.documentClass;
  if (!cls) throw new Error(`no ${name} class`);
  return cls;
};

type Health = { health: { value: number; max: number }; energy: { value: number; max: number } };
const system = (actor: Actor.Implementation) => actor.system as unknown as Health;

async function twoSides() {
  const [hero, brute] = (await docClass("Actor").createDocuments([
    {
      name: "Hero",
      type: "character",
      prototypeToken: { disposition: 1 },
      ownership: { [PLAYER.id]: 3 },
      system: { health: { value: 10, max: 10 } },
    },
    {
      name: "Brute",
      type: "npc",
      prototypeToken: { disposition: -1 },
      system: { health: { value: 10, max: 10 } },
    },
  ])) as unknown as Actor.Implementation[];
  if (hero === undefined || brute === undefined) throw new Error("no actors");
  return { hero, brute };
}

describe("a sixth ruleset added through the seam alone", () => {
  it("is listed by both registries and offered by the ruleset setting", () => {
    expect(shell.rulesetIds()).toContain(TINY_ID);
    expect(shell.shellRulesetIds()).toEqual(shell.rulesetIds());
    expect(Object.keys(fake.settings.settings.get("fray.ruleset")?.choices ?? {})).toContain(
      TINY_ID,
    );
  });

  it("has init install its models, sheets, statuses, token bars and settings", () => {
    expect(fake.CONFIG["Actor"]?.dataModels["character"]?.name).toBe("CharacterData");
    expect((fake.sheets.defaultFor("Actor", "npc") as { name: string }).name).toBe(
      "FrayActorSheet",
    );
    const statuses = (fake.CONFIG as unknown as { statusEffects: { id: string }[] }).statusEffects;
    expect(statuses.map((s) => s.id)).toContain("tinyWinded");
    expect(
      (fake.CONFIG["Actor"] as unknown as { trackableAttributes: object }).trackableAttributes,
    ).toEqual({ character: { bar: ["health"], value: [] }, npc: { bar: ["health"], value: [] } });
    expect(fake.settings.settings.get("fray.tinyLoudCards")).toMatchObject({ scope: "world" });
  });

  it("plays a player's attack: the declaration goes to the GM, who posts the card; Apply writes the target", async () => {
    const { hero, brute } = await twoSides();
    fake.setUser(PLAYER.id);
    const sent = fake.queries.length;
    const mark = fake.db.calls.length;
    const result = await tiny.tinyAttack(hero, brute);

    expect(result.ok).toBe(true);
    expect(fake.queries.slice(sent).map((q) => [q.from, q.to, q.name])).toEqual([
      [PLAYER.id, GM.id, "fray.referee"],
    ]);
    // The intent, in the request the player authored: ids only, through the one card protocol.
    const request = fake.db.since(mark, { operation: "create", userId: PLAYER.id })[0];
    expect(request?.data[0]?.["flags"]).toEqual({
      fray: {
        referee: {
          action: "fray.declare",
          // The player's roll mode rides along: how the card is shown, a choice, never a number.
          payload: {
            kind: tiny.TINY_ATTACK,
            payload: { attackerId: hero.id, targetId: brute.id },
            rollMode: "publicroll",
          },
        },
      },
    });
    const card = fake.game.messages.contents.at(-1) as unknown as ChatMessage.Implementation;
    expect(card.flags).toMatchObject({ fray: { cardKind: tiny.TINY_ATTACK, tiny: { d6: 4 } } });
    expect(system(brute).health.value).toBe(10);
    const { pressCard } = await import("../../src/foundry/cards/protocol.ts");
    expect(await pressCard(card, "apply")).toEqual({ ok: true });
    expect(system(brute).health.value).toBe(6);
    // The ruleset's card wiring runs as core renders the message.
    const html = { dataset: {} as Record<string, string>, querySelectorAll: () => [] };
    fake.hooks.callAll("renderChatMessageHTML", card, html, {});
    expect(html.dataset["tinyD6"]).toBe("4");
  });

  it("refuses an attack by a player for an actor they do not own, writing nothing", async () => {
    const { hero, brute } = await twoSides();
    fake.setUser(PLAYER.id);
    const writes = fake.db.count({ operation: "update" });
    const result = await tiny.tinyAttack(brute, hero);
    expect(result).toMatchObject({ ok: false, reason: "notAllowed" });
    expect(system(hero).health.value).toBe(10);
    expect(fake.db.count({ operation: "update" })).toBe(writes);
  });

  it("plays one round: each side in the order listed, then Energy back and 1 health caught", async () => {
    const { hero, brute } = await twoSides();
    await docClass("Actor").updateDocuments([
      { _id: hero.id ?? "", "system.health.value": 5, "system.energy.value": 1 },
      { _id: brute.id ?? "", "system.health.value": 10 },
    ]);
    const combat = (await docClass("Combat").create({})) as unknown as Combat.Implementation & {
      activateCombatant(id: string): Promise<unknown>;
      endCombatantTurn(id: string): Promise<unknown>;
    };
    await combat.createEmbeddedDocuments("Combatant", [
      { actorId: hero.id },
      { actorId: brute.id },
    ]);
    await shell.whenIdle();
    await combat.startCombat();
    const state = () => shell.turnStateOf(combat);
    expect(state().round).toBe(1);
    const teamsInPlan = state().plan.flatMap((p) => (p.kind === "team" ? [p.teamId] : []));
    expect(teamsInPlan).toEqual(combat.groups.contents.map((g) => g.id));

    for (const combatant of [...combat.combatants.contents]) {
      await combat.activateCombatant(combatant.id ?? "");
      await combat.endCombatantTurn(combatant.id ?? "");
    }

    expect(state().round).toBe(2);
    expect(system(hero).energy.value).toBe(system(hero).energy.max);
    expect(system(hero).health.value).toBe(6);
    expect(system(brute).health.value).toBe(10);
    expect(fake.notifications).toEqual([]);
  });

  it("is refused by name when the GM simulates its combat, having no simulator of its own", async () => {
    const { hero, brute } = await twoSides();
    const combat = (await docClass("Combat").create({})) as unknown as Combat.Implementation;
    await combat.createEmbeddedDocuments("Combatant", [
      { actorId: hero.id },
      { actorId: brute.id },
    ]);
    await shell.whenIdle();
    const { openSimulator } = await import("../../src/foundry/simulator/index.ts");
    const { FakeWorker } = await import("./simulator.support.ts");
    const app = await openSimulator(combat, undefined, { createWorker: () => new FakeWorker() });
    expect(app?.simState).toMatchObject({ kind: "refused", reason: "noSimAdapter" });
    expect(app?.view().message).toBe(`The simulator cannot play the ${TINY_ID} ruleset yet.`);
  });

  it("runs its data migration once the world is ready, on the active GM", async () => {
    await fake.hooks.callAsync("ready");
    expect(tiny.migrations).toEqual([GM.id]);
  });
});
