/**
 * Booting a fake world for a shell test: the world plays `ruleset`, Fray's init has run, and every
 * die rolls the face the test queued (`dice(…)`); a die the test did not give fails the test.
 */
import { installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry, FakeOptions } from "../fake-foundry/index.ts";

/** Dice the test hands out in order; `toUniform` turns one into core's random number. */
export function queuedDice<T>(toUniform: (next: T) => number) {
  let queue: T[] = [];
  return {
    /** The next dice, in the order they are rolled (replaces what is left). */
    set: (...values: T[]): void => {
      queue = [...values];
    },
    /** What the test queued and nothing rolled yet. */
    left: (): readonly T[] => queue,
    random: (): number => {
      const next = queue.shift();
      if (next === undefined) throw new Error("the test gave no die for this roll");
      return toUniform(next);
    },
  };
}

/** Faces of one die size: a face of `sides` as core's random number. */
export function faceOf(sides: number): (face: number) => number {
  return (face) => (face - 0.5) / sides;
}

/**
 * A fake world that plays `ruleset`, initialised; its dice come from `random`. `beforeInit` runs
 * on the fake before Fray is imported (the table's fakes, for one).
 */
export async function bootWorld(
  ruleset: string,
  random: () => number,
  options: Omit<FakeOptions, "settings" | "random"> & {
    beforeInit?: (fake: FakeFoundry) => void;
  } = {},
): Promise<FakeFoundry> {
  const { beforeInit, ...fakeOptions } = options;
  const fake = installFakeFoundry({
    ...fakeOptions,
    settings: { "fray.ruleset": ruleset },
    random,
  });
  beforeInit?.(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  return fake;
}
