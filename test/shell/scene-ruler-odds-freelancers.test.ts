/**
 * Odds on the ruler in Freelancers (issue 25; Worldlines: scene-ruler-odds.test.ts, WWN:
 * scene-ruler-reach.test.ts, the two-dice game: scene-ruler-odds-twodice.test.ts): each
 * waypoint's label gives the API's exact chance from there.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { oddsAlongRow, rulerOddsWorld } from "./ruler-odds.support.ts";

let fake: FakeFoundry;

beforeAll(async () => {
  fake = await rulerOddsWorld("freelancers");
});

describe("Freelancers: a pistol's odds on the ruler", () => {
  it("each waypoint's label is the API's chance from there", async () => {
    const { labels, api } = await oddsAlongRow(
      fake,
      {
        name: "Kara",
        type: "character",
        system: { attributes: { agility: 8 }, skills: { firearms: 3 } },
        items: [
          {
            name: "Pistol",
            type: "weapon",
            system: {
              kind: "ranged",
              skill: "firearms",
              attribute: "agility",
              damage: "1d6",
              range: { nominal: 20, max: 40 },
            },
          },
        ],
      },
      { name: "Rook", type: "npc" },
      [2, 6],
      { distance: 1, units: "m" },
    );
    expect(api.every((chance) => typeof chance === "number")).toBe(true);
    expect(labels).toEqual(api.map((chance) => `Hit ${String(chance)} % vs Rook`));
  });
});
