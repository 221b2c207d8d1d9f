/**
 * The two-dice game's "incapacitated" on the token HUD (src/foundry/rulesets/twodice/statuses.ts):
 * a wound above the actor's Toughness, read from its wound track. Only wounds set it: the palette
 * shows it, a click by hand is refused and changes nothing, and the wound that sets it is told
 * once, on the client that wrote it.
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
  fake = await bootWorld("twodice", dice.random);
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
});

async function vera(): Promise<Actor.Implementation> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  return (await fake.as(GM.id, () =>
    Actor?.create({
      name: "Vera",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { traits: { toughness: 8 } },
    }),
  )) as unknown as Actor.Implementation;
}

describe("two-dice incapacitation on the token HUD", () => {
  it("shows a wound above Toughness, told once, and refuses a click by hand", async () => {
    const actor = await vera();
    const hud = await openHud(fake, actor, PLAYER.id);
    expect(hud.shown("incapacitated")).toMatchObject({ isActive: false });
    expect(actor.statuses.has("incapacitated")).toBe(false);
    await hud.click("incapacitated");
    expect(fake.notifications.map((n) => n.level)).toEqual(["warn"]);
    expect(effectStatuses(actor)).toEqual([]);
    expect(await api().toggleStatus("incapacitated", { actor })).toMatchObject({
      ok: false,
      reason: "notCarriedOut",
    });

    const heard = hookLog(fake, "fray.statusChanged");
    try {
      await fake.as(GM.id, () => actor.update({ "system.wounds.marked": [3, 12] } as never));
      expect(heard.calls).toEqual([
        {
          hook: "fray.statusChanged",
          client: GM.id,
          data: { actorId: actor.id, statusId: "incapacitated", active: true, userId: GM.id },
        },
      ]);
      const again = await openHud(fake, actor, PLAYER.id);
      expect(again.shown("incapacitated")).toMatchObject({ isActive: true, cssClass: "active" });
      // What a module reads: core's actor.statuses, from the wound track.
      expect(actor.statuses.has("incapacitated")).toBe(true);
    } finally {
      heard.off();
    }
  });

  it("refuses a status that does not exist, naming it", async () => {
    const actor = await vera();
    expect(await api().toggleStatus("nope", { actor })).toMatchObject({ reason: "noSuchStatus" });
    expect(fake.notifications).toEqual([
      { level: "warn", message: "There is no status with the id nope." },
    ]);
  });
});
