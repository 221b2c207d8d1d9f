/**
 * Shapes: which targets an effect with a shape hits, from where it starts and where it points.
 * Positions are meters on the scene's plane.
 *
 * - Radius: every target within the range of the origin.
 * - Cone: from the origin toward the aim point, out to the range; at a distance d along the aim
 *   it is d wide, so at its end it is as wide as it is long (half a meter either side per meter).
 * - Line: from the origin toward the aim point, out to the range; every target in its path, the
 *   path options.shapes.lineWidth wide (the book gives no width: Fray's default 1.5 m, one
 *   person).
 * - Touch: the one target the effect touches, within options.shapes.touchReach of the origin
 *   (Fray's default 1.5 m, a melee reach). A touch lands on a hit even when the damage does not
 *   get through the armor (attack.ts, the weapon's `touch`).
 *
 * A cone or a line needs an aim point apart from the origin; a touch needs exactly one target.
 */
import { checkAllNumbers, checkNumber } from "../core/guard.ts";
import { checkChoice } from "../core/names.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { checkOptions } from "./checks.ts";
import type { FlCheckReason } from "./guard.ts";
import { FL_MAX_DISTANCE } from "./limits.ts";
import { DEFAULT_FREELANCERS_OPTIONS } from "./options.ts";
import type { FreelancersOptions } from "./options.ts";

export type ShapeKind = "cone" | "line" | "radius" | "touch";
export const SHAPE_KINDS: readonly ShapeKind[] = ["cone", "line", "radius", "touch"];

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface ShapedEffect {
  readonly kind: ShapeKind;
  /** Meters (ignored by touch, which reaches options.shapes.touchReach). */
  readonly range: number;
  readonly origin: Point;
  /** Where a cone or a line points. */
  readonly toward?: Point;
}

export interface ShapeTarget {
  readonly id: string;
  readonly at: Point;
}

export type ShapeRefusal = FlCheckReason | "noAim" | "touchOneTarget";

/** Whether one point lies in the shape (numbers assumed checked). */
function inside(effect: ShapedEffect, p: Point, options: FreelancersOptions): boolean {
  const dx = p.x - effect.origin.x;
  const dy = p.y - effect.origin.y;
  const distance = Math.hypot(dx, dy);
  if (effect.kind === "radius") return distance <= effect.range;
  if (effect.kind === "touch") return distance <= options.shapes.touchReach;
  const aim = effect.toward ?? effect.origin;
  const ax = aim.x - effect.origin.x;
  const ay = aim.y - effect.origin.y;
  const length = Math.hypot(ax, ay);
  // Along the aim, and across it.
  const along = (dx * ax + dy * ay) / length;
  const across = Math.abs(dx * ay - dy * ax) / length;
  if (along < 0 || along > effect.range) return false;
  return effect.kind === "cone" ? across <= along / 2 : across <= options.shapes.lineWidth / 2;
}

/** The ids of the targets the shaped effect hits, in the order given. */
export function targetsInShape(
  effect: ShapedEffect,
  targets: readonly ShapeTarget[],
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): Result<readonly string[], ShapeRefusal> {
  // Positions within FL_MAX_DISTANCE of the scene's origin: every distance between them is finite.
  const position = { min: -FL_MAX_DISTANCE, max: FL_MAX_DISTANCE };
  const bad =
    checkOptions(options) ??
    checkChoice("shape.kind", effect.kind, SHAPE_KINDS) ??
    checkNumber("shape.range", effect.range, { min: 0, max: FL_MAX_DISTANCE }) ??
    checkAllNumbers("shape", effect, position) ??
    checkAllNumbers("targets", targets, position);
  if (bad) return bad;
  if (effect.kind === "cone" || effect.kind === "line") {
    const aim = effect.toward;
    if (aim === undefined || (aim.x === effect.origin.x && aim.y === effect.origin.y)) {
      return refuse("noAim");
    }
  }
  const hit = targets.filter((t) => inside(effect, t.at, options)).map((t) => t.id);
  if (effect.kind === "touch" && hit.length > 1) return refuse("touchOneTarget");
  return ok(hit);
}
