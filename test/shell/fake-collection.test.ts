/** The fake's Collection answers `some` as core v13's foundry.utils.Collection does. */
import { describe, expect, it } from "vitest";
import { Collection } from "../fake-foundry/collection.ts";

describe("the fake Collection", () => {
  it("some: true when any value passes, false when none does or it is empty", () => {
    const numbers = new Collection<number>([
      ["a", 1],
      ["b", 4],
    ]);
    expect(numbers.some((n) => n > 3)).toBe(true);
    expect(numbers.some((n) => n > 4)).toBe(false);
    expect(new Collection<number>().some(() => true)).toBe(false);
  });
});
