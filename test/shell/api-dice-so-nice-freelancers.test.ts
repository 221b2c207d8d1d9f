/**
 * Dice So Nice under the chat roll modes, in Freelancers: the defense and damage dice the referee
 * rolls when the defender presses Roll defense, after the attack card was posted, are thrown with
 * `game.dice3d.showForRoll` to the users the attacking player's roll mode shows dice to (as
 * shared/cards.ts showDice does for every ruleset's later dice). Before, they were never shown.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installDiceSoNice } from "../fake-foundry/dice-so-nice.ts";
import type { FrayApi } from "../../src/foundry/api/index.ts";
import { flWorld } from "./freelancers.support.ts";
import type { FlWorld } from "./freelancers.support.ts";

let world: FlWorld;
let fake: FakeFoundry;
let dsn: ReturnType<typeof installDiceSoNice>;
const api = (): FrayApi => (fake.game.system as { api: FrayApi }).api;

beforeAll(async () => {
  world = await flWorld();
  fake = world.fake;
});

beforeEach(() => {
  world.reset();
  dsn = installDiceSoNice();
});

afterEach(async () => {
  dsn.uninstall();
  await fake.as(PLAYER.id, () => fake.settings.set("core", "rollMode", "publicroll"));
});

describe("the defender's dice, thrown after the card was posted", () => {
  it.each([
    ["publicroll", null, false],
    ["gmroll", [GM.id, PLAYER.id], false],
    ["blindroll", [GM.id], true],
    ["selfroll", [PLAYER.id], false],
  ] as const)("under a %s go to whom the roll mode shows dice", async (mode, whisper, blind) => {
    const kara = await world.kara();
    const rook = await world.rook();
    world.placeAt(kara, 0);
    world.placeAt(rook, 1);
    await fake.as(PLAYER.id, () => fake.settings.set("core", "rollMode", mode));
    fake.setUser(PLAYER.id);
    world.dice([20, 4]);
    const call = { attacker: kara, weaponId: world.item(kara, "Knife").id, target: rook };
    const id = String(((await api().attack(call)) as { value: unknown }).value);
    dsn.thrown.length = 0;
    fake.setUser(PLAYER2.id);
    world.dice([20, 19], [6, 5]);
    expect(await api().press(id, "defend")).toEqual({ ok: true });
    expect(dsn.thrown.flatMap((x) => x.faces)).toEqual([19, 5]);
    for (const thrown of dsn.thrown) {
      expect(thrown).toMatchObject({ whisper, blind, synchronize: true, messageId: id });
    }
  });
});

describe("a check's dice, rolled by the referee for a declaration", () => {
  it("follow the declaring player's roll mode: a blind Hide's dice go to the GMs alone", async () => {
    const kara = await world.kara();
    world.placeAt(kara, 0);
    await fake.as(PLAYER.id, () => fake.settings.set("core", "rollMode", "blindroll"));
    fake.setUser(PLAYER.id);
    world.dice([20, 6]);
    const before = fake.game.messages.contents.length;
    const { flStealth } = await import("../../src/foundry/rulesets/freelancers/table/stealth.ts");
    const card = await flStealth(kara, "hide");
    const posted = fake.game.messages.contents.slice(before) as unknown as {
      id: string;
      rolls: unknown[];
      whisper: string[];
      blind: boolean;
    }[];
    // The card stays public (its buttons are the GM's); its dice go to a whispered message.
    expect(posted.map((m) => [m.rolls.length, m.whisper, m.blind])).toEqual([
      [0, [], false],
      [1, [GM.id], true],
    ]);
    expect(posted[0]?.id).toBe(card?.id);
  });
});

describe("a check the sheet rolls on the player's own client", () => {
  it("is whispered as the player's roll mode says (core applies no mode to it by itself)", async () => {
    const kara = await world.kara();
    await fake.as(PLAYER.id, () => fake.settings.set("core", "rollMode", "blindroll"));
    fake.setUser(PLAYER.id);
    world.dice([20, 6]);
    const { flRollCheck } = await import("../../src/foundry/rulesets/freelancers/table/checks.ts");
    const message = (await flRollCheck(kara, "agility", null)) as unknown as {
      rolls: unknown[];
      whisper: string[];
      blind: boolean;
    } | null;
    expect(message?.rolls.length).toBe(1);
    expect([message?.whisper, message?.blind]).toEqual([[GM.id], true]);
  });
});
