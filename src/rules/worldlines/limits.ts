/**
 * The largest numbers Worldlines state may hold. The rules' input checks (valid.ts) refuse
 * anything beyond them by name, and the actor and item DataModels
 * (src/foundry/rulesets/worldlines/data.ts, its `LIMITS`) take their field bounds from this same
 * table, so every value a sheet can store is one the rules compute with.
 *
 * The exact odds build distributions over damage and health: every value they span is bounded
 * here or by the one formula limit (core/formula.ts), so the largest accepted input still answers
 * within the worst-case odds target (`npm run bench`).
 */
export const WORLDLINES_LIMITS = {
  /**
   * Health and Energy, value and maximum (a pool from 0 to this). A killing headshot deals the
   * defender's remaining health, so the odds' damage distribution reaches this far.
   */
  resource: 999,
  /** A weapon's quality or attachments accuracy (each ±this). */
  accuracy: 10,
  /** Damage a range band adds (±this), and a weapon's flat damage bonus. */
  damageBonus: 20,
  /** Faces one weapon or technique widens the critical range by. */
  critWiden: 9,
  /** Faces one weapon or technique widens the headshot range by. */
  headshotWiden: 19,
  /** Armor quality (±this). */
  armorQuality: 5,
  /** A technique's Energy cost or refund. */
  energyCost: 20,
  /** Exhaustion points. */
  exhaustion: 10,
  /** What one Exhaustion point takes off a trait-die roll (an option). */
  exhaustionPenalty: 5,
  /** Rounds in a magazine. */
  ammo: 999,
  /** Feet of a band's reach or a throw. */
  feet: 10000,
  /** Items of one kind carried. */
  quantity: 999,
  /** A damage multiplier of the options (critical damage, a tripling headshot). */
  multiplier: 5,
  /** Faces of a die the options roll (flash blindness, unconscious minutes). */
  optionDie: 100,
} as const;

/** The highest face a Combat die has (the ladder ends at d12). */
export const HIGHEST_COMBAT_FACE = 12;

/** The most momentum a team can have: its two best Combat dice, both on their highest face. */
export const MAX_MOMENTUM = 2 * HIGHEST_COMBAT_FACE;
