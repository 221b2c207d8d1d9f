/**
 * Building combat state with the documented defaults filled in (for headless tools, tests and the
 * shell's "new actor" defaults).
 */
import type { WorldlinesCombatant } from "./model.ts";
import { DEFAULT_OPTIONS } from "./options.ts";
import type { WorldlinesOptions } from "./options.ts";

export type CombatantSeed = Partial<Omit<WorldlinesCombatant, "health" | "energy">> & {
  readonly id: string;
  readonly health?: number | { readonly value: number; readonly max: number };
  readonly energy?: number | { readonly value: number; readonly max: number };
};

/**
 * A combatant: up, standing, at full health (default 20) and full Energy (options.defaultEnergyMax),
 * Combat d8 and Spirit d6, no armor, no statuses.
 */
export function makeCombatant(
  seed: CombatantSeed,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): WorldlinesCombatant {
  const { health, energy, ...rest } = seed;
  const pool = (v: CombatantSeed["health"], fallback: number) =>
    v === undefined
      ? { value: fallback, max: fallback }
      : typeof v === "number"
        ? { value: v, max: v }
        : v;
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
    health: pool(health, 20),
    energy: pool(energy, options.defaultEnergyMax),
  };
}
