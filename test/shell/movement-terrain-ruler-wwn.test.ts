/**
 * WWN's ruler names difficult ground (issue 24): Fray's rough-terrain Region behaviour is
 * difficult ground in every ruleset, so in WWN it halves the Move; the label of the segment that
 * crosses it says "difficult terrain ×2", and a plain segment says nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PLAYER } from "../fake-foundry/index.ts";
import { addBehavior } from "../fake-foundry/region-behaviors.ts";
import { makeRegion } from "../fake-foundry/walls.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";

let w: MoveWorld;

beforeAll(async () => {
  w = await moveWorld("wwn", { size: 100, distance: 5, units: "ft" });
});

type Ruler = new (token: unknown) => {
  labels(waypoints: object[]): { context: { fray?: { text: string; terrain?: string } } }[];
};

const waypoint = (col: number, row: number, distance: number, stage = "planned") => ({
  stage,
  action: "walk",
  x: col * 100,
  y: row * 100,
  measurement: { distance },
});

describe("WWN's ruler on rough ground", () => {
  it("says difficult terrain ×2 on the segment across it, and the Move is halved", async () => {
    const [kara, bandit] = await w.actors([
      {
        name: "Kara",
        type: "character",
        ownership: { [PLAYER.id]: 3 },
        system: { health: { value: 10, max: 10 } },
      },
      { name: "Bandit", type: "npc", system: { health: { value: 10, max: 10 } } },
    ]);
    if (kara === undefined || bandit === undefined) throw new Error("no actors");
    const { tokens } = await w.fight(
      [kara, bandit],
      [
        { col: 0, row: 0 },
        { col: 9, row: 9 },
      ],
    );
    const token = tokens[0];
    if (token === undefined) throw new Error("no token");
    const region = w.moves.addRegion(
      token.parent,
      makeRegion("Scree", [{ type: "rectangle", x: 0, y: 200, width: 300, height: 100 }]),
    );
    expect(addBehavior(region, { type: "fray.roughTerrain" })).not.toBeNull();
    const Ruler = (w.fake.CONFIG["Token"] as unknown as { rulerClass: Ruler }).rulerClass;
    const [, plain, rough] = new Ruler({ document: token }).labels([
      waypoint(0, 0, 0, "passed"),
      waypoint(0, 1, 5),
      waypoint(0, 2, 10),
    ]);
    expect(plain?.context.fray?.terrain).toBeUndefined();
    expect(plain?.context.fray?.text).toContain("25 ft of 30 left");
    expect(rough?.context.fray?.terrain).toBe("difficult terrain ×2");
    expect(rough?.context.fray?.text).toContain("5 ft of 15 left");
  });
});
