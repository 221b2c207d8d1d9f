/**
 * The largest numbers WWN state may hold. The rules' input checks (valid.ts) refuse anything
 * beyond them by name, the rules never hand back a state beyond them (a count a rule adds to stops
 * at its bound), and the actor and item DataModels (src/foundry/rulesets/wwn/data.ts, its
 * `LIMITS`) take their field bounds from this same table, so every value a sheet can store is one
 * the rules compute with.
 */
export const WWN_LIMITS = {
  /** Hit points, value and maximum (a pool from 0 to this). */
  hp: 999,
  /** Armor Class as a sheet stores it (natural or armor AC). */
  ac: 40,
  /** An attack, AC or damage bonus, a weapon's Shock or magic bonus (±this). */
  bonus: 20,
  /** A saving throw's target. */
  save: 30,
  /** Feet of movement (speed). */
  feet: 1000,
  /** Wounds taken. */
  wounds: 99,
  /** Minutes unconscious or helpless. */
  minutes: 9999,
  /** Rounds or arrows a weapon counts. */
  ammo: 999,
} as const;
