import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bearingOf, turnBetween, turnsToFire } from "./facing.ts";

const at = (x: number, y: number) => ({ x, y });

describe("turning to fire", () => {
  it("reads headings as core's token rotation: 0 faces down the map, 90 left, 180 up", () => {
    expect(bearingOf(at(0, 0), at(0, 100))).toBeCloseTo(0);
    expect(turnBetween(bearingOf(at(0, 0), at(-100, 0)), 90)).toBeCloseTo(0);
    expect(turnBetween(bearingOf(at(0, 0), at(0, -100)), 180)).toBeCloseTo(0);
    expect(turnBetween(350, 10)).toBe(20);
    expect(turnBetween(-90, 270)).toBe(0);
  });

  it("a shooter facing its target does not turn; one with its back to it does", () => {
    const facingDown = { atTurnStart: 0, now: 0 };
    expect(turnsToFire(facingDown, at(0, 0), at(30, 100))).toEqual({ ok: true, value: false });
    expect(turnsToFire(facingDown, at(0, 0), at(0, -100))).toEqual({ ok: true, value: true });
    // Exactly 90° is not more than 90°.
    expect(turnsToFire(facingDown, at(0, 0), at(100, 0))).toEqual({ ok: true, value: false });
  });

  it("a shooter that turned more than 90° this turn counts, even when it now faces the target", () => {
    expect(turnsToFire({ atTurnStart: 0, now: 180 }, at(0, 0), at(0, -100))).toEqual({
      ok: true,
      value: true,
    });
    expect(turnsToFire({ atTurnStart: 0, now: 60 }, at(0, 0), at(0, 100))).toEqual({
      ok: true,
      value: false,
    });
  });

  it("refuses a heading or a point it cannot read, by name", () => {
    expect(turnsToFire({ atTurnStart: Number.NaN, now: 0 }, at(0, 0), at(0, 1))).toMatchObject({
      ok: false,
      detail: { field: "facing.atTurnStart" },
    });
    expect(turnsToFire({ atTurnStart: 0, now: 0 }, at(0, Infinity), at(0, 1))).toMatchObject({
      ok: false,
      detail: { field: "from.y" },
    });
  });
});

describe("turning to fire (properties)", () => {
  const heading = fc.double({ min: -720, max: 720, noNaN: true });
  it("the turn between two headings is symmetric and within 0 to 180", () => {
    fc.assert(
      fc.property(heading, heading, (a, b) => {
        const t = turnBetween(a, b);
        expect(t).toBeGreaterThanOrEqual(0);
        expect(t).toBeLessThanOrEqual(180);
        expect(t).toBeCloseTo(turnBetween(b, a), 9);
        expect(turnBetween(a, a + 360)).toBeCloseTo(0, 6);
      }),
    );
  });

  it("a target straight ahead never needs a turn; one straight behind always does", () => {
    const coord = fc.integer({ min: -5000, max: 5000 });
    fc.assert(
      fc.property(coord, coord, fc.integer({ min: 1, max: 3000 }), heading, (x, y, r, start) => {
        const rad = ((start + 90) * Math.PI) / 180;
        const ahead = at(x + Math.cos(rad) * r, y + Math.sin(rad) * r);
        const behind = at(x - Math.cos(rad) * r, y - Math.sin(rad) * r);
        const facing = { atTurnStart: start, now: start };
        expect(turnsToFire(facing, at(x, y), ahead)).toEqual({ ok: true, value: false });
        expect(turnsToFire(facing, at(x, y), behind)).toEqual({ ok: true, value: true });
      }),
    );
  });

  it("hostile numbers are refused, never read as a turn", () => {
    const bad = fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e308, -1e308);
    fc.assert(
      fc.property(bad, (v) => {
        expect(turnsToFire({ atTurnStart: v, now: 0 }, at(0, 0), at(1, 1)).ok).toBe(false);
        expect(turnsToFire({ atTurnStart: 0, now: v }, at(0, 0), at(1, 1)).ok).toBe(false);
        expect(turnsToFire({ atTurnStart: 0, now: 0 }, at(v, 0), at(1, 1)).ok).toBe(false);
      }),
    );
  });
});
