/**
 * Distances between feet, metres and spaces. Rulebooks give ranges in their own unit (Worldlines
 * and WWN in feet, the two-dice game in metres, the dice-pool game in spaces); a scene measures
 * in whatever unit its grid is labelled with. Everything that turns a measured distance into a
 * rules distance goes through `sceneDistance`, so a scene with default units (one space per grid
 * square) and a scene in metres both come out right.
 *
 * A space is one grid square, 5 ft (the system's default grid, system.json `grid`).
 */
import { checkNumber, checkNumbers } from "./guard.ts";
import type { NumberRefusal } from "./guard.ts";
import { ok, refuse } from "./result.ts";
import type { Result } from "./result.ts";

/** The units the rules speak in. */
export type DistanceUnit = "ft" | "m" | "space";

/** Feet in one space: a 5 ft square. */
export const FEET_PER_SPACE = 5;

/** Feet in one of each length unit a scene may be labelled with. */
const FEET_PER: Readonly<Record<string, number>> = {
  ft: 1,
  yd: 3,
  mi: 5280,
  m: 1 / 0.3048,
  km: 1000 / 0.3048,
  space: FEET_PER_SPACE,
};

/** Labels a GM may type for a scene's grid units, by the unit they mean. */
const LABELS: Readonly<Record<string, keyof typeof FEET_PER>> = {
  ft: "ft",
  feet: "ft",
  foot: "ft",
  "'": "ft",
  yd: "yd",
  yard: "yd",
  yards: "yd",
  mi: "mi",
  mile: "mi",
  miles: "mi",
  m: "m",
  meter: "m",
  meters: "m",
  metre: "m",
  metres: "m",
  km: "km",
  kilometer: "km",
  kilometers: "km",
  kilometre: "km",
  kilometres: "km",
};

/**
 * The length unit a grid-units label names ("ft", "Feet", "m.", "metres" …), or null when it
 * names none (blank, "squares", "hexes", "spaces" or anything else): such a scene counts spaces.
 */
export function lengthUnit(label: string): string | null {
  const key = label.trim().toLowerCase().replace(/\.$/, "");
  return LABELS[key] ?? null;
}

/** Converts a distance from one unit to another. Refuses a non-finite or negative distance. */
export function convertDistance(
  value: number,
  from: DistanceUnit,
  to: DistanceUnit,
): Result<number, NumberRefusal["reason"]> {
  const refusal = checkNumber("distance", value, { min: 0 });
  if (refusal) return refusal;
  return finite(to === from ? value : (value * (FEET_PER[from] ?? 1)) / (FEET_PER[to] ?? 1));
}

/** A converted distance, refused when it no longer fits in a number (1e308 km in feet). */
function finite(value: number): Result<number, NumberRefusal["reason"]> {
  return Number.isFinite(value) ? ok(value) : refuse("out-of-range", { field: "distance" });
}

/** A scene's grid scale: how much one square measures, and the label of that unit. */
export interface GridScale {
  readonly distance: number;
  readonly units: string;
}

/**
 * A distance measured on a scene (in the scene's units, as core's grid measures it) in the unit
 * a rule wants. When the grid's label names a length (ft, m, yd, mi, km), the distance converts
 * from it; otherwise the scene counts squares, and each square is one space.
 */
export function sceneDistance(
  measured: number,
  grid: GridScale,
  to: DistanceUnit,
): Result<number, NumberRefusal["reason"]> {
  const refusal = checkNumbers({
    distance: [measured, { min: 0 }],
    "grid.distance": [grid.distance, { min: Number.MIN_VALUE }],
  });
  if (refusal) return refusal;
  const unit = lengthUnit(grid.units);
  const feet =
    unit === null ? (measured / grid.distance) * FEET_PER_SPACE : measured * (FEET_PER[unit] ?? 1);
  return finite(feet / (FEET_PER[to] ?? 1));
}
