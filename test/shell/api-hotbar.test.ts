/**
 * Hotbar macros (core's `hotbarDrop` hook, in a dice-pool world): a weapon dragged from an
 * actor's sheet (core's drag data: `{ type: "Item", uuid }`) and dropped on the hotbar becomes a
 * Fray macro that attacks with that weapon through `game.system.api` for the selected token's
 * actor, else the user's character, at the user's one target; a Fray action (End my turn) becomes
 * one too. Running the macro posts the same card as the sheet; a macro with no actor or no target
 * says so and sends nothing. A world item keeps core's own macro (open its sheet).
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { PLAYER } from "../fake-foundry/index.ts";
import { installHotbarFakes } from "../fake-foundry/hotbar.ts";
import type { Macro } from "../fake-foundry/hotbar.ts";
import { useDicepoolTable } from "./dicepool.support.ts";

const t = useDicepoolTable();
const { dice, itemOf, cardState, fighters } = t;
let hotbar: ReturnType<typeof installHotbarFakes>;

beforeAll(() => {
  hotbar = installHotbarFakes(t.fake);
});

/** Core's drag data for an item's row dragged from a sheet (`Item#toDragData`). */
const dragged = (item: Item.Implementation) =>
  (item as unknown as { toDragData(): Record<string, unknown> }).toDragData();

/** The player drops `data` on `slot` and waits for the macro to be in it. */
async function dropped(data: Record<string, unknown>, slot: number): Promise<Macro> {
  t.fake.setUser(PLAYER.id);
  await hotbar.drop(data, slot);
  return vi.waitFor(() => {
    const macro = hotbar.hotbarOf(PLAYER.id)[slot];
    if (macro === undefined) throw new Error("no macro yet");
    return macro;
  });
}

describe("a weapon dropped on the hotbar", () => {
  it("becomes a Fray macro that attacks with it, the same card as the sheet's", async () => {
    const { ana, brute } = await fighters();
    const macro = await dropped(dragged(itemOf(ana)), 1);
    expect(macro.name).toBe("Knife");
    expect(macro.command).toContain("game.system.api.useItem");
    expect(macro.command).not.toContain("toggleDocumentSheet");

    dice(6, 5, 4, 1, 2);
    const fromSheet = await t.playerAttacks(ana, brute);
    t.board.control(ana);
    t.table.target(brute);
    dice(6, 5, 4, 1, 2);
    const outcome = (await macro.execute()) as { ok: boolean; value: string };
    expect(outcome.ok).toBe(true);
    const card = t.fake.game.messages.get(outcome.value) as unknown as ChatMessage.Implementation;
    expect(cardState(card)).toEqual(cardState(fromSheet));
    t.board.control();
  });

  it("uses the user's character when no token is selected, and says so when neither", async () => {
    const { ana, brute } = await fighters();
    const macro = await dropped(dragged(itemOf(ana)), 2);
    t.table.target(brute);
    const before = t.fake.game.messages.size;
    const queries = t.fake.queries.length;
    expect(await macro.execute()).toEqual({ ok: false, reason: "noActor" });
    expect(t.fake.notifications.at(-1)?.message).toBe(
      "Select your token, or have your GM assign you a character.",
    );
    expect(t.fake.queries.length).toBe(queries);

    hotbar.assignCharacter(PLAYER.id, ana);
    try {
      dice(6, 5, 4, 1, 2);
      expect(await macro.execute()).toMatchObject({ ok: true });
      expect(t.fake.game.messages.size).toBe(before + 1);
    } finally {
      hotbar.assignCharacter(PLAYER.id, null);
    }
  });

  it("with no target, or an actor without that weapon, says so and sends nothing", async () => {
    const { ana, brute } = await fighters();
    const macro = await dropped(dragged(itemOf(ana)), 3);
    const queries = t.fake.queries.length;
    t.board.control(ana);
    t.table.target();
    expect(await macro.execute()).toEqual({ ok: false, reason: "noTargetToken" });
    expect(t.fake.notifications.at(-1)?.message).toBe("Target one token to attack.");
    t.board.control(brute);
    t.table.target(ana);
    expect(await macro.execute()).toMatchObject({ ok: false, reason: "noSuchItem" });
    expect(t.fake.notifications.at(-1)?.message).toBe("Brute has no item named Knife.");
    expect(t.fake.queries.length).toBe(queries);
    t.board.control();
  });

  it("is made once: a second drop of the same weapon reuses the player's macro", async () => {
    const { ana } = await fighters();
    const first = await dropped(dragged(itemOf(ana)), 4);
    const count = hotbar.macros.size;
    const second = await dropped(dragged(itemOf(ana)), 5);
    expect(second).toBe(first);
    expect(hotbar.macros.size).toBe(count);
  });
});

describe("a Fray action dropped on the hotbar", () => {
  it("End my turn becomes a macro that ends the selected actor's turn", async () => {
    const { ana, brute } = await fighters();
    const macro = await dropped({ type: "fray.action", action: "endTurn" }, 6);
    expect(macro.name).toBe("End my turn");
    t.board.control(ana);
    expect(await macro.execute()).toEqual({ ok: false, reason: "notInCombat" });
    const combat = await t.fight(ana, brute);
    t.fake.setUser(PLAYER.id);
    expect(await macro.execute()).toMatchObject({ ok: true });
    const { whenIdle } = await import("../../src/foundry/combat/actions.ts");
    await whenIdle();
    expect(combat.combatant?.actor).toBe(brute);
    t.board.control();
  });
});

describe("a world item dropped on the hotbar", () => {
  it("keeps core's own macro, which opens its sheet", async () => {
    const Item = t.fake.CONFIG["Item"]?.documentClass;
    const item = (await Item?.create({
      name: "Lantern",
      type: "gear",
    })) as unknown as Item.Implementation;
    const macro = await dropped(dragged(item), 7);
    expect(macro.command).toContain("toggleDocumentSheet");
  });
});
