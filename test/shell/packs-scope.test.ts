/**
 * A world plays one ruleset; Fray's packs of the other rulesets stay out of it (src/foundry/
 * packs.ts). Dropping an item from another ruleset's pack onto a sheet, or importing an actor
 * from one, is refused with a message and writes nothing; the world's own ruleset's packs work
 * as core makes them work. The packs hold the real sources from packs/ (scripts/packs.ts).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { packDocumentsByName } from "../../scripts/packs.ts";
import { REPO_ROOT, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { ClientDocument, DocumentSource } from "../fake-foundry/documents.ts";
import type { FakeDragEvent } from "../fake-foundry/applications.ts";

const SOURCES = packDocumentsByName(REPO_ROOT) as Record<string, DocumentSource[]>;
const SWORD = "Compendium.fray.wwn-items.Item.wnWeaponSword001";
const BANDIT = "Compendium.fray.wwn-actors.Actor.wnNpcBandit00001";

let fake: FakeFoundry;

async function world(ruleset: string): Promise<void> {
  vi.resetModules();
  fake = installFakeFoundry({ settings: { "fray.ruleset": ruleset }, packs: SOURCES });
  const { init } = await import("../../src/foundry/init.ts");
  init();
  await fake.hooks.callAsync("setup");
}

const g = () =>
  globalThis as unknown as {
    Actor: typeof ClientDocument;
    fromUuid(uuid: string): Promise<ClientDocument | undefined>;
  };

async function character(): Promise<ClientDocument> {
  const actor = await g().Actor.create({ name: "Hero", type: "character" });
  if (!actor) throw new Error("no actor");
  return actor;
}

function drop(uuid: string): FakeDragEvent {
  const data = JSON.stringify({ type: "Item", uuid });
  return { dataTransfer: { getData: () => data } };
}

async function dropOnSheet(actor: ClientDocument, uuid: string): Promise<unknown> {
  const Sheet = fake.sheets.defaultFor("Actor", actor.type) as new (options: {
    document: ClientDocument;
  }) => { _onDrop(event: FakeDragEvent): Promise<unknown> };
  return new Sheet({ document: actor })._onDrop(drop(uuid));
}

const items = (actor: ClientDocument) =>
  (actor as unknown as { items: { contents: ClientDocument[] } }).items.contents;
const creates = () => fake.db.calls.filter((call) => call.operation === "create");

describe("a pack of the world's own ruleset", () => {
  beforeEach(() => world("wwn"));

  it("drops onto a sheet with the book's numbers (the WWN sword: 1d8, Shock 2/13)", async () => {
    const actor = await character();
    await dropOnSheet(actor, SWORD);
    const [sword] = items(actor);
    expect(sword?.name).toBe("Sword");
    expect(sword?.system).toMatchObject({
      damage: "1d8",
      shock: { enabled: true, damage: 2, ac: 13 },
    });
    expect(fake.notifications).toEqual([]);
  });

  it("imports an actor with its items", async () => {
    const bandit = await g().fromUuid(BANDIT);
    const source = { ...bandit?.toObject(), _stats: { compendiumSource: BANDIT } };
    const imported = await g().Actor.create(source);
    expect(imported?.name).toBe("Bandit");
    expect(items(imported as ClientDocument).map((item) => item.name)).toEqual([
      "Spear",
      "Leather armor",
    ]);
  });

  it("shows its label in the user's language", () => {
    expect(fake.game.packs.get("fray.wwn-items")?.metadata.label).toBe("WWN items");
  });
});

describe("a pack of another ruleset", () => {
  beforeEach(() => world("worldlines"));

  it("is refused when its item is dropped on a sheet: a message, and nothing written", async () => {
    const actor = await character();
    const before = creates().length;
    await dropOnSheet(actor, SWORD);
    expect(items(actor)).toEqual([]);
    expect(creates().length).toBe(before);
    expect(fake.notifications).toEqual([
      {
        level: "warn",
        message:
          "That comes from the pack “WWN items”, made for Worlds Without Number; this world plays Worldlines, so Fray leaves it out. Switch the world's ruleset to use it.",
      },
    ]);
  });

  it("is refused when one of its actors is imported", async () => {
    const bandit = await g().fromUuid(BANDIT);
    const source = { ...bandit?.toObject(), _stats: { compendiumSource: BANDIT } };
    const before = creates().length;
    expect(await g().Actor.create(source)).toBeUndefined();
    expect(fake.game.actors.contents).toEqual([]);
    expect(creates().length).toBe(before);
    expect(fake.notifications.map((n) => n.level)).toEqual(["warn"]);
  });

  it("leaves world documents and other packages' packs alone", async () => {
    const actor = await character();
    expect(actor.name).toBe("Hero");
    const { checkSheetDrop, checkImport } = await import("../../src/foundry/packs.ts");
    expect(checkSheetDrop(actor, null, { type: "Item", uuid: "Item.abc" })).toBe(true);
    expect(
      checkImport(actor, { _stats: { compendiumSource: "Compendium.world.wwn-items.Item.x" } }),
    ).toBe(true);
    expect(fake.notifications).toEqual([]);
  });
});

describe("the fake's drop and create, as core v13 runs them", () => {
  beforeEach(() => world("wwn"));

  it("asks dropActorSheetData first and stops on false", async () => {
    const actor = await character();
    fake.hooks.on("dropActorSheetData", () => false);
    await dropOnSheet(actor, SWORD);
    expect(items(actor)).toEqual([]);
    const fired = fake.hooks.fired.filter((f) => f.hook === "dropActorSheetData");
    expect(fired[0]?.args[0]).toBe(actor);
    expect(fired[0]?.args[2]).toEqual({ type: "Item", uuid: SWORD });
  });

  it("leaves out a document a preCreate hook refuses, and sends nothing when none is left", async () => {
    fake.hooks.on(
      "preCreateActor",
      (_doc: unknown, data: unknown) => (data as { name: string }).name !== "B",
    );
    const before = creates().length;
    const made = await g().Actor.createDocuments([
      { name: "A", type: "npc" },
      { name: "B", type: "npc" },
    ]);
    expect(made.map((doc) => doc.name)).toEqual(["A"]);
    expect(creates().length).toBe(before + 1);
    expect(await g().Actor.createDocuments([{ name: "B", type: "npc" }])).toEqual([]);
    expect(creates().length).toBe(before + 1);
  });
});
