/**
 * A pool (health, Energy, hit points, ammunition) as the engines store it, and the one way the
 * engines' copy helpers (worldlines/combatant.ts, wwn/combatant.ts) rebuild it: always the same
 * two keys in the same order, so every copy shares V8's hidden class. Internal to the engines:
 * it checks nothing (its callers hold checked numbers), so core/index.ts does not export it.
 */
export interface Pool {
  readonly value: number;
  readonly max: number;
}

/** A pool at a new value, its maximum kept. */
export function atValue(pool: Pool, value: number): Pool {
  return { value, max: pool.max };
}
