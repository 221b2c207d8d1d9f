/**
 * Building combat state with the documented defaults filled in (for headless tools, tests and the
 * shell's "new actor" defaults).
 */
import { fitToCheck } from "../core/fit.ts";
import { WORLDLINES_LIMITS } from "./limits.ts";
import type { WorldlinesCombatant } from "./model.ts";
import { DEFAULT_OPTIONS } from "./options.ts";
import type { WorldlinesOptions } from "./options.ts";
import { checkCombatant } from "./valid.ts";

export type CombatantSeed = Partial<Omit<WorldlinesCombatant, "health" | "energy">> & {
  readonly id: string;
  readonly health?: number | { readonly value: number; readonly max: number };
  readonly energy?: number | { readonly value: number; readonly max: number };
};

/** A whole number from `low` to `high`: NaN and −∞ give `low`, +∞ gives `high`. */
function clampWhole(value: number, low: number, high: number): number {
  return Number.isNaN(value) ? low : Math.min(high, Math.max(low, Math.trunc(value)));
}

/**
 * A pool as the check accepts it: a whole maximum from 0 to the model's bound, a whole value from
 * 0 to that maximum. A seed's −7/−7 is an empty pool, 1e12 the largest one.
 */
function poolOf(
  seed: number | { readonly value: number; readonly max: number } | undefined,
  fallback: number,
): { value: number; max: number } {
  const bound = WORLDLINES_LIMITS.resource;
  if (seed === undefined) return { value: fallback, max: fallback };
  const max = clampWhole(typeof seed === "number" ? seed : seed.max, 0, bound);
  const value = typeof seed === "number" ? max : clampWhole(seed.value, 0, max);
  return { value, max };
}

/**
 * A combatant: up, standing, at full health (default 20) and full Energy (options.defaultEnergyMax),
 * Combat d8 and Spirit d6, no armor, no statuses. Health and Energy are clamped into what the
 * input check accepts (whole, 0..max, max within WORLDLINES_LIMITS.resource); any other part of the
 * seed the check refuses (a trait NaN, a stance "flying", a skill named "toString") takes its
 * default, so that what is built always passes the check.
 */
export function makeCombatant(
  seed: CombatantSeed,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): WorldlinesCombatant {
  const defaults = build({ id: seed.id }, options);
  return fitToCheck(build(seed, options), defaults, "seed", checkCombatant);
}

/** The combatant of {@link makeCombatant} before its check: the seed over the defaults. */
function build(seed: CombatantSeed, options: WorldlinesOptions): WorldlinesCombatant {
  const { health, energy, ...rest } = seed;
  return {
    name: seed.id,
    teamId: "team",
    rank: "elite",
    life: "active",
    traits: { combat: 8, spirit: 6 },
    skills: {},
    stance: "standing",
    armor: {},
    armorBonus: 0,
    statuses: {},
    disabledLimbs: { arms: false, legs: false },
    defensivePosture: false,
    interruptUsed: false,
    ...rest,
    health: poolOf(health, 20),
    energy: poolOf(energy, clampWhole(options.defaultEnergyMax, 0, WORLDLINES_LIMITS.resource)),
  };
}
