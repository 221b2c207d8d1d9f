/**
 * A vehicle sheet's weapon Attack: the user's crew member at the vehicle (vehicle/crew.ts: the
 * gunner if theirs, else the pilot) attacks the targeted token with the vehicle's weapon, through
 * the dice-pool attack's dialog and declaration (attack/declare.ts), refereed by the GM.
 */
import { refuse } from "../../../../rules/core/result.ts";
import { currentUser } from "../../../shared/env.ts";
import { warnDicepoolRefusal } from "../adapter.ts";
import { dicepoolAttack } from "../attack/declare.ts";
import { crewFor, mountedAttacker } from "./crew.ts";

export async function fireVehicleWeapon(
  vehicle: Actor.Implementation,
  itemId: string,
): Promise<ChatMessage.Implementation | null> {
  const crew = crewFor(vehicle, currentUser());
  if (crew === null) {
    warnDicepoolRefusal(refuse("noCrewYours"));
    return null;
  }
  const weapon = vehicle.items.get(itemId) ?? null;
  // A wreck's guns stay silent: said before the dialog opens (the referee checks again).
  const mounted = mountedAttacker(crew, vehicle, weapon);
  if (!mounted.ok && mounted.reason === "wrecked") {
    warnDicepoolRefusal(mounted);
    return null;
  }
  return dicepoolAttack(crew, weapon, {}, vehicle);
}
