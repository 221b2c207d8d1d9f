/**
 * The fake's macros and hotbar do what core v13 does with them (test/fake-foundry/hotbar.ts): the
 * `hotbarDrop` hook first, core's own sheet-toggle macro otherwise; who may create and run a
 * script macro; what a script macro's command is given to run with.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installCanvasFake } from "../fake-foundry/canvas.ts";
import { installHotbarFakes } from "../fake-foundry/hotbar.ts";
import type { Macro } from "../fake-foundry/hotbar.ts";

let fake: FakeFoundry;
let hotbar: ReturnType<typeof installHotbarFakes>;
let board: ReturnType<typeof installCanvasFake>;

beforeAll(() => {
  fake = installFakeFoundry({ users: [GM, PLAYER, { ...PLAYER2, role: 0 }] });
  hotbar = installHotbarFakes(fake);
  board = installCanvasFake({ distance: 5, units: "ft" });
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
});

async function createActor(source: Record<string, unknown>) {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const actor = await fake.as(GM.id, () => Actor?.create(source));
  if (!actor) throw new Error("no actor");
  return actor as unknown as {
    id: string;
    uuid: string;
    items: { contents: { uuid: string; name: string }[] };
  };
}

const macroClass = () => fake.CONFIG["Macro"]?.documentClass as unknown as typeof Macro;

describe("the fake's hotbar drop", () => {
  it("makes core's sheet-toggle macro for a dropped item, owned or not, in that slot", async () => {
    const kara = await createActor({
      name: "Kara",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      items: [{ name: "Knife", type: "weapon" }],
    });
    fake.setUser(PLAYER.id);
    const knife = kara.items.contents[0];
    if (!knife) throw new Error("no knife");
    const macro = await hotbar.drop({ type: "Item", uuid: knife.uuid }, 3);
    expect(macro).toMatchObject({ name: "Knife", type: "script" });
    expect(macro?.command).toContain(`toggleDocumentSheet("${knife.uuid}")`);
    expect(hotbar.hotbarOf(PLAYER.id)[3]).toBe(macro);
    // Moving it from slot 3 to slot 5 (a macro's own drag data names its slot).
    await hotbar.drop({ type: "Macro", uuid: macro?.uuid, slot: 3 }, 5);
    expect(Object.keys(hotbar.hotbarOf(PLAYER.id))).toEqual(["5"]);
  });

  it("stops where a hotbarDrop handler answers false", async () => {
    const stop = () => false;
    fake.hooks.on("hotbarDrop", stop);
    try {
      fake.setUser(PLAYER.id);
      const before = hotbar.macros.size;
      expect(await hotbar.drop({ type: "Item", uuid: "Item.nothing" }, 1)).toBeNull();
      expect(hotbar.macros.size).toBe(before);
    } finally {
      fake.hooks.off("hotbarDrop", stop);
    }
  });
});

describe("the fake's macros", () => {
  it("a player may create and run their script macro, with their token's actor", async () => {
    const kara = await createActor({ name: "Kara", type: "character" });
    fake.setUser(PLAYER.id);
    const macro = (await macroClass().create({
      name: "Who",
      type: "script",
      command: "return [actor?.name ?? null, character?.name ?? null, scope.extra];",
    })) as Macro;
    expect(await macro.execute({ extra: 1 })).toEqual([null, null, 1]);
    hotbar.assignCharacter(PLAYER.id, kara);
    expect(await macro.execute()).toEqual(["Kara", "Kara", undefined]);
    hotbar.assignCharacter(PLAYER.id, null);
    const other = await createActor({ name: "Rook", type: "character" });
    board.control(other);
    expect(await macro.execute()).toEqual(["Rook", null, undefined]);
    board.control();
  });

  it("another player may not run it, and a user without MACRO_SCRIPT may not create one", async () => {
    fake.setUser(PLAYER.id);
    const macro = (await macroClass().create({
      name: "Mine",
      type: "script",
      command: "return 1;",
    })) as Macro;
    fake.setUser(PLAYER2.id);
    expect(await macro.execute()).toBeUndefined();
    expect(fake.notifications.at(-1)?.message).toContain("permission to execute");
    await expect(
      macroClass().create({ name: "Nope", type: "script", command: "return 1;" }),
    ).rejects.toThrow(/lacks permission/);
  });
});

describe("an owned item's drag data", () => {
  it("is core's (Item#toDragData): its type and the uuid through its actor", async () => {
    const actor = await createActor({
      name: "Ana",
      type: "character",
      items: [{ name: "Knife", type: "weapon" }],
    });
    const knife = actor.items.contents[0] as unknown as { toDragData(): unknown; uuid: string };
    expect(knife.toDragData()).toEqual({
      type: "Item",
      uuid: `Actor.${actor.id}.Item.${knife.uuid.split(".").at(-1) ?? ""}`,
    });
  });
});
