/**
 * The dice-pool sheets' rows and buttons on the hotbar (issue 26), the character's and the
 * vehicle's, each rendered in the fake for the player (hotbar-sheet.support.ts):
 * - the character sheet, in a fight where it is Ana's turn: every button that is not the sheet's
 *   own upkeep is dragged to the hotbar (itself, or its row as core drags a row) and becomes a Fray
 *   macro; run with Ana's token selected, each does what the click does (the same writes by the
 *   same clients, the same cards, warnings and dialogs); with no token selected and no character,
 *   it says so and changes nothing;
 * - the vehicle sheet: Drive, Refuel and each weapon's Fire (the button, and the weapon's row) are
 *   the vehicle's own, so the macro names the vehicle and fires from the user's seat in its crew,
 *   as the sheet's button: the same attack dialog; a user with no seat gets the sheet's refusal.
 * A new button without a macro fails the enumeration.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import { installHotbarFakes } from "../fake-foundry/hotbar.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";
import {
  freshFight,
  gmCreates,
  macroOfButton,
  macroRun,
  missingMacros,
  rolesOf,
  sameAsClicks,
  saysNoActor,
  usableButtons,
} from "./hotbar-sheet.support.ts";
import type { Fresh, SheetCase } from "./hotbar-sheet.support.ts";

let w: MoveWorld;
let actorCase: SheetCase;
let vehicleCase: SheetCase;

/** Ana, the player's: a knife, a jacket, a power and Blitz; Brute, the GM's, beside her. */
const ANA = {
  name: "Ana",
  type: "character",
  ownership: { [PLAYER.id]: 3 },
  system: {
    attributes: { physical: 3 },
    skills: { closeCombat: 2, rangedCombat: 2 },
    energy: { value: 5, max: 5 },
    powers: { blitz: true },
  },
  items: [
    { name: "Knife", type: "weapon", system: { kind: "close" } },
    { name: "Jacket", type: "armor", system: { rating: 1, equipped: true } },
    { name: "Iron Skin", type: "technique", system: { energyCost: 2 } },
  ],
};
const BRUTE = {
  name: "Brute",
  type: "npc",
  system: { attributes: { physical: 2 }, skills: { mobility: 1, closeCombat: 2 } },
};

function freshFighters(): Promise<Fresh> {
  return freshFight(w, ANA, BRUTE);
}

/** The player's Rover with a turret gun, Ana (the player's) at the wheel, Brute targeted. */
async function freshRover(): Promise<Fresh> {
  const [ana, brute] = await gmCreates(w, [ANA, BRUTE]);
  if (ana === undefined || brute === undefined) throw new Error("no crew");
  const [rover] = await gmCreates(w, [
    {
      name: "Rover",
      type: "vehicle",
      ownership: { [PLAYER.id]: 3 },
      system: { crew: { pilotId: ana.id }, energy: { value: 2, max: 10 } },
      items: [{ name: "Turret gun", type: "weapon", system: { kind: "ranged" } }],
    },
  ]);
  if (rover === undefined) throw new Error("no vehicle");
  const scene = w.fake.as(GM.id, () => w.moves.scene("Road"));
  [rover, brute, ana].forEach((actor, col) => {
    w.fake.as(GM.id, () => w.moves.place(scene, actor, { col: col * 2, row: 0 }));
  });
  w.fake.as(PLAYER.id, () => {
    w.table.target(brute);
  });
  return {
    actor: rover,
    roles: rolesOf([rover, ana, brute], { scene }),
  };
}

beforeAll(async () => {
  w = await moveWorld("dicepool", { size: 100, distance: 5, units: "ft" }, {}, 0.999);
  const hotbar = installHotbarFakes(w.fake);
  const sheets = await import("../../src/foundry/rulesets/dicepool/sheets/actor-sheet.ts");
  const vehicles = await import("../../src/foundry/rulesets/dicepool/vehicle/sheet.ts");
  const upkeep = ["editItem", "deleteItem"];
  actorCase = { w, hotbar, sheetClass: sheets.DicepoolActorSheet, fresh: freshFighters, upkeep };
  vehicleCase = { w, hotbar, sheetClass: vehicles.DicepoolVehicleSheet, fresh: freshRover, upkeep };
});

describe("the dice-pool character sheet on the hotbar", () => {
  it("every usable button and row becomes a Fray macro", async () => {
    const keys = await usableButtons(actorCase);
    expect(keys).toEqual(
      expect.arrayContaining([
        "act[act=move]",
        "act[act=takeCover]",
        "act[act=surrender,choice=]",
        "act[act=quickCommunication]",
        "blitzUnarmed",
        "blitz@Knife",
        "attack@Knife",
        "act[act=usePower,choice=Iron Skin]@Iron Skin",
      ]),
    );
    expect(await missingMacros(actorCase, keys)).toEqual([]);
  });

  it("each macro, with the player's token selected, does what the click does", async () => {
    const keys = await usableButtons(actorCase);
    // Attack opens the dialog on a click; the weapon's row attacks with the dialog's defaults.
    await sameAsClicks(
      actorCase,
      keys.filter((k) => !k.startsWith("attack")),
    );
  });

  it("with no token selected and no character, each macro says so and changes nothing", async () => {
    const keys = await usableButtons(actorCase);
    await saysNoActor(actorCase, keys);
  });
});

describe("the dice-pool vehicle sheet on the hotbar", () => {
  it("Drive, Refuel and each weapon's Fire (its row too) become macros naming the vehicle", async () => {
    const keys = await usableButtons(vehicleCase);
    expect([...keys].sort()).toEqual(["drive", "fire@Turret gun", "refuel"]);
    expect(await missingMacros(vehicleCase, keys)).toEqual([]);
    const { fresh, macro } = await macroOfButton(vehicleCase, "fire@Turret gun", 1);
    expect(macro?.name).toBe("Turret gun: Attack");
    expect(macro?.command).toBe(
      `return game.system.api.act("fire", { actor: ${JSON.stringify(fresh.actor.id)}, item: "Turret gun" });`,
    );
  });

  it("each macro does what the click does: Fire opens the attack for the user's seat", async () => {
    const keys = await usableButtons(vehicleCase);
    await sameAsClicks(vehicleCase, keys);
    const { record } = await macroRun(vehicleCase, "fire@Turret gun", 1);
    expect(record.asked).toHaveLength(1);
  });

  it("without a seat in the crew, the macro gets the sheet's refusal and changes nothing", async () => {
    const { fresh, macro } = await macroOfButton(vehicleCase, "fire@Turret gun", 1);
    await w.fake.as(GM.id, () => fresh.actor.update({ "system.crew.pilotId": null } as never));
    const before = { calls: w.fake.db.calls.length, asked: w.fake.dialogs.asked.length };
    w.fake.notifications.length = 0;
    expect(await w.fake.as(PLAYER.id, () => macro?.execute())).toEqual({
      ok: false,
      reason: "notCarriedOut",
    });
    expect(w.fake.notifications.map((n) => n.level)).toEqual(["warn"]);
    expect(w.fake.db.calls.length).toBe(before.calls);
    expect(w.fake.dialogs.asked.length).toBe(before.asked);
  });
});
