/** Which threateners a move provokes, by each book's trigger. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { provokedBy, reachInSpaces } from "./reactions.ts";
import type { Space } from "./reactions.ts";

/** A one-space mover walking along row 0 from column `from` to column `to`. */
const walk = (from: number, to: number): Space[][] => {
  const steps: Space[][] = [];
  const dir = Math.sign(to - from);
  for (let j = from; ; j += dir) {
    steps.push([{ i: 0, j }]);
    if (j === to || dir === 0) break;
  }
  return steps;
};
const at = (j: number, i = 1, reach = 1) => ({ id: `t${String(j)}`, spaces: [{ i, j }], reach });

describe("reactions raised by a move", () => {
  it("enter: a foe is provoked when the mover comes within its reach, not when it was there", () => {
    expect(provokedBy(walk(0, 5), [at(5)], "enter")).toEqual(["t5"]);
    expect(provokedBy(walk(4, 8), [at(5)], "enter")).toEqual([]);
    expect(provokedBy(walk(0, 2), [at(5)], "enter")).toEqual([]);
  });

  it("leave: a foe is provoked when the mover steps out of its reach", () => {
    expect(provokedBy(walk(5, 8), [at(5)], "leave")).toEqual(["t5"]);
    expect(provokedBy(walk(5, 6), [at(5)], "leave")).toEqual([]);
  });

  it("within: only moving farther than the limit inside the reach", () => {
    expect(provokedBy(walk(4, 5), [at(5)], "within", 1)).toEqual([]);
    expect(provokedBy(walk(4, 6), [at(5)], "within", 1)).toEqual(["t5"]);
  });

  it("leaveShared: only leaving a space shared with the foe", () => {
    const shared = { id: "s", spaces: [{ i: 0, j: 2 }], reach: 1 };
    expect(provokedBy(walk(2, 4), [shared], "leaveShared")).toEqual(["s"]);
    expect(provokedBy(walk(3, 5), [shared], "leaveShared")).toEqual([]);
  });

  it("a path of one space or none provokes nobody; hostile reaches are no reach", () => {
    expect(provokedBy(walk(5, 5), [at(5)], "leave")).toEqual([]);
    fc.assert(
      fc.property(fc.constantFrom(NaN, Infinity, -Infinity, -5), (reach) => {
        expect(provokedBy(walk(0, 9), [at(9, 1, reach)], "enter")).toEqual([]);
      }),
    );
  });
});

describe("a reach in grid steps", () => {
  it("counts whole squares, at least the adjacent one; its own space is 0", () => {
    expect(reachInSpaces(1, 1.5)).toBe(1); // a 1 m weapon on a 1.5 m grid
    expect(reachInSpaces(3, 1.5)).toBe(2);
    expect(reachInSpaces(10, 1.5)).toBe(6);
    expect(reachInSpaces(5, 5)).toBe(1);
    expect(reachInSpaces(0, 5)).toBe(0);
  });

  it("is null for no reach or no square, and never below one for a positive reach", () => {
    const bad = fc.constantFrom(NaN, Infinity, -Infinity, -1);
    fc.assert(
      fc.property(bad, fc.double({ min: 0.1, max: 100, noNaN: true }), (x, square) => {
        expect(reachInSpaces(x, square)).toBeNull();
        expect(reachInSpaces(square, x === -1 ? 0 : x)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(
        fc.double({ min: 1e-6, max: 1e6, noNaN: true }),
        fc.double({ min: 1e-3, max: 1e3, noNaN: true }),
        (reach, square) => {
          const steps = reachInSpaces(reach, square);
          expect(steps).not.toBeNull();
          expect(steps).toBeGreaterThanOrEqual(1);
          expect(Number.isInteger(steps)).toBe(true);
        },
      ),
    );
  });
});
