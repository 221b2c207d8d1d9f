/**
 * The hostile-input property for a ruleset's exported entry points (issue 30), shared by each
 * ruleset's suite (`<ruleset>/hostile.property.test.ts`). A case names an entry point's sound
 * input; the property replaces one number or one string anywhere inside it with a hostile value
 * (NaN, ±Infinity, −0, negatives, 10¹², 2⁵³, names every object answers to, absurd formulas) and
 * asserts, for every call:
 * - it throws nothing and answers within CALL_MS;
 * - no number in its answer is NaN or infinite, and no function stands in it for a value;
 * - a refusal carries a named reason;
 * - the states it hands back pass their ruleset's check (the case's `states`);
 * - its chances lie in [0, 1] and its distributions sum to 1 (the case's `chances`, `distributions`).
 * A rule that takes checked input, or a helper that trusts its caller, runs only on what its
 * ruleset's check (`behind`) accepts: that is the only way it is reached.
 */
import fc from "fast-check";
import { expect } from "vitest";
import type { Distribution } from "./distribution.ts";

/** Numbers a hostile or broken document may hold. */
export const HOSTILE_NUMBERS: readonly number[] = [
  Number.NaN,
  Infinity,
  -Infinity,
  -0,
  -1,
  0.5,
  -1e12,
  1e12,
  2 ** 31,
  2 ** 53,
  -(2 ** 53),
  1e308,
];

/** Strings a hostile or broken document may hold: built-in property names, absurd formulas. */
export const HOSTILE_STRINGS: readonly string[] = [
  "toString",
  "constructor",
  "__proto__",
  "hasOwnProperty",
  "valueOf",
  "",
  " ",
  "999999d999999",
  "1d1000000000000",
  "40d100+40d100+40d100",
  "1d6+".repeat(200) + "1",
  "2d6*3",
  "NaN",
];

/** The most one call may take: far above every odds target, far below a hang. */
export const CALL_MS = 500;

type Path = readonly (string | number)[];

/** Every path to a value of the given type inside `value` (arrays and plain objects). */
function pathsTo(value: unknown, type: "number" | "string", prefix: Path = []): Path[] {
  if (typeof value === type) return [prefix];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    pathsTo(inner, type, [...prefix, Array.isArray(value) ? Number(key) : key]),
  );
}

/** A copy of `value` with the value at `path` replaced. */
export function poison<T>(value: T, path: Path, bad: unknown): T {
  const [head, ...rest] = path;
  if (head === undefined) return bad as T;
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>;
  Object.defineProperty(copy, head, {
    value: poison(copy[head], rest, bad),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy as T;
}

/**
 * Every number in `value` is finite, and no function stands where a value belongs (a name read
 * off a table's prototype: `traits["toString"]`). Plain tests, `expect` only on a failure: an
 * answer holds hundreds of numbers and a case makes hundreds of calls.
 */
export function expectFinite(value: unknown, path = "answer", depth = 10): void {
  const bad = firstUnsound(value, depth);
  if (bad !== null) expect.fail(`${path}${bad}`);
}

/** The path to the first non-finite number or function inside `value`, or null. */
function firstUnsound(value: unknown, depth: number): string | null {
  if (typeof value === "number") return Number.isFinite(value) ? null : ` is ${value}`;
  if (typeof value === "function") return " is a function";
  if (value === null || typeof value !== "object" || depth === 0) return null;
  for (const key of Object.keys(value)) {
    const inner = firstUnsound((value as Record<string, unknown>)[key], depth - 1);
    if (inner !== null) return `.${key}${inner}`;
  }
  return null;
}

/** One exported entry point's hostile-input property. */
export interface HostileCase<T> {
  /** A sound input the entry point accepts. */
  readonly valid: T;
  readonly call: (input: T) => unknown;
  /**
   * For a rule that takes checked input or a helper that trusts its caller: the ruleset's check of
   * the same input (a refusal, or undefined when it passes); the call runs only when it passes.
   */
  readonly behind?: (input: T) => unknown;
  /** Each state the answer hands back, as its check's verdict (a refusal, or undefined). */
  readonly states?: (answer: unknown) => readonly unknown[];
  /** The chances in the answer. */
  readonly chances?: (answer: unknown) => readonly number[];
  /** The distributions in the answer. */
  readonly distributions?: (answer: unknown) => readonly Distribution[];
  /** Random runs after the examples (every hostile value at every place). */
  readonly runs?: number;
}

/** The answer's value when it is an accepted Result, the answer itself when it is no Result. */
export function valueOf(answer: unknown): unknown {
  if (answer !== null && typeof answer === "object" && "ok" in answer) {
    return (answer as { ok: boolean; value?: unknown }).ok
      ? (answer as { value?: unknown }).value
      : undefined;
  }
  return answer;
}

function isRefusal(x: unknown): x is { ok: false; reason: unknown } {
  return x !== null && typeof x === "object" && (x as { ok?: unknown }).ok === false;
}

/** Runs one case's property: see the file's header. */
export function hostile<T>(c: HostileCase<T>): void {
  const numbers = pathsTo(c.valid, "number").map((path) => ({ path, values: HOSTILE_NUMBERS }));
  const strings = pathsTo(c.valid, "string").map((path) => ({ path, values: HOSTILE_STRINGS }));
  // Every hostile value at every place: a few hundred calls a case, each one run as an example.
  const every = [...numbers, ...strings].flatMap((target) =>
    target.values.map((bad) => ({ path: target.path, bad })),
  );
  expect(every.length, "the case has a value to poison").toBeGreaterThan(0);
  fc.assert(
    fc.property(fc.constantFrom(...every), ({ path, bad }) => {
      const input = poison(c.valid, path, bad);
      const where = `${path.join(".")} = ${String(bad)}`;
      const start = Date.now();
      let answer: unknown;
      try {
        const refused = c.behind?.(input);
        if (isRefusal(refused)) return;
        answer = c.call(input);
      } catch (error) {
        expect.fail(`${where} threw ${String(error)}`);
      }
      const took = Date.now() - start;
      if (took >= CALL_MS) expect.fail(`${where}: took ${took.toFixed(0)} ms`);
      expectFinite(answer, where);
      if (isRefusal(answer)) {
        if (typeof answer.reason !== "string") expect.fail(`${where}: a refusal without a reason`);
        return;
      }
      for (const verdict of c.states?.(answer) ?? []) {
        if (verdict !== undefined)
          expect(verdict, `${where}: a state its check refuses`).toBeUndefined();
      }
      for (const chance of c.chances?.(answer) ?? []) {
        if (!(chance >= 0 && chance <= 1)) expect.fail(`${where}: a chance of ${chance}`);
      }
      for (const dist of c.distributions?.(answer) ?? []) {
        const sum = dist.probs.reduce((total, p) => total + p, 0);
        if (!(Math.abs(sum - 1) < 1e-9)) expect.fail(`${where}: a distribution summing to ${sum}`);
        if (dist.probs.some((p) => !(p >= 0))) expect.fail(`${where}: a negative probability`);
      }
    }),
    // The examples count among the runs: as many runs as examples, then some random ones.
    { examples: every.map((example) => [example]), numRuns: every.length + (c.runs ?? 20) },
  );
}

/** The functions a module exports. */
export function exportedFunctions(module: Record<string, unknown>): string[] {
  return Object.entries(module)
    .filter(([, value]) => typeof value === "function")
    .map(([name]) => name);
}

/** `result` is a refusal for `reason`, naming `field` when one is given. */
export function refusedAs(result: unknown, reason: string, field?: string): void {
  expect(result).toMatchObject({ ok: false, reason });
  if (field !== undefined) {
    expect((result as { detail?: { field?: unknown } }).detail?.field).toBe(field);
  }
}
