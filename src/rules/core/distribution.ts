/**
 * Exact probability distributions over whole numbers, for odds shown to players and GMs.
 * Computed by enumeration and convolution, never by sampling.
 *
 * A distribution is dense: `probs[i]` is the probability of the value `min + i`.
 */
export interface Distribution {
  readonly min: number;
  readonly probs: readonly number[];
}

export function constant(value: number): Distribution {
  return { min: value, probs: [1] };
}

/** Every whole number from `low` to `high` equally likely. */
export function uniform(low: number, high: number): Distribution {
  const size = high - low + 1;
  return { min: low, probs: Array.from({ length: size }, () => 1 / size) };
}

/** One die of `sides` faces. */
export function dieDistribution(sides: number): Distribution {
  return uniform(1, sides);
}

/** Builds a distribution from (value, weight) pairs; weights are summed per value, not normalized. */
export function fromWeights(pairs: Iterable<readonly [number, number]>): Distribution {
  let low = Infinity;
  let high = -Infinity;
  const list: (readonly [number, number])[] = [];
  for (const pair of pairs) {
    if (pair[1] === 0) continue;
    list.push(pair);
    if (pair[0] < low) low = pair[0];
    if (pair[0] > high) high = pair[0];
  }
  if (list.length === 0) return { min: 0, probs: [] };
  const probs = new Array<number>(high - low + 1).fill(0);
  for (const [value, weight] of list) probs[value - low] = (probs[value - low] ?? 0) + weight;
  return { min: low, probs };
}

/** (value, probability) pairs with non-zero probability, smallest value first. */
export function entries(dist: Distribution): [number, number][] {
  const out: [number, number][] = [];
  dist.probs.forEach((p, i) => {
    if (p !== 0) out.push([dist.min + i, p]);
  });
  return out;
}

/** The distribution of X + Y for independent X and Y (convolution). */
export function add(x: Distribution, y: Distribution): Distribution {
  if (x.probs.length === 0 || y.probs.length === 0) return { min: 0, probs: [] };
  const probs = new Array<number>(x.probs.length + y.probs.length - 1).fill(0);
  x.probs.forEach((px, i) => {
    if (px === 0) return;
    y.probs.forEach((py, j) => {
      probs[i + j] = (probs[i + j] ?? 0) + px * py;
    });
  });
  return { min: x.min + y.min, probs };
}

/** The distribution of −X. */
export function negate(x: Distribution): Distribution {
  return { min: -(x.min + x.probs.length - 1), probs: [...x.probs].reverse() };
}

/**
 * The distribution of X + D for a fair die D of `sides` faces (negated when `sign` is -1): the same
 * as `add(x, dieDistribution(sides))`, in time linear in the result's size instead of quadratic.
 * Each new probability is a window sum of `sides` old ones, read off running prefix sums; a value
 * rarer than about 1e-16 may round to 0.
 */
export function addDie(x: Distribution, sides: number, sign: 1 | -1 = 1): Distribution {
  const xs = sign === 1 ? x.probs : [...x.probs].reverse();
  if (xs.length === 0) return { min: 0, probs: [] };
  const size = xs.length + sides - 1;
  const prefix = new Float64Array(xs.length + 1);
  for (let i = 0; i < xs.length; i++) prefix[i + 1] = (prefix[i] ?? 0) + (xs[i] ?? 0);
  const probs = new Array<number>(size);
  for (let k = 0; k < size; k++) {
    const high = prefix[Math.min(k + 1, xs.length)] ?? 0;
    const low = prefix[Math.max(0, k + 1 - sides)] ?? 0;
    probs[k] = Math.max(0, high - low) / sides;
  }
  if (sign === 1) return { min: x.min + 1, probs };
  // X − D is the mirror of (−X) + D: reversed in, reversed out.
  return { min: x.min - sides, probs: probs.reverse() };
}

/** The distribution of X + k. */
export function shift(x: Distribution, k: number): Distribution {
  return { min: x.min + k, probs: x.probs };
}

/** The distribution of f(X). */
export function map(x: Distribution, f: (value: number) => number): Distribution {
  return fromWeights(entries(x).map(([value, p]) => [f(value), p] as const));
}

/** The distribution of f(X, Y) for independent X and Y. */
export function combine(
  x: Distribution,
  y: Distribution,
  f: (a: number, b: number) => number,
): Distribution {
  const ys = entries(y);
  const pairs: [number, number][] = [];
  for (const [a, pa] of entries(x)) for (const [b, pb] of ys) pairs.push([f(a, b), pa * pb]);
  return fromWeights(pairs);
}

/** A weighted mixture: with probability `weight` the value follows `dist` (weights need not sum to 1). */
export function mix(parts: readonly { weight: number; dist: Distribution }[]): Distribution {
  const pairs: [number, number][] = [];
  for (const { weight, dist } of parts) {
    for (const [value, p] of entries(dist)) pairs.push([value, weight * p]);
  }
  return fromWeights(pairs);
}

/** Total probability mass (1 for a complete distribution). */
export function total(x: Distribution): number {
  return x.probs.reduce((sum, p) => sum + p, 0);
}

export function probability(x: Distribution, predicate: (value: number) => boolean): number {
  let sum = 0;
  x.probs.forEach((p, i) => {
    if (predicate(x.min + i)) sum += p;
  });
  return sum;
}

export function probabilityOf(x: Distribution, value: number): number {
  return x.probs[value - x.min] ?? 0;
}

export function mean(x: Distribution): number {
  let sum = 0;
  x.probs.forEach((p, i) => {
    sum += p * (x.min + i);
  });
  return sum;
}
