import { describe, expect, it } from "vitest";
import { seededRandom } from "./random.ts";

describe("seeded random", () => {
  it("gives the same sequence for the same seed and a different one for another seed", () => {
    const draw = (seed: number | string) => {
      const rng = seededRandom(seed);
      return Array.from({ length: 20 }, () => rng.roll(20));
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw("fray")).toEqual(draw("fray"));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it("rolls every face of a die about equally often", () => {
    const rng = seededRandom(7);
    const counts = new Array<number>(6).fill(0);
    const n = 60000;
    for (let i = 0; i < n; i++) {
      const face = rng.roll(6);
      counts[face - 1] = (counts[face - 1] ?? 0) + 1;
    }
    for (const count of counts) expect(Math.abs(count / n - 1 / 6)).toBeLessThan(0.01);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(n);
  });

  it("keeps floats in [0, 1)", () => {
    const rng = seededRandom(1);
    for (let i = 0; i < 10000; i++) {
      const x = rng.next();
      expect(x >= 0 && x < 1).toBe(true);
    }
  });
});
