/**
 * The map as the referee measures it: an actor's token and scene, and distances between points
 * of a scene (whom an actor may target at all is shared/actors.ts `withinReach`; who stands in
 * an area, scene/areas.ts). Everything is read from the scene's documents (its tokens and its
 * grid, core v13's `Scene#grid`), never from the canvas, so the active GM measures the same
 * whatever scene its own canvas shows.
 */
import { sceneDistance } from "../../rules/core/distance.ts";
import type { DistanceUnit } from "../../rules/core/distance.ts";
import { fightOf } from "../combat/ledger.ts";

/** A point of a scene, in pixels. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

export type SceneToken = TokenDocument.Implementation;

/**
 * The token the actor stands on the map with, or null: a token actor's own token; a world
 * actor's token linked to it, on the scene of the combat it fights in when it has one there.
 */
export function tokenOf(actor: Actor.Implementation): SceneToken | null {
  if (actor.isToken) return actor.token ?? null;
  const linked = actor.getDependentTokens({ linked: true });
  const fightScene = fightOf(actor)?.combat.scene?.id ?? null;
  return linked.find((t) => t.parent?.id === fightScene) ?? linked[0] ?? null;
}

/** The actor's token on this scene, or null. */
export function tokenOn(
  scene: Scene.Implementation,
  actor: Actor.Implementation,
): SceneToken | null {
  if (actor.isToken) return actor.token?.parent?.id === scene.id ? actor.token : null;
  return actor.getDependentTokens({ scenes: [scene], linked: true })[0] ?? null;
}

/**
 * A token measured as if it stood elsewhere (the ruler's odds, scene/ruler-odds.ts): while
 * `asIfStandingAt` runs, every measure of this module and the scene's (`positionOf`, `centerOf`)
 * reads that token at the given top-left point, so a ruleset's own odds see the waypoint without
 * the token document being moved. Synchronous, and restored when the run ends.
 */
let standIn: { readonly token: SceneToken; readonly at: Point } | null = null;

function standsIn(token: SceneToken): Point | null {
  if (standIn === null) return null;
  const same = standIn.token.id === token.id && standIn.token.parent?.id === token.parent?.id;
  return same ? standIn.at : null;
}

/** Runs `run` with the token measured as if its top-left stood at `at` (pixels). */
export function asIfStandingAt<T>(token: SceneToken, at: Point, run: () => T): T {
  const before = standIn;
  standIn = { token, at: { x: at.x, y: at.y } };
  try {
    return run();
  } finally {
    standIn = before;
  }
}

/** Where the token stands in for the run of `asIfStandingAt` (its centre), or null. */
export function standInCenter(token: SceneToken): Point | null {
  return standsIn(token) === null ? null : centerOf(token);
}

/** A token's top-left corner, in pixels (where `asIfStandingAt` puts it, while it runs). */
export function positionOf(token: SceneToken): Point {
  return standsIn(token) ?? { x: token.x, y: token.y };
}

/** A token's centre, in pixels (core `TokenDocument#getCenterPoint`, at a stand-in position). */
export function centerOf(token: SceneToken): Point {
  const at = standsIn(token);
  const { x, y } = at === null ? token.getCenterPoint() : token.getCenterPoint(at);
  return { x, y };
}

/**
 * How far apart two points of a scene are, in the unit a rule wants (feet by default): the
 * scene's grid measures the path in its own units, `sceneDistance` turns them into the unit (a
 * scene with default units counts spaces). Null when the scene's units cannot be read.
 */
export function distanceOn(
  scene: Scene.Implementation,
  from: Point,
  to: Point,
  unit: DistanceUnit = "ft",
): number | null {
  const grid = scene.grid;
  const measured = grid.measurePath([from, to], {}).distance;
  const result = sceneDistance(measured, { distance: grid.distance, units: grid.units }, unit);
  return result.ok ? result.value : null;
}

/** Whether two tokens of a scene stand next to each other (one space apart or less). */
export function adjacent(scene: Scene.Implementation, a: SceneToken, b: SceneToken): boolean {
  return scene.grid.measurePath([centerOf(a), centerOf(b)], {}).distance <= scene.grid.distance;
}

/** How far apart two actors' tokens are on the first one's scene, or null when not measurable. */
export function distanceBetween(
  from: Actor.Implementation,
  to: Actor.Implementation,
  unit: DistanceUnit = "ft",
): number | null {
  const token = tokenOf(from);
  const scene = token?.parent ?? null;
  const other = scene === null ? null : tokenOn(scene, to);
  if (token === null || scene === null || other === null) return null;
  return distanceOn(scene, centerOf(token), centerOf(other), unit);
}
