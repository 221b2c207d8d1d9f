/**
 * The distance between two tokens reads the scene's grid units: on a scene with default units a
 * token 5 squares away is 25 ft (a short-range shot for Worldlines), not 5 ft (point-blank).
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installCanvasFake } from "../fake-foundry/canvas.ts";
import type * as Actors from "../../src/foundry/shared/actors.ts";
import type * as Adapter from "../../src/foundry/rulesets/worldlines/adapter.ts";
import type * as Data from "../../src/foundry/rulesets/worldlines/data.ts";

let fake: FakeFoundry;
let actors: typeof Actors;
let adapter: typeof Adapter;
let DEFAULT_BAND_FEET: typeof Data.DEFAULT_BAND_FEET;

beforeAll(async () => {
  fake = installFakeFoundry();
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actors = await import("../../src/foundry/shared/actors.ts");
  adapter = await import("../../src/foundry/rulesets/worldlines/adapter.ts");
  DEFAULT_BAND_FEET = (await import("../../src/foundry/rulesets/worldlines/data.ts"))
    .DEFAULT_BAND_FEET;
});

afterEach(() => {
  delete (globalThis as { canvas?: unknown }).canvas;
});

async function twoActorsApart(grid: { distance: number; units: string }, squares: number) {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const Item = fake.CONFIG["Item"]?.documentClass;
  const shooter = await Actor?.create({ name: "Shooter", type: "character" });
  const target = await Actor?.create({ name: "Target", type: "npc" });
  const rifle = await Item?.create({ name: "Rifle", type: "weapon", system: { kind: "ranged" } });
  if (!shooter || !target || !rifle) throw new Error("not created");
  const board = installCanvasFake(grid);
  board.place(shooter, { col: 0, row: 0 });
  board.place(target, { col: squares, row: 0 });
  const a = shooter as unknown as Actor.Implementation;
  const b = target as unknown as Actor.Implementation;
  const feet = actors.canvasDistance(a, b);
  const band =
    feet === null
      ? null
      : adapter.bandForDistance(
          adapter.bandReach(rifle as unknown as Item.Implementation, DEFAULT_BAND_FEET),
          feet,
        );
  return { feet, band, spaces: actors.canvasDistance(a, b, "space") };
}

describe("canvasDistance", () => {
  it("a scene with default units counts squares: 5 squares are 25 ft, short range", async () => {
    expect(await twoActorsApart({ distance: 1, units: "" }, 5)).toEqual({
      feet: 25,
      band: "short",
      spaces: 5,
    });
  });

  it("a 5 ft grid (the system default) measures in feet", async () => {
    expect(await twoActorsApart({ distance: 5, units: "ft" }, 5)).toEqual({
      feet: 25,
      band: "short",
      spaces: 5,
    });
  });

  it("a metric scene converts: 20 squares of 1.5 m are about 98 ft, long range", async () => {
    const { feet, band } = await twoActorsApart({ distance: 1.5, units: "m" }, 20);
    expect(feet).toBeCloseTo(98.43, 2);
    expect(band).toBe("long");
  });

  it("without a canvas there is no distance", async () => {
    const Actor = fake.CONFIG["Actor"]?.documentClass;
    const a = (await Actor?.create({ name: "A", type: "character" })) as unknown;
    expect(actors.canvasDistance(a as Actor.Implementation, a as Actor.Implementation)).toBe(null);
  });
});

describe("the fake canvas (core's square grid, equidistant diagonals)", () => {
  it("counts a diagonal step as one square, times the grid size, in the scene's units", () => {
    const { canvas } = installCanvasFake({ distance: 5, units: "ft" });
    const at = (col: number, row: number) => ({ x: col * 100 + 50, y: row * 100 + 50 });
    expect(canvas.grid.measurePath([at(0, 0), at(3, 3)]).distance).toBe(15);
    expect(canvas.grid.measurePath([at(0, 0), at(4, 1)]).distance).toBe(20);
  });
});
