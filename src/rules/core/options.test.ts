import { describe, expect, it } from "vitest";
import { mergeOptions } from "./options.ts";

const defaults = {
  die: 20,
  cover: { light: 2, heavy: 1 },
  kinds: { stun: 1 } as Record<string, number>,
  tags: ["a"],
};

describe("mergeOptions", () => {
  it("replaces top-level values and merges nested tables one level deep", () => {
    const merged = mergeOptions(defaults, { die: 12, cover: { heavy: 2 }, kinds: { fire: 3 } });
    expect(merged).toEqual({
      die: 12,
      cover: { light: 2, heavy: 2 },
      kinds: { stun: 1, fire: 3 },
      tags: ["a"],
    });
    // The defaults are left as they were.
    expect(defaults.cover).toEqual({ light: 2, heavy: 1 });
  });

  it("replaces arrays whole instead of merging them", () => {
    expect(mergeOptions(defaults, { tags: ["b"] }).tags).toEqual(["b"]);
  });
});
