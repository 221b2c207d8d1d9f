/**
 * Issue 10's attacks, replayed from a player's console against the Worldlines attack card in the
 * fake (which enforces core's permissions: a player may rewrite only the cards they authored,
 * write only the actors they own). Each test asserts what the referee must guarantee: the forged
 * press is refused and the database log shows no write to anyone's actor.
 *
 * Written before the fix and seen red against the code before the referee (when the attacker
 * authored the card and queries carried a user id). Since the wiring, the card is the GM's: the
 * attacker's rewrite is refused by the server, so each attack is tried the way that remains, a
 * card of the player's own with the forged state, and the old query names no longer exist.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, GM2, PLAYER, installFakeFoundry, seededRandom } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { worldlinesActions, worldlinesBoard } from "./worldlines.support.ts";
import type { WorldlinesActions } from "./worldlines.support.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import type * as Workflow from "../../src/foundry/rulesets/worldlines/cards/attack-card.ts";
import type * as Protocol from "../../src/foundry/cards/protocol.ts";
import type * as Referee from "../../src/foundry/shared/referee.ts";
import { gameWrites } from "./referee.support.ts";

let fake: FakeFoundry;
let spots: ReturnType<typeof worldlinesBoard>;
let table: ReturnType<typeof installTableFakes>;
let actions: WorldlinesActions;
let workflow: typeof Workflow;
let protocol: typeof Protocol;
let referee: typeof Referee;

/** Dice the test fixes, as [faces, value]; once used up, a seeded generator rolls the rest. */
let queue: [number, number][] = [];
const rest = seededRandom(7);

beforeAll(async () => {
  fake = installFakeFoundry({
    users: [GM, PLAYER, GM2],
    random: () => {
      const next = queue.shift();
      return next === undefined ? rest() : (next[1] - 0.5) / next[0];
    },
  });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  spots = worldlinesBoard(fake);
  actions = await worldlinesActions();
  workflow = await import("../../src/foundry/rulesets/worldlines/cards/attack-card.ts");
  protocol = await import("../../src/foundry/cards/protocol.ts");
  referee = await import("../../src/foundry/shared/referee.ts");
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
  queue = [];
});

type Doc = ClientDocument & { items: { contents: ClientDocument[] } };
type Card = NonNullable<ReturnType<typeof Workflow.attackCardOf>>;

async function actor(name: string, owner: string | null): Promise<Actor.Implementation> {
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

/** The player's Maya shoots the GM's NPC Vex (a d8 Combat die showing 6); the card waits. */
async function playerAttacks() {
  const maya = await actor("Maya", PLAYER.id);
  const vex = await actor("Vex", null);
  const bystander = await actor("Bystander", null);
  fake.setUser(PLAYER.id);
  table.target(vex);
  const pistol = (maya as unknown as Doc).items.contents[0] as unknown as Item.Implementation;
  queue = [[8, 6]];
  const message = await actions.attack(maya, pistol, {});
  if (message === null) throw new Error("the attack was refused");
  return { maya, vex, bystander, message };
}

const cardOf = (message: ChatMessage.Implementation): Card => {
  const card = workflow.attackCardOf(message);
  if (card === null) throw new Error("not an attack card");
  return card;
};

/**
 * The attacker rewrites the card: the server refuses (the card is the GM's), so the attacker posts
 * a card of their own carrying the forged state, and gets that one.
 */
async function forge(
  message: ChatMessage.Implementation,
  changes: Partial<Card>,
): Promise<ChatMessage.Implementation> {
  const forged = { ...cardOf(message), ...changes };
  await expect(
    fake.as(PLAYER.id, () => message.update({ "flags.fray.attack": forged } as never)),
  ).rejects.toThrow();
  expect(cardOf(message)).not.toEqual(forged);
  const ChatMessage = fake.CONFIG["ChatMessage"]?.documentClass;
  const copy = await fake.as(PLAYER.id, () =>
    ChatMessage?.create({
      author: PLAYER.id,
      content: (message as unknown as { content: string }).content,
      // The whole card, its kind included: the protocol finds the strategy, then refuses it.
      flags: { fray: { cardKind: "worldlines.attack", attack: forged } },
    }),
  );
  if (!copy) throw new Error("the player could not post a card");
  return copy as unknown as ChatMessage.Implementation;
}

/** A query under a name the referee replaced: core has no handler for it, and rejects it. */
async function oldQuery(to: string, name: string, data: unknown) {
  await expect(fake.as(PLAYER.id, () => fake.users.get(to)?.query(name, data))).rejects.toThrow(
    /no query handler/,
  );
}

/** The GM answers for Vex: Take it (damage 1d6+1 showing 4, no armor). */
async function gmTakes(message: ChatMessage.Implementation) {
  queue = [[6, 4]];
  await fake.as(GM.id, () => protocol.pressCard(message, "take"));
}

const actorWrites = (mark: number) => fake.db.since(mark, { documentName: "Actor" });

describe("a card the attacker rewrote", () => {
  // Seen red before the referee (the attacker's rewrite was applied to the bystander).
  it("is not applied: another defender and a 50d1000 formula write nothing", async () => {
    const { bystander, message } = await playerAttacks();
    await gmTakes(message);
    const card = cardOf(message);
    const forged = await forge(message, {
      defenderId: bystander.id ?? "",
      // (50 dice: the replay stops at 64 dice per step, so 100d1000 would fail for that reason.)
      weapon: { ...card.weapon, damage: "50d1000" },
    });
    const mark = fake.db.calls.length;
    const outcome = await fake.as(PLAYER.id, () => protocol.pressCard(forged, "apply"));
    expect(outcome.ok).toBe(false);
    expect(actorWrites(mark)).toEqual([]);
    expect(sys(bystander).health.value).toBe(20);
  });

  // Seen red before the referee (the rewound card dealt its damage again).
  it("is not applied twice by setting its stage back", async () => {
    const { vex, message } = await playerAttacks();
    await gmTakes(message);
    await fake.as(PLAYER.id, () => protocol.pressCard(message, "apply"));
    const after = sys(vex).health.value;
    expect(after).toBeLessThan(20);
    const forged = await forge(message, { stage: "resolved" });
    const mark = fake.db.calls.length;
    const again = await fake.as(PLAYER.id, () => protocol.pressCard(forged, "apply"));
    const twice = await fake.as(PLAYER.id, () => protocol.pressCard(message, "apply"));
    expect([again.ok, twice.ok]).toEqual([false, false]);
    expect(actorWrites(mark)).toEqual([]);
    expect(sys(vex).health.value).toBe(after);
  });

  // Seen red before the referee (Vex got the 300 Energy "back").
  it("cannot claim Evasion Energy was paid: no NPC gets Energy above its maximum", async () => {
    const { vex, message } = await playerAttacks();
    const forged = await forge(message, {
      stage: "awaitingExtraEvasion",
      defense: "evade",
      evasionPaid: 300,
    });
    const mark = fake.db.calls.length;
    const asGM = { messageId: forged.id, userId: GM.id, step: "take", action: "take", dice: [] };
    await oldQuery(GM.id, "fray.worldlinesAttack", asGM);
    const outcome = await fake.as(PLAYER.id, () => referee.sendIntent(protocol.CARD_PRESS, asGM));
    // Not even the GM's own press plays a card a player posted.
    const gmPress = await fake.as(GM.id, () => protocol.pressCard(forged, "take"));
    expect([outcome.ok, gmPress]).toEqual([false, { ok: false, reason: "notRefereeCard" }]);
    expect(actorWrites(mark)).toEqual([]);
    expect(sys(vex).energy.value).toBe(6);
  });

  // Seen red before the referee (the GM replayed the 99 and resolved the card).
  it("with a 99 on its d8 Combat die is refused when the GM replays it", async () => {
    const { message } = await playerAttacks();
    const card = cardOf(message);
    const changes = {
      dice: [{ sides: 8, value: 99 }],
      attack: { ...card.attack, natural: 99, total: 101 },
    };
    const forged = await forge(message, changes);
    const mark = fake.db.calls.length;
    queue = [[6, 4]];
    const outcome = await fake.as(GM.id, () => protocol.pressCard(forged, "take"));
    expect(outcome.ok).toBe(false);
    expect(fake.db.since(mark)).toEqual([]);
    // The same dice on a card the GM's client wrote (an old or damaged card): the range check.
    await fake.as(GM.id, () =>
      message.update({ "flags.fray.attack": { ...card, ...changes } } as never),
    );
    const damaged = fake.db.calls.length;
    const replayed = await fake.as(GM.id, () => protocol.pressCard(message, "take"));
    expect(replayed).toMatchObject({ ok: false, reason: "badDie" });
    expect(fake.db.since(damaged)).toEqual([]);
  });
});

describe("a query naming someone else", () => {
  // Seen red before the referee (the query's userId made the player the GM).
  it("with the GM's user id in the payload is not treated as the GM", async () => {
    const { message } = await playerAttacks();
    const mark = fake.db.calls.length;
    queue = [[6, 6]];
    const asGM = { messageId: message.id, userId: GM.id, step: "take", action: "take", dice: [] };
    await oldQuery(GM.id, "fray.worldlinesAttack", asGM);
    const outcome = await fake.as(PLAYER.id, () => referee.sendIntent(protocol.CARD_PRESS, asGM));
    expect(outcome).toMatchObject({ ok: false, reason: "notAllowed" });
    expect(gameWrites(fake, mark)).toEqual([]);
    expect(cardOf(message).stage).toBe("awaitingDefense");
  });
});

describe("two GMs and two presses", () => {
  // Seen red before the referee (any GM's client carried the query out).
  it("a GM who is not the active GM does not handle the query", async () => {
    const { vex, message } = await playerAttacks();
    await gmTakes(message);
    expect(fake.users.activeGM?.id).toBe(GM.id);
    const mark = fake.db.calls.length;
    const apply = { messageId: message.id, step: "apply", action: "apply" };
    await oldQuery(GM2.id, "fray.worldlinesAttack", { ...apply, userId: PLAYER.id, dice: [] });
    // The request as sendIntent makes it, sent to the other GM instead of the active one.
    const ChatMessage = fake.CONFIG["ChatMessage"]?.documentClass;
    const request = await fake.as(PLAYER.id, () =>
      ChatMessage?.create({
        author: PLAYER.id,
        whisper: [GM.id, GM2.id],
        flags: { fray: { referee: { action: protocol.CARD_PRESS, payload: apply } } },
      }),
    );
    const answer = await fake.as(PLAYER.id, () =>
      fake.users.get(GM2.id)?.query("fray.referee", { messageId: request?.id }),
    );
    expect(answer).toMatchObject({ ok: false, reason: "notActiveGM" });
    expect(actorWrites(mark)).toEqual([]);
    expect(sys(vex).health.value).toBe(20);
  });

  // Seen red before the referee (the second press dealt the damage again).
  it("Apply pressed twice 25 ms apart deals the damage once", async () => {
    const { vex, message } = await playerAttacks();
    await gmTakes(message);
    const dealt = 20 - (cardOf(message).result?.health.after ?? 20);
    expect(dealt).toBeGreaterThan(0);
    // The GM's first Apply is slow to write its card (a busy client): the second press arrives
    // while Vex is already hit and the card still says "resolved".
    const handlebars = foundry.applications.handlebars as unknown as {
      renderTemplate: (path: string, context: unknown) => Promise<string>;
    };
    const render = handlebars.renderTemplate;
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    handlebars.renderTemplate = async (path, context) => {
      if (first) {
        first = false;
        await slow;
      }
      return render(path, context);
    };
    try {
      const mark = fake.db.calls.length;
      const press = () => fake.as(PLAYER.id, () => protocol.pressCard(message, "apply"));
      const one = press();
      await new Promise((resolve) => setTimeout(resolve, 25));
      const two = press();
      await new Promise((resolve) => setTimeout(resolve, 25));
      release();
      await Promise.all([one, two]);
      expect(actorWrites(mark)).toHaveLength(1);
      expect(sys(vex).health.value).toBe(20 - dealt);
    } finally {
      handlebars.renderTemplate = render;
    }
  });
});
