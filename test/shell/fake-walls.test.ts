/**
 * The fake's walls and Regions (test/fake-foundry/walls.ts) hold what core v13's WallDocument and
 * RegionDocument hold: a wall's segment `c` in pixels and its restrictions with core's defaults (a
 * plain wall stops movement and every sense; a window stops movement only; an open door stops
 * nothing the shell reads), a Region's shapes with `hole` and `rotation` filled in and a flat
 * polygon `points` list, on the scene's `walls` and `regions`.
 */
import { describe, expect, it } from "vitest";
import { installFakeFoundry } from "../fake-foundry/index.ts";
import { boardOf } from "../fake-foundry/tokens.ts";
import { WALL_DOOR_STATES, WALL_DOOR_TYPES, WALL_SENSE_TYPES } from "../fake-foundry/walls.ts";

describe("the fake's walls and Regions", () => {
  it("a wall drawn between grid points stores its pixels and core's plain-wall restrictions", () => {
    const fake = installFakeFoundry();
    const board = boardOf(fake, { size: 100 });
    const wall = board.wall({ col: 2, row: 0 }, { col: 2, row: 3 });
    expect(board.scene.walls.contents).toEqual([wall]);
    expect(wall).toMatchObject({
      c: [200, 0, 200, 300],
      move: 20,
      sight: 20,
      light: 20,
      sound: 20,
      dir: 0,
      door: 0,
      ds: 0,
    });
    const window = board.wall(
      { col: 0, row: 0 },
      { col: 1, row: 0 },
      { sight: WALL_SENSE_TYPES.NONE },
    );
    expect(window).toMatchObject({ move: 20, sight: 0 });
    const door = board.wall(
      { col: 3, row: 0 },
      { col: 4, row: 0 },
      {
        door: WALL_DOOR_TYPES.DOOR,
        ds: WALL_DOOR_STATES.OPEN,
      },
    );
    expect(door).toMatchObject({ door: 1, ds: 1 });
    expect(board.scene.walls.size).toBe(3);
  });

  it("a Region stores its shapes as core does: hole, rotation, flat polygon points", () => {
    const fake = installFakeFoundry();
    const board = boardOf(fake);
    const region = board.region("Smoke", [
      { type: "circle", x: 250, y: 250, radius: 200 },
      { type: "rectangle", x: 0, y: 0, width: 100, height: 50 },
      { type: "polygon", points: [0, 0, 100, 0, 0, 100], hole: true },
    ]);
    expect(board.scene.regions.contents).toEqual([region]);
    expect(region.shapes).toEqual([
      { type: "circle", hole: false, x: 250, y: 250, radius: 200 },
      { type: "rectangle", hole: false, x: 0, y: 0, width: 100, height: 50, rotation: 0 },
      { type: "polygon", hole: true, points: [0, 0, 100, 0, 0, 100] },
    ]);
    expect(region.elevation).toEqual({ bottom: null, top: null });
  });

  it("a token stands at elevation 0 with no movement history until told otherwise", () => {
    const fake = installFakeFoundry();
    const board = boardOf(fake);
    const token = board.place({ id: "a" }, { col: 1, row: 1 });
    expect(token).toMatchObject({ elevation: 0, movementHistory: [] });
    expect(board.place({ id: "a" }, { col: 1, row: 1 }, { elevation: 10 }).elevation).toBe(10);
  });
});

describe("the fake's DialogV2.wait", () => {
  it("logs the dialog as rendered and resolves null, as core does when the user closes it", async () => {
    const fake = installFakeFoundry();
    const dialogs = (
      globalThis as unknown as {
        foundry: { applications: { api: { DialogV2: { wait(o: object): Promise<unknown> } } } };
      }
    ).foundry.applications.api.DialogV2;
    const answer = await dialogs.wait({
      window: { title: "Attack" },
      content: "<p>Light cover</p>",
      buttons: [{ action: "attack", callback: () => ({ cover: "half" }) }],
      rejectClose: false,
    });
    expect(answer).toBeNull();
    expect(fake.dialogs.asked.at(-1)).toEqual({ title: "Attack", content: "<p>Light cover</p>" });
  });
});
