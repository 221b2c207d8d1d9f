/**
 * The scene says whether a two-dice shooter moved this turn (issue 25): its token's recorded
 * movement in the running combat (core records a token's moves while it fights, and clears them at
 * its turn's start). The attack dialog opens with "moved" ticked and says why; before any move it
 * is not ticked.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PLAYER } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { installTokenFakes } from "../fake-foundry/tokens.ts";
import type * as Dialog from "../../src/foundry/rulesets/twodice/attack/dialog.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";

let w: MoveWorld;
let table: ReturnType<typeof installTableFakes>;
let dialog: typeof Dialog;

beforeAll(async () => {
  // Tokens move as they are dragged (the book's order, declared moves at the turn's end, is
  // twodice-turn-end.test.ts).
  w = await moveWorld(
    "twodice",
    { size: 100, distance: 1, units: "m" },
    { "fray.twodiceMovesAtTurnEnd": false },
  );
  // The same table fakes again, to reach the user's targets; core's Actor#getDependentTokens
  // over the world's scenes (the movement fake's scenes among them), as tokens.ts copies it.
  table = installTableFakes(w.fake);
  installTokenFakes(w.fake);
  dialog = await import("../../src/foundry/rulesets/twodice/attack/dialog.ts");
});

async function dialogAt(gunner: Actor.Implementation, target: Actor.Implementation) {
  w.fake.setUser(PLAYER.id);
  table.target(target);
  const rifle = gunner.items.contents[0] as unknown as Item.Implementation;
  expect(await dialog.openTwodiceAttack(gunner, rifle, "single")).toBeNull();
  return w.fake.dialogs.asked.at(-1)?.content ?? "";
}

describe("a shooter that moved", () => {
  it("opens the dialog moving once its token has moved this turn", async () => {
    const [kara, rook] = await w.actors([
      {
        name: "Kara",
        type: "character",
        ownership: { [PLAYER.id]: 3 },
        system: { traits: { agility: 6 } },
        items: [
          {
            name: "Rifle",
            type: "weapon",
            system: { kind: "ranged", attack: 14, defense: 8, damage: 3, range: 6 },
          },
        ],
      },
      { name: "Rook", type: "npc" },
    ]);
    if (kara === undefined || rook === undefined) throw new Error("no actors");
    const { tokens } = await w.fight(
      [kara, rook],
      [
        { col: 0, row: 0 },
        { col: 9, row: 0 },
      ],
    );
    const token = tokens[0];
    if (token === undefined) throw new Error("no token");
    const still = await dialogAt(kara, rook);
    expect(still).toMatch(/name="moved" \/>/);
    expect(still).toContain("You have not moved this turn");
    expect(await w.drag(token, { col: 2, row: 0 })).toBe(true);
    const moved = await dialogAt(kara, rook);
    expect(moved).toMatch(/name="moved" checked \/>/);
    expect(moved).toContain("You moved this turn");
  });
});

describe("the movement fake's scenes", () => {
  it("have core's Scene#grid (measuring as the canvas does), walls and Regions", () => {
    const scene = w.moves.scene("Grid") as unknown as {
      grid: { size: number; measurePath(p: { x: number; y: number }[]): { distance: number } };
      walls: { size: number };
      regions: { size: number };
    };
    expect(scene.grid.size).toBe(100);
    expect(scene.grid.measurePath([w.moves.at(0, 0), w.moves.at(3, 2)]).distance).toBe(3);
    expect([scene.walls.size, scene.regions.size]).toEqual([0, 0]);
  });
});
