/**
 * What a shot takes from a WWN weapon. Internal to the attack and the Execution Attack, which
 * check the weapon's numbers at the boundary before they get here (so not exported from index.ts).
 */
import { atValue, changedWeapon } from "./combatant.ts";
import type { WwnWeapon } from "./model.ts";

/**
 * What a shot takes from the weapon: a bow or crossbow is unloaded (its ammunition was drawn when
 * it was loaded); a weapon whose ammunition is counted otherwise spends one.
 */
export function spendShot(weapon: WwnWeapon): WwnWeapon {
  if (weapon.reload !== undefined) return changedWeapon(weapon, { loaded: false });
  if (weapon.ammo !== undefined) {
    return changedWeapon(weapon, {
      ammo: atValue(weapon.ammo, Math.max(0, weapon.ammo.value - 1)),
    });
  }
  return weapon;
}
