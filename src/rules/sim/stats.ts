/**
 * The simulator's statistics: the Wilson score interval of a proportion, and the summaries the
 * report shows. Pure functions of counts.
 */

/** z for a two-sided 95% interval. */
export const Z_95 = 1.959963984540054;

export interface Proportion {
  readonly count: number;
  /** count / n. */
  readonly chance: number;
  /** The Wilson score interval at 95%. */
  readonly low: number;
  readonly high: number;
}

/**
 * The Wilson score interval for `successes` out of `n` (n ≥ 1): it stays inside [0, 1], is not
 * empty at 0% or 100%, and always contains the estimate successes / n.
 */
export function wilsonInterval(
  successes: number,
  n: number,
  z: number = Z_95,
): { low: number; high: number } {
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  // Rounding may push an end a hair past the estimate at 0 or 1: clamp so it always contains it.
  return {
    low: Math.max(0, Math.min(p, centre - half)),
    high: Math.min(1, Math.max(p, centre + half)),
  };
}

export function proportion(count: number, n: number): Proportion {
  return { count, chance: count / n, ...wilsonInterval(count, n) };
}
