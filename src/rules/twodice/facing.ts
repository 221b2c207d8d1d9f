/**
 * Turning to fire. A shooter that has to turn more than 90° to fire shoots with its weapon's
 * Defense in place of its Attack, as one that moved does (attack.ts, the situation's `moved`).
 * Which way a fighter faces is its token's rotation on the map, in degrees as core counts it: 0
 * faces down the map, and the angle grows clockwise (90 faces left, 180 up).
 *
 * - `turnBetween`: how far apart two headings are (0 to 180°, whichever way is shorter).
 * - `bearingOf`: the heading that faces from one point to another.
 * - `turnsToFire`: the shooter turned more than 90° this turn (its heading now against its heading
 *   when the turn began), or must turn more than that to face its target from the heading it began
 *   the turn with.
 *
 * Where the page is silent: the turn is counted from the heading the shooter began the turn with,
 * so turning in two small steps of 60° counts as one of 120°; a target on the shooter's own point
 * needs no turn.
 */
import { checkNumber } from "../core/guard.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import type { NumberRefusalReason } from "../core/guard.ts";
import type { MapPoint } from "./turn-end.ts";

/** A heading in degrees (any turn of the circle a token may be stored with). */
const DEGREES = { min: -1e6, max: 1e6 } as const;
/** A coordinate: any finite pixel a scene may have. */
const COORDINATE = { min: -1e7, max: 1e7 } as const;

/** How far apart two headings are, in degrees: 0 to 180. */
export function turnBetween(a: number, b: number): number {
  const d = Math.abs((((a - b) % 360) + 360) % 360);
  return d > 180 ? 360 - d : d;
}

/** The heading (core's token rotation) that faces from `from` to `to`; 0 on the same point. */
export function bearingOf(from: MapPoint, to: MapPoint): number {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  if (dx === 0 && dy === 0) return 0;
  return (Math.atan2(dy, dx) * 180) / Math.PI - 90;
}

/** The shooter's headings: when its turn began, and now. */
export interface Facing {
  readonly atTurnStart: number;
  readonly now: number;
}

/**
 * Whether the shooter turns more than 90° to fire at the target this turn (see the file's
 * comment): from its point `from` at the target's point `to`.
 */
export function turnsToFire(
  facing: Facing,
  from: MapPoint,
  to: MapPoint,
): Result<boolean, NumberRefusalReason> {
  const bad =
    checkNumber("facing.atTurnStart", facing.atTurnStart, DEGREES) ??
    checkNumber("facing.now", facing.now, DEGREES) ??
    checkNumber("from.x", from.x, COORDINATE) ??
    checkNumber("from.y", from.y, COORDINATE) ??
    checkNumber("to.x", to.x, COORDINATE) ??
    checkNumber("to.y", to.y, COORDINATE);
  if (bad) return bad;
  if (turnBetween(facing.atTurnStart, facing.now) > 90) return ok(true);
  if (from.x === to.x && from.y === to.y) return ok(false);
  return ok(turnBetween(facing.atTurnStart, bearingOf(from, to)) > 90);
}
