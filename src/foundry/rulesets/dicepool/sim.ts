/**
 * How the encounter simulator reads a dice-pool combatant (the seam's `simFighter`): its actor as
 * it stands (damage, wound penalty, Energy, incapacitation) through the attack adapter, with its
 * first weapon it still holds, or its empty hands. The simulator plays no movement: it fights in
 * its foes' space (no range penalty; a close weapon reaches).
 */
import type { DicepoolSimFighter } from "../../../rules/sim/dicepool.ts";
import { EMPTY_HANDS, toDicepoolCombatant, toDicepoolWeapon } from "./adapter.ts";
import { firstWeaponOr } from "../../shared/actors.ts";

export function dicepoolSimFighter(
  actor: Actor.Implementation,
  teamId: string,
): DicepoolSimFighter {
  const combatant = toDicepoolCombatant(actor);
  const inHand = (item: Item.Implementation) => item.id !== combatant.droppedWeaponId;
  return {
    combatant,
    name: actor.name,
    teamId,
    weapon: firstWeaponOr(actor, toDicepoolWeapon, () => EMPTY_HANDS, inHand),
  };
}
