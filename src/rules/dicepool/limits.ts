/**
 * The dice-pool game's bounds: the largest value each stored number, pool and count may take.
 * The rules' input checks (check.ts, options.ts) refuse anything beyond them and the rules never
 * hand back a state beyond them (they clamp at the bound); the actor and item DataModels
 * (src/foundry/rulesets/dicepool/data.ts) read the same constants, so what a sheet may store is
 * exactly what the rules compute.
 *
 * Every loop over a count and every distribution is bounded by one of these: the largest pool
 * is `pool` dice (the exact odds of two such pools answer in a few milliseconds), a list the
 * rules walk (named modifiers, forbidden defenses, grapples held, initiative rolls) has at most
 * `list` or `combatants` entries.
 */
export const DICEPOOL_LIMITS = {
  /** Attributes, skills, Size, the armor rating and the powers' ratings (0..this); a weapon's
   * extra damage (±this). */
  rating: 20,
  /** Spaces per move action. */
  speed: 100,
  /** Energy and its maximum. */
  energy: 999,
  /** Damage taken, lethal and non-lethal (death comes long before: at most 2 × 43). */
  damage: 9999,
  /** The wound penalty, and the grapple penalty an assailant spent against someone. */
  wounds: 999,
  /** Initiative, within ±this (the Initiative Damage plugin takes it below 0). */
  initiative: 999,
  /** A Grappling Pool, and the points one grapple change adds, spends or drains. */
  grapplePool: 999,
  /** Action counts of one turn (Simple and Free actions used, moves). */
  actions: 99,
  /**
   * Dice in one pool, whatever the options say: the largest `maxPool` an option may set. Also the
   * bound of a pool's parts (a named modifier, a distance in spaces, the dice a penalty costs).
   */
  pool: 1000,
  /** Faces of the pool's die (the `dieSides` option). */
  dieSides: 1000,
  /** Entries of a list the rules walk: named modifiers of one side of an attack, forbidden
   * defenses, grapples one assailant holds, the attributes of the initiative pool. */
  list: 50,
  /** Combatants in one initiative order. */
  combatants: 1000,
} as const;
