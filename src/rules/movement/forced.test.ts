/** Forced moves: a push directly away from the pusher, stopped by walls; a victim dragged along. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_PUSH_STEPS, awayDirection, draggedTo, pushPath, pushSteps } from "./forced.ts";
import type { Space } from "./forced.ts";

const open = () => false;
const chebyshev = (a: Space, b: Space) => Math.max(Math.abs(a.i - b.i), Math.abs(a.j - b.j));
const centre = (s: Space) => ({ i: s.i + 0.5, j: s.j + 0.5 });

describe("a push's length", () => {
  it("counts whole squares only: 10 ft on 5 ft squares is 2, 10 ft on 1.5 m… in its own unit", () => {
    expect(pushSteps(10, 5)).toBe(2);
    expect(pushSteps(5, 5)).toBe(1);
    expect(pushSteps(4, 5)).toBe(0);
    expect(pushSteps(3, 1.5)).toBe(2);
  });

  it("is 0 for NaN, infinities, negatives or no square; never beyond the cap", () => {
    for (const bad of [NaN, Infinity, -Infinity, -5, 0]) {
      expect(pushSteps(bad, 5)).toBe(0);
      expect(pushSteps(10, bad)).toBe(0);
    }
    expect(pushSteps(1e300, 5)).toBe(MAX_PUSH_STEPS);
  });
});

describe("the direction away from the pusher", () => {
  it("is the grid direction nearest the line: along an axis, or diagonal", () => {
    expect(awayDirection({ i: 0.5, j: 0.5 }, { i: 0.5, j: 1.5 })).toEqual({ i: 0, j: 1 });
    expect(awayDirection({ i: 0.5, j: 0.5 }, { i: 1.5, j: 1.5 })).toEqual({ i: 1, j: 1 });
    // A 2×2 pusher and a 1×1 foe beside its lower half: straight along the row.
    expect(awayDirection({ i: 1, j: 1 }, { i: 1.5, j: 2.5 })).toEqual({ i: 0, j: 1 });
    expect(awayDirection({ i: 0, j: 0 }, { i: 0, j: 0 })).toBeNull();
    expect(awayDirection({ i: NaN, j: 0 }, { i: 0, j: 1 })).toBeNull();
  });
});

describe("a push's path", () => {
  it("goes its steps directly away, and stops before a blocked step", () => {
    const at = { i: 0, j: 3 };
    expect(pushPath(centre({ i: 0, j: 2 }), centre(at), at, 2, open)).toEqual([
      { i: 0, j: 4 },
      { i: 0, j: 5 },
    ]);
    const wallAfter4 = (_from: Space, to: Space) => to.j >= 5;
    expect(pushPath(centre({ i: 0, j: 2 }), centre(at), at, 2, wallAfter4)).toEqual([
      { i: 0, j: 4 },
    ]);
    expect(pushPath(centre({ i: 0, j: 2 }), centre(at), at, 2, () => true)).toEqual([]);
    // Sharing the pusher's space: no "away", no push.
    expect(pushPath(centre(at), centre(at), at, 2, open)).toEqual([]);
  });

  const space = fc.record({
    i: fc.integer({ min: -50, max: 50 }),
    j: fc.integer({ min: -50, max: 50 }),
  });
  const steps = fc.oneof(
    fc.integer({ min: -5, max: 30 }),
    fc.constantFrom(NaN, Infinity, -Infinity, 1e300),
  );

  it("never goes farther than its steps, each step one space, each farther from the pusher", () => {
    fc.assert(
      fc.property(space, space, steps, (pusher, pushed, n) => {
        const path = pushPath(centre(pusher), centre(pushed), pushed, n, open);
        const cap = Number.isFinite(n) ? Math.max(0, Math.min(MAX_PUSH_STEPS, n)) : 0;
        expect(path.length).toBeLessThanOrEqual(cap);
        let prev = pushed;
        for (const s of path) {
          expect(chebyshev(prev, s)).toBe(1);
          expect(chebyshev(pusher, s)).toBeGreaterThan(chebyshev(pusher, prev));
          prev = s;
        }
        // Unblocked, apart and finite, it goes all of its steps.
        if (chebyshev(pusher, pushed) > 0) expect(path.length).toBe(cap);
      }),
    );
  });

  it("a wall only shortens it: the blocked path is the start of the open one", () => {
    fc.assert(
      fc.property(
        space,
        space,
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        (pusher, pushed, n, wallAt) => {
          const free = pushPath(centre(pusher), centre(pushed), pushed, n, open);
          let taken = 0;
          const walled = pushPath(
            centre(pusher),
            centre(pushed),
            pushed,
            n,
            () => taken++ >= wallAt,
          );
          expect(walled).toEqual(free.slice(0, Math.min(wallAt, free.length)));
        },
      ),
    );
  });
});

describe("a dragged victim", () => {
  it("moves by what its captor moved", () => {
    expect(draggedTo({ x: 0, y: 0 }, { x: 300, y: 100 }, { x: 100, y: 0 })).toEqual({
      x: 400,
      y: 100,
    });
  });
});
