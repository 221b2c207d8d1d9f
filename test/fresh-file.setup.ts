/**
 * Every shell test file starts as if it ran alone: on fresh modules and fresh globals.
 *
 * The unit project runs its files one after another in a kept worker (vitest.config.ts,
 * `isolate: false`) instead of a new process per file: starting a process and vitest inside it
 * cost about 0.7 s of CPU per file, a third of the suite's. What isolation gave the files is
 * given back here, before each file:
 * - modules: the registry is emptied, so the file imports the fake and the shell afresh (the
 *   shell's module state, Fray's `Hooks.once("init")`, the fake's id counter, all start over);
 * - globals: what an earlier file added to `globalThis` (the fake's `game`, `CONFIG`, `canvas`,
 *   `PIXI`, …) is deleted and what it replaced is put back, so a file that installs no canvas
 *   sees none;
 * - spies and timers: vitest restores spies between files; fake timers are turned off here.
 *
 * (A file that leaves fake timers on would otherwise hand the next file a world without Node's
 * setTimeout: seen with three scratch files on one worker.)
 */
import { vi } from "vitest";

interface Baseline {
  readonly keys: ReadonlySet<string>;
  readonly descriptors: ReadonlyMap<string, PropertyDescriptor>;
}

const BASELINE = Symbol.for("fray.test.globals-baseline");
const holder = globalThis as { [BASELINE]?: Baseline };

/** Vitest's own globals, which it sets while files run: never ours to delete. */
const vitestOwn = (key: string): boolean =>
  key.startsWith("__vitest") || key.startsWith("__VITEST");

const sameDescriptor = (a: PropertyDescriptor, b: PropertyDescriptor): boolean =>
  a.value === b.value && a.get === b.get && a.set === b.set;

const baseline = holder[BASELINE];
if (baseline === undefined) {
  // The first file of this worker: globalThis as Node and vitest made it is what every later
  // file starts from.
  const keys = Object.getOwnPropertyNames(globalThis);
  holder[BASELINE] = {
    keys: new Set(keys),
    descriptors: new Map(
      keys.flatMap((key) => {
        const descriptor = Object.getOwnPropertyDescriptor(globalThis, key);
        return descriptor === undefined ? [] : [[key, descriptor] as const];
      }),
    ),
  };
} else {
  // First: fake timers left on put Node's timers back themselves, before the globals are compared.
  vi.useRealTimers();
  const scope = globalThis as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(globalThis)) {
    if (!baseline.keys.has(key) && !vitestOwn(key)) Reflect.deleteProperty(scope, key);
  }
  for (const [key, descriptor] of baseline.descriptors) {
    const now = Object.getOwnPropertyDescriptor(globalThis, key);
    if (now === undefined || !sameDescriptor(now, descriptor)) {
      Object.defineProperty(globalThis, key, descriptor);
    }
  }
}

vi.resetModules();
