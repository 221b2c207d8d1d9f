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

  it("iterates its values, as core's Collection does, and keeps the pairs in entries()", () => {
    const numbers = new Collection<number>([
      ["a", 1],
      ["b", 4],
    ]);
    expect([...numbers]).toEqual([1, 4]);
    const seen: number[] = [];
    for (const n of numbers as unknown as Iterable<number>) seen.push(n);
    expect(seen).toEqual([1, 4]);
    expect([...numbers.entries()]).toEqual([
      ["a", 1],
      ["b", 4],
    ]);
  });
});
