/**
 * How the encounter simulator reads a Worldlines combatant (the seam's `simFighter`): its actor
 * through the attack adapter, with its first weapon, or its fists.
 */
import type { WorldlinesSimFighter } from "../../../rules/sim/worldlines.ts";
import type { WorldlinesWeapon } from "../../../rules/worldlines/model.ts";
import { toCombatant, toWeapon } from "./adapter.ts";
import { firstWeaponOr } from "../../shared/actors.ts";

/**
 * A Worldlines combatant with no weapon item fights with its fists. Product decision of this
 * simulator, not a rule from the book: 1d4 on the melee skill.
 */
export const WORLDLINES_FISTS: WorldlinesWeapon = {
  id: "fists",
  name: "Fists",
  kind: "melee",
  skill: "melee",
  damage: "1d4",
};

export function worldlinesSimFighter(
  actor: Actor.Implementation,
  teamId: string,
): WorldlinesSimFighter {
  return {
    combatant: toCombatant(actor, teamId),
    weapon: firstWeaponOr(actor, toWeapon, () => WORLDLINES_FISTS),
  };
}
