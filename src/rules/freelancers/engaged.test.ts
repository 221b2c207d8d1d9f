import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { engagedBy } from "./engaged.ts";
import type { NearbyOpponent } from "./engaged.ts";

const thug = (over: Partial<NearbyOpponent>): NearbyOpponent => ({
  id: "thug",
  distance: 1,
  reach: 1.5,
  life: "active",
  ...over,
});

describe("Freelancers: who engages an entity in melee", () => {
  it("the active opponents whose melee reach covers the distance", () => {
    expect(
      engagedBy([
        thug({ id: "near" }),
        thug({ id: "far", distance: 4 }),
        thug({ id: "pike", distance: 3, reach: 3 }),
        thug({ id: "down", life: "dying" }),
        thug({ id: "gunner", reach: null }),
      ]),
    ).toEqual({ ok: true, value: ["near", "pike"] });
    expect(engagedBy([])).toEqual({ ok: true, value: [] });
  });

  it("refuses a broken distance, reach or name by name, and never lists one beyond reach (property)", () => {
    expect(engagedBy([thug({ distance: Number.NaN })])).toMatchObject({
      ok: false,
      detail: { field: "nearby.0.distance" },
    });
    expect(engagedBy([thug({ id: "__proto__" })])).toMatchObject({ ok: false });
    const hostile = fc.constantFrom(Number.NaN, Infinity, -1, 1e12, -0);
    const meters = fc.oneof(fc.double({ min: 0, max: 50, noNaN: true }), hostile);
    const opponent = fc.record({
      id: fc.constantFrom("a", "b", "c"),
      distance: meters,
      reach: fc.oneof(meters, fc.constant(null)),
      life: fc.constantFrom("active", "dying", "stable", "dead" as const),
    });
    fc.assert(
      fc.property(fc.array(opponent, { maxLength: 6 }), (list) => {
        const out = engagedBy(list);
        if (!out.ok) return;
        // Every id listed belongs to an active opponent whose reach covers its distance.
        for (const id of out.value) {
          const engages = list.some(
            (x) => x.id === id && x.life === "active" && x.reach !== null && x.distance <= x.reach,
          );
          expect(engages).toBe(true);
        }
      }),
    );
  });
});
