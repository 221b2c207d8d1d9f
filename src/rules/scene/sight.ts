/**
 * Cover and line of sight from walls, measured with rays as Draw Steel measures line of effect
 * and the d20 games measure cover: from each corner of the attacker's footprint to each corner of
 * the target's (inset a little, geometry.ts INSET), a ray is blocked when it meets a wall.
 *
 * - Cover: the attacker picks its best corner (the one with the fewest blocked rays to the
 *   target's four corners); none of the four blocked is no cover, one or two light, three heavy,
 *   all four full. Each ruleset maps the level to its own words (Worldlines half/full, WWN half/
 *   almost full, the dice pool light/medium/full).
 * - Line of sight: at least one ray, from any corner to any corner, meets no wall.
 *
 * Which walls count is the caller's: walls that stop movement give cover (a window gives cover
 * yet lets you see), walls that stop sight hide (a curtain hides without covering).
 */
import { insetCorners, segmentsMeet } from "./geometry.ts";
import type { Footprint, Point, Segment } from "./geometry.ts";

export type CoverLevel = "none" | "light" | "heavy" | "full";

export const COVER_LEVELS: readonly CoverLevel[] = ["none", "light", "heavy", "full"];

export interface CoverMeasure {
  readonly level: CoverLevel;
  /** Rays from the attacker's best corner that a wall blocks, of `rays`. */
  readonly blocked: number;
  readonly rays: number;
}

/** The walls that can meet a ray between the two footprints: those crossing their joint box. */
function wallsBetween(a: Footprint, b: Footprint, walls: readonly Segment[]): Segment[] {
  const minX = Math.min(a.x, b.x);
  const minY = Math.min(a.y, b.y);
  const maxX = Math.max(a.x + a.width, b.x + b.width);
  const maxY = Math.max(a.y + a.height, b.y + b.height);
  const near: Segment[] = [];
  for (const w of walls) {
    if (Math.max(w.x0, w.x1) < minX || Math.min(w.x0, w.x1) > maxX) continue;
    if (Math.max(w.y0, w.y1) < minY || Math.min(w.y0, w.y1) > maxY) continue;
    near.push(w);
  }
  return near;
}

function blocked(from: Point, to: Point, walls: readonly Segment[]): boolean {
  for (const w of walls) {
    if (segmentsMeet(from.x, from.y, to.x, to.y, w.x0, w.y0, w.x1, w.y1)) return true;
  }
  return false;
}

/** The cover level for a number of blocked rays out of four. */
export function coverLevel(blockedRays: number, rays = 4): CoverLevel {
  if (blockedRays <= 0) return "none";
  if (blockedRays >= rays) return "full";
  return blockedRays * 2 <= rays ? "light" : "heavy";
}

/**
 * The cover the walls give the target against the attacker. More walls never give less cover;
 * full cover is exactly no line of sight through the same walls.
 */
export function coverBetween(
  attacker: Footprint,
  target: Footprint,
  walls: readonly Segment[],
): CoverMeasure {
  const near = wallsBetween(attacker, target, walls);
  const targetCorners = insetCorners(target);
  const rays = targetCorners.length;
  if (near.length === 0) return { level: "none", blocked: 0, rays };
  let best = rays;
  for (const from of insetCorners(attacker)) {
    let count = 0;
    for (const to of targetCorners) {
      if (blocked(from, to, near)) count += 1;
      if (count >= best) break;
    }
    best = Math.min(best, count);
    if (best === 0) break;
  }
  return { level: coverLevel(best, rays), blocked: best, rays };
}

/** Whether any corner of one footprint sees any corner of the other past the walls. */
export function lineOfSight(a: Footprint, b: Footprint, walls: readonly Segment[]): boolean {
  const near = wallsBetween(a, b, walls);
  if (near.length === 0) return true;
  const to = insetCorners(b);
  for (const from of insetCorners(a)) {
    for (const corner of to) if (!blocked(from, corner, near)) return true;
  }
  return false;
}

/** A light on the map: its centre and how far (in spaces) it lights at least dimly. */
export interface Light {
  readonly x: number;
  readonly y: number;
  readonly radius: number;
}

/**
 * Whether a point is lit by any of the lights: within a light's radius, with no wall that stops
 * light between the light and the point (a light's own `walls`-free kind is the caller's: pass
 * no walls for it).
 */
export function litBy(point: Point, lights: readonly Light[], walls: readonly Segment[]): boolean {
  for (const light of lights) {
    if (!(Math.hypot(point.x - light.x, point.y - light.y) <= light.radius)) continue;
    if (!blocked(light, point, walls)) return true;
  }
  return false;
}
