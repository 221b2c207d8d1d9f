/**
 * Worldlines ammunition at the table (issue 18): an attack through the referee spends a round of
 * the weapon's magazine, an empty weapon is refused with a message and nothing changes, and the
 * sheet's Reload fills the magazine for 1 Energy (refused when full).
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import { worldlinesActions, worldlinesBoard } from "./worldlines.support.ts";
import type { WorldlinesActions } from "./worldlines.support.ts";
import { queuedDice } from "./boot.support.ts";

let fake: FakeFoundry;
let spots: ReturnType<typeof worldlinesBoard>;
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
  spots = worldlinesBoard(fake);
  actions = await worldlinesActions();
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
  dice.set();
});

type Doc = ClientDocument & { items: { contents: ClientDocument[] } };

async function create(data: Record<string, unknown>): Promise<Actor.Implementation> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const created = await fake.as(GM.id, () => Actor?.create(data));
  if (!created) throw new Error("actor not created");
  return spots.place(created as unknown as Actor.Implementation);
}

async function shooter(loaded: number) {
  const maya = await create({
    name: "Maya",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    system: { skills: { firearms: 2 } },
    items: [
      {
        name: "Pistol",
        type: "weapon",
        system: {
          damage: "1d6+1",
          skill: "firearms",
          kind: "ranged",
          ammo: { value: loaded, max: 6 },
        },
      },
    ],
  });
  const pistol = (maya as unknown as Doc).items.contents[0] as unknown as Item.Implementation;
  return { maya, pistol };
}

const ammo = (pistol: Item.Implementation) =>
  (pistol.system as unknown as { ammo: { value: number } }).ammo.value;
const energy = (a: Actor.Implementation) =>
  (a.system as unknown as { energy: { value: number } }).energy.value;

describe("Worldlines ammunition", () => {
  it("an attack spends one round", async () => {
    const { maya, pistol } = await shooter(2);
    const grunt = await create({ name: "Grunt", type: "npc" });
    fake.setUser(PLAYER.id);
    table.target(grunt);
    dice.set([8, 5]);
    expect(await actions.attack(maya, pistol, {})).not.toBeNull();
    expect(ammo(pistol)).toBe(1);
    expect(energy(maya)).toBe(4);
  });

  it("an empty weapon cannot attack: a message, no Energy spent, no card", async () => {
    const { maya, pistol } = await shooter(0);
    const grunt = await create({ name: "Grunt", type: "npc" });
    fake.setUser(PLAYER.id);
    table.target(grunt);
    const before = fake.game.messages.size;
    expect(await actions.attack(maya, pistol, {})).toBeNull();
    expect(fake.notifications).toEqual([
      { level: "warn", message: "Pistol is empty: reload first." },
    ]);
    expect([energy(maya), fake.game.messages.size]).toEqual([6, before]);
  });

  it("Reload fills the magazine for 1 Energy, and is refused when full", async () => {
    const { maya, pistol } = await shooter(1);
    fake.setUser(PLAYER.id);
    expect(await actions.reload(maya, pistol)).toBe(true);
    expect([ammo(pistol), energy(maya)]).toEqual([6, 5]);
    expect(await actions.reload(maya, pistol)).toBe(false);
    expect(fake.notifications.at(-1)?.message).toBe("The magazine is already full.");
    expect(energy(maya)).toBe(5);
  });
});
