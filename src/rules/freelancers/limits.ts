/**
 * The largest numbers Freelancers state may hold. The rules refuse anything beyond them by name
 * (guard.ts), and the actor and item DataModels (src/foundry/rulesets/freelancers/data.ts) take
 * their field bounds from the same table, so every value a sheet can store is one the rules
 * compute with, and no count a loop or a distribution runs over is larger than these.
 */
export const FL_LIMITS = {
  /** An attribute or a skill: from −score to score. */
  score: 99,
  /** Health: a pool from 0 to this. */
  health: 9999,
  /** One armor rating (an actor's natural armor, one armor item). */
  armor: 99,
  /** Meters of a weapon's reach or range. */
  meters: 10000,
  /** A weapon's integrity: a pool from 0 to this. */
  integrity: 99,
  /** Stacks of one counter, and failed death checks. */
  count: 99,
  /** Actions of one kind left in a turn (Base, Move, Quick, reaction). */
  actions: 9,
} as const;

/**
 * An actor's armor rating as the rules read it: its natural armor plus every worn item's, so larger
 * than one rating may be. Armor above the largest health stops every hit all the same.
 */
export const FL_MAX_TOTAL_ARMOR = FL_LIMITS.health;

/** Meters between an attacker and its target, or across a shaped effect (a scene is smaller). */
export const FL_MAX_DISTANCE = 1_000_000;

/** Faces of the check die and the recharge die (the book: d20 and d10). */
export const FL_MAX_DIE = 1000;
