/**
 * Who fires a dice-pool vehicle's weapons: its crew as the vehicle names them (the pilot, and the
 * gunner the GM may add on the sheet). The crew member is the attacker: its own attack pool, its
 * action from its own budget; the vehicle lends the weapon, its size and its Energy (rules:
 * vehicle.ts crewAtWeapon), and the attack is measured from the vehicle's token.
 *
 * Who may fire is the crew member's owner (or the GM); the crew list is the vehicle's, set by its
 * owners, so a player's actor fires another owner's vehicle only when that owner seated it.
 */
import type { Checked } from "../../../../rules/core/checked.ts";
import { refuse } from "../../../../rules/core/result.ts";
import type { Result } from "../../../../rules/core/result.ts";
import type { DicepoolCombatant } from "../../../../rules/dicepool/model.ts";
import { crewAtWeapon } from "../../../../rules/dicepool/vehicle.ts";
import { owns } from "../../../shared/cards.ts";
import { i18n } from "../../../shared/env.ts";
import { combatantId, resolveActor, toDicepoolCombatant } from "../adapter.ts";
import { asDicepoolVehicle, isVehicle, vehicleSystemOf } from "./data.ts";

/** The vehicle's gunner, then its pilot (the actors its crew names that still exist). */
function seatsOf(vehicle: Actor.Implementation): Actor.Implementation[] {
  const { gunnerId, pilotId } = vehicleSystemOf(vehicle).crew;
  return [gunnerId ?? null, pilotId]
    .map((id) => (id === null ? null : resolveActor(id)))
    .filter((actor): actor is Actor.Implementation => actor !== null && !isVehicle(actor));
}

/** Whether the actor sits at the vehicle's guns or controls. */
export function isCrew(vehicle: Actor.Implementation, actor: Actor.Implementation): boolean {
  const id = combatantId(actor);
  return seatsOf(vehicle).some((seat) => combatantId(seat) === id);
}

/** Who this user fires the vehicle's weapons with: the gunner if theirs, else the pilot if theirs. */
export function crewFor(
  vehicle: Actor.Implementation,
  user: User.Implementation,
): Actor.Implementation | null {
  return seatsOf(vehicle).find((seat) => user.isGM || owns(seat, user)) ?? null;
}

/** The name a vehicle's weapon goes by on the card: the weapon and the vehicle. */
export function mountedName(vehicle: Actor.Implementation, weapon: Item.Implementation | null) {
  return i18n().format("FRAY.Dicepool.Vehicle.Mounted", {
    weapon: weapon?.name ?? "",
    vehicle: vehicle.name,
  });
}

/**
 * The attacker of the vehicle's weapon as the rules read it: `crew` at the vehicle's size and
 * Energy. Refused when the vehicle is none, `crew` is not its crew, the weapon is not its own, or
 * the vehicle is wrecked (rules: vehicleWrecked).
 */
export function mountedAttacker(
  crew: Actor.Implementation,
  vehicle: Actor.Implementation,
  weapon: Item.Implementation | null,
): Result<Checked<DicepoolCombatant>> {
  if (!isVehicle(vehicle) || !isCrew(vehicle, crew)) return refuse("notCrew", { name: crew.name });
  const id = weapon?.id ?? "";
  if (weapon === null || vehicle.items.get(id) !== weapon) return refuse("notVehicleWeapon");
  const v = asDicepoolVehicle(vehicleSystemOf(vehicle) as unknown as Record<string, unknown>);
  const attacker = crewAtWeapon(toDicepoolCombatant(crew), v);
  return !attacker.ok && attacker.reason === "wrecked"
    ? refuse("wrecked", { name: vehicle.name })
    : attacker;
}
