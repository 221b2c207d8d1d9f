/**
 * The dice-pool game's "grappled" and "incapacitated" on the token HUD
 * (src/foundry/rulesets/dicepool/statuses.ts): the palette shows a grapple the referee recorded
 * on the actor (its ledger) and the incapacitation its damage wrote, each told to modules once
 * when it changes, on the client that wrote it; only the rules set them, so a click by hand is
 * refused with a message and changes nothing (no ActiveEffect either).
 */
import { describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import { useDicepoolTable } from "./dicepool.support.ts";
import { hookLog } from "./hooks.support.ts";
import { effectStatuses, openHud } from "./hud.support.ts";

const t = useDicepoolTable();

describe("dice-pool statuses on the token HUD", () => {
  it("shows a recorded grapple as grappled, told once on the GM's client", async () => {
    const { ana, brute } = await t.fighters();
    const combat = await t.fight(ana, brute);
    const heard = hookLog(t.fake, "fray.statusChanged");
    try {
      const { recordForActors } = await import("../../src/foundry/combat/ledger.ts");
      const grapple = { victimId: ana.id, victimName: "Ana", pool: 3, resistOffered: false };
      await t.fake.as(GM.id, () =>
        recordForActors([{ actor: brute, key: "grapples", value: [grapple] }]),
      );
      const hud = await openHud(t.fake, ana, PLAYER.id);
      expect(hud.shown("grappled")).toMatchObject({ isActive: true, cssClass: "active" });
      // What a module reads: core's actor.statuses, from the ledger the Combat keeps.
      expect(ana.statuses.has("grappled")).toBe(true);
      expect(brute.statuses.has("grappled")).toBe(false);
      expect(heard.calls).toEqual([
        {
          hook: "fray.statusChanged",
          client: GM.id,
          data: { actorId: ana.id, statusId: "grappled", active: true, userId: GM.id },
        },
      ]);

      // Breaking free is the rules' (the sheet's Break Grapple): a click by hand is refused.
      await hud.click("grappled");
      expect(t.grapples(brute)).toHaveLength(1);
      expect(effectStatuses(ana)).toEqual([]);
      expect(ana.statuses.has("grappled")).toBe(true);
      expect(t.fake.notifications).toEqual([
        {
          level: "warn",
          message:
            "Grappled cannot be set by hand: a grapple attack sets it, and breaking free or the holder letting go ends it.",
        },
      ]);
      // The fight ends: no one holds Ana any more.
      await t.fake.as(GM.id, () => combat.delete());
      expect(ana.statuses.has("grappled")).toBe(false);
    } finally {
      heard.off();
    }
  });

  it("shows the incapacitation the damage wrote, and refuses to set it by hand", async () => {
    const { ana } = await t.fighters();
    const hud = await openHud(t.fake, ana, GM.id);
    await hud.click("incapacitated");
    expect(t.sys(ana)).toMatchObject({ incapacitated: null });
    expect(hud.shown("incapacitated")).toMatchObject({ isActive: false });
    const heard = hookLog(t.fake, "fray.statusChanged");
    try {
      await t.gmSets(ana, { "system.incapacitated": "lethal" });
      expect(heard.calls.map((c) => c.data)).toEqual([
        { actorId: ana.id, statusId: "incapacitated", active: true, userId: GM.id },
      ]);
      const again = await openHud(t.fake, ana, GM.id);
      expect(again.shown("incapacitated")).toMatchObject({ isActive: true });
      expect(ana.statuses.has("incapacitated")).toBe(true);
      await t.gmSets(ana, { "system.incapacitated": null });
      expect(ana.statuses.has("incapacitated")).toBe(false);
    } finally {
      heard.off();
    }
  });

  it("leaves core's other statuses as ActiveEffects (prone has no dice-pool rule)", async () => {
    const { ana } = await t.fighters();
    const hud = await openHud(t.fake, ana, PLAYER.id);
    await hud.click("prone");
    expect(effectStatuses(ana)).toEqual(["prone"]);
  });
});
