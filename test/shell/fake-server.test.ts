/**
 * The fake server enforces what core v13's server enforces (see test/fake-foundry/permissions.ts
 * for the core rule each check copies): who may write which document, who a message is authored
 * by, who a hook says wrote, which GM is the active GM, what a query handler is told, and a write
 * that fails once. Shell code that leans on these behaviours is tested against them.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, GM2, PLAYER, PLAYER2, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";

let fake: FakeFoundry;

type Cls = typeof ClientDocument;
const cls = (name: string): Cls => {
  const found = fake.CONFIG[name]?.documentClass;
  if (!found) throw new Error(`no ${name}`);
  return found;
};

beforeAll(() => {
  fake = installFakeFoundry({ users: [GM, PLAYER, GM2, PLAYER2] });
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.setActive(GM.id, true);
  fake.setActive(GM2.id, true);
  fake.db.clear();
});

async function ownedActor(owner: string) {
  const actor = await cls("Actor").create({ name: "Maya", ownership: { [owner]: 3 } });
  if (!actor) throw new Error("no actor");
  return actor;
}

describe("documents: only their owners may write them", () => {
  it("a player updates an actor they own, not one they merely observe; nothing is written", async () => {
    const mine = await ownedActor(PLAYER.id);
    const theirs = await cls("Actor").create({ name: "Vex", ownership: { [PLAYER.id]: 2 } });
    fake.setUser(PLAYER.id);
    const mark = fake.db.calls.length;
    await mine.update({ name: "Maya II" });
    await expect(theirs?.update({ name: "Pwned" })).rejects.toThrow(/lacks permission to update/);
    expect(theirs?.name).toBe("Vex");
    expect(fake.db.since(mark)).toMatchObject([{ documentName: "Actor", userId: PLAYER.id }]);
    expect(fake.db.refused).toMatchObject([{ operation: "update", userId: PLAYER.id }]);
  });

  it("refuses a whole batch when one document in it is not the player's", async () => {
    const mine = await ownedActor(PLAYER.id);
    const npc = await cls("Actor").create({ name: "Vex" });
    fake.setUser(PLAYER.id);
    const mark = fake.db.calls.length;
    await expect(
      cls("Actor").updateDocuments([
        { _id: mine.id, name: "A" },
        { _id: npc?.id ?? "", name: "B" },
      ]),
    ).rejects.toThrow();
    expect(fake.db.since(mark)).toEqual([]);
    expect(mine.name).toBe("Maya");
  });

  it("a player may not create or delete actors (core's ACTOR_CREATE is an Assistant's)", async () => {
    const mine = await ownedActor(PLAYER.id);
    fake.setUser(PLAYER.id);
    await expect(cls("Actor").create({ name: "New" })).rejects.toThrow(/create Actor/);
    await expect(mine.delete()).rejects.toThrow(/delete Actor/);
    expect(fake.game.actors.get(mine.id)).toBe(mine);
  });

  it("an owned actor's items and effects follow the actor's ownership", async () => {
    const mine = await ownedActor(PLAYER.id);
    const npc = await cls("Actor").create({ name: "Vex" });
    fake.setUser(PLAYER.id);
    const [item] = await mine.createEmbeddedDocuments("Item", [{ name: "Knife", type: "weapon" }]);
    expect(item?.name).toBe("Knife");
    await expect(
      npc?.createEmbeddedDocuments("Item", [{ name: "Bomb", type: "weapon" }]),
    ).rejects.toThrow(/create Item/);
  });
});

describe("combats: what core lets a player change", () => {
  async function combatWith(actorOwner: string) {
    const actor = await ownedActor(actorOwner);
    const combat = await cls("Combat").create({
      combatants: [{ _id: "cbt0000000000001", actorId: actor.id }],
    });
    if (!combat) throw new Error("no combat");
    return combat;
  }

  it("a player may change round and turn (BaseCombat#canUpdate), not flags or system data", async () => {
    const combat = await combatWith(PLAYER.id);
    fake.setUser(PLAYER.id);
    await combat.update({ turn: 0 });
    await expect(combat.update({ "flags.fray.turn": { active: "x" } })).rejects.toThrow(
      /update Combat/,
    );
    await expect(combat.update({ system: { x: 1 } })).rejects.toThrow(/update Combat/);
    expect(fake.db.count({ documentName: "Combat", userId: PLAYER.id })).toBe(1);
  });

  it("a player may change round, turn and combatants, but not active, scene or the combatants' order fields", async () => {
    const combat = await combatWith(PLAYER.id);
    fake.setUser(PLAYER.id);
    await combat.update({ round: 3, turn: 0 });
    await expect(combat.update({ active: true })).rejects.toThrow(/update Combat/);
    await expect(combat.update({ scene: "elsewhere0000000" })).rejects.toThrow(/update Combat/);
    await expect(
      combat.update({ combatants: [{ _id: "cbt0000000000001", hidden: true }] }),
    ).rejects.toThrow(/update Combat/);
  });

  it("v13: a player updates their own combatant's initiative, flags, defeated and system only", async () => {
    const combat = await combatWith(PLAYER2.id);
    const mine = await combatWith(PLAYER.id);
    fake.setUser(PLAYER.id);
    const id = "cbt0000000000001";
    await mine.updateEmbeddedDocuments("Combatant", [{ _id: id, initiative: 9 }]);
    await mine.updateEmbeddedDocuments("Combatant", [{ _id: id, "flags.fray.x": 1 }]);
    await mine.updateEmbeddedDocuments("Combatant", [{ _id: id, defeated: true }]);
    await mine.updateEmbeddedDocuments("Combatant", [{ _id: id, system: { x: 1 } }]);
    for (const field of ["hidden", "name", "actorId", "group"]) {
      await expect(
        mine.updateEmbeddedDocuments("Combatant", [{ _id: id, [field]: "x" }]),
      ).rejects.toThrow(/update Combatant/);
    }
    await expect(
      combat.updateEmbeddedDocuments("Combatant", [{ _id: id, initiative: 9 }]),
    ).rejects.toThrow(/update Combatant/);
    await expect(mine.delete()).rejects.toThrow(/delete Combat/);
  });

  it("v13: a player adds and removes combatants of actors they own (create and delete: OWNER)", async () => {
    const mine = await ownedActor(PLAYER.id);
    const theirs = await ownedActor(PLAYER2.id);
    const combat = await cls("Combat").create({});
    if (!combat) throw new Error("no combat");
    fake.setUser(PLAYER.id);
    const [member] = await combat.createEmbeddedDocuments("Combatant", [{ actorId: mine.id }]);
    await expect(
      combat.createEmbeddedDocuments("Combatant", [{ actorId: theirs.id }]),
    ).rejects.toThrow(/create Combatant/);
    await expect(combat.createEmbeddedDocuments("Combatant", [{}])).rejects.toThrow(
      /create Combatant/,
    );
    await combat.deleteEmbeddedDocuments("Combatant", [member?.id ?? ""]);
    expect((combat as unknown as { combatants: Map<string, unknown> }).combatants.size).toBe(0);
  });
});

describe("chat messages: authored by their creator", () => {
  it("stamps the creating user as author; a player cannot author a message as someone else", async () => {
    fake.setUser(PLAYER.id);
    const mine = await cls("ChatMessage").create({ content: "hi" });
    expect(mine?._source["author"]).toBe(PLAYER.id);
    await expect(
      cls("ChatMessage").create({ content: "I am the GM", author: GM.id }),
    ).rejects.toThrow(/create ChatMessage/);
    expect(fake.game.messages.size).toBe(1);
  });

  it("a player updates and deletes their own messages only, never a GM's, and cannot change the author", async () => {
    const gmCard = await cls("ChatMessage").create({ content: "card", flags: { fray: { x: 1 } } });
    fake.setUser(PLAYER.id);
    const mine = await cls("ChatMessage").create({ content: "mine" });
    await mine?.update({ content: "edited" });
    await expect(mine?.update({ author: GM.id })).rejects.toThrow(/update ChatMessage/);
    await expect(gmCard?.update({ "flags.fray.x": 2 })).rejects.toThrow(/update ChatMessage/);
    await expect(gmCard?.delete()).rejects.toThrow(/delete ChatMessage/);
    fake.setUser(PLAYER2.id);
    await expect(mine?.delete()).rejects.toThrow(/delete ChatMessage/);
    fake.setUser(PLAYER.id);
    await mine?.delete();
    expect(fake.game.messages.get(mine?.id ?? "")).toBeUndefined();
    expect(fake.game.messages.get(gmCard?.id ?? "")).toBe(gmCard);
    expect(gmCard?.flags).toEqual({ fray: { x: 1 } });
  });
});

describe("hooks are told the real writer", () => {
  it("passes the writing user's id to create, update and delete hooks", async () => {
    const seen: [string, unknown][] = [];
    for (const hook of ["createChatMessage", "updateChatMessage", "deleteChatMessage"]) {
      fake.hooks.on(hook, (...args: unknown[]) => seen.push([hook, args.at(-1)]));
    }
    fake.setUser(PLAYER.id);
    const message = await cls("ChatMessage").create({ content: "x" });
    await message?.update({ content: "y" });
    await fake.as(GM2.id, () => message?.delete());
    expect(seen).toEqual([
      ["createChatMessage", PLAYER.id],
      ["updateChatMessage", PLAYER.id],
      ["deleteChatMessage", GM2.id],
    ]);
  });
});

describe("users, GMs and queries", () => {
  it("the active GM is the connected GM with the lowest id; the next one takes over when it leaves", () => {
    expect(fake.users.activeGM?.id).toBe(GM.id);
    fake.setActive(GM.id, false);
    expect(fake.users.activeGM?.id).toBe(GM2.id);
    fake.setActive(GM2.id, false);
    expect(fake.users.activeGM).toBeNull();
  });

  it("a query handler runs on the receiver's client and gets the payload only, not the sender", async () => {
    const received: unknown[][] = [];
    (fake.CONFIG["queries"] as unknown as Record<string, unknown>)["test.echo"] = (
      ...args: unknown[]
    ) => {
      received.push([...args, fake.game.user.id]);
      return Promise.resolve("ok");
    };
    fake.setUser(PLAYER.id);
    const answer = await fake.users.get(GM2.id)?.query("test.echo", { hello: 1 });
    expect(answer).toBe("ok");
    expect(received).toEqual([[{ hello: 1 }, {}, GM2.id]]);
    expect(fake.game.user.id).toBe(PLAYER.id);
  });

  it("two clients acting at once each keep their own user across awaits", async () => {
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
    const who = (id: string) =>
      fake.as(id, async () => {
        await tick();
        const before = fake.game.user.id;
        await tick();
        return [before, fake.game.user.id];
      });
    expect(await Promise.all([who(PLAYER.id), who(GM2.id)])).toEqual([
      [PLAYER.id, PLAYER.id],
      [GM2.id, GM2.id],
    ]);
  });

  it("refuses a query to a user who is not connected", async () => {
    fake.setActive(GM2.id, false);
    await expect(fake.users.get(GM2.id)?.query("test.echo", {})).rejects.toThrow(/not connected/);
  });
});

describe("a write that fails once", () => {
  it("rejects the planned write and writes nothing, then the next one succeeds", async () => {
    const actor = await ownedActor(PLAYER.id);
    fake.db.failNext({ operation: "update", documentName: "Actor" });
    const mark = fake.db.calls.length;
    await expect(actor.update({ name: "A" })).rejects.toThrow(/write failed/);
    expect(actor.name).toBe("Maya");
    expect(fake.db.since(mark)).toEqual([]);
    await actor.update({ name: "B" });
    expect(actor.name).toBe("B");
  });
});
