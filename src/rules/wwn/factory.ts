/**
 * Building WWN combat state with defaults filled in (for tests, headless tools and the shell's
 * "new actor" defaults).
 */
import { FRESH_ACTIONS } from "./actions.ts";
import type { WwnCombatant, WwnWeapon } from "./model.ts";

export type WwnSeed = Partial<Omit<WwnCombatant, "hp">> & {
  readonly id: string;
  readonly hp?: number | { readonly value: number; readonly max: number };
};

/**
 * A combatant: an active NPC at full hit points (default 10), AC 10, attack bonus 0, no attribute
 * modifiers or skills, saves of 15, speed 30 ft, standing, no shield, a fresh round of actions.
 */
export function makeWwnCombatant(seed: WwnSeed): WwnCombatant {
  const { hp, ...rest } = seed;
  const pool =
    hp === undefined
      ? { value: 10, max: 10 }
      : typeof hp === "number"
        ? { value: hp, max: hp }
        : hp;
  return {
    name: seed.id,
    teamId: "team",
    isPC: false,
    life: "active",
    wounds: 0,
    ac: 10,
    attackBonus: 0,
    attributes: {},
    skills: {},
    saves: { physical: 15, evasion: 15, mental: 15 },
    speed: 30,
    prone: false,
    grappling: null,
    shield: null,
    actions: FRESH_ACTIONS,
    ...rest,
    hp: pool,
  };
}

/** A weapon: readied, melee, Str-based, Stab, no Shock unless given. */
export function makeWwnWeapon(seed: Partial<WwnWeapon> & { readonly id: string }): WwnWeapon {
  return {
    name: seed.id,
    skill: "stab",
    attributes: ["str"],
    damage: "1d6",
    mode: "melee",
    readied: true,
    ...seed,
  };
}
