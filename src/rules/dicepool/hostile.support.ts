/**
 * The hostile values and states of the dice-pool property suite (hostile.property.test.ts), and
 * what every call there must hold to: no exception, within the time bound, finite numbers and no
 * function for a value, named refusals, states that pass their checks, distributions that sum to
 * 1. The hostile values, the poisoning and the time bound are the ones every ruleset's suite
 * shares (core/hostile.support.ts); the dice pool's states are random ones up to the bounds, with
 * one value anywhere poisoned.
 */
import fc from "fast-check";
import { expect } from "vitest";
import type { Distribution } from "../core/distribution.ts";
import {
  CALL_MS,
  expectFinite,
  HOSTILE_NUMBERS,
  HOSTILE_STRINGS,
  poison,
} from "../core/hostile.support.ts";
import { seededRandom } from "../core/random.ts";
import * as dp from "./index.ts";

export const L = dp.DICEPOOL_LIMITS;

/**
 * What a call may take at most (far above every odds target, far below a hang): the bench prints
 * the real worst case (the largest accepted pools) against 50 ms.
 */
export const TIME_BOUND_MS = CALL_MS;

export const RUNS = 50;

// ---------------------------------------------------------------------------------------------
// Hostile values, and states with one of them anywhere

export const BUILT_IN_NAMES = ["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf"];
/** The shared hostile numbers and strings, and values of the wrong kind altogether. */
export const HOSTILE: readonly unknown[] = [
  ...HOSTILE_NUMBERS,
  -7,
  21,
  1001,
  ...HOSTILE_STRINGS,
  "flying",
  null,
  undefined,
  true,
  {},
  [],
];

/** Every path to a value that is no object (numbers, names, flags, null) inside `value`. */
function leafPaths(value: unknown, prefix: readonly string[] = []): string[][] {
  if (value === null || typeof value !== "object") return prefix.length === 0 ? [] : [[...prefix]];
  return Object.entries(value).flatMap(([key, inner]) => leafPaths(inner, [...prefix, key]));
}

/** `fine` as generated, or with one leaf poisoned (about half the time). */
export function hostile<T>(fine: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fine.chain((value) => {
    const paths = leafPaths(value);
    if (paths.length === 0) return fc.constant(value);
    return fc.oneof(
      fc.constant(value),
      fc
        .tuple(fc.constantFrom(...paths), fc.constantFrom(...HOSTILE))
        .map(([path, bad]) => poison(value, path, bad)),
    );
  });
}

export const rating = fc.integer({ min: 0, max: L.rating });
const small = (max: number) => fc.oneof(fc.integer({ min: 0, max }), fc.constant(max));

const fineCombatant = fc
  .record({
    id: fc.constantFrom("ana", "bo", "cy", ...BUILT_IN_NAMES),
    physical: rating,
    mental: rating,
    skills: fc.dictionary(fc.constantFrom(...dp.DICEPOOL_SKILLS, ...BUILT_IN_NAMES), rating, {
      maxKeys: 4,
    }),
    size: small(L.rating),
    speed: small(L.speed),
    armorRating: rating,
    energy: fc
      .tuple(small(L.energy), fc.nat(10))
      .map(([max, spent]) => ({ value: Math.max(0, max - spent), max })),
    damage: fc.oneof(fc.nat(30), fc.constant(L.damage)),
    nonLethalDamage: fc.nat(10),
    woundPenalty: fc.oneof(fc.nat(6), fc.constant(L.wounds)),
    incapacitated: fc.constantFrom(null, ...dp.INCAPACITATIONS),
    dead: fc.boolean(),
    stabilized: fc.boolean(),
    initiative: fc.oneof(
      fc.integer({ min: -6, max: 6 }),
      fc.constantFrom(-L.initiative, L.initiative),
    ),
    droppedWeaponId: fc.constantFrom(null, "knife", "toString"),
    powers: fc.record({
      plotArmor: fc.boolean(),
      freeFall: fc.boolean(),
      perfectSwimmer: fc.boolean(),
      perfectClimber: fc.boolean(),
      woundPenaltyResistance: fc.nat(2),
      multiGrapple: fc.nat(2),
      antiLargeGrappling: fc.nat(2),
      blitz: fc.boolean(),
      stabilize: fc.boolean(),
    }),
  })
  .map((c) => ({ ...c, nonLethalDamage: Math.min(c.nonLethalDamage, c.damage) }));
export const combatant: fc.Arbitrary<dp.DicepoolCombatant> = hostile(fineCombatant);

export const weapon: fc.Arbitrary<dp.DicepoolWeapon> = hostile(
  fc.record({
    id: fc.constantFrom("knife", "gun", "", "toString"),
    kind: fc.constantFrom(...dp.WEAPON_KINDS),
    mods: fc.record({ nonLethal: fc.boolean(), disarming: fc.boolean(), grappling: fc.boolean() }),
    damage: fc.integer({ min: -L.rating, max: L.rating }),
  }),
);

export const modifiers = fc.array(
  fc.record({ source: fc.constantFrom("gm", "toString"), value: fc.integer({ min: -3, max: 3 }) }),
  { maxLength: 3 },
);

export const terms: fc.Arbitrary<dp.AttackTerms> = fc
  .record({
    weapon,
    intent: fc.constantFrom(...dp.ATTACK_INTENTS),
    defense: fc.constantFrom(...dp.DEFENSE_KINDS),
    soakWith: fc.constantFrom(undefined, "protection", "armor"),
    forbid: fc.constantFrom(undefined, [], ["dodge"], ["parry", "soak"]),
    disarmWeaponId: fc.constantFrom(undefined, "knife"),
    settling: fc.constantFrom(undefined, true, false),
    situation: hostile(
      fc.record({
        distance: fc.oneof(fc.nat(4), fc.constant(L.pool)),
        cover: fc.constantFrom(...dp.COVER_KINDS),
        blitz: fc.boolean(),
        attackModifiers: modifiers,
        defenseModifiers: modifiers,
        grapplePenaltyOnAttack: fc.nat(3),
        grapplePenaltyOnDefense: fc.nat(3),
      }),
    ),
  })
  .chain((t) => hostile(fc.constant(t)));

export const attack: fc.Arbitrary<dp.AttackInput> = fc
  .tuple(combatant, combatant, terms)
  .map(([attacker, defender, t]) => ({ ...t, attacker, defender }));

export const options: fc.Arbitrary<dp.DicepoolOptions> = hostile(
  fc
    .record({
      dieSides: fc.integer({ min: 2, max: 20 }),
      hitOn: fc.integer({ min: 1, max: 20 }),
      maxPool: fc.oneof(fc.integer({ min: 0, max: 120 }), fc.constant(L.pool)),
      staticDefense: fc.boolean(),
      initiativeDamage: fc.boolean(),
      hexSpaces: fc.boolean(),
    })
    .map((o) => {
      const fitted = dp.withDicepoolOptions(o);
      // A plain copy (not frozen): the check runs in full on it.
      return JSON.parse(JSON.stringify(fitted)) as dp.DicepoolOptions;
    }),
);

export const turn: fc.Arbitrary<dp.TurnActions> = hostile(
  fc.record({
    simpleUsed: fc.nat(3),
    complexUsed: fc.boolean(),
    freeUsed: fc.nat(2),
    moves: fc.nat(3),
    blitz: fc.boolean(),
  }),
);

export const grip: fc.Arbitrary<dp.Grapple> = hostile(
  fc.record({
    assailantId: fc.constantFrom("ana", "toString"),
    victimId: fc.constantFrom("bo", "__proto__"),
    pool: fc.oneof(fc.nat(12), fc.constant(L.grapplePool)),
    resistOffered: fc.boolean(),
  }),
);

export const rolls: fc.Arbitrary<dp.DicepoolInitiativeRoll[]> = fc.array(
  hostile(
    fc
      .record({
        combatantId: fc.constantFrom("a", "b", "c", "d", ...BUILT_IN_NAMES),
        pool: fc.nat(12),
        result: fc.nat(12),
        isPlayerSide: fc.boolean(),
      })
      .map((r) => ({ ...r, result: Math.min(r.result, r.pool) })),
  ),
  { maxLength: 6 },
);

export const count = fc.oneof(
  { weight: 3, arbitrary: fc.nat(12) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE) as fc.Arbitrary<number> },
);
export const seed = fc.integer();
export const dice = (s: number) => seededRandom(s);

// ---------------------------------------------------------------------------------------------
// What every call must hold to

export interface Shape {
  readonly ok?: boolean;
  readonly reason?: unknown;
  readonly detail?: unknown;
}

/** The distributions, chances and states inside `value` (its numbers: expectFinite). */
function inspect(value: unknown, path: string, depth = 8): void {
  if (value === null || typeof value !== "object" || depth === 0) return;
  const record = value as Record<string, unknown>;
  if (Array.isArray(record["probs"]) && typeof record["min"] === "number") {
    expectDistribution(value as Distribution, path);
  }
  if ("physical" in record && "energy" in record && "powers" in record) {
    const checked = dp.checkDicepoolCombatant(path, value as dp.DicepoolCombatant);
    expect(checked.ok, `${path}: ${JSON.stringify(checked)}`).toBe(true);
  }
  if ("simpleUsed" in record && "complexUsed" in record) {
    expect(dp.checkTurnActions(value as dp.TurnActions), path).toBeUndefined();
  }
  if ("assailantId" in record && "pool" in record) {
    expect(record["pool"], path).toBeGreaterThanOrEqual(0);
    expect(record["pool"], path).toBeLessThanOrEqual(L.grapplePool);
  }
  for (const key of ["hit", "hitChance", "expectedHit"]) {
    const chance = record[key];
    if (typeof chance === "number") {
      expect(chance, `${path}.${key}`).toBeGreaterThanOrEqual(0);
      expect(chance, `${path}.${key}`).toBeLessThanOrEqual(1 + 1e-12);
    }
  }
  for (const [key, inner] of Object.entries(record)) inspect(inner, `${path}.${key}`, depth - 1);
}

function expectDistribution(dist: Distribution, path: string): void {
  expect(Number.isInteger(dist.min), `${path}.min`).toBe(true);
  let sum = 0;
  for (const p of dist.probs) {
    expect(p, path).toBeGreaterThanOrEqual(0);
    expect(p, path).toBeLessThanOrEqual(1 + 1e-12);
    sum += p;
  }
  expect(Math.abs(sum - 1), `${path} sums to ${sum}`).toBeLessThan(1e-9);
}

/** Runs `call` (timed) and inspects what it hands back; a refusal must be named. */
export function outcome(name: string, call: () => unknown): unknown {
  const start = Date.now();
  const out = call();
  const ms = Date.now() - start;
  expect(ms, `${name} took ${ms.toFixed(1)} ms`).toBeLessThan(TIME_BOUND_MS);
  const shape = out as Shape | null;
  if (shape !== null && typeof shape === "object" && shape.ok === false) {
    expect(typeof shape.reason, name).toBe("string");
    expect(shape.reason, name).not.toBe("");
  }
  expectFinite(out, name);
  inspect(out, name);
  return out;
}

/** The value a check passed, or undefined after asserting its refusal is named. */
export function passed<T>(name: string, checked: { ok: true; value: T } | Shape): T | undefined {
  outcome(name, () => checked);
  return checked.ok === true ? (checked as { value: T }).value : undefined;
}

export const checkedCombatant = (c: dp.DicepoolCombatant) =>
  passed("combatant", dp.checkDicepoolCombatant("c", c));
export const checkedOptions = (o: dp.DicepoolOptions) =>
  passed("options", dp.checkDicepoolOptions(o));
export const checkedAttack = (a: dp.AttackInput) => passed("attack", dp.checkAttackInput(a));

export function property<T>(arb: fc.Arbitrary<T>, run: (value: T) => unknown, runs = RUNS): void {
  fc.assert(
    fc.property(arb, (value) => {
      run(value);
    }),
    { numRuns: runs },
  );
}
