/**
 * The two low holes of issue 23, from a player's console:
 * - a Combat update carrying Fray's `turnEvents` option made the active GM run the turn and round
 *   events it named (core passes an update's options, and its writer's id, to `_onUpdate` on every
 *   client): only an update a GM made is read for them;
 * - a message a player posted with `flags.fray.diceOf` naming a Worldlines card received the dice
 *   the referee rolled for that card: only a GM's dice message is the card's.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import type * as AttackCard from "../../src/foundry/rulesets/worldlines/cards/attack-card.ts";
import type * as Protocol from "../../src/foundry/cards/protocol.ts";
import { worldlinesActions, worldlinesBoard } from "./worldlines.support.ts";
import type { WorldlinesActions } from "./worldlines.support.ts";
import { queuedDice } from "./boot.support.ts";
import { setUpTeamCombat } from "./team-combat.support.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let actions: WorldlinesActions;
let cards: typeof AttackCard;
let protocol: typeof Protocol;
let spots: ReturnType<typeof worldlinesBoard>;
let whenIdle: () => Promise<void>;
const queued = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({ users: [GM, PLAYER, PLAYER2], random: queued.random });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await worldlinesActions();
  cards = await import("../../src/foundry/rulesets/worldlines/cards/attack-card.ts");
  protocol = await import("../../src/foundry/cards/protocol.ts");
  spots = worldlinesBoard(fake);
  ({ whenIdle } = await import("../../src/foundry/combat/actions.ts"));
});

beforeEach(async () => {
  fake.setUser(GM.id);
  queued.set();
  await fake.settings.set("core", "rollMode", "publicroll");
});

describe("Fray's turn events in a Combat update's options", () => {
  it("are run by the active GM only when a GM made the update", async () => {
    const combat = await setUpTeamCombat(fake, 1, whenIdle);
    queued.set([8, 3], [8, 5], [8, 7]); // the order's Combat dice
    await combat.startCombat();
    await whenIdle();
    fake.connectClient(GM.id, combat);
    fake.turnEvents.length = 0;
    const forged = {
      turnEvents: false,
      fray: { turnEvents: { ended: null, roundEnded: 7, roundStarted: 8, started: null } },
    };
    // Core lets a player change a Combat's turn (BaseCombat#canUpdate): the options ride along.
    await fake.as(PLAYER.id, () => combat.update({ turn: combat.turn }, forged as never));
    await whenIdle();
    expect(fake.turnEvents).toEqual([]);
  });
});

type Doc = ClientDocument & { items: { contents: ClientDocument[] } };

async function fighter(name: string, owner: string): Promise<Actor.Implementation> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const created = await fake.as(GM.id, () =>
    Actor?.create({
      name,
      type: "character",
      ownership: { [owner]: 3 },
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

const rollCount = (message: unknown) => (message as { rolls: unknown[] }).rolls.length;

describe("a player's message flagged as a card's dice", () => {
  it("receives none of the dice the referee rolls for that card: the card keeps them", async () => {
    const maya = await fighter("Maya", PLAYER.id);
    const kara = await fighter("Kara", PLAYER2.id);
    fake.setUser(PLAYER.id);
    table.target(kara);
    queued.set([8, 6]);
    const pistol = (maya as unknown as Doc).items.contents[0] as unknown as Item.Implementation;
    const card = await actions.attack(maya, pistol, {});
    if (card === null) throw new Error("the attack was refused");
    // Kara's player posts a message claiming to hold the card's dice.
    const ChatMessage = fake.CONFIG["ChatMessage"]?.documentClass;
    const forged = await fake.as(PLAYER2.id, () =>
      ChatMessage?.create({ content: "mine", flags: { fray: { diceOf: card.id } } }),
    );
    const before = rollCount(card);
    queued.set([8, 2], [6, 4], [4, 1]);
    await fake.as(PLAYER2.id, () => protocol.pressCard(card, "evade"));
    if (cards.attackCardOf(card)?.stage === "awaitingExtraEvasion") {
      await fake.as(PLAYER2.id, () => protocol.pressCard(card, "take"));
    }
    expect(rollCount(forged)).toBe(0);
    expect(rollCount(card)).toBeGreaterThan(before);
  });
});
