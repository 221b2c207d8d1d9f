/**
 * Building WWN combat state with defaults filled in (for tests, headless tools and the shell's
 * "new actor" defaults).
 */
import { fitToCheck } from "../core/fit.ts";
import { FRESH_ACTIONS } from "./actions.ts";
import { WWN_LIMITS } from "./limits.ts";
import type { WwnCombatant, WwnWeapon } from "./model.ts";
import { checkWwnCombatant, checkWwnWeapon } from "./valid.ts";

export type WwnSeed = Partial<Omit<WwnCombatant, "hp">> & {
  readonly id: string;
  readonly hp?: number | { readonly value: number; readonly max: number };
};

/** A whole number from `low` to `high`: NaN and −∞ give `low`, +∞ gives `high`. */
function clampWhole(value: number, low: number, high: number): number {
  return Number.isNaN(value) ? low : Math.min(high, Math.max(low, Math.trunc(value)));
}

/**
 * A combatant: an active NPC at full hit points (default 10), AC 10, attack bonus 0, no attribute
 * modifiers or skills, saves of 15, speed 30 ft, standing, no shield, a fresh round of actions.
 * Hit points are clamped into what the input check accepts (whole, 0..max, max within
 * WWN_LIMITS.hp): a seed's −1e12 is no hit points, 1e12 the most. Any other part of the seed the
 * check refuses (an AC NaN, a life "zombie", a skill named "toString") takes its default, so that
 * what is built always passes the check.
 */
export function makeWwnCombatant(seed: WwnSeed): WwnCombatant {
  return fitToCheck(
    buildCombatant(seed),
    buildCombatant({ id: seed.id }),
    "seed",
    checkWwnCombatant,
  );
}

/** The combatant of {@link makeWwnCombatant} before its check: the seed over the defaults. */
function buildCombatant(seed: WwnSeed): WwnCombatant {
  const { hp, ...rest } = seed;
  const max =
    hp === undefined ? 10 : clampWhole(typeof hp === "number" ? hp : hp.max, 0, WWN_LIMITS.hp);
  const pool = {
    value: hp === undefined || typeof hp === "number" ? max : clampWhole(hp.value, 0, max),
    max,
  };
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

/**
 * A weapon: readied, melee, Str-based, Stab, no Shock unless given. A part of the seed the weapon's
 * check refuses takes its default (or is left out, when it has none).
 */
export function makeWwnWeapon(seed: Partial<WwnWeapon> & { readonly id: string }): WwnWeapon {
  return fitToCheck(buildWeapon(seed), buildWeapon({ id: seed.id }), "seed", checkWwnWeapon);
}

/** The weapon of {@link makeWwnWeapon} before its check: the seed over the defaults. */
function buildWeapon(seed: Partial<WwnWeapon> & { readonly id: string }): WwnWeapon {
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
