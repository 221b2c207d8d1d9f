/**
 * Build and Throw at the table (issue 18), through the referee: a player's Build deploys a
 * deployable item or repairs a damaged one and a card says which; a grenade thrown at a targeted
 * token hits every token the GM finds within its blast on the scene (damage rolled once, each
 * rolls its Armor die), written by the GM in one batch; throwing past 45 ft, building nothing and
 * too little Energy are refused with a message and change nothing.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { boardOf, clearScenes } from "../fake-foundry/tokens.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import { actorWriters } from "./referee.support.ts";
import { gmCreatesActor, worldlinesActions } from "./worldlines.support.ts";
import type { WorldlinesActions } from "./worldlines.support.ts";
import { queuedDice } from "./boot.support.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let actions: WorldlinesActions;
const dice = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({
    users: [GM, PLAYER],
    random: dice.random,
  });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await worldlinesActions();
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
  dice.set();
});

afterEach(() => {
  clearScenes(fake);
});

type Doc = ClientDocument & { items: { contents: ClientDocument[] } };

const create = (data: Record<string, unknown>) => gmCreatesActor(fake, data);

const gearOf = (a: Actor.Implementation, name: string) =>
  (a as unknown as Doc).items.contents.find(
    (i) => i.name === name,
  ) as unknown as Item.Implementation;
const sys = (d: Actor.Implementation | Item.Implementation) =>
  d.system as unknown as Record<string, unknown> & {
    energy: { value: number };
    health: { value: number };
  };

async function rook(energy = 6) {
  return create({
    name: "Rook",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    system: { energy: { value: energy, max: 6 } },
    items: [
      { name: "Sentry", type: "gear", system: { kind: "device", deployable: true } },
      { name: "Broken Scope", type: "gear", system: { kind: "device", damaged: true } },
      { name: "Rope", type: "gear", system: { kind: "other" } },
      { name: "Frag", type: "gear", system: { kind: "grenade", quantity: 2, damage: "2d6" } },
    ],
  });
}

const lastCard = (): string =>
  (fake.game.messages.contents.at(-1) as { content?: string } | undefined)?.content ?? "";

describe("Build (3 Energy)", () => {
  it("deploys a deployable item, written by the GM, with a card saying so", async () => {
    const r = await rook();
    const mark = fake.db.calls.length;
    fake.setUser(PLAYER.id);
    expect(await actions.build(r, gearOf(r, "Sentry"))).toBe(true);
    expect(sys(gearOf(r, "Sentry"))["deployed"]).toBe(true);
    expect(sys(r).energy.value).toBe(3);
    expect(actorWriters(fake, mark)).toEqual([GM.id]);
    expect(lastCard()).toContain("Rook deploys Sentry");
  });

  it("repairs a damaged item", async () => {
    const r = await rook();
    fake.setUser(PLAYER.id);
    expect(await actions.build(r, gearOf(r, "Broken Scope"))).toBe(true);
    expect(sys(gearOf(r, "Broken Scope"))["damaged"]).toBe(false);
    expect(lastCard()).toContain("Rook repairs Broken Scope");
  });

  it("refuses nothing to build and too little Energy, changing nothing", async () => {
    const r = await rook(2);
    fake.setUser(PLAYER.id);
    expect(await actions.build(r, gearOf(r, "Rope"))).toBe(false);
    expect(fake.notifications.at(-1)?.message).toBe(
      "There is nothing to build: the item is neither deployable nor damaged.",
    );
    expect(await actions.build(r, gearOf(r, "Sentry"))).toBe(false);
    expect(fake.notifications.at(-1)?.level).toBe("warn");
    expect([sys(r).energy.value, sys(gearOf(r, "Sentry"))["deployed"]]).toEqual([2, false]);
  });
});

describe("Throw (2 Energy, 45 ft)", () => {
  it("a grenade hits every token in its blast in one batched write by the GM", async () => {
    const r = await rook();
    const a = await create({
      name: "Raider A",
      type: "npc",
      items: [{ name: "Vest", type: "armor", system: { zones: { torso: 6 } } }],
    });
    const b = await create({ name: "Raider B", type: "npc" });
    const board = boardOf(fake);
    board.place(r, { col: 0, row: 0 });
    board.place(a, { col: 6, row: 0 }); // 30 ft away: where it lands
    board.place(b, { col: 7, row: 0 }); // 5 ft from A: in the 10 ft blast
    fake.setUser(PLAYER.id);
    table.target(a);
    dice.set([6, 4], [6, 5], [6, 3]); // 2d6 = 9; A's Armor d6 shows 3
    const mark = fake.db.calls.length;
    expect(await actions.throwGrenade(r, gearOf(r, "Frag"))).toBe(true);
    expect([sys(a).health.value, sys(b).health.value]).toEqual([14, 11]);
    expect(sys(r).energy.value).toBe(4);
    expect(sys(gearOf(r, "Frag"))["quantity"]).toBe(1);
    // Rook's Energy and both raiders' health: one write, by the GM.
    expect(actorWriters(fake, mark)).toEqual([GM.id]);
    expect(lastCard()).toContain("Blast 2d6: 9, everyone within 10 ft.");
    expect(lastCard()).toContain("Raider A: blast 9, armor 3");
    expect(lastCard()).toContain("Raider B: blast 9, armor 0");
  });

  it("is refused past the thrower's reach (35 ft with a d8 Combat die), and nothing changes", async () => {
    const r = await rook();
    const far = await create({ name: "Far", type: "npc" });
    const board = boardOf(fake);
    board.place(r, { col: 0, row: 0 });
    board.place(far, { col: 10, row: 0 });
    fake.setUser(PLAYER.id);
    table.target(far);
    expect(await actions.throwGrenade(r, gearOf(r, "Frag"))).toBe(false);
    expect(fake.notifications.at(-1)?.message).toBe("Too far to throw: 50 ft, the limit is 35 ft.");
    expect([sys(r).energy.value, sys(far).health.value]).toEqual([6, 20]);
  });
});
