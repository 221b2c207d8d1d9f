/**
 * Building Freelancers combat state with defaults filled in (for tests, headless tools and the
 * shell's "new actor" defaults).
 */
import { FRESH_ACTIONS } from "./actions.ts";
import type { FreelancersActor, FreelancersWeapon } from "./model.ts";

export type FreelancersSeed = Partial<Omit<FreelancersActor, "health">> & {
  readonly id: string;
  readonly health?: number | { readonly value: number; readonly max: number };
};

/**
 * An entity: active at full health (default 10), medium, rolling its defense, no armor, no
 * attributes or skills, no counters or abilities, a fresh turn of actions.
 */
export function makeFreelancer(seed: FreelancersSeed): FreelancersActor {
  const { health, ...rest } = seed;
  const pool =
    health === undefined
      ? { value: 10, max: 10 }
      : typeof health === "number"
        ? { value: health, max: health }
        : health;
  return {
    name: seed.id,
    attributes: {},
    skills: {},
    size: "medium",
    defense: "roll",
    armor: 0,
    life: "active",
    deathFailures: 0,
    counters: {},
    immobilized: false,
    abilities: [],
    actions: FRESH_ACTIONS,
    ...rest,
    health: pool,
  };
}

/** A weapon: a melee 1d6 with 1 m reach and integrity 3/3 unless the seed says otherwise. */
export function makeFreelancersWeapon(
  seed: Partial<FreelancersWeapon> & { readonly id: string },
): FreelancersWeapon {
  return {
    name: seed.id,
    kind: "melee",
    attribute: "agility",
    skill: "brawl",
    damage: "1d6",
    integrity: { value: 3, max: 3 },
    reach: 1,
    ...seed,
  };
}
