/**
 * Every die a Worldlines attack card shows is one of its message's rolls (issue 18): the Combat
 * die posted with the card, and the dice the referee rolls when the defender answers (Evasion,
 * damage, Armor die …) added to the message by the same update that rewrites the card. Under a
 * private roll mode the dice live in the whispered dice message, never on the public card.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import type * as Workflow from "../../src/foundry/rulesets/worldlines/cards/attack-card.ts";
import type * as Protocol from "../../src/foundry/cards/protocol.ts";
import { worldlinesActions, worldlinesBoard } from "./worldlines.support.ts";
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
  queued.set();
  await fake.settings.set("core", "rollMode", "publicroll");
});

type Doc = ClientDocument & { items: { contents: ClientDocument[] } };

/** A d8 fighter with Firearms 2, Evasion 1, a pistol (1d6+1) and a torso Armor d4. */
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
      items: [
        { name: "Pistol", type: "weapon", system: { damage: "1d6+1", skill: "firearms" } },
        { name: "Vest", type: "armor", system: { zones: { torso: 4 } } },
      ],
    }),
  );
  if (!created) throw new Error("actor not created");
  return spots.place(created as unknown as Actor.Implementation);
}

/** The natural faces of a message's rolls, as the card lists its dice: [faces, value]. */
function rolled(message: unknown): [number, number][] {
  const rolls = (
    message as { rolls: { dice: { faces: number; results: { result: number }[] }[] }[] }
  ).rolls;
  return rolls.flatMap((r) =>
    r.dice.flatMap((d) => d.results.map((x): [number, number] => [d.faces, x.result])),
  );
}

function shown(message: ChatMessage.Implementation): [number, number][] {
  const card = workflow.attackCardOf(message);
  if (card === null) throw new Error("not an attack card");
  return card.dice.map((d) => [d.sides, d.value]);
}

async function attackAndEvade(maya: Actor.Implementation, kara: Actor.Implementation) {
  fake.setUser(PLAYER.id);
  table.target(kara);
  queued.set([8, 6]); // Combat die 6 + Firearms 2 = 8
  const pistol = (maya as unknown as Doc).items.contents[0] as unknown as Item.Implementation;
  const message = await actions.attack(maya, pistol, {});
  if (message === null) throw new Error("the attack was refused");
  // Kara evades (d8 shows 2: 3 < 8, fails), then takes it: damage d6 4, Armor d4 1.
  queued.set([8, 2], [6, 4], [4, 1]);
  await fake.as(PLAYER2.id, () => protocol.pressCard(message, "evade"));
  if (workflow.attackCardOf(message)?.stage === "awaitingExtraEvasion") {
    await fake.as(PLAYER2.id, () => protocol.pressCard(message, "take"));
  }
  return message;
}

describe("the dice on a Worldlines card", () => {
  it("are the message's rolls after the defender answers", async () => {
    const maya = await fighter("Maya", PLAYER.id);
    const kara = await fighter("Kara", PLAYER2.id);
    const message = await attackAndEvade(maya, kara);
    expect(shown(message)).toEqual([
      [8, 6],
      [8, 2],
      [6, 4],
      [4, 1],
    ]);
    expect(rolled(message)).toEqual(shown(message));
  });

  it("stay off the public card under a GM roll, in the whispered dice message", async () => {
    const maya = await fighter("Maya", PLAYER.id);
    const kara = await fighter("Kara", PLAYER2.id);
    await fake.as(PLAYER.id, () => fake.settings.set("core", "rollMode", "gmroll"));
    const message = await attackAndEvade(maya, kara);
    const dice = fake.game.messages.contents.find(
      (m) => (m.flags as { fray?: { diceOf?: string } }).fray?.diceOf === message.id,
    );
    expect(rolled(message)).toEqual([]);
    expect(rolled(dice)).toEqual(shown(message));
    expect(shown(message)).toHaveLength(4);
  });
});
