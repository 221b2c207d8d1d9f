/**
 * The engine boundary's properties, shared by the suites that drive every exported entry point
 * (this folder's boundary.property.test.ts, worldlines/ and wwn/boundary.property.test.ts): a
 * state in which one number anywhere is NaN, ±Infinity, negative or huge either is refused by name
 * ("not-a-number", "not-whole", "out-of-range") or, where the value is legitimately allowed, gives
 * an outcome in which every number is finite and health and Energy stay in range.
 *
 * Every case then runs the shared hostile-input property too (core/hostile.support.ts, issue 30):
 * one number or one string anywhere replaced by −0, 2⁵³, 10³⁰⁸, a name every object answers to
 * ("toString", "__proto__" …) or an absurd formula, and the call throws nothing, answers within
 * its time bound with no NaN, no infinity and no function in its answer, and refuses by name.
 */
import fc from "fast-check";
import { expect } from "vitest";
import { hostile } from "./core/hostile.support.ts";
import type { HostileCase } from "./core/hostile.support.ts";
import { seededRandom } from "./core/random.ts";

export const NUMBER_REASONS = ["not-a-number", "not-whole", "out-of-range"];
export const NON_FINITE = [Number.NaN, Infinity, -Infinity];
export const BAD = fc.constantFrom(...NON_FINITE, -1, -1e9, 1e9, 1e308, -0.5, 2.5);

/** Every path to a number inside `value`. */
export function numberPaths(value: unknown, prefix: readonly string[] = []): string[][] {
  if (typeof value === "number") return [[...prefix]];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) => numberPaths(inner, [...prefix, key]));
}

/** A copy of `value` with the number at `path` replaced. */
export function poison<T>(value: T, path: readonly string[], bad: number): T {
  const [head, ...rest] = path;
  if (head === undefined) return bad as T;
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>;
  copy[head] = poison(copy[head], rest, bad);
  return copy as T;
}

/** Every number in an outcome is finite (functions, the dice source and the like are skipped). */
export function expectAllFinite(value: unknown, path = "outcome", depth = 8): void {
  if (typeof value === "number") {
    expect(Number.isFinite(value), `${path} is ${value}`).toBe(true);
    return;
  }
  if (value === null || typeof value !== "object" || depth === 0) return;
  for (const [key, inner] of Object.entries(value))
    expectAllFinite(inner, `${path}.${key}`, depth - 1);
}

/** Health and Energy of every combatant in an outcome stay within 0..max. */
export function expectPoolsInRange(value: unknown, depth = 6): void {
  if (value === null || typeof value !== "object" || depth === 0) return;
  for (const pool of ["health", "energy", "hp"]) {
    const p = (value as Record<string, unknown>)[pool] as { value?: unknown; max?: unknown };
    if (typeof p === "object" && typeof p.value === "number" && typeof p.max === "number") {
      expect(p.value).toBeGreaterThanOrEqual(0);
      expect(p.value).toBeLessThanOrEqual(p.max);
    }
  }
  for (const inner of Object.values(value)) expectPoolsInRange(inner, depth - 1);
}

/** What the shared hostile property also reads in an answer: its states, chances, distributions. */
export type Answers = Pick<HostileCase<unknown>, "states" | "chances" | "distributions">;

/**
 * The property for one entry point: `call` is run on `valid` with one number poisoned. A
 * non-finite number must be refused by name; any other bad number is refused or gives a finite,
 * in-range outcome. Then the shared hostile property, with `more` read in its answers.
 */
export function guards<T>(
  valid: T,
  call: (input: T) => unknown,
  runs = 150,
  more: Answers = {},
): void {
  hostile({ valid, call, ...more, runs: 0 });
  const paths = numberPaths(valid);
  expect(paths.length).toBeGreaterThan(0);
  fc.assert(
    fc.property(fc.constantFrom(...paths), BAD, (path, bad) => {
      const out = call(poison(valid, path, bad)) as { ok?: boolean; reason?: string } | undefined;
      if (NON_FINITE.includes(bad) || Number.isNaN(bad)) {
        expect(out, `${path.join(".")} = ${bad}`).toMatchObject({ ok: false });
        expect(NUMBER_REASONS).toContain(out?.reason);
        return;
      }
      if (out?.ok === false) {
        expect(typeof out.reason).toBe("string");
        return;
      }
      expectAllFinite(out);
      expectPoolsInRange(out);
    }),
    { numRuns: runs },
  );
}

/**
 * For a helper that trusts its caller: `gate` (the engine's own checks that stand before it on
 * every path from the shell) refuses every non-finite number by name, and whatever the gate lets
 * through, the helper turns into finite numbers with health in range.
 */
export function behind<T>(
  valid: T,
  gate: (input: T) => unknown,
  call: (input: T) => unknown,
  runs = 150,
): void {
  hostile({ valid, call, behind: gate, runs: 0 });
  const paths = numberPaths(valid);
  expect(paths.length).toBeGreaterThan(0);
  fc.assert(
    fc.property(fc.constantFrom(...paths), BAD, (path, bad) => {
      const input = poison(valid, path, bad);
      const refused = gate(input) as { ok?: boolean; reason?: string } | undefined;
      if (NON_FINITE.includes(bad)) {
        expect(refused, `${path.join(".")} = ${bad}`).toMatchObject({ ok: false });
        expect(NUMBER_REASONS).toContain(refused?.reason);
        return;
      }
      if (refused?.ok === false) return;
      const out = call(input);
      expectAllFinite(out);
      expectPoolsInRange(out);
    }),
    { numRuns: runs },
  );
}

/**
 * A rule that takes checked input, called the way its callers call it: after its input check, whose
 * refusal comes back as the call's (a rule taking checked input never sees a poisoned number).
 */
export function afterCheck<T, R>(
  checked: { ok: true; value: T } | { ok: false; reason: string },
  rule: (value: T) => R,
): R | { ok: false; reason: string } {
  return checked.ok ? rule(checked.value) : checked;
}

/** The dice every case rolls: seeded, so a failure repeats. */
export const dice = () => seededRandom("boundary");
