import { describe, expect, it } from "vitest";
import {
  add,
  combine,
  dieDistribution,
  entries,
  map,
  mean,
  mix,
  negate,
  probability,
  probabilityOf,
  total,
} from "./distribution.ts";

describe("exact distributions", () => {
  it("2d6 peaks at 7 with 6/36", () => {
    const twoD6 = add(dieDistribution(6), dieDistribution(6));
    expect(twoD6.min).toBe(2);
    expect(probabilityOf(twoD6, 7)).toBeCloseTo(6 / 36, 12);
    expect(probabilityOf(twoD6, 12)).toBeCloseTo(1 / 36, 12);
    expect(probabilityOf(twoD6, 13)).toBe(0);
    expect(mean(twoD6)).toBeCloseTo(7, 12);
    expect(total(twoD6)).toBeCloseTo(1, 12);
  });

  it("d6 minus d4, floored at 0", () => {
    const net = combine(dieDistribution(6), dieDistribution(4), (a, b) => Math.max(0, a - b));
    // 0 whenever the d6 is at or under the d4: 1 + 2 + 3 + 4 = 10 of the 24 pairs.
    expect(probabilityOf(net, 0)).toBeCloseTo(10 / 24, 12);
    expect(probabilityOf(net, 5)).toBeCloseTo(1 / 24, 12);
    expect(total(net)).toBeCloseTo(1, 12);
  });

  it("negates: d6 + (−d4) is the same as d6 − d4", () => {
    const minusD4 = negate(dieDistribution(4));
    expect(entries(minusD4)).toEqual([
      [-4, 0.25],
      [-3, 0.25],
      [-2, 0.25],
      [-1, 0.25],
    ]);
    const direct = combine(dieDistribution(6), dieDistribution(4), (a, b) => a - b);
    expect(add(dieDistribution(6), minusD4)).toEqual(direct);
    expect(negate({ min: 2, probs: [0.1, 0.9] })).toEqual({ min: -3, probs: [0.9, 0.1] });
  });

  it("maps, mixes and measures", () => {
    const tripled = map(dieDistribution(4), (v) => v * 3);
    expect(entries(tripled).map(([v]) => v)).toEqual([3, 6, 9, 12]);
    const mixed = mix([
      { weight: 0.25, dist: dieDistribution(4) },
      { weight: 0.75, dist: { min: 0, probs: [1] } },
    ]);
    expect(probabilityOf(mixed, 0)).toBeCloseTo(0.75, 12);
    expect(probability(mixed, (v) => v >= 3)).toBeCloseTo(0.125, 12);
  });
});
