/**
 * The "Toggle stance" key (Shift+P, rebindable; api/keybindings.ts, api.toggleStance) in
 * Worldlines: the user's character takes its next stance of the book's three, standing →
 * crouched → prone → standing, each as the sheet's stance button takes it (the book's 1 Energy
 * paid); without the Energy it is refused with the button's warning and nothing changes.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installHotbarFakes } from "../fake-foundry/hotbar.ts";
import type { FrayApi } from "../../src/foundry/api/index.ts";
import { bootWorld, faceOf, queuedDice } from "./boot.support.ts";

let fake: FakeFoundry;
let hotbar: ReturnType<typeof installHotbarFakes>;
const dice = queuedDice(faceOf(8));
const api = (): FrayApi => (fake.game.system as { api: FrayApi }).api;

beforeAll(async () => {
  fake = await bootWorld("worldlines", dice.random);
  hotbar = installHotbarFakes(fake);
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
});

async function mira(energy: number): Promise<Actor.Implementation> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  return (await fake.as(GM.id, () =>
    Actor?.create({
      name: "Mira",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { energy: { value: energy, max: 10 } },
    }),
  )) as unknown as Actor.Implementation;
}

const stance = (actor: Actor.Implementation) =>
  (actor.system as unknown as { stance: string }).stance;
const energy = (actor: Actor.Implementation) =>
  (actor.system as unknown as { energy: { value: number } }).energy.value;

describe("Toggle stance, by key (Worldlines)", () => {
  it("cycles standing, crouched, prone and back, 1 Energy each, as the sheet's stance button", async () => {
    const actor = await mira(10);
    hotbar.assignCharacter(PLAYER.id, actor);
    try {
      fake.setUser(PLAYER.id);
      const seen: [string, number][] = [];
      for (let press = 0; press < 3; press++) {
        const before = energy(actor);
        expect(fake.game.keybindings.press("KeyP", ["Shift"])).toEqual(["fray.toggleStance"]);
        await vi.waitFor(() => {
          expect(energy(actor)).toBe(before - 1);
        });
        seen.push([stance(actor), energy(actor)]);
      }
      expect(seen).toEqual([
        ["crouched", 9],
        ["prone", 8],
        ["standing", 7],
      ]);
    } finally {
      hotbar.assignCharacter(PLAYER.id, null);
    }
  });

  it("is rebindable: the new key toggles, the old one no longer does", async () => {
    const actor = await mira(10);
    hotbar.assignCharacter(PLAYER.id, actor);
    const keys = fake.game.keybindings;
    try {
      fake.setUser(PLAYER.id);
      await keys.set("fray", "toggleStance", [{ key: "KeyK" }]);
      expect(keys.press("KeyP", ["Shift"])).toEqual([]);
      expect(keys.press("KeyK")).toEqual(["fray.toggleStance"]);
      await vi.waitFor(() => {
        expect(stance(actor)).toBe("crouched");
      });
    } finally {
      await keys.set("fray", "toggleStance", [{ key: "KeyP", modifiers: ["Shift"] }]);
      hotbar.assignCharacter(PLAYER.id, null);
    }
  });

  it("without the Energy is the button's refusal: a warning, nothing changed", async () => {
    const actor = await mira(0);
    fake.setUser(PLAYER.id);
    expect(await api().toggleStance(actor)).toEqual({ ok: false, reason: "notCarriedOut" });
    expect(stance(actor)).toBe("standing");
    expect(fake.notifications.map((n) => n.level)).toEqual(["warn"]);
  });
});
