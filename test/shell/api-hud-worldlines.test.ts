/**
 * Worldlines' stance is core's "prone" and a "crouched" status
 * (src/foundry/rulesets/worldlines/statuses/stances.ts): the token HUD shows the actor's
 * `system.stance`, a click is the sheet's stance change (its Energy paid), taking it off stands
 * the actor up, no ActiveEffect is made, and `fray.statusChanged` tells each status that changed
 * once, on the writer's client. Worldlines' own statuses stay ActiveEffects. The "Toggle stance"
 * key (Shift+P, rebindable; api.toggleStance) cycles standing → crouched → prone → standing as the
 * sheet's stance button (1 Energy each); without the Energy it is the button's refusal.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installHotbarFakes } from "../fake-foundry/hotbar.ts";
import type { FrayApi } from "../../src/foundry/api/index.ts";
import { bootWorld, faceOf, queuedDice } from "./boot.support.ts";
import { hookLog } from "./hooks.support.ts";
import { effectStatuses, openHud } from "./hud.support.ts";

let fake: FakeFoundry;
const dice = queuedDice(faceOf(8));
const api = (): FrayApi => (fake.game.system as { api: FrayApi }).api;

beforeAll(async () => {
  fake = await bootWorld("worldlines", dice.random);
});

/** The hotbar's fakes (the user's character), made once. */
let hotbarFakes: ReturnType<typeof installHotbarFakes> | undefined;
const keyboard = () => (hotbarFakes ??= installHotbarFakes(fake));

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
});

async function mira(energy = 10): Promise<Actor.Implementation> {
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

describe("the Worldlines stance on the token HUD", () => {
  it("lists prone and crouched beside Worldlines' statuses", () => {
    const ids = (fake.CONFIG["statusEffects"] as unknown as { id: string }[]).map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining(["bleeding", "dead", "prone", "crouched"]));
  });

  it("crouches, goes prone and stands up as the sheet's stance change, paying its Energy", async () => {
    const actor = await mira();
    const heard = hookLog(fake, "fray.statusChanged");
    try {
      const hud = await openHud(fake, actor, PLAYER.id);
      await hud.click("crouched");
      expect(stance(actor)).toBe("crouched");
      expect(energy(actor)).toBeLessThan(10);
      expect(hud.shown("crouched")).toMatchObject({ isActive: true });
      await hud.click("prone");
      expect(stance(actor)).toBe("prone");
      // What a module reads: core's actor.statuses has the stance, with no effect.
      expect(actor.statuses.has("prone")).toBe(true);
      expect(actor.statuses.has("crouched")).toBe(false);
      expect(hud.shown("crouched")).toMatchObject({ isActive: false });
      expect(hud.shown("prone")).toMatchObject({ isActive: true });
      await hud.click("prone");
      expect(stance(actor)).toBe("standing");
      expect(effectStatuses(actor)).toEqual([]);
      const told = (statusId: string, active: boolean) => ({
        hook: "fray.statusChanged",
        client: PLAYER.id,
        data: { actorId: actor.id, statusId, active, userId: PLAYER.id },
      });
      expect(heard.calls).toEqual([
        told("crouched", true),
        told("prone", true),
        told("crouched", false),
        told("prone", false),
      ]);
    } finally {
      heard.off();
    }
  });

  it("refuses a stance without the Energy, changing nothing", async () => {
    const actor = await mira(0);
    const hud = await openHud(fake, actor, PLAYER.id);
    await hud.click("prone");
    expect(stance(actor)).toBe("standing");
    expect(fake.notifications.map((n) => n.level)).toEqual(["warn"]);
    expect(await api().toggleProne(actor)).toMatchObject({ ok: false, reason: "notCarriedOut" });
  });

  it("keeps Worldlines' own statuses as ActiveEffects", async () => {
    const actor = await mira();
    const hud = await openHud(fake, actor, GM.id);
    await hud.click("bleeding");
    expect(effectStatuses(actor)).toEqual(["bleeding"]);
    expect(hud.shown("bleeding")).toMatchObject({ isActive: true });
  });
});

describe("Toggle stance, by key (Worldlines)", () => {
  it("cycles standing, crouched, prone and back, 1 Energy each, as the sheet's stance button", async () => {
    const actor = await mira();
    const hotbar = keyboard();
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
    const actor = await mira();
    const hotbar = keyboard();
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
