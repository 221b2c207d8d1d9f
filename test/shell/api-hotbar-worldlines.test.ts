/**
 * The Worldlines sheet's rows and buttons on the hotbar (issue 26): the sheet rendered in the fake
 * for the player (hotbar-sheet.support.ts), in a fight where it is Maya's turn, every button that
 * is not the sheet's own upkeep is dragged to the hotbar (itself, or its row as core drags a row)
 * and becomes a Fray macro; run with Maya's token selected, each macro does what the click does
 * (the same writes by the same clients, the same cards, warnings and dialogs); with no token
 * selected and no character, it says so and changes nothing. A new button without a macro fails
 * the enumeration.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import { installHotbarFakes } from "../fake-foundry/hotbar.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";
import {
  clickRun,
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

const STATS = {
  health: { value: 14, max: 20 },
  energy: { value: 10, max: 10 },
  traits: { combat: 8, spirit: 6, mind: 6 },
  skills: { firearms: 2, evasion: 1, medicine: 1, escapeArtist: 1 },
};

/** Maya, the player's: every kind of row the sheet has, bleeding; Vex, the GM's, beside her. */
const MAYA = {
  name: "Maya",
  type: "character",
  ownership: { [PLAYER.id]: 3 },
  system: STATS,
  items: [
    {
      name: "Pistol",
      type: "weapon",
      system: { damage: "1d6+1", skill: "firearms", kind: "ranged", ammo: { value: 3, max: 12 } },
    },
    { name: "Knife", type: "weapon", system: { damage: "1d4", skill: "melee", kind: "melee" } },
    { name: "Vest", type: "armor", system: { equipped: true } },
    { name: "Focus", type: "technique", system: { energyCost: 1, effect: "Steady." } },
    { name: "Stim", type: "gear", system: { kind: "stim", quantity: 2 } },
    { name: "Frag", type: "gear", system: { kind: "grenade", quantity: 1, damage: "2d6" } },
    { name: "Cuffs", type: "gear", system: { kind: "restraints", quantity: 1 } },
    { name: "Turret", type: "gear", system: { kind: "device", quantity: 1, deployable: true } },
  ],
  effects: [{ name: "Bleeding", statuses: ["bleeding"], flags: { fray: { hpPerTurn: 2 } } }],
};
const VEX = { name: "Vex", type: "npc", system: STATS, items: [] };

function fresh(): Promise<Fresh> {
  return freshFight(w, MAYA, VEX);
}

/**
 * The same world with Maya restrained (the referee's record in the fight's ledger, set by the GM
 * here): her sheet shows Break free and Escape.
 */
async function freshRestrained(): Promise<Fresh> {
  const made = await fresh();
  const combat = made.roles["combat"] as unknown as Combat.Implementation;
  const mine = combat.combatants.contents.find((cb) => cb.actorId === made.actor.id);
  await w.fake.as(GM.id, () =>
    combat.update({ [`flags.fray.ledger.${mine?.id ?? ""}.restrained`]: true }),
  );
  return made;
}

beforeAll(async () => {
  w = await moveWorld("worldlines", { size: 100, distance: 5, units: "ft" });
  c = {
    w,
    hotbar: installHotbarFakes(w.fake),
    sheetClass: (await import("../../src/foundry/rulesets/worldlines/sheets/actor-sheet.ts"))
      .WorldlinesActorSheet,
    fresh,
    upkeep: ["tab", "editItem", "deleteItem", "toggleEquipped"],
  };
});

/** A weapon's Attack and a technique's Use are their row, dragged as its item. */
const ROW_IS_THE_BUTTON = ["attack@Pistol", "attack@Knife", "useTechnique@Focus"];

describe("the Worldlines sheet on the hotbar", () => {
  it("every usable button and row becomes a Fray macro", async () => {
    const keys = await usableButtons(c);
    // What the fixture shows (a sanity check that the sheet rendered its rows).
    expect(keys).toEqual(
      expect.arrayContaining([
        "defensivePosture",
        "firstAid",
        "stance[stance=crouched]",
        "recover[status=bleeding]",
        "skillCheck[skill=firearms]",
        "reload@Pistol",
        "draw@Pistol",
        "coveringFire@Pistol",
        "useItem@Stim",
        "throwItem@Frag",
        "restrain@Cuffs",
        "build@Turret",
        "useItem@Turret",
        ...ROW_IS_THE_BUTTON,
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

  it("a weapon's row attacks the player's target with it, through the referee", async () => {
    const { record } = await macroRun(c, "attack@Pistol", 1);
    expect(record.warnings).toEqual([]);
    expect(record.messages.length).toBeGreaterThan(0);
  });

  it("restrained, Break free and Escape are macros too, doing what the click does", async () => {
    const restrained: SheetCase = { ...c, fresh: freshRestrained };
    const keys = await usableButtons(restrained);
    expect(keys).toEqual(expect.arrayContaining(["breakFree", "escape"]));
    let slot = 1;
    for (const key of ["breakFree", "escape"]) {
      const clicked = await clickRun(restrained, key);
      const { record } = await macroRun(restrained, key, slot++);
      expect(record, key).toEqual(clicked);
      expect(clicked.messages.length, key).toBeGreaterThan(0);
    }
  });

  it("with no token selected and no character, each macro says so and changes nothing", async () => {
    const keys = await usableButtons(c);
    await saysNoActor(c, keys);
  });
});
