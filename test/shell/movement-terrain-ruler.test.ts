/**
 * The token ruler says why ground costs more (issue 24), through each ruleset's `terrainNotes`:
 * in Worldlines a walk across a Region flagged as water says "swimming ×2" on the segment that
 * crosses it, and the label's price counts those spaces as the GM will charge them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PLAYER } from "../fake-foundry/index.ts";
import { makeRegion } from "../fake-foundry/walls.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";

let w: MoveWorld;

beforeAll(async () => {
  w = await moveWorld("worldlines", { size: 100, distance: 5, units: "ft" });
});

type Ruler = new (token: unknown) => {
  labels(waypoints: object[]): { context: { fray?: { text: string; terrain?: string } } }[];
};

async function kara(system: Record<string, unknown> = {}) {
  const [actor, raider] = await w.actors([
    {
      name: "Kara",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { energy: { value: 10, max: 10 }, ...system },
    },
    { name: "Raider", type: "npc", system: { energy: { value: 10, max: 10 } } },
  ]);
  if (actor === undefined || raider === undefined) throw new Error("no actors");
  const { tokens } = await w.fight(
    [actor, raider],
    [
      { col: 0, row: 0 },
      { col: 9, row: 9 },
    ],
  );
  const token = tokens[0];
  if (token === undefined) throw new Error("no token");
  // Columns 2 and 3 of the first row are a river.
  w.moves.addRegion(
    token.parent,
    makeRegion("River", [{ type: "rectangle", x: 200, y: 0, width: 200, height: 100 }], {
      flags: { fray: { terrain: "swim" } },
    }),
  );
  const Ruler = (w.fake.CONFIG["Token"] as unknown as { rulerClass: Ruler }).rulerClass;
  return { token, ruler: new Ruler({ document: token }) };
}

const waypoint = (col: number, row: number, distance: number, stage = "planned") => ({
  stage,
  action: "walk",
  x: col * 100,
  y: row * 100,
  measurement: { distance },
});

describe("the ruler's words for the ground", () => {
  it("a walk through water says swimming ×2 on that segment and prices it as the GM will", async () => {
    const { ruler } = await kara();
    const [, across, beyond] = ruler.labels([
      waypoint(0, 0, 0, "passed"),
      waypoint(4, 0, 20),
      waypoint(4, 2, 30),
    ]);
    // Two spaces of ground (1 each) and two of water (2 each): 6 of the 10 Energy.
    expect(across?.context.fray?.text).toBe("4 of 10 Energy left");
    expect(across?.context.fray?.terrain).toBe("swimming ×2");
    // The next segment stays on dry ground: no words, the price goes on from there.
    expect(beyond?.context.fray?.text).toBe("2 of 10 Energy left");
    expect(beyond?.context.fray?.terrain).toBeUndefined();
  });

  it("says nothing when the water costs the mover no more than its stance (crouched: 2)", async () => {
    const { ruler } = await kara({ stance: "crouched" });
    const [, across] = ruler.labels([waypoint(0, 0, 0, "passed"), waypoint(4, 0, 20)]);
    expect(across?.context.fray?.text).toBe("2 of 10 Energy left");
    expect(across?.context.fray?.terrain).toBeUndefined();
  });
});
