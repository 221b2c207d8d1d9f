/**
 * How the encounter simulator reads a WWN combatant (the seam's `simFighter`): its actor through
 * the attack adapter, with its first readied weapon, or its unarmed attack.
 */
import type { WwnSimFighter } from "../../../rules/sim/wwn.ts";
import { toWwnCombatant, toWwnWeapon, unarmedOf } from "./adapter.ts";
import type { WwnWeaponSystem } from "./adapter.ts";
import { firstWeaponOr } from "../../shared/actors.ts";

export function wwnSimFighter(actor: Actor.Implementation, teamId: string): WwnSimFighter {
  const readied = (item: Item.Implementation) =>
    (item.system as unknown as WwnWeaponSystem).readied;
  return {
    combatant: toWwnCombatant(actor, teamId),
    weapon: firstWeaponOr(actor, toWwnWeapon, () => unarmedOf(actor), readied),
  };
}
