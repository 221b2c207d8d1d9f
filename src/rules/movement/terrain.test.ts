/** Difficult ground: which spaces of a path lie in a Region's shapes. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { difficultSpaces, inRegion, inShape } from "./terrain.ts";
import type { RegionShape } from "./terrain.ts";

const square: RegionShape = { type: "rectangle", x: 100, y: 0, width: 200, height: 100 };

describe("a point in a Region", () => {
  it("rectangles (rotated too), circles, ellipses and polygons; holes cut out", () => {
    expect(inShape({ x: 150, y: 50 }, square)).toBe(true);
    expect(inShape({ x: 50, y: 50 }, square)).toBe(false);
    const turned: RegionShape = { ...square, rotation: 90 };
    expect(inShape({ x: 200, y: 120 }, turned)).toBe(true);
    expect(inShape({ x: 120, y: 50 }, turned)).toBe(false);
    expect(inShape({ x: 3, y: 4 }, { type: "circle", x: 0, y: 0, radius: 5 })).toBe(true);
    expect(inShape({ x: 9, y: 0 }, { type: "ellipse", x: 0, y: 0, radiusX: 10, radiusY: 2 })).toBe(
      true,
    );
    expect(inShape({ x: 0, y: 3 }, { type: "ellipse", x: 0, y: 0, radiusX: 10, radiusY: 2 })).toBe(
      false,
    );
    const triangle: RegionShape = { type: "polygon", points: [0, 0, 100, 0, 0, 100] };
    expect(inShape({ x: 20, y: 20 }, triangle)).toBe(true);
    expect(inShape({ x: 80, y: 80 }, triangle)).toBe(false);
    const holed: RegionShape[] = [
      square,
      { type: "circle", x: 200, y: 50, radius: 20, hole: true },
    ];
    expect(inRegion({ x: 200, y: 50 }, holed)).toBe(false);
    expect(inRegion({ x: 120, y: 50 }, holed)).toBe(true);
  });

  it("counts the spaces a path moves onto in any patch, never the one it starts on", () => {
    const centres = [0, 1, 2, 3, 4].map((j) => ({ x: j * 100 + 50, y: 50 }));
    expect(difficultSpaces(centres, [[square]])).toBe(2);
    expect(difficultSpaces(centres.slice(1, 2), [[square]])).toBe(0);
    expect(difficultSpaces(centres, [])).toBe(0);
  });

  it("a point that is not a number is in no Region", () => {
    fc.assert(
      fc.property(fc.constantFrom(NaN, Infinity, -Infinity), (bad) => {
        expect(inRegion({ x: bad, y: 50 }, [square])).toBe(false);
        expect(inRegion({ x: 150, y: bad }, [square])).toBe(false);
      }),
    );
  });
});
