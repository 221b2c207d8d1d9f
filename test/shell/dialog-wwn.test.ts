/**
 * The WWN attack dialog as a player works it (issue 29), opened from the sheet's Attack button:
 * the Charge's feet show for a Charge only, the swarm's allies for the blow that closes a Swarm
 * only, a melee foe at hand for a throw or a shot only; a tick left in a field that no longer
 * applies never reaches the referee (a cleared tick the scene contradicts is no claim once hidden).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { OpenDialog } from "../fake-foundry/applications.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { boardOf, clearScenes } from "../fake-foundry/tokens.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import { clickSheet } from "./boot.support.ts";
import { wwnShell } from "./wwn.support.ts";
import type { WwnShell } from "./wwn.support.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let actions: WwnShell;
let sheetClass: unknown;

beforeAll(async () => {
  fake = installFakeFoundry({ settings: { "fray.ruleset": "wwn" }, random: () => 0.42 });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await wwnShell();
  sheetClass = (await import("../../src/foundry/rulesets/wwn/sheets/actor-sheet.ts")).WwnActorSheet;
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
});

afterEach(() => {
  clearScenes(fake);
});

async function create(source: Record<string, unknown>): Promise<Actor.Implementation> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const actor = await fake.as(GM.id, () => Actor?.create(source));
  if (!actor) throw new Error("actor not created");
  return actor as unknown as Actor.Implementation;
}

const kara = () =>
  create({
    name: "Kara",
    type: "character",
    prototypeToken: { disposition: 1 },
    ownership: { [PLAYER.id]: 3 },
    system: { health: { value: 10, max: 10 }, attributes: { str: 14, dex: 14 } },
    items: [
      { name: "Spear", type: "weapon", system: { damage: "1d6", skill: "stab", throwable: true } },
    ],
  });

const bandit = () =>
  create({
    name: "Bandit",
    type: "npc",
    prototypeToken: { disposition: -1 },
    system: { health: { value: 8, max: 8 }, ac: { natural: 10, bonus: 0 } },
  });

const itemId = (actor: Actor.Implementation, name: string) =>
  (actor as unknown as { items: { contents: ClientDocument[] } }).items.contents.find(
    (i) => i.name === name,
  )?.id ?? "";

/** The player presses Attack on the weapon's row and works the dialog; the card that went out. */
async function attackFromSheet(work: (dialog: OpenDialog) => void) {
  const k = await kara();
  const b = await bandit();
  const board = boardOf(fake);
  board.place(k, { col: 0, row: 0 });
  board.place(b, { col: 1, row: 0 });
  fake.setUser(PLAYER.id);
  table.target(b);
  const before = fake.game.messages.size;
  fake.dialogs.user = work;
  await clickSheet(sheetClass, k, "attack", {}, itemId(k, "Spear"));
  const posted = [...fake.game.messages.values()].slice(before);
  return (
    posted
      .map((m) => actions.wwnCardOf(m as unknown as ChatMessage.Implementation))
      .find((c) => c != null) ?? null
  );
}

const rowShown = (dialog: OpenDialog, field: string) =>
  dialog.element.querySelector<HTMLElement>(`[data-fray-field="${field}"]`)?.hidden === false;

describe("the WWN attack dialog's fields", () => {
  it("show the Charge's feet, the swarm's allies and a foe at hand only for the attack they belong to", async () => {
    const seen: Record<string, boolean> = {};
    const card = await attackFromSheet((dialog) => {
      seen["feet at open"] = dialog.shown("feet");
      seen["allies at open"] = rowShown(dialog, "allies");
      seen["foe at hand, a spear blow"] = dialog.shown("inMelee");
      dialog.choose("kind", "charge");
      seen["feet, a Charge"] = dialog.shown("feet");
      dialog.choose("kind", "swarm");
      seen["allies, a Swarm"] = rowShown(dialog, "allies");
      seen["feet, a Swarm"] = dialog.shown("feet");
      dialog.choose("kind", "attack");
      dialog.choose("mode", "thrown");
      seen["foe at hand, a throw"] = dialog.shown("inMelee");
      // The bandit stands at Kara's side: the scene ticked it; she clears it for the throw...
      seen["foe at hand ticked by the scene"] =
        dialog.element.querySelector<HTMLInputElement>('[name="inMelee"]')?.checked === true;
      dialog.check("inMelee", false);
      // ...then keeps the spear in hand: the field no longer applies.
      dialog.choose("mode", "melee");
      seen["foe at hand, a blow again"] = dialog.shown("inMelee");
      dialog.press("attack");
    });
    expect(seen).toEqual({
      "feet at open": false,
      "allies at open": false,
      "foe at hand, a spear blow": false,
      "feet, a Charge": true,
      "allies, a Swarm": true,
      "feet, a Swarm": false,
      "foe at hand, a throw": true,
      "foe at hand ticked by the scene": true,
      "foe at hand, a blow again": false,
    });
    expect(card, fake.notifications.at(-1)?.message).not.toBeNull();
    // The cleared tick, hidden, is no claim: the referee does not refuse the blow as a claim
    // against the scene, and plays the scene's foe at hand.
    expect(card?.situation.mode).toBe("melee");
    expect(card?.situation.inMelee).toBe(true);
  });
});
