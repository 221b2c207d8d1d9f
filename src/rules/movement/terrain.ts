/**
 * Difficult ground on the map (issue 24): which grid spaces of a path lie in a patch of difficult
 * terrain. A patch is a Region's shapes (core `RegionData.shapes`: rectangles, circles, ellipses,
 * polygons, some of them holes) in scene pixels; a space is in it when its centre is inside a
 * shape and in no hole, as core tests a point against a Region. The shell reads which Regions are
 * difficult (a Fray flag, or core's Modify Movement Cost behaviour) and hands their shapes here.
 */

/** A Region shape as core stores it (scene pixels; rotation in degrees). */
export type RegionShape =
  | {
      readonly type: "rectangle";
      readonly hole?: boolean;
      readonly x: number;
      readonly y: number;
      readonly width: number;
      readonly height: number;
      readonly rotation?: number;
    }
  | {
      readonly type: "circle";
      readonly hole?: boolean;
      readonly x: number;
      readonly y: number;
      readonly radius: number;
    }
  | {
      readonly type: "ellipse";
      readonly hole?: boolean;
      readonly x: number;
      readonly y: number;
      readonly radiusX: number;
      readonly radiusY: number;
      readonly rotation?: number;
    }
  | { readonly type: "polygon"; readonly hole?: boolean; readonly points: readonly number[] };

interface Point {
  readonly x: number;
  readonly y: number;
}

/** The point in the shape's own frame: around its centre of rotation, unrotated. */
function unrotate(p: Point, origin: Point, degrees: number | undefined): Point {
  if (degrees === undefined || degrees === 0 || !Number.isFinite(degrees)) return p;
  const r = (-degrees * Math.PI) / 180;
  const dx = p.x - origin.x;
  const dy = p.y - origin.y;
  return {
    x: origin.x + dx * Math.cos(r) - dy * Math.sin(r),
    y: origin.y + dx * Math.sin(r) + dy * Math.cos(r),
  };
}

/** Whether the point lies inside one shape (its border counts for rectangles and circles). */
export function inShape(p: Point, shape: RegionShape): boolean {
  switch (shape.type) {
    case "rectangle": {
      const centre = { x: shape.x + shape.width / 2, y: shape.y + shape.height / 2 };
      const q = unrotate(p, centre, shape.rotation);
      return (
        q.x >= shape.x &&
        q.x <= shape.x + shape.width &&
        q.y >= shape.y &&
        q.y <= shape.y + shape.height
      );
    }
    case "circle":
      return (p.x - shape.x) ** 2 + (p.y - shape.y) ** 2 <= shape.radius ** 2;
    case "ellipse": {
      if (!(shape.radiusX > 0) || !(shape.radiusY > 0)) return false;
      const q = unrotate(p, shape, shape.rotation);
      return ((q.x - shape.x) / shape.radiusX) ** 2 + ((q.y - shape.y) / shape.radiusY) ** 2 <= 1;
    }
    case "polygon": {
      // Even-odd ray casting over the flat [x0, y0, x1, y1, …] list.
      const pts = shape.points;
      let inside = false;
      for (let a = 0, b = pts.length - 2; a + 1 < pts.length; b = a, a += 2) {
        const xa = pts[a] ?? 0;
        const ya = pts[a + 1] ?? 0;
        const xb = pts[b] ?? 0;
        const yb = pts[b + 1] ?? 0;
        if (ya > p.y !== yb > p.y && p.x < ((xb - xa) * (p.y - ya)) / (yb - ya) + xa) {
          inside = !inside;
        }
      }
      return inside;
    }
  }
}

/** Whether the point is in the Region: inside one of its solid shapes and in none of its holes. */
export function inRegion(p: Point, shapes: readonly RegionShape[]): boolean {
  if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) return false;
  let inside = false;
  for (const shape of shapes) {
    if (!inShape(p, shape)) continue;
    if (shape.hole === true) return false;
    inside = true;
  }
  return inside;
}

/**
 * How many of the path's spaces (their centres, after the first: the ground it moves onto) lie in
 * any of the difficult patches.
 */
export function difficultSpaces(
  centres: readonly Point[],
  patches: readonly (readonly RegionShape[])[],
): number {
  let count = 0;
  for (const c of centres.slice(1)) {
    if (patches.some((shapes) => inRegion(c, shapes))) count += 1;
  }
  return count;
}
