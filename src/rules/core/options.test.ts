import { describe, expect, it } from "vitest";
import { mergeOptions } from "./options.ts";

interface Sample {
  readonly die: number;
  readonly costs: { readonly move: number; readonly sprint: number };
  readonly list: readonly string[];
}
const defaults: Sample = { die: 6, costs: { move: 0, sprint: 1 }, list: ["a", "b"] };

describe("mergeOptions", () => {
  it("replaces top-level values, merges tables one level deep, replaces lists whole", () => {
    expect(mergeOptions(defaults, { die: 10, costs: { sprint: 2 }, list: ["c"] })).toEqual({
      die: 10,
      costs: { move: 0, sprint: 2 },
      list: ["c"],
    });
  });

  it("leaves the defaults untouched", () => {
    mergeOptions(defaults, { costs: { move: 5 } });
    expect(defaults.costs.move).toBe(0);
    expect(mergeOptions(defaults)).toEqual(defaults);
  });
});
