/**
 * Finding the actors a ruleset's actions are about: the user's targets, the distance between two
 * tokens, and the id an update is addressed to (a token's own actor by uuid, others by id).
 */

import { sceneDistance } from "../../rules/core/distance.ts";
import type { DistanceUnit } from "../../rules/core/distance.ts";

/** The id the rules address an actor by: a token's own actor by its uuid, others by id. */
export function combatantId(actor: Actor.Implementation): string {
  return actor.isToken ? actor.uuid : (actor.id ?? "");
}

/** Finds the actor an update is addressed to (see combatantId). */
export type ActorResolver = (actorId: string) => Actor.Implementation | null | undefined;

export function resolveActor(actorId: string): Actor.Implementation | null {
  if (actorId.includes(".")) {
    const found = fromUuidSync(actorId as `Actor.${string}`) as unknown;
    return found instanceof Actor ? (found as Actor.Implementation) : null;
  }
  return game.actors?.get(actorId) ?? null;
}

/** The actors of the user's targeted tokens. */
export function targetedActors(): Actor.Implementation[] {
  const targets = (
    game.user as unknown as { targets?: Iterable<{ actor: Actor.Implementation | null }> }
  ).targets;
  if (targets === undefined) return [];
  return Array.from(targets)
    .map((token) => token.actor)
    .filter((actor): actor is Actor.Implementation => actor !== null);
}

/**
 * How far the actor's token is from the target's on the canvas, in the unit a rule wants (feet
 * by default), or null without a canvas or a token. Core measures in the scene's grid units;
 * `sceneDistance` turns that into feet, metres or spaces, so a scene with default units (which
 * counts squares) is not read as feet.
 */
export function canvasDistance(
  actor: Actor.Implementation,
  target: Actor.Implementation,
  unit: DistanceUnit = "ft",
): number | null {
  const board = (globalThis as { canvas?: foundry.canvas.Canvas | null }).canvas;
  if (board?.ready !== true || board.grid === null) return null;
  const from = actor.getActiveTokens()[0];
  const to = target.getActiveTokens()[0];
  if (from === undefined || to === undefined) return null;
  const measured = board.grid.measurePath([from.center, to.center], {}).distance;
  const result = sceneDistance(
    measured,
    { distance: board.grid.distance, units: board.grid.units },
    unit,
  );
  return result.ok ? result.value : null;
}
