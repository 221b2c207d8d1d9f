/**
 * Exact odds of dice pools, by formula and convolution (no sampling): the distribution of hits of
 * a pool, of net hits of a contested roll, and of what an attack does. `attackOdds` follows
 * `planAttack` / `resolveAttack`, so the odds and the rolls always agree (a test checks it against
 * a simulation).
 */
import type { Checked } from "../core/checked.ts";
import { constant, map, mean, probability } from "../core/distribution.ts";
import type { Distribution } from "../core/distribution.ts";
import { checkNumber, NUMBER_RULES } from "../core/guard.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { checkChoice } from "../core/names.ts";
import { hitDamage, planAttack } from "./attack.ts";
import type { AttackPlan, AttackRefusal, CheckedAttack } from "./attack.ts";
import { DICEPOOL_LIMITS as L } from "./limits.ts";
import { checkDicepoolOptions, DEFAULT_DICEPOOL_OPTIONS } from "./options.ts";
import type { DicepoolOptions } from "./options.ts";
import { checkDice, POOL_MODES, staticHits } from "./pool.ts";
import type { PoolMode, PoolRefusal } from "./pool.ts";

/** The chance that one die is a hit (the options checked first). */
export function hitChancePerDie(
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<number, PoolRefusal> {
  const checked = checkDicepoolOptions(options);
  if (!checked.ok) return checked;
  return ok(chanceOf(checked.value));
}

function chanceOf(options: Checked<DicepoolOptions>): number {
  return (options.dieSides - options.hitOn + 1) / options.dieSides;
}

/**
 * Binomial(n, p) as a dense distribution, each term computed in log space from running sums of
 * logarithms (stable and linear in n; n is at most DICEPOOL_LIMITS.pool).
 */
function binomial(n: number, p: number): Distribution {
  if (p >= 1) return constant(n);
  if (p <= 0) return constant(0);
  const logFactorial = new Float64Array(n + 1);
  for (let k = 1; k <= n; k++) logFactorial[k] = (logFactorial[k - 1] ?? 0) + Math.log(k);
  const lp = Math.log(p);
  const lq = Math.log1p(-p);
  const nf = logFactorial[n] ?? 0;
  const probs = new Array<number>(n + 1);
  for (let k = 0; k <= n; k++) {
    probs[k] = Math.exp(
      nf - (logFactorial[k] ?? 0) - (logFactorial[n - k] ?? 0) + k * lp + (n - k) * lq,
    );
  }
  return { min: 0, probs };
}

/** Hits of a rolled pool of `dice` dice. */
export function hitsDistribution(
  dice: number,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<Distribution, PoolRefusal> {
  return scoreDistribution(dice, "rolled", options);
}

/** Hits of a pool scored in `mode` (flawless and static are certain). */
export function scoreDistribution(
  dice: number,
  mode: PoolMode,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<Distribution, PoolRefusal> {
  const checked = checkDicepoolOptions(options);
  if (!checked.ok) return checked;
  const size = checkDice("dice", dice, checked.value);
  if (!size.ok) return size;
  const bad = checkChoice("mode", mode, POOL_MODES);
  if (bad) return bad;
  if (mode === "flawless") return ok(constant(dice));
  if (mode === "static") return ok(constant(staticHits(dice)));
  return ok(binomial(dice, chanceOf(checked.value)));
}

/** The chance that a rolled pool scores at least `needed` hits. */
export function chanceOfHits(
  dice: number,
  needed: number,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<number, PoolRefusal> {
  const bad = checkNumber("needed", needed, { ...NUMBER_RULES.count, max: L.pool });
  if (bad) return bad;
  const dist = hitsDistribution(dice, options);
  if (!dist.ok) return dist;
  return ok(probability(dist.value, (hits) => hits >= needed));
}
/** Net hits (attacker's hits − defender's hits) of a contested roll: a dense convolution. */
export function netHitsDistribution(
  attackDice: number,
  defenseDice: number,
  defenseMode: PoolMode = "rolled",
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<Distribution, PoolRefusal> {
  const attack = hitsDistribution(attackDice, options);
  if (!attack.ok) return attack;
  const defense = scoreDistribution(defenseDice, defenseMode, options);
  if (!defense.ok) return defense;
  return ok(difference(attack.value, defense.value));
}

/**
 * The distribution of A − D for independent A and D: `add(a, negate(d))` term for term, in the
 * same order (so the same sums), as a tight loop over typed arrays. Two pools of
 * DICEPOOL_LIMITS.pool dice are a million products: a few milliseconds, not a hundred.
 */
function difference(a: Distribution, d: Distribution): Distribution {
  if (a.probs.length === 0 || d.probs.length === 0) return { min: 0, probs: [] };
  const as = Float64Array.from(a.probs);
  const ds = Float64Array.from(d.probs);
  const top = ds.length - 1;
  const out = new Float64Array(as.length + top);
  for (let i = 0; i < as.length; i++) {
    const pa = as[i] ?? 0;
    if (pa === 0) continue;
    // a.min + i − (d.min + j) sits at index i + top − j.
    const base = i + top;
    for (let j = 0; j <= top; j++) out[base - j] = (out[base - j] ?? 0) + pa * (ds[j] ?? 0);
  }
  return { min: a.min - (d.min + top), probs: Array.from(out) };
}

export interface AttackOdds {
  readonly plan: Checked<AttackPlan>;
  /** Net hits of the contested roll. */
  readonly net: Distribution;
  /** The attack hits (1 or more net hits). */
  readonly hit: number;
  /**
   * What a hit does, 0 on a miss: health damage (before Plot Armor) for a damaging attack, points
   * into the Grappling Pool for a grapple, initiative moved for an attack on initiative, 1 for a
   * disarm that knocks the weapon away.
   */
  readonly effect: Distribution;
  readonly expectedEffect: number;
}

/**
 * Exact odds of an attack as resolveAttack would roll it (the attack checked by
 * checkAttackInput, the options here).
 */
export function attackOdds(
  input: CheckedAttack,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<AttackOdds, AttackRefusal> {
  const planned = planAttack(input, options);
  if (!planned.ok) return planned;
  return oddsOfPlan(input, planned.value, options);
}

/** The odds of an attack planned for `input`. */
function oddsOfPlan(
  input: CheckedAttack,
  plan: Checked<AttackPlan>,
  options: DicepoolOptions,
): Result<AttackOdds, AttackRefusal> {
  const net = netHitsDistribution(
    plan.attackPool.dice,
    plan.defensePool.dice,
    plan.defenseMode,
    options,
  );
  if (!net.ok) return net;
  const effectOf = (n: number): number => {
    switch (input.intent) {
      case "disarm":
        return n >= 1 ? 1 : 0;
      case "grapple":
      case "breakGrapple":
      case "initiative":
        return Math.max(0, n);
      default:
        return hitDamage(n, plan);
    }
  };
  const effect = map(net.value, effectOf);
  return ok({
    plan,
    net: net.value,
    hit: probability(net.value, (n) => n >= 1),
    effect,
    expectedEffect: mean(effect),
  });
}
