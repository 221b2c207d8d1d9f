/**
 * Areas of effect (a grenade's blast, a cone of fire, a line, a lingering cloud) as shapes on the
 * map, in spaces, and who stands in one: a token is inside when the centre of any space it covers
 * is inside the shape (on its edge counts). The shell draws the same shape as a core Region and
 * asks this code, never the Region's own test, so the rules decide what the book says.
 *
 * Directions are in degrees, 0 pointing east (+x), 90 south (+y: the map's rows grow downwards).
 */
import { checkNumber } from "../core/guard.ts";
import type { NumberRefusal } from "../core/guard.ts";
import { refuse } from "../core/result.ts";
import { MAX_COORDINATE, checkFootprint, checkPoint } from "./geometry.ts";
import type { Footprint, Point } from "./geometry.ts";

/**
 * How a radius is measured: straight ("euclidean", a round circle), or as a square grid counts
 * with every diagonal step one space ("equidistant", core's default diagonal rule: the circle is
 * a square of spaces on the grid, as every other distance of such a scene).
 */
export type RadiusRule = "euclidean" | "equidistant";

export type AreaShape =
  | {
      readonly kind: "circle";
      readonly x: number;
      readonly y: number;
      readonly radius: number;
      /** Default "euclidean". */
      readonly diagonals?: RadiusRule;
    }
  | {
      readonly kind: "cone";
      readonly x: number;
      readonly y: number;
      readonly direction: number;
      readonly length: number;
      /** The cone's full opening, in degrees (greater than 0, at most 360). */
      readonly angle: number;
    }
  | {
      readonly kind: "line";
      readonly x: number;
      readonly y: number;
      readonly direction: number;
      readonly length: number;
      readonly width: number;
    }
  | {
      readonly kind: "rectangle";
      readonly x: number;
      readonly y: number;
      readonly width: number;
      readonly height: number;
    }
  | { readonly kind: "polygon"; readonly points: readonly Point[] };

export type AreaKind = AreaShape["kind"];

/** The most corners a polygon may have. */
export const MAX_POLYGON_POINTS = 1_000;

const EPSILON = 1e-9;
const SIZE = { min: 0, max: MAX_COORDINATE };

/** Checks a shape: every number finite and on the map, sizes not negative; undefined when fine. */
export function checkShape(field: string, shape: AreaShape): NumberRefusal | undefined {
  switch (shape.kind) {
    case "circle":
      return checkPoint(field, shape) ?? checkNumber([field, "radius"], shape.radius, SIZE);
    case "cone":
      return (
        checkPoint(field, shape) ??
        checkNumber([field, "direction"], shape.direction, { min: -360, max: 720 }) ??
        checkNumber([field, "length"], shape.length, SIZE) ??
        checkNumber([field, "angle"], shape.angle, { min: EPSILON, max: 360 })
      );
    case "line":
      return (
        checkPoint(field, shape) ??
        checkNumber([field, "direction"], shape.direction, { min: -360, max: 720 }) ??
        checkNumber([field, "length"], shape.length, SIZE) ??
        checkNumber([field, "width"], shape.width, SIZE)
      );
    case "rectangle":
      return (
        checkPoint(field, shape) ??
        checkNumber([field, "width"], shape.width, SIZE) ??
        checkNumber([field, "height"], shape.height, SIZE)
      );
    case "polygon": {
      const points = shape.points;
      const count = checkNumber([field, "points"], points.length, {
        min: 3,
        max: MAX_POLYGON_POINTS,
      });
      if (count !== undefined) return count;
      for (const [i, p] of points.entries()) {
        const bad = checkPoint(`${field}.points.${String(i)}`, p);
        if (bad !== undefined) return bad;
      }
      return undefined;
    }
    default:
      return refuse("not-a-number", { field: `${field}.kind` });
  }
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Whether a point lies inside the shape (or on its edge). */
export function pointInShape(shape: AreaShape, p: Point): boolean {
  switch (shape.kind) {
    case "circle": {
      const dx = Math.abs(p.x - shape.x);
      const dy = Math.abs(p.y - shape.y);
      const distance = shape.diagonals === "equidistant" ? Math.max(dx, dy) : Math.hypot(dx, dy);
      return distance <= shape.radius + EPSILON;
    }
    case "cone": {
      const dx = p.x - shape.x;
      const dy = p.y - shape.y;
      const distance = Math.hypot(dx, dy);
      if (distance > shape.length + EPSILON) return false;
      if (distance <= EPSILON) return true;
      const a = toRadians(shape.direction);
      const cosine = (dx * Math.cos(a) + dy * Math.sin(a)) / distance;
      return cosine >= Math.cos(toRadians(shape.angle / 2)) - EPSILON;
    }
    case "line": {
      const a = toRadians(shape.direction);
      const dx = p.x - shape.x;
      const dy = p.y - shape.y;
      const along = dx * Math.cos(a) + dy * Math.sin(a);
      const across = -dx * Math.sin(a) + dy * Math.cos(a);
      return (
        along >= -EPSILON &&
        along <= shape.length + EPSILON &&
        Math.abs(across) <= shape.width / 2 + EPSILON
      );
    }
    case "rectangle":
      return (
        p.x >= shape.x - EPSILON &&
        p.x <= shape.x + shape.width + EPSILON &&
        p.y >= shape.y - EPSILON &&
        p.y <= shape.y + shape.height + EPSILON
      );
    case "polygon":
      return inPolygon(shape.points, p);
  }
}

/** Even-odd ray casting (a point on an edge may fall either way; areas are drawn off-centre). */
function inPolygon(points: readonly Point[], p: Point): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const a = points[i];
    const b = points[j];
    if (a === undefined || b === undefined) continue;
    if (a.y > p.y !== b.y > p.y) {
      const x = ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x;
      if (p.x < x) inside = !inside;
    }
  }
  return inside;
}

/** The box around a shape: [minX, minY, maxX, maxY]. */
export function shapeBounds(shape: AreaShape): [number, number, number, number] {
  switch (shape.kind) {
    case "circle":
      return [
        shape.x - shape.radius,
        shape.y - shape.radius,
        shape.x + shape.radius,
        shape.y + shape.radius,
      ];
    case "cone":
      return [
        shape.x - shape.length,
        shape.y - shape.length,
        shape.x + shape.length,
        shape.y + shape.length,
      ];
    case "line": {
      const reach = shape.length + shape.width;
      return [shape.x - reach, shape.y - reach, shape.x + reach, shape.y + reach];
    }
    case "rectangle":
      return [shape.x, shape.y, shape.x + shape.width, shape.y + shape.height];
    case "polygon": {
      const xs = shape.points.map((p) => p.x);
      const ys = shape.points.map((p) => p.y);
      return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    }
  }
}

/**
 * Whether a token is in the area: the centre of any space it covers is in the shape. Only the
 * spaces within the shape's box are tried, so a huge token costs no more than the area.
 */
export function footprintInShape(
  shape: AreaShape,
  f: Footprint,
  bounds = shapeBounds(shape),
): boolean {
  const [minX, minY, maxX, maxY] = bounds;
  const fromX = Math.max(f.x, Math.floor(minX - 0.5));
  const toX = Math.min(f.x + f.width - 1, Math.ceil(maxX - 0.5));
  const fromY = Math.max(f.y, Math.floor(minY - 0.5));
  const toY = Math.min(f.y + f.height - 1, Math.ceil(maxY - 0.5));
  for (let y = fromY; y <= toY; y++) {
    for (let x = fromX; x <= toX; x++) {
      if (pointInShape(shape, { x: x + 0.5, y: y + 0.5 })) return true;
    }
  }
  return false;
}

/** The ids of the tokens in the area, in the order given; a refusal when a number is bad. */
export function tokensInShape<T extends { readonly id: string; readonly footprint: Footprint }>(
  shape: AreaShape,
  tokens: readonly T[],
): { ok: true; value: T[] } | NumberRefusal {
  const bad = checkShape("shape", shape);
  if (bad !== undefined) return bad;
  const bounds = shapeBounds(shape);
  const inside: T[] = [];
  for (const token of tokens) {
    const badToken = checkFootprint("token", token.footprint);
    if (badToken !== undefined) {
      return { ...badToken, detail: { ...badToken.detail, token: token.id } };
    }
    if (footprintInShape(shape, token.footprint, bounds)) inside.push(token);
  }
  return { ok: true, value: inside };
}
