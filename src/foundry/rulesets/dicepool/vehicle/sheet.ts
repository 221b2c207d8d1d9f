/**
 * The dice-pool vehicle sheet: its crew (the pilot, picked by the GM among the actors the user
 * can see, stored as an id), speed, its own Energy and max, Size and frame with the structure
 * they give (frame + Size + 3) and the structure damage taken (damage to the vehicle goes there),
 * under way or parked, its weapons (items) each with an Attack button fired by the crew member
 * the user plays (vehicle/fire.ts), the gunner the GM picks, and the Drive and Refuel buttons
 * (vehicle/drive.ts).
 * Fields edit in place (the form submits on change; the DataModel refuses bad values).
 */
import { pilotPool, vehicleStructure } from "../../../../rules/dicepool/vehicle.ts";
import { SYSTEM_PATH } from "../../../constants.ts";
import { actorSheetHeader, onActor, rulesetActorSheet } from "../../../sheets/base.ts";
import { resolveActor, toDicepoolCombatant } from "../adapter.ts";
import { currentUser } from "../../../shared/env.ts";
import { dicepoolOptions } from "../settings.ts";
import { asDicepoolVehicle, isVehicle, vehicleSystemOf } from "./data.ts";
import { requestVehicleAct } from "./drive.ts";
import { fireVehicleWeapon } from "./fire.ts";

export const DICEPOOL_VEHICLE_SHEET_TEMPLATE = `${SYSTEM_PATH}/templates/dicepool/vehicle-sheet.hbs`;

/** Everything the vehicle sheet shows, from the vehicle alone. */
export async function dicepoolVehicleSheetContext(
  vehicle: Actor.Implementation,
  editable = vehicle.isOwner,
) {
  const system = vehicleSystemOf(vehicle);
  const structure = vehicleStructure(
    asDicepoolVehicle(system as unknown as Record<string, unknown>),
  );
  const pilot = system.crew.pilotId === null ? null : resolveActor(system.crew.pilotId);
  const gunnerId = system.crew.gunnerId ?? null;
  const gunner = gunnerId === null ? null : resolveActor(gunnerId);
  const options = dicepoolOptions();
  const pool = pilot === null ? null : pilotPool(toDicepoolCombatant(pilot), options);
  const isGM = game.user?.isGM === true;
  // The actors this user can see (core: Limited permission or better), none of them a vehicle.
  const actors: readonly Actor.Implementation[] = game.actors?.contents ?? [];
  const candidates = actors.filter(
    (actor) => actor.testUserPermission(currentUser(), "LIMITED") && !isVehicle(actor),
  );
  return {
    ...(await actorSheetHeader(vehicle, system.biography)),
    editable,
    // The GM decides whose pilot it is.
    crewEditable: editable && isGM,
    pilotName: pilot?.name ?? null,
    pilots: candidates.map((actor) => ({
      id: actor.id ?? "",
      name: actor.name,
      selected: actor.id === system.crew.pilotId,
    })),
    gunnerName: gunner?.name ?? null,
    gunners: candidates.map((actor) => ({
      id: actor.id ?? "",
      name: actor.name,
      selected: actor.id === gunnerId,
    })),
    pilotPool: pool?.ok === true ? pool.value.dice : null,
    dieSides: options.dieSides,
    speed: system.speed,
    energy: system.energy,
    size: system.size,
    frame: system.frame,
    structure: structure.ok ? structure.value : 0,
    structureLeft: structure.ok ? Math.max(0, structure.value - system.damage) : 0,
    damage: system.damage,
    moving: system.moving,
    weapons: vehicle.items.contents
      .filter((item) => item.type === "weapon")
      .map((item) => ({ id: item.id ?? "", name: item.name, img: item.img ?? "" })),
  };
}

export class DicepoolVehicleSheet extends rulesetActorSheet({
  rulesetClass: "dicepool",
  width: 560,
  height: 620,
  template: DICEPOOL_VEHICLE_SHEET_TEMPLATE,
  context: dicepoolVehicleSheetContext,
  actions: {
    drive: onActor((vehicle) => requestVehicleAct(vehicle, "drive")),
    refuel: onActor((vehicle) => requestVehicleAct(vehicle, "refuel")),
    fire: onActor((vehicle, target) => fireVehicleWeapon(vehicle, target.dataset["itemId"] ?? "")),
  },
}) {}
