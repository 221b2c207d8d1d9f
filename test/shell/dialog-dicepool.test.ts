/**
 * The dice-pool attack dialog as a player works it (issue 29), opened from the sheet's Attack
 * button: the weapon to disarm shows for a disarm only and an aim left in it never reaches the
 * card of another attack; a Blitz Attack is offered to a close weapon only, and a ranged weapon
 * is offered no close-only attack; the odds box answers for the attack chosen.
 */
import { describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import type { OpenDialog } from "../fake-foundry/applications.ts";
import { clickSheet } from "./boot.support.ts";
import { useDicepoolTable } from "./dicepool.support.ts";

const t = useDicepoolTable();

/** Ana presses Attack on her weapon's row at Brute, who holds a club, and works the dialog. */
async function attackFromSheet(weapon: Record<string, unknown>, work: (d: OpenDialog) => void) {
  const { ana, brute } = await t.fighters(weapon);
  await t.fake.as(GM.id, () =>
    brute.createEmbeddedDocuments("Item", [
      { name: "Club", type: "weapon", system: { kind: "close" } },
    ] as never),
  );
  const { DicepoolActorSheet } =
    await import("../../src/foundry/rulesets/dicepool/sheets/actor-sheet.ts");
  t.fake.setUser(PLAYER.id);
  t.table.target(brute);
  const before = t.fake.game.messages.size;
  t.dice(...Array.from({ length: 30 }, () => 4));
  t.fake.dialogs.user = work;
  await clickSheet(DicepoolActorSheet, ana, "attack", {}, t.itemOf(ana).id ?? "");
  const posted = [...t.fake.game.messages.values()].slice(before);
  return posted as unknown as ChatMessage.Implementation[];
}

const options = (dialog: OpenDialog, name: string): string[] =>
  Array.from(
    dialog.element.querySelector(`select[name="${name}"]`)?.querySelectorAll("option") ?? [],
  ).map((o) => o.value);

describe("the dice-pool attack dialog's fields", () => {
  it("shows the weapon to disarm for a disarm only; an aim left behind never reaches a damage attack's card", async () => {
    const seen: Record<string, boolean | string> = {};
    const posted = await attackFromSheet({ kind: "close" }, (dialog) => {
      seen["aim at open"] = dialog.shown("disarmWeaponId");
      seen["blitz, a knife"] = dialog.shown("blitz");
      dialog.choose("intent", "disarm");
      seen["aim, a disarm"] = dialog.shown("disarmWeaponId");
      const club = options(dialog, "disarmWeaponId").find((id) => id !== "") ?? "";
      dialog.choose("disarmWeaponId", club);
      seen["odds, a disarm"] = dialog.text('[data-odds="hit"]');
      dialog.choose("intent", "damage");
      seen["aim, a damage attack"] = dialog.shown("disarmWeaponId");
      dialog.press("attack");
    });
    expect(seen).toMatchObject({
      "aim at open": false,
      "blitz, a knife": true,
      "aim, a disarm": true,
      "aim, a damage attack": false,
    });
    expect(String(seen["odds, a disarm"])).toMatch(/%$/);
    const message = posted[0];
    if (message === undefined) throw new Error(t.fake.notifications.at(-1)?.message);
    expect(t.cardState(message).intent).toBe("damage");
    expect(t.cardState(message).disarmWeaponId).toBeNull();
  });

  it("offers a ranged weapon no Blitz and no close-only attack", async () => {
    const seen: Record<string, unknown> = {};
    await attackFromSheet({ kind: "ranged" }, (dialog) => {
      seen["blitz"] = dialog.shown("blitz");
      seen["intents"] = options(dialog, "intent");
    });
    expect(seen["blitz"]).toBe(false);
    expect(seen["intents"]).not.toContain("disarm");
    expect(seen["intents"]).not.toContain("grapple");
    expect(seen["intents"]).toContain("damage");
  });
});
