/**
 * Vehicles, as far as the combat chapter summarizes them (its own vehicles page is not in the
 * book Fray has):
 * - The pilot's skill rolls take the place of the crew's movement rolls: a vehicle's roll is its
 *   pilot's Mental + Pilot (the chapter's piloting roll), less the pilot's wound penalty.
 * - A vehicle spends its own Energy, never the pilot's or the passengers'. Every vehicle starts
 *   with 5. Refuelling or maintenance restores it; not during a combat.
 * - Vehicles raise speed: a drive covers the vehicle's speed in spaces for the pilot's Simple
 *   action; the second drive of a turn is a sprint, paid with 1 of the vehicle's Energy.
 * - Rough terrain: the pilot's roll against the GM's difficulty; a failure costs the vehicle
 *   2 Energy (the world's rough-terrain cost), or, when it cannot pay, a critical failure.
 * - The action table's crew actions: parking (Complex) a moving vehicle, leaving a parked one
 *   (Simple), bailing out of a moving one (Simple).
 *
 * - Its weapons fire with the attack pool of the crew member at them (the pilot, or a gunner), as
 *   any of that character's attacks; what they cost in Energy the vehicle pays, and the attack is
 *   the vehicle's size against the target's (the size rule of the combat chapter).
 * - Defending, a vehicle answers the three defenses as the book's rules read for it (Fray's
 *   reading, README): Dodge is a movement roll, so the pilot's piloting pool (Mental + Pilot, less
 *   the pilot's wound penalty) replaces it, and with nobody able at the wheel there is none; a
 *   vehicle has no Close Combat to Parry with; it Soaks with its frame (Physical's place) plus
 *   armor, and as any larger entity it Soaks flawlessly with the size difference added when it
 *   outsizes what attacks it (the chapter's own example is a bus), never against its equal.
 *
 * Where the book is silent (Fray's defaults, fields a GM sets on the vehicle): a vehicle's
 * structure is the health formula with its frame rating in Physical's place (frame + Size + 3).
 * A wrecked vehicle (`vehicleWrecked`: its damage has taken all its structure) cannot drive nor
 * fire its weapons (a product decision, README).
 */
import type { Checked } from "../core/checked.ts";
import type { DiceSource } from "../core/dice.ts";
import { checkNumbers, NUMBER_RULES } from "../core/guard.ts";
import { checkChoice } from "../core/names.ts";
import { ok, refuse } from "../core/result.ts";
import type { Refusal, Result } from "../core/result.ts";
import type { ActionName } from "./actions.ts";
import type { StateRefusal } from "./check.ts";
import { checkDicepoolCombatant } from "./check.ts";
import { DICEPOOL_LIMITS as L } from "./limits.ts";
import type { DicepoolCombatant, VehicleControls } from "./model.ts";
import { skill } from "./model.ts";
import { resolveRoughTerrain } from "./movement.ts";
import type { MoveRefusal } from "./movement.ts";
import { DEFAULT_DICEPOOL_OPTIONS } from "./options.ts";
import type { DicepoolOptions } from "./options.ts";
import { buildPool } from "./pool.ts";
import type { Pool, PoolRefusal, PoolScore } from "./pool.ts";

/** The Energy every vehicle starts with. */
export const VEHICLE_ENERGY = 5;

export interface DicepoolVehicle {
  readonly size: number;
  /** Spaces one drive covers. */
  readonly speed: number;
  /** Its structure rating (Physical's place in the health formula). */
  readonly frame: number;
  readonly energy: { readonly value: number; readonly max: number };
  /** Structure damage taken. */
  readonly damage: number;
  /** Under way (false: parked). */
  readonly moving: boolean;
}

export type VehicleRefusal = StateRefusal | "not-enough-energy" | "in-combat" | "wrecked";

const rating = { ...NUMBER_RULES.count, max: L.rating };

/** A vehicle's numbers: whole and within the dice-pool bounds; Energy at most its max. */
export function checkVehicle(v: DicepoolVehicle): Refusal<StateRefusal> | undefined {
  const energy: unknown = v.energy;
  if (typeof energy !== "object" || energy === null) {
    return refuse("not-a-number", { field: "vehicle.energy", value: typeof energy });
  }
  return (
    checkNumbers({
      "vehicle.size": [v.size, rating],
      "vehicle.speed": [v.speed, { ...NUMBER_RULES.count, max: L.speed }],
      "vehicle.frame": [v.frame, rating],
      "vehicle.energy.max": [v.energy.max, { ...NUMBER_RULES.count, max: L.energy }],
      "vehicle.energy.value": [v.energy.value, { ...NUMBER_RULES.count, max: v.energy.max }],
      "vehicle.damage": [v.damage, { ...NUMBER_RULES.count, max: L.damage }],
    }) ?? checkChoice("vehicle.moving", v.moving, [true, false])
  );
}

/** The vehicle's structure: frame + Size + 3. */
export function vehicleStructure(v: DicepoolVehicle): Result<number, StateRefusal> {
  const bad = checkVehicle(v);
  return bad ?? ok(v.frame + v.size + 3);
}

/**
 * Whether the vehicle is wrecked: its structure damage has reached its structure (none left). A
 * wreck neither drives nor fires (`drive`, `crewAtWeapon`); a vehicle of bad numbers is not one
 * (those are refused for what they are).
 */
export function vehicleWrecked(v: DicepoolVehicle): boolean {
  const structure = vehicleStructure(v);
  return structure.ok && v.damage >= structure.value;
}

/** The pilot's roll for the vehicle: Mental + Pilot, less the pilot's wound penalty. */
export function pilotPool(
  pilot: DicepoolCombatant,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<Pool, StateRefusal | PoolRefusal> {
  const checked = checkDicepoolCombatant("pilot", pilot);
  if (!checked.ok) return checked;
  return buildPool(
    {
      attribute: pilot.mental,
      attributeLabel: "mental",
      skill: skill(checked.value, "pilot"),
      skillLabel: "pilot",
      woundPenalty: pilot.woundPenalty,
    },
    options,
  );
}

/**
 * The crew member at a vehicle's weapon as the attack rules read the attacker: its own pools (its
 * Physical, skills and wound penalty), the vehicle's size and the vehicle's Energy (what the
 * attack costs, the vehicle pays).
 */
export function crewAtWeapon(
  crew: Checked<DicepoolCombatant>,
  v: DicepoolVehicle,
): Result<Checked<DicepoolCombatant>, StateRefusal | "wrecked"> {
  const bad = checkVehicle(v);
  if (bad) return bad;
  if (vehicleWrecked(v)) return refuse("wrecked");
  return checkDicepoolCombatant("crew", { ...crew, size: v.size, energy: { ...v.energy } });
}

/** The defenses a vehicle has: Soak always, Dodge with someone able at the wheel, never Parry. */
export function vehicleDefenses(controls: VehicleControls | null): readonly ("dodge" | "soak")[] {
  return controls === null ? ["soak"] : ["dodge", "soak"];
}

/**
 * A vehicle's Dodge pool: its pilot's Mental + Pilot, less the pilot's wound penalty; no dice with
 * nobody at the wheel (a Dodge rolled before the pilot fell settles on that; never the frame).
 */
export function vehicleDodgeParts(controls: VehicleControls | null) {
  return {
    attribute: controls?.mental ?? 0,
    attributeLabel: "mental",
    skill: controls?.pilot ?? 0,
    skillLabel: "pilot",
    woundPenalty: controls?.woundPenalty ?? 0,
  } as const;
}

/** A drive: the spaces it covers and the vehicle's Energy after it (a sprint pays 1). */
export function drive(
  v: DicepoolVehicle,
  sprint: boolean,
): Result<{ spaces: number; energy: number }, VehicleRefusal> {
  const bad = checkVehicle(v) ?? checkChoice("sprint", sprint, [true, false]);
  if (bad) return bad;
  if (vehicleWrecked(v)) return refuse("wrecked");
  const cost = sprint ? 1 : 0;
  if (v.energy.value < cost) {
    return refuse("not-enough-energy", { cost, energy: v.energy.value });
  }
  return ok({ spaces: v.speed, energy: v.energy.value - cost });
}

export interface VehicleTerrainOutcome {
  readonly roll: PoolScore;
  readonly passed: boolean;
  /** The vehicle's Energy lost to a failure. */
  readonly energyLost: number;
  /** Failed and the vehicle could not pay: a critical failure the GM narrates. */
  readonly criticalFailure: boolean;
  /** The vehicle's Energy after it. */
  readonly energy: number;
}

/** Rough terrain for a vehicle: the pilot rolls, the vehicle pays. */
export function vehicleRoughTerrain(
  v: DicepoolVehicle,
  pilot: DicepoolCombatant,
  difficulty: number,
  dice: DiceSource,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<VehicleTerrainOutcome, VehicleRefusal | MoveRefusal> {
  const bad = checkVehicle(v);
  if (bad) return bad;
  // The pilot's numbers with the vehicle's Energy: what the roll costs lands on the vehicle.
  const rolled = resolveRoughTerrain(
    { ...pilot, energy: { value: v.energy.value, max: Math.max(v.energy.max, v.energy.value) } },
    "pilot",
    difficulty,
    dice,
    options,
  );
  if (!rolled.ok) return rolled;
  const { roll, passed, energyLost, criticalFailure } = rolled.value;
  return ok({ roll, passed, energyLost, criticalFailure, energy: v.energy.value - energyLost });
}

/** Refuelling or maintenance: Energy back to its max; not in a combat. */
export function refuel(v: DicepoolVehicle, inCombat: boolean): Result<number, VehicleRefusal> {
  const bad = checkVehicle(v) ?? checkChoice("inCombat", inCombat, [true, false]);
  if (bad) return bad;
  return inCombat ? refuse("in-combat") : ok(v.energy.max);
}

export type CrewAct = "park" | "exit" | "bailOut";
export const CREW_ACTS: readonly CrewAct[] = ["park", "exit", "bailOut"];

const CREW_ACTION: Readonly<Record<CrewAct, ActionName>> = {
  park: "parkVehicle",
  exit: "exitParkedVehicle",
  bailOut: "bailOutOfMovingVehicle",
};

/**
 * A crew act: the action it takes (the action table's) and whether the vehicle moves after it.
 * Parking and bailing out need a moving vehicle, leaving calmly a parked one.
 */
export function crewAct(
  v: Pick<DicepoolVehicle, "moving">,
  act: CrewAct,
): Result<
  { action: ActionName; moving: boolean },
  StateRefusal | "vehicle-moving" | "vehicle-parked"
> {
  const bad = checkChoice("act", act, CREW_ACTS) ?? checkChoice("moving", v.moving, [true, false]);
  if (bad) return bad;
  if (act === "exit" && v.moving) return refuse("vehicle-moving");
  if (act !== "exit" && !v.moving) return refuse("vehicle-parked");
  return ok({ action: CREW_ACTION[act], moving: act === "bailOut" });
}
