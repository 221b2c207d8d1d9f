/**
 * Building dice-pool combat state with defaults filled in (for tests, headless tools and the
 * shell's "new actor" defaults).
 */
import type { DicepoolCombatant, DicepoolPowers, DicepoolWeapon, WeaponMods } from "./model.ts";
import { NO_POWERS } from "./model.ts";
import { copyCombatant } from "./combatant.ts";
import { DEFAULT_DICEPOOL_OPTIONS } from "./options.ts";

export type DicepoolSeed = Partial<Omit<DicepoolCombatant, "powers">> & {
  readonly id: string;
  readonly powers?: Partial<DicepoolPowers>;
};

/**
 * A combatant: an adult human (Physical 2, Mental 2, Size 1, speed 1), no skills, no armor,
 * unhurt, full Energy (the default `energy.max`), initiative 0, no powers.
 */
export function makeDicepoolCombatant(seed: DicepoolSeed): DicepoolCombatant {
  const max = DEFAULT_DICEPOOL_OPTIONS.defaultEnergyMax;
  // Copied field by field so a new combatant has the shape every rule's copy has (combatant.ts).
  return copyCombatant({
    physical: 2,
    mental: 2,
    skills: {},
    size: 1,
    speed: 1,
    armorRating: 0,
    energy: { value: max, max },
    damage: 0,
    nonLethalDamage: 0,
    woundPenalty: 0,
    incapacitated: null,
    dead: false,
    stabilized: false,
    initiative: 0,
    droppedWeaponId: null,
    ...seed,
    powers: { ...NO_POWERS, ...seed.powers },
  });
}

export type WeaponSeed = Partial<Omit<DicepoolWeapon, "mods">> & {
  readonly id: string;
  readonly mods?: Partial<WeaponMods>;
};

/** A weapon: close combat (empty hands count as one), no mods, no extra damage. */
export function makeDicepoolWeapon(seed: WeaponSeed): DicepoolWeapon {
  return {
    kind: "close",
    damage: 0,
    ...seed,
    mods: { nonLethal: false, disarming: false, grappling: false, ...seed.mods },
  };
}
