/**
 * What the fake's server stores and what each client then does with it, against core v13:
 * - the server runs no system DataModel: a user who may update a document stores any `system`
 *   value by going around their client (`fake.socketUpdate`, a console's socket emit);
 * - every client applies a change through its own models (DataModel#updateSource): cleaning
 *   brings a number into its field's bounds; what cleaning cannot fix makes that client keep its
 *   copy as it was, and the stored document fails to load on the next world load;
 * - the writing client's own check (ClientDatabaseBackend#preUpdateDocumentArray): a change its
 *   model refuses is reported and never sent; a cleaned change is sent cleaned;
 * - the operation's options and the writer's id reach `_onUpdate` (and `_onCreate`, `_onDelete`,
 *   the parent's descendant handlers) on every connected client.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { DataModel } from "../fake-foundry/data-model.ts";
import { NumberField, SchemaField } from "../fake-foundry/fields.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import { loadWorld, storedWorld } from "../fake-foundry/world-load.ts";

let fake: FakeFoundry;

/** A pool of 0 to 10, whose value may not pass its maximum (a joint rule cleaning cannot fix). */
class Pool extends DataModel {
  static override defineSchema() {
    const n = (initial: number) =>
      new NumberField({ required: true, nullable: false, integer: true, min: 0, max: 10, initial });
    return { pool: new SchemaField({ value: n(5), max: n(5) }) };
  }

  static override validateJoint(data: Record<string, unknown>) {
    const pool = data["pool"] as { value: number; max: number };
    if (pool.value > pool.max) throw new Error("pool over its maximum");
  }
}

beforeEach(() => {
  fake = installFakeFoundry({ users: [GM, PLAYER, PLAYER2] });
  const actorConfig = fake.CONFIG["Actor"];
  if (actorConfig) actorConfig.dataModels = { hero: Pool };
});

const cls = (name: string) => {
  const found = fake.CONFIG[name]?.documentClass;
  if (!found) throw new Error(`no ${name}`);
  return found;
};

async function hero(owner: string): Promise<ClientDocument> {
  const actor = await fake.as(GM.id, () =>
    cls("Actor").create({ name: "Hero", type: "hero", ownership: { [owner]: 3 } }),
  );
  if (!actor) throw new Error("no actor");
  return actor;
}

const pool = (doc: ClientDocument) => (doc.system as unknown as { pool: unknown }).pool;

describe("the server stores any system value; each client applies it through its models", () => {
  it("a number past its bound is stored as sent, and every client holds it cleaned", async () => {
    const actor = await hero(PLAYER.id);
    const mark = fake.db.calls.length;
    await fake.socketUpdate(PLAYER.id, actor, { "system.pool.value": 500, "system.pool.max": 500 });
    expect(fake.db.since(mark)).toMatchObject([
      { data: [{ "system.pool.value": 500, "system.pool.max": 500 }], userId: PLAYER.id },
    ]);
    expect(pool(actor)).toEqual({ value: 10, max: 10 });
    expect(fake.clientErrors).toEqual([]);
  });

  it("a value the model refuses is stored; the clients keep their copy; the world then loses it", async () => {
    const actor = await hero(PLAYER.id);
    const updates: unknown[] = [];
    fake.hooks.on("updateActor", (...args: unknown[]) => updates.push(args));
    await fake.socketUpdate(PLAYER.id, actor, { "system.pool.value": 9 });
    expect(pool(actor)).toEqual({ value: 5, max: 5 });
    expect(updates).toEqual([]);
    expect(fake.clientErrors).toMatchObject([
      { documentId: actor.id, message: expect.stringContaining("pool over its maximum") as string },
    ]);
    // The server has it: a reload builds the actor strictly, and it is set aside as invalid.
    const loaded = loadWorld(storedWorld(fake.db));
    expect(loaded.invalid.Actor).toEqual([actor.id]);
  });

  it("still checks permissions: a player cannot go around their client to write another's actor", async () => {
    const theirs = await hero(PLAYER2.id);
    await expect(fake.socketUpdate(PLAYER.id, theirs, { "system.pool.value": 0 })).rejects.toThrow(
      /lacks permission/,
    );
    expect(pool(theirs)).toEqual({ value: 5, max: 5 });
  });
});

describe("the writing client checks its own changes first", () => {
  it("sends a cleaned change cleaned, and reports one its model refuses without sending it", async () => {
    const actor = await hero(PLAYER.id);
    fake.setUser(PLAYER.id);
    const mark = fake.db.calls.length;
    await actor.update({ "system.pool.max": 12.4 });
    expect(fake.db.since(mark)).toMatchObject([{ data: [{ "system.pool.max": 10 }] }]);
    const result = await actor.update({ "system.pool.value": 9, "system.pool.max": 3 });
    expect(result).toBeUndefined();
    expect(fake.db.since(mark)).toHaveLength(1);
    expect(fake.notifications).toMatchObject([
      { level: "error", message: expect.stringContaining("pool over its maximum") as string },
    ]);
    expect(pool(actor)).toEqual({ value: 5, max: 10 });
  });
});

describe("update options reach every client", () => {
  it("a Combat update's options and writer reach a connected client's _onUpdate", async () => {
    const combat = await cls("Combat").create({ combatants: [{ _id: "cbt0000000000001" }] });
    if (!combat) throw new Error("no combat");
    const client = fake.connectClient(PLAYER.id, combat);
    const seen: unknown[][] = [];
    const copy = client.combat as unknown as {
      _onUpdate(...args: unknown[]): void;
      combatants: { get(id: string): { _onUpdate(...args: unknown[]): void } | undefined };
      _onUpdateDescendantDocuments(...args: unknown[]): void;
    };
    const own = copy._onUpdate.bind(copy);
    copy._onUpdate = (...args: unknown[]) => {
      seen.push(["combat", args[1], args[2], fake.game.user.id]);
      own(...args);
    };
    const member = copy.combatants.get("cbt0000000000001");
    if (member === undefined) throw new Error("no combatant copy");
    member._onUpdate = (...args: unknown[]) => seen.push(["combatant", args[1], args[2]]);
    copy._onUpdateDescendantDocuments = (...args: unknown[]) =>
      seen.push(["descendants", args[4], args[5]]);

    await fake.as(GM.id, () => combat.update({ "flags.test.x": 1 }, { fray: { tag: "a" } }));
    await fake.as(GM.id, () =>
      combat.updateEmbeddedDocuments("Combatant", [{ _id: "cbt0000000000001", initiative: 3 }], {
        fray: { tag: "b" },
      }),
    );
    expect(seen).toEqual([
      ["combat", { fray: { tag: "a" } }, GM.id, PLAYER.id],
      ["combatant", { fray: { tag: "b" } }, GM.id],
      ["descendants", { fray: { tag: "b" } }, GM.id],
    ]);
  });
});
