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
import type { Checked } from "../core/checked.ts";
import { checkedAs } from "../core/checked.ts";
import type { DiceSource } from "../core/dice.ts";
import { fromWeights } from "../core/distribution.ts";
import type { Distribution } from "../core/distribution.ts";
import { NUMBER_RULES, checkDieFace, checkNumber, checkNumbers } from "../core/guard.ts";
import type { NumberRefusal, NumberRefusalReason } from "../core/guard.ts";
import { checkChoice, checkName, checkNames, ownValue } from "../core/names.ts";
import { sumModifiers } from "../core/modifier.ts";
import type { Modifier } from "../core/modifier.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import type { FlCheckReason, FlCheckRefusal } from "./guard.ts";
import { FL_LIMITS, FL_MAX_DIE, FL_MAX_DISTANCE } from "./limits.ts";
import { DEFAULT_FREELANCERS_OPTIONS, SIZE_CLASSES } from "./options.ts";
import type { FreelancersOptions } from "./options.ts";

/** The most favorables or unfavorables one check may carry (a typo must not ask for a million dice). */
export const MAX_EDGE = 20;
/** The most dice one check rolls: one, and one more per net favorable or unfavorable. */
export const MAX_CHECK_DICE = 1 + MAX_EDGE;

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
const KEEPS: readonly Edge["keep"][] = ["lower", "higher"];

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
const checkedOptionsCache = new WeakMap<FreelancersOptions, FlCheckRefusal | null>();

/**
 * The options' own values must make sense before they decide anything: every number finite and
 * within its bound (the dice at most FL_MAX_DIE faces), every name one a table may hold.
 */
export function checkOptions(options: FreelancersOptions): FlCheckRefusal | undefined {
  let verdict = checkedOptionsCache.get(options);
  if (verdict === undefined) {
    verdict = checkOptionValues(options) ?? null;
    checkedOptionsCache.set(options, verdict);
  }
  return verdict ?? undefined;
}

/** The options, branded as checked, or the first refusal. */
export function checkedOptions(
  options: FreelancersOptions,
): Result<Checked<FreelancersOptions>, FlCheckReason> {
  return checkOptions(options) ?? ok(checkedAs(options));
}

function checkOptionValues(options: FreelancersOptions): FlCheckRefusal | undefined {
  const modifier = NUMBER_RULES.modifier;
  const edge = { min: 0, max: MAX_EDGE, whole: true };
  const meters = { min: 0, max: FL_MAX_DISTANCE };
  const removes = { min: 0, max: FL_LIMITS.count, whole: true };
  return (
    checkNumbers({
      "options.die": [options.die, { min: 2, max: FL_MAX_DIE, whole: true }],
      "options.integrityPerFumble": [
        options.integrityPerFumble,
        { min: 0, max: FL_LIMITS.integrity, whole: true },
      ],
      "options.staticDefenseBase": [options.staticDefenseBase, modifier],
      "options.cover.lightDie": [options.cover.lightDie, modifier],
      "options.cover.heavyUnfavorable": [options.cover.heavyUnfavorable, edge],
      // At least a centimeter a step: the steps to the farthest distance stay countable.
      "options.range.stepMeters": [options.range.stepMeters, { min: 0.01, max: FL_MAX_DISTANCE }],
      "options.range.penalty": [options.range.penalty, modifier],
      "options.shapes.lineWidth": [options.shapes.lineWidth, meters],
      "options.shapes.touchReach": [options.shapes.touchReach, meters],
      "options.engagedTargetUnfavorable": [options.engagedTargetUnfavorable, edge],
      "options.secondWeaponUnfavorable": [options.secondWeaponUnfavorable, edge],
      "options.opportunityMoveMeters": [options.opportunityMoveMeters, meters],
      "options.dodgeFavorable": [options.dodgeFavorable, edge],
      "options.helpFavorable": [options.helpFavorable, edge],
      "options.deathFailures": [
        options.deathFailures,
        { min: 1, max: FL_LIMITS.count, whole: true },
      ],
      "options.rechargeDie": [options.rechargeDie, { min: 1, max: FL_MAX_DIE, whole: true }],
    }) ??
    checkDieFace("options.fumbleFace", options.fumbleFace, options.die) ??
    SIZE_CLASSES.map((size) =>
      checkNumber(`options.size.${size}`, ownValue(options.size, size), modifier),
    ).find((refusal) => refusal !== undefined) ??
    checkName("options.deathCheck.attribute", options.deathCheck.attribute) ??
    (options.deathCheck.skill === null
      ? undefined
      : checkName("options.deathCheck.skill", options.deathCheck.skill)) ??
    (["stabilizeCheck", "hideCheck", "searchCheck"] as const)
      .map((key) => {
        const spec = options[key];
        return (
          checkName(`options.${key}.attribute`, spec.attribute) ??
          (spec.skill === null ? undefined : checkName(`options.${key}.skill`, spec.skill))
        );
      })
      .find((refusal) => refusal !== undefined) ??
    checkNames("options.counters", options.counters) ??
    [
      ["options.defaultUpkeepRemoves", options.defaultUpkeepRemoves] as const,
      ...Object.entries(options.counters).map(
        ([kind, rule]) => [`options.counters.${kind}`, rule.upkeepRemoves] as const,
      ),
    ]
      .map(([field, count]) => (count === "all" ? undefined : checkNumber(field, count, removes)))
      .find((refusal) => refusal !== undefined)
  );
}

/**
 * The numbers of a check, refused by name when one is NaN, infinite or out of its bound: the base
 * and each modifier within ±MAX_MODIFIER, favorables and unfavorables whole, up to MAX_EDGE.
 */
export function checkSpecNumbers(field: string, spec: CheckSpec): NumberRefusal | undefined {
  const edge = { min: 0, max: MAX_EDGE, whole: true } as const;
  const modifiers = [...(spec.attributeModifiers ?? []), ...(spec.dieModifiers ?? [])];
  return (
    checkNumber(`${field}.base`, spec.base, NUMBER_RULES.modifier) ??
    checkNumber(`${field}.favorable`, spec.favorable ?? 0, edge) ??
    checkNumber(`${field}.unfavorable`, spec.unfavorable ?? 0, edge) ??
    modifiers
      .map((m) => checkNumber(`${field}.${m.source}`, m.value, NUMBER_RULES.modifier))
      .find((refusal) => refusal !== undefined) ??
    // Bounded parts keep their sums finite; a list of very many can still add up beyond use.
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
  const badSides = checkNumber(`${field}.sides`, sides, { min: 1, max: FL_MAX_DIE, whole: true });
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
): Result<CheckRoll, FlCheckReason> {
  const refusal = checkOptions(options) ?? checkSpecNumbers(field, spec);
  if (refusal) return refusal;
  return rollCheckSpec(checkedAs(spec), dice, checkedAs(options), field);
}

/**
 * The rule behind {@link rollCheck}, for a check whose numbers passed (an attack's plan, the
 * Upkeep's death check): its dice drawn from `dice`, the lowest or highest kept. A face the
 * source should not have handed out is still refused by name.
 */
export function rollCheckSpec(
  spec: Checked<CheckSpec>,
  dice: DiceSource,
  options: Checked<FreelancersOptions>,
  field: string,
): Result<CheckRoll, NumberRefusalReason> {
  const net = (spec.favorable ?? 0) - (spec.unfavorable ?? 0);
  const count = net === 0 ? 1 : options.edgeStacks ? 1 + Math.abs(net) : 2;
  const sides = options.die;
  const faces: number[] = [];
  let natural = net >= 0 ? sides + 1 : 0;
  for (let i = 0; i < count; i++) {
    const face = dice.roll(sides);
    if (!(face >= 1 && face <= sides && Number.isInteger(face))) {
      return checkDieFace(`${field}.die`, face, sides) as NumberRefusal;
    }
    faces.push(face);
    if (net >= 0 ? face < natural : face > natural) natural = face;
  }
  const dieModifiers = spec.dieModifiers;
  const roll = natural + (dieModifiers === undefined ? 0 : sumModifiers(dieModifiers));
  const target = checkTarget(spec);
  let fumbles = 0;
  if (natural === options.fumbleFace) {
    for (const face of faces) if (face === natural) fumbles++;
  }
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
 * Refuses a die of more than FL_MAX_DIE faces or more than MAX_CHECK_DICE dice, by name.
 */
export function keptFaceDistribution(
  edge: Edge,
  sides: number,
): Result<Distribution, FlCheckReason> {
  const bad =
    checkNumber("edge.dice", edge.dice, { min: 1, max: MAX_CHECK_DICE, whole: true }) ??
    checkChoice("edge.keep", edge.keep, KEEPS) ??
    checkNumber("sides", sides, { min: 1, max: FL_MAX_DIE, whole: true });
  return bad ?? ok(keptFaces(edge, sides));
}

/** {@link keptFaceDistribution} for an edge and a die its callers took from checked numbers. */
function keptFaces(edge: Edge, sides: number): Distribution {
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

/** For every kept natural face of a checked check: its chance, its modified roll and whether it passes. */
export interface CheckFace {
  readonly p: number;
  readonly natural: number;
  readonly roll: number;
  readonly passed: boolean;
}

/** The faces of a checked check, with their chances (the odds read them). */
export function checkFaces(
  spec: Checked<CheckSpec>,
  options: Checked<FreelancersOptions>,
): CheckFace[] {
  const dist = keptFaces(edgeOf(spec.favorable ?? 0, spec.unfavorable ?? 0, options), options.die);
  const dieMod = sumModifiers(spec.dieModifiers ?? []);
  const target = checkTarget(spec);
  const out: CheckFace[] = [];
  dist.probs.forEach((p, i) => {
    if (p === 0) return;
    const natural = dist.min + i;
    out.push({
      p,
      natural,
      roll: natural + dieMod,
      passed: passes(natural, natural + dieMod, target, options),
    });
  });
  return out;
}

/** The exact chance a check passes. */
export function checkChance(
  spec: CheckSpec,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): Result<number, FlCheckReason> {
  const refusal = checkOptions(options) ?? checkSpecNumbers("check", spec);
  if (refusal) return refusal;
  let chance = 0;
  for (const face of checkFaces(checkedAs(spec), checkedAs(options))) {
    if (face.passed) chance += face.p;
  }
  return ok(Math.min(1, chance));
}
