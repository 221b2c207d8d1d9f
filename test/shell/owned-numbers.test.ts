/**
 * The referee re-checks numbers it reads from a document a player may write (shared/owned.ts).
 * A player going around their client stores anything in their own actor's free-form data (core's
 * server runs no DataModel; an ObjectField's contents are not cleaned by the model): a dice-pool
 * grapple whose pool is no whole count is not a grapple the GM's rules read.
 */
import { describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import { useDicepoolTable } from "./dicepool.support.ts";

const t = useDicepoolTable();

describe("a grapple pool a player wrote on their own actor", () => {
  it("is ignored unless it is a whole count: the 'victim' moves freely", async () => {
    const { ana, brute } = await t.fighters();
    for (const pool of [0.5, -3, 1e12, "7"]) {
      await t.fake.socketUpdate(PLAYER.id, ana as unknown as ClientDocument, {
        "system.grapples": [
          { victimId: brute.id, victimName: "Brute", pool, resistOffered: false },
        ],
      });
      t.fake.setUser(GM.id);
      t.fake.notifications.length = 0;
      expect(await t.acts.requestDicepoolAct("move", brute, null, 1)).toBe(true);
      expect(t.fake.notifications).toEqual([]);
    }
  });
});
