/**
 * Freelancers counters on the token HUD (src/foundry/rulesets/freelancers/statuses.ts): core's
 * "stun" and "bleeding" and a "stress" status are the actor's stun, bleed and stress counters,
 * which Upkeep and the rules read. A click adds a counter (or clears them) as the sheet's counter
 * buttons do, no ActiveEffect is made, and each change is told once on the writer's client.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { FrayApi } from "../../src/foundry/api/index.ts";
import { bootWorld, faceOf, queuedDice } from "./boot.support.ts";
import { hookLog } from "./hooks.support.ts";
import { effectStatuses, openHud } from "./hud.support.ts";

let fake: FakeFoundry;
const dice = queuedDice(faceOf(20));
const api = (): FrayApi => (fake.game.system as { api: FrayApi }).api;

beforeAll(async () => {
  fake = await bootWorld("freelancers", dice.random);
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
});

async function rook(): Promise<Actor.Implementation> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  return (await fake.as(GM.id, () =>
    Actor?.create({ name: "Rook", type: "character", ownership: { [PLAYER.id]: 3 } }),
  )) as unknown as Actor.Implementation;
}

const counters = (actor: Actor.Implementation) =>
  (actor.system as unknown as { counters: Record<string, number> }).counters;

describe("Freelancers counters on the token HUD", () => {
  it("are core's stun and bleeding, and a stress status", () => {
    const list = fake.CONFIG["statusEffects"] as unknown as { id: string; name: string }[];
    expect(list.find((s) => s.id === "stun")?.name).toBe("EFFECT.StatusStunned");
    expect(list.find((s) => s.id === "stress")?.name).toBe("FRAY.Freelancers.Counter.stress");
  });

  it("add a counter and clear them, as the sheet's buttons, told once each", async () => {
    const actor = await rook();
    const heard = hookLog(fake, "fray.statusChanged");
    try {
      const hud = await openHud(fake, actor, PLAYER.id);
      await hud.click("stun");
      expect(counters(actor)).toMatchObject({ stun: 1 });
      expect(hud.shown("stun")).toMatchObject({ isActive: true });
      // What a module reads: core's actor.statuses, from the counters.
      expect(actor.statuses.has("stun")).toBe(true);
      // Two more from the sheet: still stunned (told once); the HUD's click clears all three.
      await fake.as(PLAYER.id, () => api().toggleStatus("bleeding", { actor, active: true }));
      const { flAdjustCounter } =
        await import("../../src/foundry/rulesets/freelancers/table/counters.ts");
      await fake.as(PLAYER.id, () => flAdjustCounter(actor, "stun", 2));
      await hud.click("stun");
      expect(counters(actor)["stun"] ?? 0).toBe(0);
      expect(counters(actor)).toMatchObject({ bleed: 1 });
      expect(effectStatuses(actor)).toEqual([]);
      expect([...actor.statuses].sort()).toEqual(["bleeding"]);
      // Counter changes are refereed: the GM writes them, so the GM's client is the one told.
      expect(heard.calls.map((c) => [c.client, c.data["statusId"], c.data["active"]])).toEqual([
        [GM.id, "stun", true],
        [GM.id, "bleeding", true],
        [GM.id, "stun", false],
      ]);
    } finally {
      heard.off();
    }
  });
});
