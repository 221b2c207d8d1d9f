import { describe, expect, it } from "vitest";
import { fitToCheck } from "./fit.ts";

interface Thing {
  readonly size: number;
  readonly kind: string;
  readonly extra?: number;
}

/** Refuses a size that is no whole number, a kind other than "a" or "b", any extra but 1. */
function checkThing(field: string, t: Thing) {
  if (!Number.isInteger(t.size)) return { detail: { field: `${field}.size` } };
  if (t.kind !== "a" && t.kind !== "b") return { detail: { field: `${field}.kind` } };
  if (t.extra !== undefined && t.extra !== 1) return { detail: { field: `${field}.extra.deep` } };
  return undefined;
}

const DEFAULTS: Thing = { size: 1, kind: "a" };

describe("fitToCheck: a factory's seed fitted to its check", () => {
  it("keeps what passes and gives each refused part its default", () => {
    expect(fitToCheck({ size: 3, kind: "b" }, DEFAULTS, "seed", checkThing)).toEqual({
      size: 3,
      kind: "b",
    });
    expect(fitToCheck({ size: Number.NaN, kind: "z" }, DEFAULTS, "seed", checkThing)).toEqual({
      size: 1,
      kind: "a",
    });
  });

  it("drops a refused part the defaults do not have", () => {
    expect(fitToCheck({ size: 2, kind: "b", extra: 7 }, DEFAULTS, "seed", checkThing)).toEqual({
      size: 2,
      kind: "b",
    });
  });

  it("hands back the defaults when the refusal names no part it can replace", () => {
    const never = () => ({ detail: {} });
    expect(fitToCheck({ size: 2, kind: "b" }, DEFAULTS, "seed", never)).toBe(DEFAULTS);
  });
});
