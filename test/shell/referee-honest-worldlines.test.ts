/**
 * The honest paths of the Worldlines attack through the referee, in the fake with two players and
 * a GM: a player attacks an NPC, a player attacks another player's character, the GM attacks a
 * player. Each time the card is the GM's, every die and every write to another owner's actor is
 * the active GM's, and the requests leave nothing behind in the chat. Also: a private roll mode
 * hides the dice, not the defender's buttons; request messages are hidden when they render.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import { actorWriters, authorOf, requestsLeft } from "./referee.support.ts";
import type * as Workflow from "../../src/foundry/rulesets/worldlines/cards/attack-card.ts";
import type * as Protocol from "../../src/foundry/cards/protocol.ts";
import { shownButtons, worldlinesActions, worldlinesBoard } from "./worldlines.support.ts";
import type { WorldlinesActions } from "./worldlines.support.ts";
import { queuedDice } from "./boot.support.ts";

let fake: FakeFoundry;
let spots: ReturnType<typeof worldlinesBoard>;
let table: ReturnType<typeof installTableFakes>;
let actions: WorldlinesActions;
let workflow: typeof Workflow;
let protocol: typeof Protocol;

/** The dice still to come, as [faces, value]; each Roll die takes the next one. */
const queued = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({
    users: [GM, PLAYER, PLAYER2],
    random: queued.random,
  });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  spots = worldlinesBoard(fake);
  actions = await worldlinesActions();
  workflow = await import("../../src/foundry/rulesets/worldlines/cards/attack-card.ts");
  protocol = await import("../../src/foundry/cards/protocol.ts");
});

beforeEach(async () => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
  queued.set();
  await fake.settings.set("core", "rollMode", "publicroll");
});

type Doc = ClientDocument & { items: { contents: ClientDocument[] } };
type Card = NonNullable<ReturnType<typeof Workflow.attackCardOf>>;

/** A fighter with a d8 Combat die, Firearms 2 and a pistol (1d6+1), no armor. */
async function fighter(name: string, owner: string | null): Promise<Actor.Implementation> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const created = await fake.as(GM.id, () =>
    Actor?.create({
      name,
      type: owner === null ? "npc" : "character",
      ownership: owner === null ? {} : { [owner]: 3 },
      system: {
        health: { value: 20, max: 20 },
        energy: { value: 6, max: 6 },
        traits: { combat: 8, spirit: 6, mind: 6 },
        skills: { firearms: 2, evasion: 1 },
      },
      items: [{ name: "Pistol", type: "weapon", system: { damage: "1d6+1", skill: "firearms" } }],
    }),
  );
  if (!created) throw new Error("actor not created");
  return spots.place(created as unknown as Actor.Implementation);
}

const sys = (a: Actor.Implementation) =>
  (a as unknown as Doc).system as unknown as {
    health: { value: number };
    energy: { value: number };
  };

const pistolOf = (a: Actor.Implementation) =>
  (a as unknown as Doc).items.contents[0] as unknown as Item.Implementation;

function cardOf(message: ChatMessage.Implementation): Card {
  const card = workflow.attackCardOf(message);
  if (card === null) throw new Error("not an attack card");
  return card;
}

/** `userId` attacks `target` with `attacker`'s pistol; the Combat die shows 6 (6 + 2 = 8). */
async function attack(
  userId: string,
  attacker: Actor.Implementation,
  target: Actor.Implementation,
) {
  fake.setUser(userId);
  table.target(target);
  queued.set([8, 6]);
  const message = await actions.attack(attacker, pistolOf(attacker), {});
  if (message === null) throw new Error("the attack was refused");
  return message;
}

/** `userId` presses a card button (Take it rolls the 1d6+1 damage: 4 + 1 = 5). */
async function press(
  userId: string,
  message: ChatMessage.Implementation,
  action: "take" | "apply",
) {
  if (action === "take") queued.set([6, 4]);
  return fake.as(userId, () => protocol.pressCard(message, action));
}

describe("the honest paths", () => {
  it("a player attacks an NPC: the GM posts the card and writes, the player applies", async () => {
    const maya = await fighter("Maya", PLAYER.id);
    const vex = await fighter("Vex", null);
    const mark = fake.db.calls.length;
    const message = await attack(PLAYER.id, maya, vex);
    expect(authorOf(message)).toBe(GM.id);
    expect(cardOf(message)).toMatchObject({ stage: "awaitingDefense", declaredBy: PLAYER.id });
    expect(sys(maya).energy.value).toBe(4);

    expect(await press(GM.id, message, "take")).toEqual({ ok: true });
    expect(await press(PLAYER.id, message, "apply")).toEqual({ ok: true });
    expect(sys(vex).health.value).toBe(15);
    expect(cardOf(message).stage).toBe("applied");
    // Maya's Energy and Vex's health: both written by the GM's client.
    expect(actorWriters(fake, mark)).toEqual([GM.id, GM.id]);
    expect(requestsLeft(fake)).toEqual([]);
    expect(fake.notifications).toEqual([]);
  });

  it("a player attacks another player's character: its owner takes the hit, through the GM", async () => {
    const maya = await fighter("Maya", PLAYER.id);
    const kara = await fighter("Kara", PLAYER2.id);
    const mark = fake.db.calls.length;
    const message = await attack(PLAYER.id, maya, kara);
    // The attacker may not answer for Kara; Kara's player may.
    expect(shownButtons(fake, message, PLAYER.id)).toEqual([]);
    expect(shownButtons(fake, message, PLAYER2.id)).toEqual(["evade", "take"]);
    expect(await press(PLAYER.id, message, "take")).toMatchObject({ ok: false });
    expect(await press(PLAYER2.id, message, "take")).toEqual({ ok: true });
    expect(await press(PLAYER2.id, message, "apply")).toEqual({ ok: true });
    expect(sys(kara).health.value).toBe(15);
    expect(actorWriters(fake, mark)).toEqual([GM.id, GM.id]);
    expect(requestsLeft(fake)).toEqual([]);
  });

  it("the GM attacks a player: the player takes it, the GM applies", async () => {
    const vex = await fighter("Vex", null);
    const maya = await fighter("Maya", PLAYER.id);
    const mark = fake.db.calls.length;
    const message = await attack(GM.id, vex, maya);
    expect(cardOf(message).declaredBy).toBe(GM.id);
    expect(await press(PLAYER.id, message, "take")).toEqual({ ok: true });
    expect(await press(GM.id, message, "apply")).toEqual({ ok: true });
    expect(sys(maya).health.value).toBe(15);
    expect(actorWriters(fake, mark)).toEqual([GM.id, GM.id]);
    expect(requestsLeft(fake)).toEqual([]);
  });
});

describe("First Aid on someone else's actor", () => {
  it("is rolled and written by the GM: the bleeding NPC is treated, the medic pays", async () => {
    const maya = await fighter("Maya", PLAYER.id);
    const Actor = fake.CONFIG["Actor"]?.documentClass;
    const rook = (await fake.as(GM.id, () =>
      Actor?.create({
        name: "Rook",
        type: "npc",
        system: { health: { value: 15, max: 20 } },
        effects: [{ name: "Bleeding", statuses: ["bleeding"], flags: { fray: { hpPerTurn: 5 } } }],
      }),
    )) as unknown as Actor.Implementation & { effects: { contents: { statuses: Set<string> }[] } };
    spots.place(rook);
    const mark = fake.db.calls.length;
    fake.setUser(PLAYER.id);
    table.target(rook);
    queued.set([6, 5]); // Medicine: Mind d6 showing 5 against TD 5
    expect(await actions.firstAid(maya)).toBe(true);
    expect(rook.effects.contents.flatMap((e) => [...e.statuses])).not.toContain("bleeding");
    expect(sys(maya).energy.value).toBe(4);
    const writers = fake.db
      .since(mark)
      .filter((c) => c.documentName !== "ChatMessage")
      .map((c) => c.userId);
    expect(new Set(writers)).toEqual(new Set([GM.id]));
    expect(requestsLeft(fake)).toEqual([]);
  });
});

describe("a private roll mode", () => {
  it("hides the dice in a GM roll, not the defender's Evade", async () => {
    const maya = await fighter("Maya", PLAYER.id);
    const kara = await fighter("Kara", PLAYER2.id);
    await fake.as(PLAYER.id, () => fake.settings.set("core", "rollMode", "gmroll"));
    const before = fake.game.messages.size;
    const message = await attack(PLAYER.id, maya, kara);
    const posted = fake.game.messages.contents.slice(before).map((m) => {
      const { _id, whisper, blind, content } = m.toObject() as Record<string, unknown>;
      const rolls = (m as unknown as { rolls: unknown[] }).rolls.length;
      return { id: _id, whisper: whisper ?? [], blind: blind ?? false, rolls, content };
    });
    const card = posted.find((m) => m.id === message.id);
    const dice = posted.find((m) => m.id !== message.id);
    // The card is public (no whisper, not blind) and offers Kara's player Evade.
    expect(card).toMatchObject({ whisper: [], blind: false, rolls: 0 });
    expect(card?.content).toContain("Evade (1 Energy)");
    expect(shownButtons(fake, message, PLAYER2.id)).toEqual(["evade", "take"]);
    // The Combat die goes to the GMs and its roller only.
    expect(dice).toMatchObject({ whisper: [GM.id, PLAYER.id], blind: false, rolls: 1 });
  });
});

describe("a referee request", () => {
  it("is hidden when it renders; other messages are not", async () => {
    const ChatMessage = fake.CONFIG["ChatMessage"]?.documentClass;
    const [request, chat] = (await fake.as(PLAYER.id, () =>
      ChatMessage?.createDocuments([
        { author: PLAYER.id, flags: { fray: { referee: { action: "x", payload: {} } } } },
        { author: PLAYER.id, content: "hello" },
      ]),
    )) as unknown as ChatMessage.Implementation[];
    const rendered = () => {
      const classes = new Set<string>();
      return { hidden: false, classes, classList: { add: (c: string) => classes.add(c) } };
    };
    const asRequest = rendered();
    const asChat = rendered();
    fake.hooks.callAll("renderChatMessageHTML", request, asRequest, {});
    fake.hooks.callAll("renderChatMessageHTML", chat, asChat, {});
    expect([asRequest.hidden, [...asRequest.classes]]).toEqual([true, ["fray-referee-request"]]);
    expect([asChat.hidden, [...asChat.classes]]).toEqual([false, []]);
  });
});
