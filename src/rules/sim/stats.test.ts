import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { wilsonInterval } from "./stats.ts";

describe("Wilson interval", () => {
  it("matches the textbook values", () => {
    // 50 of 100: 0.4038 – 0.5962; 0 of 10: 0 – 0.2775; 10 of 10: 0.7225 – 1.
    const half = wilsonInterval(50, 100);
    expect(half.low).toBeCloseTo(0.4038, 4);
    expect(half.high).toBeCloseTo(0.5962, 4);
    expect(wilsonInterval(0, 10).high).toBeCloseTo(0.2775, 4);
    expect(wilsonInterval(10, 10).low).toBeCloseTo(0.7225, 4);
  });

  it("always contains the estimate and stays within [0, 1], up to huge counts", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 40 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n, share) => {
          const k = Math.round(share * n);
          const { low, high } = wilsonInterval(k, n);
          expect(low).toBeGreaterThanOrEqual(0);
          expect(high).toBeLessThanOrEqual(1);
          expect(low).toBeLessThanOrEqual(k / n);
          expect(high).toBeGreaterThanOrEqual(k / n);
        },
      ),
    );
  });
});
