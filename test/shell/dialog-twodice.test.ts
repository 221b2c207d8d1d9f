/**
 * The two-dice dialogs as a user works them (issue 29), opened from the sheet: the attack
 * dialog's shot fields show for a shot and the defender's awareness for a blow; "I moved" goes
 * once a move and a shot is declared (that is a move already) and the card carries the move; the
 * Medicine dialog's odds box gives the chance the treatment works, rising with the GM's better
 * circumstances, and Treat sends the check.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import type { OpenDialog } from "../fake-foundry/applications.ts";
import type * as Cards from "../../src/foundry/rulesets/twodice/cards/attack-card.ts";
import { clickSheet } from "./boot.support.ts";
import { TWODICE_RIFLE, twodiceWorld } from "./twodice.support.ts";
import type { TwodiceWorld } from "./twodice.support.ts";

let world: TwodiceWorld;
let cards: typeof Cards;
let sheetClass: unknown;

beforeAll(async () => {
  world = await twodiceWorld();
  cards = await import("../../src/foundry/rulesets/twodice/cards/attack-card.ts");
  sheetClass = (await import("../../src/foundry/rulesets/twodice/sheets/actor-sheet.ts"))
    .TwodiceActorSheet;
});

beforeEach(() => {
  world.reset();
});

const KNIFE = {
  name: "Knife",
  type: "weapon",
  system: { kind: "melee", attack: 12, defense: 6, damage: 1 },
};

async function pair() {
  const gunner = await world.createActor({
    name: "Gunner",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    system: { traits: { medicine: 8 } },
    items: [TWODICE_RIFLE, KNIFE],
  });
  const target = await world.createActor({
    name: "Vex",
    type: "npc",
    system: { traits: { toughness: 10 } },
  });
  world.placeAt(gunner, 0);
  world.placeAt(target, 3);
  return { gunner, target };
}

/** `userId` presses a button of the gunner's sheet and works the dialog; the new messages. */
async function fromSheet(
  userId: string,
  action: string,
  weapon: string | null,
  work: (dialog: OpenDialog) => void,
) {
  const { gunner, target } = await pair();
  world.fake.setUser(userId);
  world.table.target(target);
  const messages = world.fake.game.messages;
  const before = messages.size;
  world.fake.dialogs.user = work;
  const itemId = weapon === null ? undefined : (world.item(gunner, weapon).id ?? "");
  await clickSheet(sheetClass, gunner, action, {}, itemId);
  return [...messages.values()].slice(before) as unknown as ChatMessage.Implementation[];
}

describe("the two-dice attack dialog's fields", () => {
  it("a shot asks the shot's claims; 'I moved' goes once a move and a shot is declared, and the card carries the move", async () => {
    const seen: Record<string, boolean> = {};
    world.dice(3, 2);
    const posted = await fromSheet(PLAYER.id, "attack", "Rifle", (dialog) => {
      seen["moved"] = dialog.shown("moved");
      seen["cover"] = dialog.shown("cover");
      seen["target modifier"] = dialog.shown("targetModifier");
      dialog.check("moved", true);
      dialog.choose("move", "moveAndShoot");
      seen["moved, with a move and a shot"] = dialog.shown("moved");
      dialog.press("attack");
    });
    expect(seen).toEqual({
      moved: true,
      cover: true,
      "target modifier": true,
      "moved, with a move and a shot": false,
    });
    const card = posted.map((m) => cards.twodiceCardOf(m)).find((c) => c != null);
    expect(card, world.warnings().at(-1)).toBeDefined();
    expect(card?.move).toBe("moveAndShoot");
  });

  it("a blow asks the GM for the defender's awareness and hides the shot's fields", async () => {
    const seen: Record<string, boolean> = {};
    await fromSheet(GM.id, "attack", "Knife", (dialog) => {
      seen["awareness"] = dialog.shown("awareness");
      seen["cover"] = dialog.shown("cover");
      seen["hidden"] = dialog.shown("hidden");
      seen["moved"] = dialog.shown("moved");
    });
    expect(seen).toEqual({ awareness: true, cover: false, hidden: false, moved: false });
  });
});

describe("the two-dice Medicine dialog", () => {
  it("gives the chance the treatment works, rising with better circumstances, and Treat sends the check", async () => {
    const seen: Record<string, string> = {};
    world.dice(3, 2);
    const posted = await fromSheet(GM.id, "medicine", null, (dialog) => {
      seen["plain"] = dialog.text('[data-odds="success"]');
      dialog.check("betterCircumstances", true);
      seen["better"] = dialog.text('[data-odds="success"]');
      dialog.press("attack");
    });
    // Medicine 8 on two d20: 1 − (12/20)² = 64%; +2 for better circumstances: 1 − (10/20)² = 75%.
    expect(seen).toEqual({ plain: "64.0%", better: "75.0%" });
    expect(posted.length, world.warnings().at(-1)).toBe(1);
  });
});
