/**
 * The Freelancers sheet's rows and buttons on the hotbar (issue 26): the sheet rendered in the fake
 * for the player (hotbar-sheet.support.ts), in a fight where it is Kara's turn, every button that
 * is not the sheet's own upkeep (edit, delete, worn, the counters kept by hand) is dragged to the
 * hotbar (itself, or its row as core drags a row) and becomes a Fray macro; run with Kara's token
 * selected, each does what the click does (the same writes by the same clients, the same cards,
 * warnings and dialogs: Ready asks its trigger in the button's own dialog); with no token selected
 * and no character, it says so and changes nothing. A new button without a macro fails the
 * enumeration.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PLAYER } from "../fake-foundry/index.ts";
import { installHotbarFakes } from "../fake-foundry/hotbar.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";
import {
  freshFight,
  macroRun,
  missingMacros,
  sameAsClicks,
  saysNoActor,
  usableButtons,
} from "./hotbar-sheet.support.ts";
import type { Fresh, SheetCase } from "./hotbar-sheet.support.ts";

let c: SheetCase;
let w: MoveWorld;

/** Kara, the player's: a knife, armor, an ability; Rook, the GM's, beside her. */
const KARA = {
  name: "Kara",
  type: "character",
  ownership: { [PLAYER.id]: 3 },
  prototypeToken: { disposition: 1 },
  system: { attributes: { agility: 8, intellect: 6 }, skills: { finesse: 3, stealth: 2 } },
  items: [
    {
      name: "Knife",
      type: "weapon",
      system: { skill: "finesse", attribute: "agility", damage: "1d6+2", reach: 1 },
    },
    { name: "Coat", type: "armor", system: { rating: 1, equipped: true } },
    { name: "Rally", type: "technique", system: { action: "quick" } },
  ],
};
const ROOK = {
  name: "Rook",
  type: "npc",
  prototypeToken: { disposition: -1 },
  system: { attributes: { agility: 7 }, armor: 1 },
};

function fresh(): Promise<Fresh> {
  return freshFight(w, KARA, ROOK);
}

beforeAll(async () => {
  // Every die a 9 on the d20 (a 3 on the d6).
  w = await moveWorld("freelancers", { size: 100, distance: 1.5, units: "m" }, {}, 0.45);
  c = {
    w,
    hotbar: installHotbarFakes(w.fake),
    sheetClass: (await import("../../src/foundry/rulesets/freelancers/sheets/actor-sheet.ts"))
      .FlActorSheet,
    fresh,
    upkeep: ["editItem", "deleteItem", "toggleEquipped", "counter", "addCounter"],
  };
});

describe("the Freelancers sheet on the hotbar", () => {
  it("every usable button and row becomes a Fray macro", async () => {
    const keys = await usableButtons(c);
    expect(keys).toEqual(
      expect.arrayContaining([
        "aid",
        "ready[held=base]",
        "ready[held=move]",
        "stealth[kind=hide]",
        "stealth[kind=search]",
        "care[kind=help]",
        "care[kind=medicine]",
        "spend[kind=move]",
        "check[attribute=agility]",
        "check[attribute=agility,skill=stealth]",
        "attack@Knife",
        "useAbility@Rally",
      ]),
    );
    expect(await missingMacros(c, keys)).toEqual([]);
  });

  it("each macro, with the player's token selected, does what the click does", async () => {
    const keys = await usableButtons(c);
    await sameAsClicks(
      c,
      keys.filter((k) => !k.startsWith("attack@")),
    );
  });

  it("Ready asks its trigger in the button's dialog", async () => {
    const { record } = await macroRun(c, "ready[held=base]", 1);
    expect(record.asked).toHaveLength(1);
  });

  it("a weapon's row attacks the player's target with it, through the referee", async () => {
    const { record } = await macroRun(c, "attack@Knife", 1);
    expect(record.warnings).toEqual([]);
    expect(record.messages.length).toBeGreaterThan(0);
  });

  it("with no token selected and no character, each macro says so and changes nothing", async () => {
    const keys = await usableButtons(c);
    await saysNoActor(c, keys);
  });
});
