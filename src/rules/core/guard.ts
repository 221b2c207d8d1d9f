/**
 * The engine boundary's number guard. Every rules entry point checks the numbers it is handed
 * with these functions before it computes anything, so NaN, ±Infinity, a die face outside its
 * die or a negative cost comes back as a named refusal and changes nothing, instead of flowing
 * silently into an outcome (NaN Energy that never runs out, a NaN skill that makes a roll
 * impossible …).
 *
 * The refusal's `detail` names the offending field and its value, so the shell can say which
 * input was bad.
 */
import { DIE_STEPS } from "./dice.ts";
import { SeededSource } from "./random.ts";
import type { DiceSource } from "./dice.ts";
import { refuse } from "./result.ts";
import type { Refusal } from "./result.ts";

/** Why a number was refused at the boundary. */
export type NumberRefusalReason =
  | "not-a-number" // NaN, ±Infinity, or not a number at all
  | "not-whole" // a fraction where a whole number is needed (die faces, counts)
  | "out-of-range"; // below `min` or above `max`

export type NumberRefusal = Refusal<NumberRefusalReason>;

/** What a number must be. Bounds are inclusive; a missing bound is open. */
export interface NumberRule {
  readonly min?: number;
  readonly max?: number;
  /** A whole number (die faces, counts, steps). */
  readonly whole?: boolean;
}

/**
 * The largest size a modifier, skill, bonus, Armor Class or target number may have. Far beyond
 * any game's numbers, yet small enough that sums of them never overflow or lose whole numbers.
 */
export const MAX_MODIFIER = 1_000_000;

/** Common rules, named for what they guard. */
export const NUMBER_RULES = {
  /** Any finite number. */
  finite: {},
  /** A modifier, skill, bonus or target number (may be negative). */
  modifier: { min: -MAX_MODIFIER, max: MAX_MODIFIER },
  /** A cost or an amount that may be zero but never negative. */
  nonNegative: { min: 0 },
  /** A whole count that may be zero (dice in a pool, counters, ammunition, costs, minutes). */
  count: { min: 0, whole: true, max: MAX_MODIFIER },
} as const satisfies Record<string, NumberRule>;

/**
 * The name of a checked field: a string, or its path (`["attacker", "health"]` names
 * `attacker.health`). A path is joined only when a number is refused, so a check that passes
 * builds no string (every attack runs dozens of them).
 */
export type Field = string | readonly string[];

/** The field's name as a refusal shows it. */
export function fieldName(field: Field): string {
  return typeof field === "string" ? field : field.join(".");
}

/** `field` with `key` appended, as a path (nothing joined yet). */
function subField(field: Field, key: string): readonly string[] {
  return typeof field === "string" ? [field, key] : [...field, key];
}

/**
 * Checks one number. `undefined` when it is fine, else a refusal naming `field`.
 * Only finite numbers of type `number` pass: NaN, ±Infinity, strings and the rest are refused.
 */
export function checkNumber(
  field: Field,
  value: unknown,
  rule: NumberRule = NUMBER_RULES.finite,
): NumberRefusal | undefined {
  return checkBounded(field, value, rule.min, rule.max, rule.whole === true);
}

/**
 * How a refusal names a value it was handed: its text, or its type when it cannot give one (an
 * object whose `toString` is not a function, or that has no prototype, throws in `String`).
 */
export function shown(value: unknown): string {
  try {
    return String(value);
  } catch {
    return typeof value;
  }
}

/** `checkNumber` with the rule's parts passed apart, so a bound known only now needs no object. */
function checkBounded(
  field: Field,
  value: unknown,
  min: number | undefined,
  max: number | undefined,
  whole: boolean,
): NumberRefusal | undefined {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    return refuse("not-a-number", { field: fieldName(field), value: shown(value) });
  }
  if (whole && !Number.isInteger(value)) {
    return refuse("not-whole", { field: fieldName(field), value });
  }
  if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
    return refuse("out-of-range", {
      field: fieldName(field),
      value,
      ...(min === undefined ? {} : { min }),
      ...(max === undefined ? {} : { max }),
    });
  }
  return undefined;
}

/**
 * Checks several numbers, in the order given, and returns the first refusal. Each entry is the
 * value and, optionally, its rule (default: any finite number).
 */
export function checkNumbers(
  fields: Readonly<Record<string, number | readonly [unknown, NumberRule?]>>,
): NumberRefusal | undefined {
  for (const [field, entry] of Object.entries(fields)) {
    const [value, rule] = typeof entry === "number" ? [entry, undefined] : entry;
    const refusal = checkNumber(field, value, rule);
    if (refusal) return refusal;
  }
  return undefined;
}

/** Checks that `face` is a face of a die with `sides` sides: a whole number from 1 to `sides`. */
export function checkDieFace(
  field: Field,
  face: unknown,
  sides: number,
): NumberRefusal | undefined {
  return checkBounded(field, face, 1, sides, true);
}

/** A dice source whose faces are checked; `refusal` names the first face that its die lacks. */
export interface FaceCheckedDice extends DiceSource {
  readonly refusal: NumberRefusal | undefined;
}

/**
 * A dice source whose faces are checked (see {@link checkedFaces}). A class, so that every such
 * source shares one shape: the rules draw from it in their innermost loops.
 */
class FaceCheckedSource implements FaceCheckedDice {
  refusal: NumberRefusal | undefined = undefined;
  private drawn = 0;

  constructor(private readonly source: DiceSource) {}

  roll(sides: number): number {
    const face = this.source.roll(sides);
    this.drawn++;
    if (Number.isInteger(face) && face >= 1 && face <= sides) return face;
    this.refusal ??= checkDieFace(["dice", String(this.drawn - 1)], face, sides);
    return 1;
  }
}

/**
 * Wraps a dice source handed in from outside the rules: every face it gives must be a face of the
 * die asked for (a whole number from 1 to its sides). The first one that is not is remembered as
 * a refusal naming it (`dice.<n>`, the nth die drawn) and replaced by 1, so the computation ends
 * with finite numbers; the caller then returns the refusal instead of its outcome.
 *
 * A source that is already checked comes back as it is (its refusal, once set, stays): a caller
 * that draws many times wraps its source once, and the rules that wrap what they are handed
 * allocate nothing more. So does core's seeded generator (random.ts), whose faces are right by
 * construction: the encounter simulator draws from it unwrapped.
 */
export function checkedFaces(source: DiceSource): FaceCheckedDice {
  // Core's seeded generator needs no check either: its faces are right by construction.
  if (source instanceof FaceCheckedSource || source instanceof SeededSource) return source;
  return new FaceCheckedSource(source);
}

/** Checks a value against its maximum: both finite, 0 ≤ value ≤ max (health, Energy …). */
export function checkPool(field: Field, value: unknown, max: unknown): NumberRefusal | undefined {
  if (
    typeof max === "number" &&
    typeof value === "number" &&
    max >= 0 &&
    max < Infinity &&
    value >= 0 &&
    value <= max
  ) {
    return undefined;
  }
  return (
    checkNumber(subField(field, "max"), max, NUMBER_RULES.nonNegative) ??
    checkBounded(subField(field, "value"), value, 0, max as number, false)
  );
}

/** Checks that `die` is a die of the step ladder (d4 … d12). */
export function checkStepDie(field: Field, die: unknown): NumberRefusal | undefined {
  if ((DIE_STEPS as readonly unknown[]).includes(die)) return undefined;
  return (
    checkBounded(field, die, 4, 12, true) ??
    refuse("out-of-range", { field: fieldName(field), value: die as number, min: 4, max: 12 })
  );
}

/** Whether `value` passes `rule`, without building a refusal (the hot path of a deep check). */
function passes(value: number, rule: NumberRule): boolean {
  return (
    Number.isFinite(value) &&
    (rule.whole !== true || Number.isInteger(value)) &&
    (rule.min === undefined || value >= rule.min) &&
    (rule.max === undefined || value <= rule.max)
  );
}

/** The keys down to the first number inside `value` that fails `rule`, or null when none does. */
function firstBadPath(value: unknown, rule: NumberRule, depth: number): string[] | null {
  if (typeof value === "number") return passes(value, rule) ? null : [];
  if (value === null || typeof value !== "object" || depth === 0) return null;
  for (const key in value) {
    const path = firstBadPath((value as Record<string, unknown>)[key], rule, depth - 1);
    if (path !== null) {
      path.unshift(key);
      return path;
    }
  }
  return null;
}

/**
 * Checks every number anywhere inside `value` (objects and arrays, to a modest depth) against
 * `rule` (default: finite): the first bad one comes back as a refusal naming its path, e.g.
 * `attacker.skills.firearms`. Functions are skipped (they are choices, not data). Nothing is
 * allocated unless a number is refused, since every attack runs it.
 */
export function checkAllNumbers(
  field: Field,
  value: unknown,
  rule: NumberRule = NUMBER_RULES.finite,
  depth = 6,
): NumberRefusal | undefined {
  const path = firstBadPath(value, rule, depth);
  if (path === null) return undefined;
  let bad: unknown = value;
  for (const key of path) bad = (bad as Record<string, unknown>)[key];
  return checkNumber([fieldName(field), ...path], bad, rule);
}

/** The first refusal among `checks` (each already run), or undefined when all passed. */
export function firstRefusal(
  ...checks: readonly (NumberRefusal | undefined)[]
): NumberRefusal | undefined {
  return checks.find((check) => check !== undefined);
}
