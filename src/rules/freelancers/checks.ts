/**
 * Checks: roll-under on a d20 (options.die). The target is Attribute + Skill + modifiers "to the
 * attribute"; modifiers "to the die" are added to the rolled number, so a +3 to the die makes the
 * check harder. Favorable and unfavorable each roll an extra die and keep the better (lower) or
 * the worse (higher); each favorable cancels one unfavorable. A natural fumble face (20) is a
 * critical fumble and fails (options.fumbleFails).
 *
 * Where the book is silent (options): an equal roll passes (equalPasses); two or more net
 * favorables still roll two dice (edgeStacks); a fumble is the kept die showing the fumble face,
 * and it counts one fumble per rolled die that shows it (two 20s on an unfavorable roll are two).
 */
import type { DiceSource } from "../core/dice.ts";
import { fromWeights } from "../core/distribution.ts";
import type { Distribution } from "../core/distribution.ts";
import { checkDieFace, checkNumber, checkNumbers } from "../core/guard.ts";
import type { NumberRefusal } from "../core/guard.ts";
import { sumModifiers } from "../core/modifier.ts";
import type { Modifier } from "../core/modifier.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { DEFAULT_FREELANCERS_OPTIONS, SIZE_CLASSES } from "./options.ts";
import type { FreelancersOptions } from "./options.ts";

/** The most favorables or unfavorables one check may carry (a typo must not ask for a million dice). */
export const MAX_EDGE = 20;

/** Everything that decides one check, with the attribute and skill already looked up. */
export interface CheckSpec {
  /** Attribute + Skill (the base of the target number). */
  readonly base: number;
  /** Modifiers to the attribute: added to the target. */
  readonly attributeModifiers?: readonly Modifier[];
  /** Modifiers to the die: added to the rolled number. */
  readonly dieModifiers?: readonly Modifier[];
  readonly favorable?: number;
  readonly unfavorable?: number;
}

export interface CheckRoll {
  /** Every die rolled, in order. */
  readonly faces: readonly number[];
  /** The natural face kept. */
  readonly natural: number;
  /** The kept face + modifiers to the die. */
  readonly roll: number;
  /** Attribute + Skill + modifiers to the attribute. */
  readonly target: number;
  readonly passed: boolean;
  /** Dice showing the fumble face (0 unless the kept die is a fumble). */
  readonly fumbles: number;
}

/** How many dice a check rolls and which it keeps. */
export interface Edge {
  readonly dice: number;
  readonly keep: "lower" | "higher";
}

/** Favorables cancel unfavorables one for one; what is left decides the dice. */
export function edgeOf(
  favorable: number,
  unfavorable: number,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): Edge {
  const net = favorable - unfavorable;
  const extra = net === 0 ? 0 : options.edgeStacks ? Math.abs(net) : 1;
  return { dice: 1 + extra, keep: net >= 0 ? "lower" : "higher" };
}

/** Options already checked (they are immutable data, so once is enough). */
const checkedOptions = new WeakMap<FreelancersOptions, NumberRefusal | null>();

/** The options' own numbers must make sense before they decide anything. */
export function checkOptions(options: FreelancersOptions): NumberRefusal | undefined {
  let verdict = checkedOptions.get(options);
  if (verdict === undefined) {
    verdict = checkOptionNumbers(options) ?? null;
    checkedOptions.set(options, verdict);
  }
  return verdict ?? undefined;
}

function checkOptionNumbers(options: FreelancersOptions): NumberRefusal | undefined {
  return (
    checkNumbers({
      "options.die": [options.die, { min: 2, max: 1000, whole: true }],
      "options.integrityPerFumble": [options.integrityPerFumble, { min: 0, whole: true }],
      "options.staticDefenseBase": options.staticDefenseBase,
      "options.cover.lightDie": options.cover.lightDie,
      "options.cover.heavyUnfavorable": [
        options.cover.heavyUnfavorable,
        { min: 0, max: MAX_EDGE, whole: true },
      ],
      "options.range.stepMeters": [options.range.stepMeters, { min: Number.MIN_VALUE }],
      "options.range.penalty": options.range.penalty,
      "options.shapes.lineWidth": [options.shapes.lineWidth, { min: 0 }],
      "options.shapes.touchReach": [options.shapes.touchReach, { min: 0 }],
      "options.engagedTargetUnfavorable": [
        options.engagedTargetUnfavorable,
        { min: 0, max: MAX_EDGE, whole: true },
      ],
      "options.secondWeaponUnfavorable": [
        options.secondWeaponUnfavorable,
        { min: 0, max: MAX_EDGE, whole: true },
      ],
      "options.opportunityMoveMeters": [options.opportunityMoveMeters, { min: 0 }],
      "options.dodgeFavorable": [options.dodgeFavorable, { min: 0, max: MAX_EDGE, whole: true }],
      "options.deathFailures": [options.deathFailures, { min: 1, whole: true }],
      "options.rechargeDie": [options.rechargeDie, { min: 1, max: 1000, whole: true }],
    }) ??
    checkDieFace("options.fumbleFace", options.fumbleFace, options.die) ??
    SIZE_CLASSES.map((size) => checkNumber(`options.size.${size}`, options.size[size])).find(
      (refusal) => refusal !== undefined,
    ) ??
    [
      ["options.defaultUpkeepRemoves", options.defaultUpkeepRemoves] as const,
      ...Object.entries(options.counters).map(
        ([kind, rule]) => [`options.counters.${kind}`, rule.upkeepRemoves] as const,
      ),
    ]
      .map(([field, removes]) =>
        removes === "all" ? undefined : checkNumber(field, removes, { min: 0, whole: true }),
      )
      .find((refusal) => refusal !== undefined)
  );
}

/** The numbers of a check, refused by name when one is NaN, infinite or out of range. */
export function checkSpecNumbers(field: string, spec: CheckSpec): NumberRefusal | undefined {
  const edge = { min: 0, max: MAX_EDGE, whole: true } as const;
  const modifiers = [...(spec.attributeModifiers ?? []), ...(spec.dieModifiers ?? [])];
  return (
    checkNumber(`${field}.base`, spec.base) ??
    checkNumber(`${field}.favorable`, spec.favorable ?? 0, edge) ??
    checkNumber(`${field}.unfavorable`, spec.unfavorable ?? 0, edge) ??
    modifiers
      .map((m) => checkNumber(`${field}.${m.source}`, m.value))
      .find((refusal) => refusal !== undefined) ??
    // Finite parts can still overflow their sum (1e308 + 1e308).
    checkNumber(`${field}.target`, checkTarget(spec)) ??
    checkNumber(`${field}.dieModifiers`, sumModifiers(spec.dieModifiers ?? []))
  );
}

/** The target number: Attribute + Skill + modifiers to the attribute. */
export function checkTarget(spec: CheckSpec): number {
  return spec.base + sumModifiers(spec.attributeModifiers ?? []);
}

/** Whether a kept natural face, with its modified roll, passes against the target. */
export function passes(
  natural: number,
  roll: number,
  target: number,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): boolean {
  if (options.fumbleFails && natural === options.fumbleFace) return false;
  return options.equalPasses ? roll <= target : roll < target;
}

/** Draws one die through the guard: a source handing back a face outside its die is refused. */
export function drawDie(
  dice: DiceSource,
  sides: number,
  field: string,
): Result<number, NumberRefusal["reason"]> {
  const badSides = checkNumber(`${field}.sides`, sides, { min: 1, max: 1000, whole: true });
  if (badSides) return badSides;
  const face = dice.roll(sides);
  const refusal = checkDieFace(field, face, sides);
  return refusal ?? ok(face);
}

/**
 * Rolls a check (its dice drawn in order from `dice`). Refuses NaN, infinite or out-of-range
 * numbers and bad faces by name, and changes nothing.
 */
export function rollCheck(
  spec: CheckSpec,
  dice: DiceSource,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
  field = "check",
): Result<CheckRoll, NumberRefusal["reason"]> {
  const refusal = checkOptions(options) ?? checkSpecNumbers(field, spec);
  if (refusal) return refusal;
  return rollCheckUnchecked(spec, dice, options, field);
}

/** rollCheck for numbers already guarded by the caller. */
export function rollCheckUnchecked(
  spec: CheckSpec,
  dice: DiceSource,
  options: FreelancersOptions,
  field: string,
): Result<CheckRoll, NumberRefusal["reason"]> {
  const edge = edgeOf(spec.favorable ?? 0, spec.unfavorable ?? 0, options);
  const faces: number[] = [];
  for (let i = 0; i < edge.dice; i++) {
    const face = drawDie(dice, options.die, `${field}.die`);
    if (!face.ok) return face;
    faces.push(face.value);
  }
  const natural = edge.keep === "lower" ? Math.min(...faces) : Math.max(...faces);
  const roll = natural + sumModifiers(spec.dieModifiers ?? []);
  const target = checkTarget(spec);
  const fumbles =
    natural === options.fumbleFace ? faces.filter((f) => f === options.fumbleFace).length : 0;
  return ok({
    faces,
    natural,
    roll,
    target,
    passed: passes(natural, roll, target, options),
    fumbles,
  });
}

/**
 * The exact distribution of the kept natural face: for `n` dice keeping the lowest,
 * P(kept ≥ v) = ((sides − v + 1) / sides)^n; keeping the highest, P(kept ≤ v) = (v / sides)^n.
 */
export function keptFaceDistribution(edge: Edge, sides: number): Distribution {
  const pairs: [number, number][] = [];
  for (let v = 1; v <= sides; v++) {
    const p =
      edge.keep === "lower"
        ? ((sides - v + 1) / sides) ** edge.dice - ((sides - v) / sides) ** edge.dice
        : (v / sides) ** edge.dice - ((v - 1) / sides) ** edge.dice;
    pairs.push([v, p]);
  }
  return fromWeights(pairs);
}

/** The exact chance a check passes. */
export function checkChance(
  spec: CheckSpec,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): Result<number, NumberRefusal["reason"]> {
  const refusal = checkOptions(options) ?? checkSpecNumbers("check", spec);
  if (refusal) return refusal;
  const edge = edgeOf(spec.favorable ?? 0, spec.unfavorable ?? 0, options);
  const dist = keptFaceDistribution(edge, options.die);
  const dieMod = sumModifiers(spec.dieModifiers ?? []);
  const target = checkTarget(spec);
  let chance = 0;
  dist.probs.forEach((p, i) => {
    const natural = dist.min + i;
    if (passes(natural, natural + dieMod, target, options)) chance += p;
  });
  return ok(chance);
}
