/**
 * The Worldlines attack dialog as a player works it (issue 29), opened from the sheet's Attack
 * button: the range band belongs to a shot and is hidden for a knife, and the knife's attack
 * carries none; the odds box answers "what are my chances" both ways the target may answer (it
 * evades, it takes it), and the headshot line shows only for a shot at the head.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { OpenDialog } from "../fake-foundry/applications.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { boardOf, clearScenes } from "../fake-foundry/tokens.ts";
import type * as AttackCard from "../../src/foundry/rulesets/worldlines/cards/attack-card.ts";
import { clickSheet, gmCreatesActor, itemOf } from "./worldlines.support.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let cards: typeof AttackCard;

beforeAll(async () => {
  fake = installFakeFoundry({ random: () => 0.42 });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  cards = await import("../../src/foundry/rulesets/worldlines/cards/attack-card.ts");
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
});

afterEach(() => {
  clearScenes(fake);
});

const maya = () =>
  gmCreatesActor(fake, {
    name: "Maya",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    system: { energy: { value: 6, max: 6 }, skills: { firearms: 2, melee: 1 } },
    items: [
      {
        name: "Pistol",
        type: "weapon",
        system: { damage: "1d6+1", skill: "firearms", kind: "ranged" },
      },
      { name: "Knife", type: "weapon", system: { damage: "1d4", skill: "melee", kind: "melee" } },
    ],
  });

const vex = () =>
  gmCreatesActor(fake, { name: "Vex", type: "npc", system: { energy: { value: 4, max: 4 } } });

/** The player presses Attack on the weapon's row, works the dialog, and the card that went out. */
async function attackFromSheet(
  actor: Actor.Implementation,
  weapon: string,
  work: (dialog: OpenDialog) => void,
) {
  const target = await vex();
  const board = boardOf(fake);
  board.place(actor, { col: 0, row: 0 });
  board.place(target, { col: 1, row: 0 });
  fake.setUser(PLAYER.id);
  table.target(target);
  const before = fake.game.messages.size;
  fake.dialogs.user = work;
  await clickSheet(fake, PLAYER.id, actor, "attack", { itemId: itemOf(actor, weapon).id ?? "" });
  const posted = [...fake.game.messages.values()].slice(before);
  const card = posted
    .map((m) => cards.attackCardOf(m as unknown as ChatMessage.Implementation))
    .find((c) => c !== null);
  return card ?? null;
}

const percent = (text: string) => Number.parseFloat(text);

describe("the Worldlines attack dialog's fields", () => {
  it("offers the range band to a shot and hides it for a knife, whose attack carries none", async () => {
    const m = await maya();
    let pistolRange: boolean | null = null;
    const shot = await attackFromSheet(m, "Pistol", (dialog) => {
      pistolRange = dialog.shown("range");
      dialog.press("attack");
    });
    expect(pistolRange).toBe(true);
    // Next to the target: the scene's band, as the referee measures it.
    expect(shot?.situation.range, fake.notifications.at(-1)?.message).toBe("pointBlank");

    let knifeRange: boolean | null = null;
    const stab = await attackFromSheet(m, "Knife", (dialog) => {
      knifeRange = dialog.shown("range");
      expect(dialog.shown("zone")).toBe(true);
      dialog.press("attack");
    });
    expect(knifeRange).toBe(false);
    expect(stab, fake.notifications.at(-1)?.message).not.toBeNull();
    expect(stab?.situation.range).toBeUndefined();
  });
});

describe("the Worldlines odds box", () => {
  it("answers both ways the target may answer, and shows the headshot line for a shot at the head", async () => {
    const m = await maya();
    const seen: Record<string, string | boolean> = {};
    await attackFromSheet(m, "Pistol", (dialog) => {
      seen["evades"] = dialog.text('[data-odds="hit"]');
      seen["takes"] = dialog.text('[data-odds="hitTaken"]');
      seen["headshotAtTorso"] = dialog.element.querySelector<HTMLElement>(
        '[data-odds-row="headshot"]',
      )?.hidden as boolean;
      dialog.choose("zone", "head");
      seen["headshotAtHead"] = dialog.element.querySelector<HTMLElement>(
        '[data-odds-row="headshot"]',
      )?.hidden as boolean;
      seen["headshot"] = dialog.text('[data-odds="headshot"]');
      // Closed without attacking: nothing goes out.
    });
    expect(percent(String(seen["takes"]))).toBeGreaterThan(percent(String(seen["evades"])));
    expect(seen["headshotAtTorso"]).toBe(true);
    expect(seen["headshotAtHead"]).toBe(false);
    expect(String(seen["headshot"])).toMatch(/%$/);
  });
});
