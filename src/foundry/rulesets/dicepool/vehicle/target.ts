/**
 * A vehicle on the receiving end of the dice-pool rules (an attack on its token): the rules read
 * it as a combatant whose health is its structure, and what they write back lands on the vehicle.
 * - Read: its frame in Physical's place, so the health formula (Physical + Size + 3) is the
 *   structure (frame + Size + 3); its damage as the damage taken; its own Energy; no Mental, no
 *   skills; armor it carries and the referee's records read as for any actor.
 * - Write: the damage the rules settle goes to its structure damage, clamped to the structure
 *   (the vehicle model's joint rule); its Energy to its Energy. Fray's default where the book is
 *   silent: a non-lethal hit strains the structure like any other (the rules' damage already
 *   counts its non-lethal part), and a vehicle has no wound penalty, no incapacitation, no death.
 */
import { DICEPOOL_FIELD_PATHS } from "../../../../rules/dicepool/changes.ts";
import type { DicepoolFieldValue } from "../../../../rules/dicepool/changes.ts";
import type { Checked } from "../../../../rules/core/checked.ts";
import { makeDicepoolCombatant } from "../../../../rules/dicepool/factory.ts";
import type { DicepoolSeed } from "../../../../rules/dicepool/factory.ts";
import type { DicepoolCombatant } from "../../../../rules/dicepool/model.ts";
import { vehicleStructure } from "../../../../rules/dicepool/vehicle.ts";
import { combatantId } from "../../../shared/actors.ts";
import { asDicepoolVehicle } from "./data.ts";

/**
 * The vehicle as the rules read a combatant (fitted by the rules' factory like any actor).
 * `more`: what the adapter reads of every actor alike (armor, the referee's records), and the
 * pilot at its controls (its Dodge).
 */
export function vehicleAsCombatant(
  actor: Actor.Implementation,
  more: Omit<DicepoolSeed, "id">,
): Checked<DicepoolCombatant> {
  const v = asDicepoolVehicle(actor.system as unknown as Record<string, unknown>);
  return makeDicepoolCombatant({
    ...more,
    id: combatantId(actor),
    physical: v.frame,
    mental: 0,
    size: v.size,
    speed: v.speed,
    energy: { ...v.energy },
    damage: v.damage,
  });
}

/** The rules' changes for a combatant, as the vehicle's own fields (see the file's comment). */
export function vehicleChanges(
  actor: Actor.Implementation,
  changes: Readonly<Record<string, DicepoolFieldValue>>,
): Record<string, DicepoolFieldValue> {
  const out: Record<string, DicepoolFieldValue> = {};
  const damage = changes[DICEPOOL_FIELD_PATHS.damage];
  if (typeof damage === "number") {
    const structure = vehicleStructure(
      asDicepoolVehicle(actor.system as unknown as Record<string, unknown>),
    );
    out["system.damage"] = structure.ok ? Math.min(damage, structure.value) : damage;
  }
  const energy = changes[DICEPOOL_FIELD_PATHS.energy];
  if (typeof energy === "number") out["system.energy.value"] = energy;
  return out;
}
