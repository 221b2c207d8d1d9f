/**
 * The Freelancers attack dialog as a player works it (issue 29), opened from the sheet's Attack
 * button: "target engaged with someone else" is asked of a Base action and a reaction only (a
 * Long action ignores its penalty), shown and hidden as the choice changes, and a tick left in it
 * never reaches the card; the odds box answers for the options chosen.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PLAYER } from "../fake-foundry/index.ts";
import type { OpenDialog } from "../fake-foundry/applications.ts";
import type * as Cards from "../../src/foundry/rulesets/freelancers/cards/attack-card.ts";
import { clickSheet } from "./boot.support.ts";
import { flWorld } from "./freelancers.support.ts";
import type { FlWorld } from "./freelancers.support.ts";

let world: FlWorld;
let cards: typeof Cards;
let sheetClass: unknown;

beforeAll(async () => {
  world = await flWorld();
  cards = await import("../../src/foundry/rulesets/freelancers/cards/attack-card.ts");
  sheetClass = (await import("../../src/foundry/rulesets/freelancers/sheets/actor-sheet.ts"))
    .FlActorSheet;
});

beforeEach(() => {
  world.reset();
});

/** Kara presses Attack on her knife's row at Rook beside her and works the dialog. */
async function attackFromSheet(work: (dialog: OpenDialog) => void) {
  const k = await world.kara();
  const r = await world.rook();
  world.placeAt(k, 0);
  world.placeAt(r, 1);
  world.fake.setUser(PLAYER.id);
  world.table.target(r);
  // Kara rolls 9 under 11, Rook 15 under 7 fails; the knife deals 3 + 2.
  world.dice([20, 9], [20, 15], [6, 3]);
  const messages = world.fake.game.messages;
  const before = messages.size;
  world.fake.dialogs.user = work;
  await clickSheet(sheetClass, k, "attack", {}, world.item(k, "Knife").id ?? "");
  const posted = [...messages.values()].slice(before);
  return (
    posted
      .map((m) => cards.flCardOf(m as unknown as ChatMessage.Implementation))
      .find((c) => c != null) ?? null
  );
}

describe("the Freelancers attack dialog's fields", () => {
  it("ask whether the target is engaged of a Base action only, and a Long action's card ignores the tick", async () => {
    const seen: Record<string, boolean | string> = {};
    const card = await attackFromSheet((dialog) => {
      seen["engaged, a Base action"] = dialog.shown("targetEngaged");
      const plain = dialog.text('[data-odds="hit"]');
      dialog.check("targetEngaged", true);
      // Engaged elsewhere: the attack is unfavorable, the chance to hit falls.
      seen["odds fall"] =
        Number.parseFloat(dialog.text('[data-odds="hit"]')) < Number.parseFloat(plain);
      dialog.choose("as", "long");
      seen["engaged, a Long action"] = dialog.shown("targetEngaged");
      seen["odds back"] = dialog.text('[data-odds="hit"]') === plain;
      dialog.press("attack");
    });
    expect(seen).toEqual({
      "engaged, a Base action": true,
      "odds fall": true,
      "engaged, a Long action": false,
      "odds back": true,
    });
    expect(card, world.warnings().at(-1)).not.toBeNull();
    expect(card?.situation.as).toBe("long");
    expect(card?.situation.targetEngaged).toBe(false);
  });
});
