/**
 * How the encounter simulator reads a WWN combatant (the seam's `simFighter`): its actor through
 * the attack adapter, with its first readied weapon, or its unarmed attack.
 */
import type { WwnSimFighter } from "../../../rules/sim/wwn.ts";
import { toWwnCombatant, toWwnWeapon, unarmedOf } from "./adapter.ts";
import type { WwnWeaponSystem } from "./adapter.ts";

export function wwnSimFighter(actor: Actor.Implementation, teamId: string): WwnSimFighter {
  const item = actor.items.contents.find(
    (i) => i.type === "weapon" && (i.system as unknown as WwnWeaponSystem).readied,
  );
  return {
    combatant: toWwnCombatant(actor, teamId),
    weapon: item === undefined ? unarmedOf(actor) : toWwnWeapon(item),
  };
}
