/**
 * Defaults for two-dice state, for the shell's new documents and for tests: an unhurt combatant
 * at the start of a turn, and a reloaded weapon.
 */
import { FRESH_TURN, NO_WOUNDS, loadedAmmo } from "./model.ts";
import type { TwodiceCombatant, TwodiceWeapon, WeaponType } from "./model.ts";

/** Trait values of a new character: the middle of a d20. */
export const DEFAULT_TRAITS: Readonly<Record<string, number>> = {
  agility: 10,
  toughness: 10,
  perception: 10,
  stealth: 10,
  medicine: 10,
};

export function makeTwodiceCombatant(
  overrides: Partial<TwodiceCombatant> & { readonly id: string },
): TwodiceCombatant {
  return {
    name: overrides.id,
    traits: DEFAULT_TRAITS,
    unarmedDefense: 0,
    armor: [],
    wounds: NO_WOUNDS,
    turn: FRESH_TURN,
    ...overrides,
  };
}

export function makeTwodiceWeapon(
  overrides: Partial<Omit<TwodiceWeapon, "type">> & {
    readonly id: string;
    readonly type?: WeaponType;
  },
): TwodiceWeapon {
  const type = overrides.type ?? { kind: "single" };
  return {
    name: overrides.id,
    kind: "melee",
    attack: 10,
    defense: 5,
    damage: 0,
    range: 0,
    ammo: loadedAmmo(type),
    ...overrides,
    type,
  };
}
