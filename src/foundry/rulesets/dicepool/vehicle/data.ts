/**
 * A dice-pool vehicle's data (the `system` of an actor of type "vehicle", played only by the
 * dice-pool game; see rules/dicepool/vehicle.ts for the rules it feeds):
 * - crew: the pilot, an actor id (null: nobody at the wheel), and the gunner (null: none; the pilot
 *   fires the weapons then). The GM picks them on the sheet; the referee still lets a player drive
 *   or fire only with a crew member they own (vehicle/drive.ts, vehicle/fire.ts). Stored before the
 *   gunner existed, a crew reads as having none.
 * - size, frame: the structure is frame + Size + 3; `damage` is the structure damage taken.
 * - speed: spaces one drive covers; energy: the vehicle's own Energy (5 when new) and its max;
 *   moving: under way (false: parked).
 *
 * Joint rule: Energy at most its max (the shared pool check), structure damage at most the
 * structure. Stored data another shape wrote (a kept copy, a value over a lowered structure) is
 * fitted before validation so the vehicle always loads.
 */
import {
  checkVehicle,
  VEHICLE_ENERGY,
  vehicleStructure,
} from "../../../../rules/dicepool/vehicle.ts";
import type { DicepoolVehicle } from "../../../../rules/dicepool/vehicle.ts";
import { DICEPOOL_LIMITS } from "../../../../rules/dicepool/limits.ts";
import {
  flagField,
  htmlField,
  integerField,
  nullableIdField,
  refusalText,
} from "../../../data/fields.ts";
import { isRecord, storageFields, wireSystemModels } from "../../../data/migrate.ts";

function vehicleSchema() {
  const { SchemaField } = foundry.data.fields;
  const rating = (initial: number) =>
    integerField(initial, { min: 0, max: DICEPOOL_LIMITS.rating });
  return {
    ...storageFields(),
    crew: new SchemaField({ pilotId: nullableIdField(), gunnerId: nullableIdField() }),
    size: rating(2),
    frame: rating(2),
    speed: integerField(4, { min: 0, max: DICEPOOL_LIMITS.speed }),
    energy: new SchemaField({
      value: integerField(VEHICLE_ENERGY, { min: 0, max: DICEPOOL_LIMITS.energy }),
      max: integerField(VEHICLE_ENERGY, { min: 0, max: DICEPOOL_LIMITS.energy }),
    }),
    damage: integerField(0, { min: 0, max: DICEPOOL_LIMITS.damage }),
    moving: flagField(),
    biography: htmlField(),
  };
}

/** The rules' view of stored or prepared vehicle data. */
export function asDicepoolVehicle(data: Record<string, unknown>): DicepoolVehicle {
  const energy = isRecord(data["energy"]) ? data["energy"] : {};
  return {
    size: data["size"] as number,
    speed: data["speed"] as number,
    frame: data["frame"] as number,
    energy: { value: energy["value"] as number, max: energy["max"] as number },
    damage: data["damage"] as number,
    moving: data["moving"] as boolean,
  };
}

const whole = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0;

/** Structure damage stored over the structure (a kept copy, by hand) comes down to it. */
export function migrateDicepoolVehicle(source: Record<string, unknown>): Record<string, unknown> {
  const { size, frame, damage } = source;
  if (whole(size) && whole(frame) && whole(damage) && damage > frame + size + 3) {
    source["damage"] = frame + size + 3;
  }
  return source;
}

/** The joint rule: the rules' own check, and damage at most the structure. */
export function validateDicepoolVehicle(data: Record<string, unknown>): void {
  const vehicle = asDicepoolVehicle(data);
  const bad = checkVehicle(vehicle);
  // Energy over its max has the shared message (checkPools); the fields bound the rest.
  if (bad !== undefined && vehicle.energy.value <= vehicle.energy.max) {
    throw new Error(refusalText("FRAY.Dicepool.Vehicle.Invalid.Numbers"));
  }
  const structure = vehicleStructure(vehicle);
  if (structure.ok && vehicle.damage > structure.value) {
    throw new Error(
      refusalText("FRAY.Dicepool.Vehicle.Invalid.Damage", {
        damage: String(vehicle.damage),
        structure: String(structure.value),
      }),
    );
  }
}

type VehicleSchema = ReturnType<typeof vehicleSchema>;

// A class of its own (not actorModel): types.d.ts names it in DataModelConfig, and a class built
// by a function typed with Actor.Implementation would reference itself.
export class DicepoolVehicleData extends foundry.abstract.TypeDataModel<
  VehicleSchema,
  Actor.Implementation
> {
  static override defineSchema(): VehicleSchema {
    return vehicleSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(migrateDicepoolVehicle(source));
  }

  static override validateJoint(data: Record<string, unknown>): void {
    validateDicepoolVehicle(data);
  }
}

/** The vehicle model, wired as the dice-pool game's (Energy at most its max). */
export const DICEPOOL_VEHICLE_MODELS = wireSystemModels(
  "dicepool",
  { Actor: { vehicle: DicepoolVehicleData } },
  { "Actor.vehicle": ["energy"] },
);

/** What the shell reads of a vehicle's system data. */
export interface DicepoolVehicleSystem {
  readonly crew: { readonly pilotId: string | null; readonly gunnerId?: string | null };
  readonly size: number;
  readonly frame: number;
  readonly speed: number;
  readonly energy: { readonly value: number; readonly max: number };
  readonly damage: number;
  readonly moving: boolean;
  readonly biography: string;
}

/** Whether the actor is a vehicle (read its system with vehicleSystemOf only then). */
export function isVehicle(actor: Actor.Implementation | null | undefined): boolean {
  return actor?.type === "vehicle";
}

/** A vehicle's system data, as the shell reads it. */
export function vehicleSystemOf(actor: Actor.Implementation): DicepoolVehicleSystem {
  return actor.system as unknown as DicepoolVehicleSystem;
}
