/**
 * Issue 23's Worldlines holes, tried from a player's console: the player owns only their own
 * character, sends any payload, and writes any value to their own actor. Each test asserts what
 * the referee (the active GM) must guarantee: nobody else's actor changes, and the refused request
 * gets a localized message. The scene is the GM's to measure: tokens on a 5 ft grid.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { boardOf, clearScenes } from "../fake-foundry/tokens.ts";
import type * as AttackCard from "../../src/foundry/rulesets/worldlines/cards/attack-card.ts";
import type * as Protocol from "../../src/foundry/cards/protocol.ts";
import { combatOnTurn, gmCreatesActor, itemOf, worldlinesActions } from "./worldlines.support.ts";
import type { WorldlinesActions } from "./worldlines.support.ts";
import { queuedDice } from "./boot.support.ts";
import { gameWrites } from "./referee.support.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let actions: WorldlinesActions;
let cards: typeof AttackCard;
let protocol: typeof Protocol;

const dice = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({ users: [GM, PLAYER, PLAYER2], random: dice.random });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await worldlinesActions();
  cards = await import("../../src/foundry/rulesets/worldlines/cards/attack-card.ts");
  protocol = await import("../../src/foundry/cards/protocol.ts");
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
  dice.set();
});

afterEach(() => {
  clearScenes(fake);
});

const create = (data: Record<string, unknown>) => gmCreatesActor(fake, data);

const sys = (a: Actor.Implementation) =>
  a.system as unknown as { health: { value: number }; energy: { value: number } };
const health = (a: Actor.Implementation) => sys(a).health.value;
const idOf = (d: { id: string | null }) => d.id ?? "";

/** Rook, the player's grenadier: two frag grenades (2d6), a pistol, 6 Energy. */
function rook(owner = PLAYER.id) {
  return create({
    name: "Rook",
    type: "character",
    ownership: { [owner]: 3 },
    prototypeToken: { disposition: 1 },
    system: {
      energy: { value: 6, max: 6 },
      traits: { combat: 8, spirit: 6, mind: 6 },
      skills: { firearms: 2, evasion: 1 },
    },
    items: [
      { name: "Frag", type: "gear", system: { kind: "grenade", quantity: 2, damage: "2d6" } },
      {
        name: "Pistol",
        type: "weapon",
        system: { damage: "1d6+1", skill: "firearms", kind: "ranged" },
      },
    ],
  });
}

function raider(name: string) {
  return create({ name, type: "npc", prototypeToken: { disposition: -1 } });
}

/**
 * What the player's console sends to throw: the actor, the item, where it lands (on the first of
 * the victims) and a list of victims of its own, which the referee must not read.
 */
function consoleThrow(
  actor: Actor.Implementation,
  item: Item.Implementation,
  victims: Actor.Implementation[],
) {
  return fake.as(PLAYER.id, () =>
    protocol.declareCard("worldlines.throw", {
      actorId: idOf(actor),
      itemId: idOf(item),
      aim: { targetId: idOf(victims[0] ?? actor) },
      targetIds: victims.map(idOf),
    }),
  );
}

/** What the player's console sends to attack: any target id, any situation. */
function consoleAttack(
  attacker: Actor.Implementation,
  target: Actor.Implementation | string,
  situation: Record<string, unknown> = {},
) {
  return fake.as(PLAYER.id, () =>
    protocol.declareCard("worldlines.attack", {
      attackerId: idOf(attacker),
      weaponId: idOf(itemOf(attacker, "Pistol")),
      targetId: typeof target === "string" ? target : idOf(target),
      situation,
      rollMode: "publicroll",
    }),
  );
}

/** A running combat of these actors in which `active` takes its turn. */
function combatWith(actors: Actor.Implementation[], active: Actor.Implementation) {
  return combatOnTurn(fake, actors, active, (faces) => {
    dice.set(...faces);
  });
}

describe("a grenade", () => {
  it("hurts the tokens in its blast on the scene, never the victims the request lists", async () => {
    const r = await rook();
    const a = await raider("Raider A");
    const b = await raider("Raider B");
    const far = await raider("Far");
    const elsewhere = await raider("Elsewhere");
    const board = boardOf(fake);
    board.place(r, { col: 0, row: 0 });
    board.place(a, { col: 6, row: 0 });
    board.place(b, { col: 7, row: 0 }); // 5 ft from A: in the blast
    board.place(far, { col: 20, row: 0 }); // 100 ft away
    // "Elsewhere" has no token at all.
    dice.set([6, 4], [6, 5]); // 2d6 = 9
    const outcome = await consoleThrow(r, itemOf(r, "Frag"), [a, far, elsewhere]);
    expect(outcome.ok).toBe(true);
    expect([health(far), health(elsewhere)]).toEqual([20, 20]);
    expect([health(a), health(b)]).toEqual([11, 11]);
  });

  it("is refused out of turn in a running combat, and nothing changes", async () => {
    const r = await rook();
    const a = await raider("Raider A");
    const board = boardOf(fake);
    board.place(r, { col: 0, row: 0 });
    board.place(a, { col: 2, row: 0 });
    await combatWith([r, a], a); // Raider A takes its turn
    const mark = fake.db.calls.length;
    dice.set([6, 4], [6, 5]);
    const outcome = await consoleThrow(r, itemOf(r, "Frag"), [a]);
    expect(outcome).toMatchObject({ ok: false, reason: "notYourTurn" });
    expect(health(a)).toBe(20);
    expect(sys(r).energy.value).toBe(6);
    expect(gameWrites(fake, mark).filter((c) => c.documentName === "Actor")).toEqual([]);
    expect(fake.notifications.at(-1)?.message).toBe("It is not Rook's turn.");
  });
});

describe("an attack", () => {
  it("on an actor with no token and in no combat is refused with a message; no card, no Energy", async () => {
    const r = await rook();
    const stranger = await raider("Stranger");
    const board = boardOf(fake);
    board.place(r, { col: 0, row: 0 });
    const before = fake.game.messages.size;
    const mark = fake.db.calls.length;
    dice.set([8, 6]);
    const outcome = await consoleAttack(r, stranger);
    expect(outcome).toMatchObject({ ok: false });
    expect(sys(r).energy.value).toBe(6);
    expect(gameWrites(fake, mark).filter((c) => c.documentName === "Actor")).toEqual([]);
    expect(fake.game.messages.size).toBe(before);
    expect(fake.notifications.at(-1)?.level).toBe("warn");
    expect(fake.notifications.at(-1)?.message).toContain("Stranger");
  });

  it("takes range and flanking from the scene, not from the player's situation", async () => {
    const r = await rook();
    const vex = await raider("Vex");
    const board = boardOf(fake);
    board.place(r, { col: 0, row: 0 });
    board.place(vex, { col: 40, row: 0 }); // 200 ft: extreme range; nobody flanks Vex
    // A flank nobody stands for is refused with the scene's sentence (issue 25), spending nothing.
    const claimed = await consoleAttack(r, vex, { range: "pointBlank", flanked: true });
    expect(claimed).toMatchObject({ ok: false, reason: "sceneSays" });
    expect(sys(r).energy.value).toBe(6);
    dice.set([8, 6]);
    const outcome = await consoleAttack(r, vex, { range: "pointBlank" });
    expect(outcome.ok).toBe(true);
    const message = fake.game.messages.contents.at(-1) as unknown as ChatMessage.Implementation;
    const card = cards.attackCardOf(message);
    expect(card?.situation.range).toBe("extreme");
    expect(card?.situation.flanked ?? false).toBe(false);
    expect(card?.attack.modifiers.map((m) => m.source)).not.toContain("flanked");
  });
});

describe("the round's interruption and Defensive Posture", () => {
  /** Vex (the GM's) shoots Kara (the player's), in a running combat on Vex's turn. */
  async function duel() {
    const kara = await create({
      name: "Kara",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      prototypeToken: { disposition: 1 },
      system: { energy: { value: 6, max: 6 }, skills: { evasion: 0 } },
      items: [{ name: "Vest", type: "armor", system: { zones: { torso: 4 }, equipped: true } }],
    });
    const vex = await create({
      name: "Vex",
      type: "npc",
      prototypeToken: { disposition: -1 },
      system: { energy: { value: 6, max: 6 }, traits: { combat: 8 }, skills: { firearms: 2 } },
      items: [
        {
          name: "Pistol",
          type: "weapon",
          system: { damage: "1d6+1", skill: "firearms", kind: "ranged" },
        },
      ],
    });
    const board = boardOf(fake);
    board.place(kara, { col: 0, row: 0 });
    board.place(vex, { col: 4, row: 0 });
    await combatWith([kara, vex], vex);
    return { kara, vex };
  }

  async function vexShoots(vex: Actor.Implementation, kara: Actor.Implementation) {
    fake.setUser(GM.id);
    table.target(kara);
    dice.set([8, 6]); // 6 + 2 = 8
    const message = await actions.attack(vex, itemOf(vex, "Pistol"), {});
    if (message === null) throw new Error(`refused: ${fake.notifications.at(-1)?.message ?? ""}`);
    return message;
  }

  it("a player who clears their own interruption flag still interrupts once per round", async () => {
    const { kara, vex } = await duel();
    const first = await vexShoots(vex, kara);
    dice.set([8, 1]); // Evasion 1: fails
    expect(await fake.as(PLAYER.id, () => protocol.pressCard(first, "evade"))).toEqual({
      ok: true,
    });
    expect(cards.attackCardOf(first)?.stage).toBe("awaitingExtraEvasion");
    dice.set([8, 8]); // the interruption's Evasion: 8, evades
    expect(await fake.as(PLAYER.id, () => protocol.pressCard(first, "evadeAgain"))).toEqual({
      ok: true,
    });
    // The player's console clears the flag on their own actor.
    await fake.as(PLAYER.id, () => kara.update({ "system.interruptUsed": false } as never));
    const second = await vexShoots(vex, kara);
    dice.set([8, 1], [6, 4], [4, 1]); // Evasion fails; damage 5, vest 1
    expect(await fake.as(PLAYER.id, () => protocol.pressCard(second, "evade"))).toEqual({
      ok: true,
    });
    // No second interruption this round: the card does not stop for one.
    expect(cards.attackCardOf(second)?.stage).not.toBe("awaitingExtraEvasion");
    const forged = await fake.as(PLAYER.id, () => protocol.pressCard(second, "evadeAgain"));
    expect(forged).toMatchObject({ ok: false });
  });

  it("a player who sets Defensive Posture on their own actor gets no bigger Armor die", async () => {
    const { kara, vex } = await duel();
    await fake.as(PLAYER.id, () => kara.update({ "system.defensivePosture": true } as never));
    const message = await vexShoots(vex, kara);
    dice.set([6, 4], [4, 1]);
    expect(await fake.as(PLAYER.id, () => protocol.pressCard(message, "take"))).toEqual({
      ok: true,
    });
    expect(cards.attackCardOf(message)?.result?.damage?.armorDie).toBe(4);
  });
});
