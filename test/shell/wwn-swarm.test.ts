/**
 * Joining a Swarm from the sheet (issue 18), in the fake Foundry: with one token targeted, each
 * assailant's Join the swarm spends its Main Action and adds it to the swarm against that target
 * for the round (the referee's record, in its ledger); joining twice, a fifth joiner, no target, or outside a combat is refused with a
 * localized warning and writes nothing.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { queuedDice } from "./boot.support.ts";
import { wwnShell } from "./wwn.support.ts";
import type { WwnShell } from "./wwn.support.ts";
import { fightOffScreen } from "./viewed.support.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let actions: WwnShell;
let whenIdle: () => Promise<void>;
const dice = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({
    settings: { "fray.ruleset": "wwn" },
    random: dice.random,
  });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await wwnShell();
  whenIdle = (await import("../../src/foundry/combat/actions.ts")).whenIdle;
});

beforeEach(() => {
  fake.notifications.length = 0;
  dice.set();
});

type FrayCombat = Combat.Implementation & {
  activateCombatant(id: string): Promise<unknown>;
  endCombatantTurn(id: string): Promise<unknown>;
};
let combat: FrayCombat | null = null;

/** Joins the swarm on the goblin's own turn (`then` runs before the turn ends), then ends it. */
async function join(goblin: Actor.Implementation, then: () => Promise<void> = async () => {}) {
  const id = combat?.combatants.contents.find((c) => c.actorId === goblin.id)?.id ?? "";
  await combat?.activateCombatant(id);
  await whenIdle();
  const joined = await actions.wwnJoinSwarm(goblin);
  await then();
  await combat?.endCombatantTurn(id);
  await whenIdle();
  return joined;
}
const docClass = (name: string) => {
  const cls = fake.CONFIG[name]?.documentClass;
  if (!cls) throw new Error(`no ${name} class`);
  return cls;
};
const mainUsed = (actor: Actor.Implementation) => actions.round(actor).mainUsed;
const lastWarning = () => fake.notifications.at(-1)?.message;

/** Five goblins and Kara; the combat started (goblins' side acting), run by the GM. */
async function mob(started = true) {
  fake.setUser(GM.id);
  const created = (await docClass("Actor").createDocuments([
    { name: "Kara", type: "character", system: { health: { value: 10, max: 10 } } },
    ...[1, 2, 3, 4, 5].map((n) => ({
      name: `Goblin ${n}`,
      type: "npc",
      system: { health: { value: 4, max: 4 } },
    })),
  ])) as unknown as Actor.Implementation[];
  const [kara, ...goblins] = created;
  if (kara === undefined) throw new Error("no Kara");
  if (started) {
    const created2 = (await docClass("Combat").create({})) as unknown as FrayCombat;
    combat = created2;
    await created2.createEmbeddedDocuments(
      "Combatant",
      created.map((a) => ({ actorId: a.id })),
    );
    await whenIdle();
    await fightOffScreen(fake, created2);
    dice.set([8, 1], [8, 8]);
    await created2.startCombat();
    await whenIdle();
  }
  fake.notifications.length = 0;
  return { kara, goblins };
}

describe("Join a Swarm", () => {
  it("spends the Main Action; twice or a fifth joiner is refused", async () => {
    const { kara, goblins } = await mob();
    table.target(kara);
    const [g1, g2, g3, g4, g5] = goblins;
    if (g1 === undefined || g2 === undefined || g3 === undefined || g4 === undefined) return;
    if (g5 === undefined) return;
    const again = async () => {
      expect(mainUsed(g1)).toBe(true);
      expect(actions.wwnSwarmAgainst(g1, kara.id ?? "")?.members).toHaveLength(1);
      expect(await actions.wwnJoinSwarm(g1)).toBe(false);
      expect(lastWarning()).toBe("Already part of this swarm.");
    };
    expect(await join(g1, again)).toBe(true);
    for (const g of [g2, g3, g4]) expect(await join(g), lastWarning()).toBe(true);
    expect(actions.wwnSwarmAgainst(g1, kara.id ?? "")?.members).toHaveLength(4);
    expect(await join(g5)).toBe(false);
    expect(lastWarning()).toBe("The swarm is full: at most 4 can join it.");
    expect(mainUsed(g5)).toBe(false);
  });

  it("needs one target and a started combat", async () => {
    const { kara, goblins } = await mob(false);
    const g1 = goblins[0];
    if (g1 === undefined) throw new Error("no goblin");
    table.target(kara);
    expect(await actions.wwnJoinSwarm(g1)).toBe(false);
    expect(lastWarning()).toBe("A swarm forms only in a started combat.");
    table.target();
    expect(await actions.wwnJoinSwarm(g1)).toBe(false);
    expect(lastWarning()).toBe("Target one token first: the swarm needs a target.");
  });
});

describe("the swarm's blow from the sheet", () => {
  // Seen red before the fix: the dialog asked the player to type the allies (an input, 1 by default).
  it("shows the allies the joined swarm counts, with no field to type them", async () => {
    const { kara, goblins } = await mob();
    table.target(kara);
    const [g1, g2, g3] = goblins;
    if (g1 === undefined || g2 === undefined || g3 === undefined) throw new Error("no goblins");
    for (const g of [g1, g2, g3]) expect(await join(g), lastWarning()).toBe(true);
    await g1.createEmbeddedDocuments("Item", [{ name: "Spear", type: "weapon" }]);
    const spear = g1.items.contents.find((i) => i.name === "Spear");
    if (spear === undefined) throw new Error("no spear");
    fake.dialogs.asked.length = 0;
    expect(await actions.wwnAttack(g1, spear)).toBeNull(); // the dialog, closed
    const content = fake.dialogs.asked.at(-1)?.content ?? "";
    expect(content).not.toContain('name="allies"');
    expect(content).toMatch(/data-swarm-allies>2</);
    // Kara, not in any swarm against herself, is told she has none to close.
    await kara.createEmbeddedDocuments("Item", [{ name: "Sword", type: "weapon" }]);
    const sword = kara.items.contents.find((i) => i.name === "Sword");
    if (sword === undefined) throw new Error("no sword");
    table.target(g1);
    await actions.wwnAttack(kara, sword);
    expect(fake.dialogs.asked.at(-1)?.content ?? "").toContain(
      "none: join a swarm against this target first",
    );
  });
});
