/**
 * The honest paths of the WWN attack through the referee, in the fake with two players and a GM:
 * a player attacks an NPC, a player attacks another player's character, the GM attacks a player.
 * Each time the card is the GM's, the dice and every write to another owner's actor are the
 * active GM's, and the requests leave nothing behind in the chat.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import { wwnScene, wwnShell } from "./wwn.support.ts";
import type { WwnShell } from "./wwn.support.ts";
import { actorWriters, authorOf, requestsLeft } from "./referee.support.ts";
import { queuedDice } from "./boot.support.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let actions: WwnShell;
let scene: ReturnType<typeof wwnScene>;
const rolls = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({
    users: [GM, PLAYER, PLAYER2],
    settings: { "fray.ruleset": "wwn" },
    random: rolls.random,
  });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await wwnShell();
  scene = wwnScene(fake);
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
  rolls.set();
});

type Doc = ClientDocument & { items: { contents: ClientDocument[] } };

/**
 * A spear fighter: Str 14 (+1), Stab-1, attack bonus +1 (hits at +3), Shock 2 + 1 = 3 against AC
 * 13 or less; natural AC 12, 10 hit points.
 */
async function fighter(name: string, owner: string | null): Promise<Actor.Implementation> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const created = await fake.as(GM.id, () =>
    Actor?.create({
      name,
      type: owner === null ? "npc" : "character",
      ownership: owner === null ? {} : { [owner]: 3 },
      system: {
        health: { value: 10, max: 10 },
        ac: { natural: 12, bonus: 0 },
        attackBonus: 1,
        attributes: { str: 14 },
        skills: { stab: 1 },
      },
      items: [
        {
          name: "Spear",
          type: "weapon",
          system: {
            damage: "1d6",
            skill: "stab",
            attributes: { str: true },
            shock: { enabled: true, damage: 2, ac: 13 },
          },
        },
      ],
    }),
  );
  if (!created) throw new Error("actor not created");
  scene.place(created);
  return created as unknown as Actor.Implementation;
}

const hp = (a: Actor.Implementation) =>
  ((a as unknown as Doc).system as unknown as { health: { value: number } }).health.value;

/** `userId` attacks with the spear; the d20 shows 5 (5 + 3 = 8 < AC 12): a miss that Shocks. */
async function attack(
  userId: string,
  attacker: Actor.Implementation,
  target: Actor.Implementation,
) {
  fake.setUser(userId);
  table.target(target);
  rolls.set([20, 5]);
  const spear = (attacker as unknown as Doc).items.contents[0] as unknown as Item.Implementation;
  const message = await actions.wwnAttack(attacker, spear, {});
  if (message === null) throw new Error("the attack was refused");
  return message;
}

const apply = (userId: string, message: ChatMessage.Implementation) =>
  fake.as(userId, () => actions.press(message, "apply"));

describe("the honest paths", () => {
  it("a player attacks an NPC: the GM posts the card, the player applies through the GM", async () => {
    const kara = await fighter("Kara", PLAYER.id);
    const bandit = await fighter("Bandit", null);
    const mark = fake.db.calls.length;
    const message = await attack(PLAYER.id, kara, bandit);
    expect(authorOf(message)).toBe(GM.id);
    expect(actions.wwnCardOf(message)).toMatchObject({ stage: "resolved", declaredBy: PLAYER.id });
    expect(await apply(PLAYER.id, message)).toEqual({ ok: true });
    expect(hp(bandit)).toBe(7);
    expect(actorWriters(fake, mark).every((id) => id === GM.id)).toBe(true);
    expect(actorWriters(fake, mark)).not.toEqual([]);
    expect(requestsLeft(fake)).toEqual([]);
    expect(fake.notifications).toEqual([]);
  });

  it("a player attacks another player's character: its owner applies, once", async () => {
    const kara = await fighter("Kara", PLAYER.id);
    const mira = await fighter("Mira", PLAYER2.id);
    const mark = fake.db.calls.length;
    const message = await attack(PLAYER.id, kara, mira);
    expect(await apply(PLAYER2.id, message)).toEqual({ ok: true });
    expect(await apply(PLAYER.id, message)).toMatchObject({ ok: false });
    expect(hp(mira)).toBe(7);
    expect(actorWriters(fake, mark).every((id) => id === GM.id)).toBe(true);
    expect(requestsLeft(fake)).toEqual([]);
  });

  it("the GM attacks a player: the player applies the Shock to their own character", async () => {
    const brute = await fighter("Brute", null);
    const kara = await fighter("Kara", PLAYER.id);
    const message = await attack(GM.id, brute, kara);
    expect(actions.wwnCardOf(message)?.declaredBy).toBe(GM.id);
    expect(await apply(PLAYER.id, message)).toEqual({ ok: true });
    expect(hp(kara)).toBe(7);
    expect(requestsLeft(fake)).toEqual([]);
  });
});
