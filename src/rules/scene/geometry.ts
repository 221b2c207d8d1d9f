/**
 * The map as the rules measure it: points, wall segments and token footprints in grid spaces
 * (one unit is one space; the shell divides the scene's pixels by its grid size), and the checks
 * that refuse what cannot be measured (NaN, infinities, coordinates beyond any map).
 *
 * A footprint is the rectangle of spaces a token covers: its top-left space (`x` column, `y` row,
 * whole numbers) and its size in spaces. A wall is a segment between two points, which may lie
 * anywhere (walls are drawn between grid lines as often as on them).
 */
import { checkNumber } from "../core/guard.ts";
import type { NumberRefusal } from "../core/guard.ts";

/** A point of the map, in spaces. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** The spaces a token covers: its top-left space and its size (whole spaces, at least one). */
export interface Footprint {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A wall segment from (x0, y0) to (x1, y1), in spaces. */
export interface Segment {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** One grid space: column `x`, row `y`. */
export interface Space {
  readonly x: number;
  readonly y: number;
}

/**
 * The largest coordinate (in spaces) a map may have: far beyond any scene Foundry can draw, small
 * enough that products of coordinates stay exact to a fraction of a space.
 */
export const MAX_COORDINATE = 1_000_000;

/** The largest token side, in spaces (core's token size field stops far below). */
export const MAX_TOKEN_SPACES = 1_000;

const COORDINATE = { min: -MAX_COORDINATE, max: MAX_COORDINATE };
const WHOLE_COORDINATE = { ...COORDINATE, whole: true };
const TOKEN_SIZE = { min: 1, max: MAX_TOKEN_SPACES, whole: true };

/**
 * Whether a value is a number within the bounds (a whole one when asked): the fast test a scene
 * of hundreds of tokens and thousands of walls runs on every number; only a number that fails it
 * is checked again by the guard, to name it in the refusal.
 */
function fits(value: number, min: number, max: number, whole = false): boolean {
  return (
    typeof value === "number" && value >= min && value <= max && (!whole || Number.isInteger(value))
  );
}

const onMap = (value: number) => fits(value, -MAX_COORDINATE, MAX_COORDINATE);

/** Checks a point; undefined when it can be measured. */
export function checkPoint(field: string, p: Point): NumberRefusal | undefined {
  if (onMap(p.x) && onMap(p.y)) return undefined;
  return checkNumber([field, "x"], p.x, COORDINATE) ?? checkNumber([field, "y"], p.y, COORDINATE);
}

/** Checks a footprint: whole spaces, on the map, at least one space each way. */
export function checkFootprint(field: string, f: Footprint): NumberRefusal | undefined {
  if (
    fits(f.x, -MAX_COORDINATE, MAX_COORDINATE, true) &&
    fits(f.y, -MAX_COORDINATE, MAX_COORDINATE, true) &&
    fits(f.width, 1, MAX_TOKEN_SPACES, true) &&
    fits(f.height, 1, MAX_TOKEN_SPACES, true)
  ) {
    return undefined;
  }
  return (
    checkNumber([field, "x"], f.x, WHOLE_COORDINATE) ??
    checkNumber([field, "y"], f.y, WHOLE_COORDINATE) ??
    checkNumber([field, "width"], f.width, TOKEN_SIZE) ??
    checkNumber([field, "height"], f.height, TOKEN_SIZE)
  );
}

/** Checks a wall segment's two ends. */
export function checkSegment(field: string, s: Segment): NumberRefusal | undefined {
  if (onMap(s.x0) && onMap(s.y0) && onMap(s.x1) && onMap(s.y1)) return undefined;
  return (
    checkNumber([field, "x0"], s.x0, COORDINATE) ??
    checkNumber([field, "y0"], s.y0, COORDINATE) ??
    checkNumber([field, "x1"], s.x1, COORDINATE) ??
    checkNumber([field, "y1"], s.y1, COORDINATE)
  );
}

/** The centre of a footprint. */
export function centerOf(f: Footprint): Point {
  return { x: f.x + f.width / 2, y: f.y + f.height / 2 };
}

/** Every space a footprint covers, row by row (core's `getOccupiedGridSpaceOffsets`). */
export function occupiedSpaces(f: Footprint): Space[] {
  const spaces: Space[] = [];
  for (let dy = 0; dy < f.height; dy++) {
    for (let dx = 0; dx < f.width; dx++) spaces.push({ x: f.x + dx, y: f.y + dy });
  }
  return spaces;
}

/**
 * How far in from a footprint's corners its rays start and end (in spaces): a wall drawn exactly
 * on the grid line through a corner would otherwise block or miss by rounding (Draw Steel insets
 * its token vertices by a pixel for the same reason).
 */
export const INSET = 0.01;

/** A footprint's four corners, inset, clockwise from the top left. */
export function insetCorners(f: Footprint): Point[] {
  const left = f.x + INSET;
  const right = f.x + f.width - INSET;
  const top = f.y + INSET;
  const bottom = f.y + f.height - INSET;
  return [
    { x: left, y: top },
    { x: right, y: top },
    { x: right, y: bottom },
    { x: left, y: bottom },
  ];
}

/**
 * Whether the segment from a to b meets the segment from c to d (touching counts; two parallel
 * segments never meet, a wall along a ray does not block it).
 */
export function segmentsMeet(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): boolean {
  const rx = bx - ax;
  const ry = by - ay;
  const sx = dx - cx;
  const sy = dy - cy;
  const denominator = rx * sy - ry * sx;
  if (denominator === 0) return false;
  const qx = cx - ax;
  const qy = cy - ay;
  const t = (qx * sy - qy * sx) / denominator;
  const u = (qx * ry - qy * rx) / denominator;
  return t >= 0 && t <= 1 && u >= 0 && u <= 1;
}
