/**
 * The fake's grids copy core v13's BaseGrid#getSnappedPoint for the centre mode: a square's
 * centre, the centre of the hex a point is in (HEXODDR: odd rows shifted half a hex right), and
 * no snapping at all on a gridless scene.
 */
import { describe, expect, it } from "vitest";
import { installFakeFoundry } from "../fake-foundry/index.ts";
import { GRID_TYPES, SNAP_CENTER, boardOf } from "../fake-foundry/tokens.ts";

const fake = installFakeFoundry({});
const snap = (type: number, x: number, y: number) =>
  boardOf(fake, { type }).scene.grid.getSnappedPoint({ x, y }, { mode: SNAP_CENTER });
const HIGH = 200 / Math.sqrt(3); // a pointy-topped hex 100 px wide is 115.47 px high

describe("the fake grid's snapping", () => {
  it("a square grid snaps to the centre of the square", () => {
    expect(snap(GRID_TYPES.SQUARE, 560, 40)).toEqual({ x: 550, y: 50 });
  });

  it("a hex grid snaps to the centre of the hex the point is in, as core's HexagonalGrid", () => {
    // Row 0: centres at x = 0, 100, 200 …; row 1 (odd): shifted to 50, 150 …, 3/4 of a hex lower.
    const a = snap(GRID_TYPES.HEXODDR, 560, 40);
    expect([a.x, a.y]).toEqual([600, HIGH / 2]);
    const b = snap(GRID_TYPES.HEXODDR, 548, 140);
    expect([b.x, b.y]).toEqual([550, 0.75 * HIGH + HIGH / 2]);
    // Under a row-0 hex's lower-left edge (at x = 590 it runs at y ≈ 109.7): the hex below.
    const c = snap(GRID_TYPES.HEXODDR, 590, 112);
    const above = snap(GRID_TYPES.HEXODDR, 590, 105);
    expect([above.x, above.y]).toEqual([600, HIGH / 2]);
    expect([c.x, Math.round(c.y)]).toEqual([550, Math.round(0.75 * HIGH + HIGH / 2)]);
    for (const p of [a, b, c]) {
      // A centre snaps to itself.
      expect(snap(GRID_TYPES.HEXODDR, p.x, p.y)).toEqual(p);
    }
  });

  it("a gridless scene does not snap", () => {
    expect(snap(GRID_TYPES.GRIDLESS, 523.5, 61.25)).toEqual({ x: 523.5, y: 61.25 });
  });
});
