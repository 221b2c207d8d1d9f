/**
 * Odds on the ruler in the two-dice game (issue 25): each waypoint's label gives the API's exact
 * chance from there. (The two-dice odds read the distance on the user's canvas, which this fake
 * world does not draw: the chance here is the one at an unmeasured distance.)
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { oddsAlongRow, rulerOddsWorld } from "./ruler-odds.support.ts";
import { TWODICE_RIFLE } from "./twodice.support.ts";

let fake: FakeFoundry;

beforeAll(async () => {
  fake = await rulerOddsWorld("twodice");
});

describe("two dice: a rifle's odds on the ruler", () => {
  it("each waypoint's label is the API's chance from there", async () => {
    const { labels, api } = await oddsAlongRow(
      fake,
      { name: "Gunner", type: "character", items: [TWODICE_RIFLE] },
      { name: "Vex", type: "npc" },
      [0, 6],
      { distance: 1, units: "m" },
      20,
    );
    expect(api.every((chance) => typeof chance === "number")).toBe(true);
    expect(labels).toEqual(api.map((chance) => `Hit ${String(chance)} % vs Vex`));
  });
});
