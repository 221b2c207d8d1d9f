/**
 * The order a Worldlines combat settles uses each member's own actor: every die rolls its highest
 * face here, so the team values show what the actors brought.
 */
import { beforeAll, expect, it } from "vitest";
import { orderWorld } from "./combat-order.support.ts";

let startedCombat: Awaited<ReturnType<typeof orderWorld>>;

beforeAll(async () => {
  startedCombat = await orderWorld("worldlines");
});

it("sums the two best rolls of each member's own Combat die into the team's momentum", async () => {
  const value = await startedCombat([
    {
      name: "Ash",
      type: "character",
      prototypeToken: { disposition: 1 },
      system: { traits: { combat: 10 } },
    },
    {
      name: "Bram",
      type: "character",
      prototypeToken: { disposition: 1 },
      system: { traits: { combat: 10 } },
    },
    {
      name: "Cole",
      type: "character",
      prototypeToken: { disposition: 1 },
      system: { traits: { combat: 6 } },
    },
    {
      name: "Vex",
      type: "npc",
      prototypeToken: { disposition: -1 },
      system: { traits: { combat: 8 } },
    },
  ]);
  expect(value("Friendly")).toBe(20); // d10 10 + d10 10; Cole's d6 6 is not among the best two
  expect(value("Hostile")).toBe(8); // one member: its own d8
});
