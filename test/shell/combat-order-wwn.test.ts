/**
 * The order a WWN combat settles uses each member's own actor: every die rolls its highest
 * face here, so the team values show what the actors brought.
 */
import { beforeAll, expect, it } from "vitest";
import { orderWorld } from "./combat-order.support.ts";

let startedCombat: Awaited<ReturnType<typeof orderWorld>>;

beforeAll(async () => {
  startedCombat = await orderWorld("wwn");
});

it("adds the side's best Dexterity modifier to its d8", async () => {
  const value = await startedCombat([
    {
      name: "Ash",
      type: "character",
      prototypeToken: { disposition: 1 },
      system: { attributes: { dex: 18 } },
    },
    {
      name: "Bram",
      type: "character",
      prototypeToken: { disposition: 1 },
      system: { attributes: { dex: 9 } },
    },
    {
      name: "Vex",
      type: "npc",
      prototypeToken: { disposition: -1 },
      system: { attributes: { dex: 5 } },
    },
  ]);
  expect(value("Friendly")).toBe(8 + 2); // Dex 18 gives +2, the best of the side
  expect(value("Hostile")).toBe(8 - 1); // Dex 5 gives −1
});
