/**
 * WWN's prone is core's "prone" (src/foundry/rulesets/wwn/statuses.ts): the token HUD shows the
 * actor's `system.prone`, a click on it is the sheet's Prone button (in a fight, through the GM
 * referee, who writes it), no ActiveEffect is made, and `fray.statusChanged` is told once, on
 * the client that wrote it.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { FrayApi } from "../../src/foundry/api/index.ts";
import { bootWorld, faceOf, queuedDice, sceneRow, startedCombat } from "./boot.support.ts";
import { hookLog } from "./hooks.support.ts";
import { effectStatuses, openHud } from "./hud.support.ts";

let fake: FakeFoundry;
let row: ReturnType<typeof sceneRow>;
const dice = queuedDice(faceOf(8));
const api = (): FrayApi => (fake.game.system as { api: FrayApi }).api;

beforeAll(async () => {
  fake = await bootWorld("wwn", dice.random);
  row = sceneRow(fake);
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
});

async function kara(): Promise<Actor.Implementation> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  return (await fake.as(GM.id, () =>
    Actor?.create({
      name: "Kara",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { health: { value: 10, max: 10 } },
    }),
  )) as unknown as Actor.Implementation;
}

const prone = (actor: Actor.Implementation) =>
  (actor.system as unknown as { prone: boolean }).prone;

describe("core's prone in WWN", () => {
  it("is the actor's prone: the HUD's click drops it and stands it up, with no effect", async () => {
    const actor = await kara();
    const heard = hookLog(fake, "fray.statusChanged");
    try {
      const hud = await openHud(fake, actor, PLAYER.id);
      expect(hud.shown("prone")).toMatchObject({ isActive: false });
      await hud.click("prone");
      expect(prone(actor)).toBe(true);
      expect(hud.shown("prone")).toMatchObject({ isActive: true, cssClass: "active" });
      // What a module reads: core's actor.statuses has the rules' prone, with no effect.
      expect(actor.statuses.has("prone")).toBe(true);
      expect(effectStatuses(actor)).toEqual([]);
      await hud.click("prone");
      expect(prone(actor)).toBe(false);
      expect(actor.statuses.has("prone")).toBe(false);
      const told = { actorId: actor.id, statusId: "prone", userId: PLAYER.id };
      expect(heard.calls).toEqual([
        { hook: "fray.statusChanged", client: PLAYER.id, data: { ...told, active: true } },
        { hook: "fray.statusChanged", client: PLAYER.id, data: { ...told, active: false } },
      ]);
    } finally {
      heard.off();
    }
  });

  it("shows what the sheet wrote, and a GM's forced toggle that changes nothing tells nothing", async () => {
    const actor = await kara();
    await fake.as(GM.id, () => actor.update({ "system.prone": true } as never));
    const hud = await openHud(fake, actor, GM.id);
    expect(hud.shown("prone")).toMatchObject({ isActive: true });
    const heard = hookLog(fake, "fray.statusChanged");
    try {
      expect(await api().toggleStatus("prone", { actor, active: true })).toEqual({
        ok: true,
        value: true,
      });
      expect(heard.calls).toEqual([]);
    } finally {
      heard.off();
    }
  });

  it("in a fight, goes through the referee: the GM writes it and its client tells it", async () => {
    const actor = await kara();
    const Actor = fake.CONFIG["Actor"]?.documentClass;
    const bandit = (await fake.as(GM.id, () =>
      Actor?.create({ name: "Bandit", type: "npc", system: { health: { value: 8, max: 8 } } }),
    )) as unknown as Actor.Implementation;
    row.place(actor, bandit);
    dice.set(8, 1);
    await startedCombat(fake, [actor, bandit]);
    const heard = hookLog(fake, "fray.statusChanged");
    try {
      const hud = await openHud(fake, actor, PLAYER.id);
      await hud.click("prone");
      expect(prone(actor)).toBe(true);
      expect(heard.calls).toEqual([
        {
          hook: "fray.statusChanged",
          client: GM.id,
          data: { actorId: actor.id, statusId: "prone", active: true, userId: GM.id },
        },
      ]);
    } finally {
      heard.off();
      row.clearRow();
    }
  });
});
