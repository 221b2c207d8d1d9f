/**
 * Dice So Nice under the chat roll modes: dice the referee rolls after a card was posted (the
 * defender's pool, the wound dice) are thrown with `game.dice3d.showForRoll` to the users the
 * declaring player's roll mode shows dice to, as core whispers such a roll: everyone for a public
 * roll, the GMs and the roller for a GM roll, the GMs only (blind to the roller) for a blind
 * roll, the roller alone for a self roll. Before, they were thrown to everyone whatever the mode.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import { installDiceSoNice } from "../fake-foundry/dice-so-nice.ts";
import { useDicepoolTable } from "./dicepool.support.ts";

const t = useDicepoolTable();
let dsn: ReturnType<typeof installDiceSoNice>;

beforeEach(() => {
  dsn = installDiceSoNice();
});
afterEach(async () => {
  dsn.uninstall();
  await t.fake.as(PLAYER.id, () => t.fake.settings.set("core", "rollMode", "publicroll"));
});

describe("the defender's dice, thrown after the card was posted", () => {
  it.each([
    ["publicroll", null, false],
    ["gmroll", [GM.id, PLAYER.id], false],
    ["blindroll", [GM.id], true],
    ["selfroll", [PLAYER.id], false],
  ] as const)("under a %s go to whom the roll mode shows dice", async (mode, whisper, blind) => {
    const { ana, brute } = await t.fighters();
    await t.fake.as(PLAYER.id, () => t.fake.settings.set("core", "rollMode", mode));
    t.dice(6, 5, 4, 1, 2); // 3 hits
    const message = await t.playerAttacks(ana, brute);
    t.fake.setUser(GM.id);
    t.dice(4, 1, 1, 5, 2); // Dodge: 1 hit; 2 net, two wound dice
    expect(await t.defend(message, "dodge")).toBe(true);
    expect(dsn.thrown.length).toBeGreaterThan(0);
    expect(dsn.thrown.flatMap((x) => x.faces)).toEqual([4, 1, 1, 5, 2]);
    for (const thrown of dsn.thrown) {
      expect(thrown).toMatchObject({ whisper, blind, synchronize: true, messageId: message.id });
    }
  });
});
