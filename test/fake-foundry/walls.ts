/**
 * Walls and Regions of a scene, as core v13 stores them (tokens.ts puts them on its scenes):
 *
 * - `Scene#walls`: WallDocuments. Core `WallData`: `c` the segment `[x0, y0, x1, y1]` in pixels;
 *   `move` the movement restriction (CONST.WALL_MOVEMENT_TYPES: NONE 0, NORMAL 20), `sight`,
 *   `light` and `sound` the sense restrictions (CONST.WALL_SENSE_TYPES: NONE 0, LIMITED 10,
 *   NORMAL 20, PROXIMITY 30, DISTANCE 40), `dir` (WALL_DIRECTIONS: BOTH 0, LEFT 1, RIGHT 2),
 *   `door` (WALL_DOOR_TYPES: NONE 0, DOOR 1, SECRET 2) and `ds` the door's state
 *   (WALL_DOOR_STATES: CLOSED 0, OPEN 1, LOCKED 2). Core's defaults are a plain wall: move and
 *   every sense NORMAL, no door.
 * - `Scene#regions`: RegionDocuments. Core `RegionData`: `name`, `color`, `shapes` (each a
 *   `BaseShapeData` with `type` and `hole`: circle `{x, y, radius}`, rectangle `{x, y, width,
 *   height, rotation}`, ellipse `{x, y, radiusX, radiusY, rotation}`, polygon `{points}` with the
 *   points flat `[x0, y0, x1, y1, …]`), `elevation` `{bottom, top}` (null: unbounded),
 *   `behaviors` (embedded RegionBehaviors) and `visibility`.
 * Only the GM creates walls and Regions here (core lets players draw neither by default).
 */
import { Collection } from "./collection.ts";

export const WALL_MOVEMENT_TYPES = { NONE: 0, NORMAL: 20 } as const;
export const WALL_SENSE_TYPES = {
  NONE: 0,
  LIMITED: 10,
  NORMAL: 20,
  PROXIMITY: 30,
  DISTANCE: 40,
} as const;
export const WALL_DOOR_TYPES = { NONE: 0, DOOR: 1, SECRET: 2 } as const;
export const WALL_DOOR_STATES = { CLOSED: 0, OPEN: 1, LOCKED: 2 } as const;

export interface FakeWallDocument {
  readonly id: string;
  readonly documentName: "Wall";
  c: [number, number, number, number];
  move: number;
  sight: number;
  light: number;
  sound: number;
  dir: number;
  door: number;
  ds: number;
}

export type FakeRegionShape =
  | { type: "circle"; hole: boolean; x: number; y: number; radius: number }
  | {
      type: "rectangle";
      hole: boolean;
      x: number;
      y: number;
      width: number;
      height: number;
      rotation: number;
    }
  | {
      type: "ellipse";
      hole: boolean;
      x: number;
      y: number;
      radiusX: number;
      radiusY: number;
      rotation: number;
    }
  | { type: "polygon"; hole: boolean; points: number[] };

export interface FakeRegionDocument {
  readonly id: string;
  readonly documentName: "Region";
  name: string;
  color: string;
  shapes: FakeRegionShape[];
  elevation: { bottom: number | null; top: number | null };
  readonly behaviors: Collection<unknown>;
  visibility: number;
  flags: Record<string, Record<string, unknown>>;
}

let next = 0;

/** A WallDocument with core's defaults (a plain wall) and the given fields. */
export function makeWall(
  c: [number, number, number, number],
  fields: Partial<Omit<FakeWallDocument, "id" | "documentName" | "c">> = {},
): FakeWallDocument {
  next += 1;
  return {
    id: `wall${String(next)}`,
    documentName: "Wall",
    c,
    move: WALL_MOVEMENT_TYPES.NORMAL,
    sight: WALL_SENSE_TYPES.NORMAL,
    light: WALL_SENSE_TYPES.NORMAL,
    sound: WALL_SENSE_TYPES.NORMAL,
    dir: 0,
    door: WALL_DOOR_TYPES.NONE,
    ds: WALL_DOOR_STATES.CLOSED,
    ...fields,
  };
}

/** Shape data as core fills it in: `hole` false, `rotation` 0 where the type has one. */
export type RegionShapeInput =
  | { type: "circle"; x: number; y: number; radius: number; hole?: boolean }
  | {
      type: "rectangle";
      x: number;
      y: number;
      width: number;
      height: number;
      rotation?: number;
      hole?: boolean;
    }
  | { type: "polygon"; points: number[]; hole?: boolean };

function shapeOf(input: RegionShapeInput): FakeRegionShape {
  const hole = input.hole ?? false;
  if (input.type === "rectangle") return { rotation: 0, ...input, hole };
  return { ...input, hole };
}

/** A RegionDocument with core's defaults and the given shapes. */
export function makeRegion(
  name: string,
  shapes: RegionShapeInput[],
  fields: Partial<Pick<FakeRegionDocument, "color" | "elevation" | "flags">> = {},
): FakeRegionDocument {
  next += 1;
  return {
    id: `region${String(next)}`,
    documentName: "Region",
    name,
    color: "#ffffff",
    shapes: shapes.map(shapeOf),
    elevation: { bottom: null, top: null },
    behaviors: new Collection(),
    visibility: 0,
    flags: {},
    ...fields,
  };
}
