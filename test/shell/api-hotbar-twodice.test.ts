/**
 * The two-dice sheet's rows and buttons on the hotbar (issue 26; sheet-hotbar.support.ts). The
 * sheet is rendered in the fake as its users see it (a player's character in a fight, waiting,
 * bleeding; the GM's thug), and every button with an action is found there: each must reach the
 * hotbar (dragged itself, or its row's item for a weapon's Attack), save the sheet's housekeeping
 * (the wound track, armor worn), so a new button with no macro fails here. Each is dropped on the
 * hotbar through core's `hotbarDrop`, and its macro run for the selected token changes what the
 * click changes, in a fresh copy of the same fight on the same dice (the same cards, warnings,
 * dialogs and stored documents), refusals included (out of turn, no target). With no token
 * selected and no character, every macro says so and changes nothing.
 */
import { GM, PLAYER } from "../fake-foundry/index.ts";
import { describeSheetHotbar } from "./sheet-hotbar.support.ts";
import type { HotbarCase } from "./sheet-hotbar.support.ts";

const ANA = {
  name: "Ana",
  type: "character",
  ownership: { [PLAYER.id]: 3 },
  system: { traits: { toughness: 5, agility: 6, medicine: 8 }, unarmedDefense: 4 },
  items: [
    { name: "Knife", type: "weapon", system: { kind: "melee", attack: 10, defense: 6, damage: 1 } },
    {
      name: "Rifle",
      type: "weapon",
      system: { kind: "ranged", attack: 14, defense: 8, damage: 3, range: 6, type: "C2" },
    },
    {
      name: "SMG",
      type: "weapon",
      system: { kind: "ranged", attack: 12, defense: 6, damage: 2, range: 4, type: "A13" },
    },
    { name: "Vest", type: "armor", system: { coverage: 10, protection: 2, worn: true } },
  ],
};

const THUG = {
  name: "Thug",
  type: "npc",
  system: { traits: { toughness: 6 } },
  items: [
    { name: "Club", type: "weapon", system: { kind: "melee", attack: 10, defense: 6, damage: 2 } },
  ],
};

/**
 * Where a case starts: Ana's turn beside the thug; Ana having aimed (her one action this turn);
 * Ana waiting (to move) on her turn; Ana bleeding (her worst wound at her Toughness).
 */
type Start = "anaTurn" | "acted" | "waiting" | "bleeding";

const ana = (target?: "foe", start: Start = "anaTurn"): HotbarCase<Start> => ({
  sheet: "mine",
  start,
  ...(target === undefined ? {} : { target }),
});

describeSheetHotbar<Start>({
  ruleset: "twodice",
  grid: { distance: 1, units: "m" },
  sheetClass: async () =>
    (await import("../../src/foundry/rulesets/twodice/sheets/actor-sheet.ts")).TwodiceActorSheet,
  mine: ANA,
  foe: THUG,
  async start(w, f, start) {
    if (start === "acted" || start === "waiting") {
      const self = await import("../../src/foundry/rulesets/twodice/table/self.ts");
      w.fake.setUser(PLAYER.id);
      await self.twodiceDeclare(f.mine, start === "acted" ? "aim" : "move", {
        wait: start === "waiting",
      });
      await w.idle();
    }
    if (start === "bleeding") {
      w.fake.setUser(GM.id);
      await f.mine.update({ "system.wounds.marked": [1, 2, 3, 4, 5] } as never);
    }
  },
  renders: ["anaTurn", "waiting", "bleeding"],
  rowUses: ["attack"],
  // Open or delete an item, a circle of the wound track, armor worn or not: the sheet's own
  // bookkeeping, no action of the table.
  housekeeping: ["editItem", "deleteItem", "wound", "toggleWorn"],
  cases: {
    "declare kind=aim": ana(),
    "hide move=0": ana(),
    "declare kind=takeCover": ana(),
    "declare kind=move": ana(),
    "hide move=1": ana(),
    "declare kind=moveAndCover": ana(),
    // Wait, with the row's select as it opens (a melee attack); Cut in once waiting.
    "declare kind=wait": ana(),
    cutIn: ana(undefined, "waiting"),
    // Sneak past the one target (the row's meters as it opens: 0).
    sneak: ana("foe"),
    recovery: ana(),
    // Medicine opens its dialog (closed here).
    medicine: ana(),
    bleed: ana(undefined, "bleeding"),
    "autoFire @ SMG": ana("foe"),
    "ready @ Rifle": ana(),
    "ready @ SMG": ana(),
    "reload @ Rifle": ana(),
    "reload @ SMG": ana(),
  },
  refused: [
    { key: "reload @ Rifle", case: ana(undefined, "acted") },
    { key: "declare kind=takeCover", case: ana(undefined, "acted") },
    { key: "ready @ SMG", case: ana(undefined, "acted") },
    { key: "sneak", case: ana() },
    { key: "autoFire @ SMG", case: ana() },
  ],
});
