/**
 * Areas of effect on the map (a grenade's blast, a cone, a line, a lingering cloud), measured by
 * the rules' shape code (rules/scene/areas.ts), never by the requester:
 *
 * - Where the area goes is the player's side (placement.ts); the referee measures the range to it
 *   again and draws it (area-effect.ts).
 * - `areaShapeAt` turns a book's area (sizes in feet) at a point of a scene into the rules' shape
 *   in the scene's spaces; `tokensInArea` is who stands in it, as the GM measures it.
 * - Lingering areas are core Regions (MeasuredTemplate leaves in v14): `regionShapesOf` gives a
 *   shape as core's Region shape data, and `tokensInRegion` reads a Region's shapes back into the
 *   rules' shapes and asks them who is inside; `obscuringRegionOf` the Region the GM marked as
 *   obscuring (smoke, fog: `flags.fray.obscures`) a token stands in.
 */
import { sceneDistance } from "../../rules/core/distance.ts";
import { tokensInShape } from "../../rules/scene/index.ts";
import type { AreaShape, Point as SpacePoint } from "../../rules/scene/index.ts";
import type { Point, SceneToken } from "../shared/scene.ts";
import { SYSTEM_ID } from "../constants.ts";
import { footprintOf } from "./footprint.ts";

/** An area as a book names it: sizes in feet; a cone's opening in degrees. */
export type AreaSpec =
  | { readonly kind: "circle"; readonly radiusFeet: number }
  | { readonly kind: "cone"; readonly lengthFeet: number; readonly angle: number }
  | { readonly kind: "line"; readonly lengthFeet: number; readonly widthFeet: number };

/** Feet in one space of the scene (a scene counting squares: 5 ft), or null. */
function feetPerSpace(scene: Scene.Implementation): number | null {
  const grid = scene.grid;
  const feet = sceneDistance(grid.distance, { distance: grid.distance, units: grid.units }, "ft");
  return feet.ok && feet.value > 0 ? feet.value : null;
}

/**
 * Core CONST.GRID_DIAGONALS.EQUIDISTANT (the default): every diagonal step counts one space, so a
 * radius on a square grid counting so is a square of spaces, as every distance the scene measures.
 * A hex or gridless scene has no such diagonal: its radius is a circle.
 */
const EQUIDISTANT = 0;

/**
 * The area at a point of the scene (pixels) as the rules' shape in spaces; a cone or a line
 * points from `from` (the thrower's centre) towards the point and starts at `from`. Null when the
 * scene's units cannot be read.
 */
export function areaShapeAt(
  scene: Scene.Implementation,
  point: Point,
  spec: AreaSpec,
  from: Point = point,
): AreaShape | null {
  const feet = feetPerSpace(scene);
  if (feet === null) return null;
  const size = scene.grid.size;
  const at = { x: point.x / size, y: point.y / size };
  const start = { x: from.x / size, y: from.y / size };
  const direction = (Math.atan2(at.y - start.y, at.x - start.x) * 180) / Math.PI;
  const grid = scene.grid as unknown as { diagonals?: number; isSquare?: boolean };
  const squares = (grid.diagonals ?? EQUIDISTANT) === EQUIDISTANT && grid.isSquare !== false;
  switch (spec.kind) {
    case "circle":
      return {
        kind: "circle",
        ...at,
        radius: spec.radiusFeet / feet,
        diagonals: squares ? "equidistant" : "euclidean",
      };
    case "cone":
      return {
        kind: "cone",
        ...start,
        direction,
        length: spec.lengthFeet / feet,
        angle: spec.angle,
      };
    case "line":
      return {
        kind: "line",
        ...start,
        direction,
        length: spec.lengthFeet / feet,
        width: spec.widthFeet / feet,
      };
  }
}

/** The scene's tokens standing in the area (none when a number cannot be measured). */
export function tokensInArea(scene: Scene.Implementation, shape: AreaShape): SceneToken[] {
  const size = scene.grid.size;
  const tokens = scene.tokens.contents.map((token) => ({
    id: token.id ?? "",
    footprint: footprintOf(token, size),
    token,
  }));
  const inside = tokensInShape(shape, tokens);
  return inside.ok ? inside.value.map((t) => t.token) : [];
}

/** Core's Region shape data (v13 `BaseShapeData`), in pixels. */
export type RegionShapeData =
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
  | { type: "polygon"; hole: boolean; points: number[] };

/** Corners of a cone or a line, in spaces (an arc of a cone in 8 steps). */
function outline(shape: Extract<AreaShape, { kind: "cone" | "line" }>): SpacePoint[] {
  const rad = (d: number) => (d * Math.PI) / 180;
  const along = (d: number, r: number, from: SpacePoint = shape) => ({
    x: from.x + Math.cos(rad(d)) * r,
    y: from.y + Math.sin(rad(d)) * r,
  });
  if (shape.kind === "cone") {
    const steps = 8;
    const first = shape.direction - shape.angle / 2;
    const arc = Array.from({ length: steps + 1 }, (_, i) =>
      along(first + (shape.angle * i) / steps, shape.length),
    );
    return [{ x: shape.x, y: shape.y }, ...arc];
  }
  const half = shape.width / 2;
  const end = along(shape.direction, shape.length);
  return [
    along(shape.direction - 90, half),
    along(shape.direction - 90, half, end),
    along(shape.direction + 90, half, end),
    along(shape.direction + 90, half),
  ];
}

/** The rules' shape as the data of a core Region's shape, in the scene's pixels. */
export function regionShapesOf(shape: AreaShape, size: number): RegionShapeData[] {
  switch (shape.kind) {
    case "circle":
      // A radius counted as the grid counts (every diagonal one space) is a square of spaces.
      if (shape.diagonals === "equidistant") {
        return regionShapesOf(
          {
            kind: "rectangle",
            x: shape.x - shape.radius,
            y: shape.y - shape.radius,
            width: 2 * shape.radius,
            height: 2 * shape.radius,
          },
          size,
        );
      }
      return [
        {
          type: "circle",
          hole: false,
          x: shape.x * size,
          y: shape.y * size,
          radius: shape.radius * size,
        },
      ];
    case "rectangle":
      return [
        {
          type: "rectangle",
          hole: false,
          x: shape.x * size,
          y: shape.y * size,
          width: shape.width * size,
          height: shape.height * size,
          rotation: 0,
        },
      ];
    case "polygon":
      return [
        {
          type: "polygon",
          hole: false,
          points: shape.points.flatMap((p) => [p.x * size, p.y * size]),
        },
      ];
    case "cone":
    case "line":
      return [
        {
          type: "polygon",
          hole: false,
          points: outline(shape).flatMap((p) => [p.x * size, p.y * size]),
        },
      ];
  }
}

/** A core Region shape as the rules' shape in spaces (an ellipse or a turned rectangle: none). */
function shapeOfRegion(data: Record<string, unknown>, size: number): AreaShape | null {
  const n = (key: string) => (typeof data[key] === "number" ? data[key] / size : NaN);
  if (data["type"] === "circle")
    return { kind: "circle", x: n("x"), y: n("y"), radius: n("radius") };
  if (data["type"] === "rectangle" && (data["rotation"] ?? 0) === 0) {
    return { kind: "rectangle", x: n("x"), y: n("y"), width: n("width"), height: n("height") };
  }
  if (data["type"] === "polygon" && Array.isArray(data["points"])) {
    const flat = data["points"] as unknown[];
    const points: SpacePoint[] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) {
      points.push({ x: Number(flat[i]) / size, y: Number(flat[i + 1]) / size });
    }
    return { kind: "polygon", points };
  }
  return null;
}

/**
 * The tokens standing in a core Region of the scene: in any of its shapes and in none of its
 * holes, each measured by the rules' shape code. `among`: only these tokens are asked (default:
 * every token of the scene).
 */
export function tokensInRegion(
  scene: Scene.Implementation,
  region: { readonly shapes: readonly unknown[] },
  among: readonly SceneToken[] = scene.tokens.contents,
): SceneToken[] {
  const size = scene.grid.size;
  const asked = among.map((token) => ({
    id: token.id ?? "",
    footprint: footprintOf(token, size),
    token,
  }));
  const inside = new Set<SceneToken>();
  const holes = new Set<SceneToken>();
  for (const raw of region.shapes) {
    const data = raw as Record<string, unknown>;
    const shape = shapeOfRegion(data, size);
    if (shape === null) continue;
    const found = tokensInShape(shape, asked);
    for (const { token } of found.ok ? found.value : []) {
      (data["hole"] === true ? holes : inside).add(token);
    }
  }
  return [...inside].filter((t) => !holes.has(t));
}

/**
 * The first Region of the scene the GM marked as obscuring (`flags.fray.obscures`: smoke, fog,
 * debris) that the token stands in, or null.
 */
export function obscuringRegionOf(
  scene: Scene.Implementation,
  token: SceneToken,
): { readonly name: string } | null {
  for (const region of scene.regions.contents) {
    const flags = region.flags as Record<string, Record<string, unknown> | undefined> | undefined;
    if (flags?.[SYSTEM_ID]?.["obscures"] !== true) continue;
    if (tokensInRegion(scene, region, [token]).length > 0) return region;
  }
  return null;
}
