/**
 * Finding the actors a ruleset's actions are about: the user's targets, the distance between two
 * tokens, whether a target is within reach at all (in the attacker's combat or on its scene), and
 * the id an update is addressed to (a token's own actor by uuid, others by id).
 */

import { sceneDistance } from "../../rules/core/distance.ts";
import { refuse } from "../../rules/core/result.ts";
import type { Refusal } from "../../rules/core/result.ts";
import type { DistanceUnit } from "../../rules/core/distance.ts";
import { fightOf } from "../combat/ledger.ts";
import { standInCenter } from "./scene.ts";

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
  // The ruler's odds measure the token where it would stand (scene.ts asIfStandingAt).
  const start = standInCenter(from.document) ?? from.center;
  const measured = board.grid.measurePath([start, to.center], {}).distance;
  const result = sceneDistance(
    measured,
    { distance: board.grid.distance, units: board.grid.units },
    unit,
  );
  return result.ok ? result.value : null;
}

interface SceneLike {
  readonly id: string | null;
  readonly tokens: { readonly contents: readonly unknown[] };
}

/** The world's scenes (core's collection's `contents`). */
function worldScenes(): readonly SceneLike[] {
  const scenes = (game as { scenes?: { contents: readonly unknown[] } | null }).scenes;
  return (scenes?.contents ?? []) as readonly SceneLike[];
}

/**
 * The ids of the scenes the actor stands on: a token's own actor on its token's scene, a world
 * actor on every scene holding a token linked to it (core's TokenDocument `actorId`, `actorLink`).
 */
export function scenesOf(actor: Actor.Implementation): Set<string> {
  if (actor.isToken) {
    const scene = actor.token?.parent?.id;
    return new Set(typeof scene === "string" ? [scene] : []);
  }
  const found = new Set<string>();
  for (const scene of worldScenes()) {
    for (const token of scene.tokens.contents) {
      const { actorId, actorLink } = token as { actorId?: string | null; actorLink?: boolean };
      if (actorLink === true && actorId === actor.id && scene.id !== null) found.add(scene.id);
    }
  }
  return found;
}

/**
 * Whether `attacker` can aim at `target` at all: the target fights in the started combat the
 * attacker fights in (combat/ledger.ts `fightOf`), or stands on a scene the attacker stands on.
 * An actor id with no token anywhere near is not a target.
 */
export function withinReach(attacker: Actor.Implementation, target: Actor.Implementation): boolean {
  const mine = fightOf(attacker);
  if (mine !== null && fightOf(target)?.combat.id === mine.combat.id) return true;
  const here = scenesOf(attacker);
  return [...scenesOf(target)].some((id) => here.has(id));
}

/** Refuses a target not `withinReach` of the actor ("targetNotHere", naming the target). */
export function checkWithinReach(
  actor: Actor.Implementation,
  target: Actor.Implementation,
): Refusal<"targetNotHere"> | null {
  return withinReach(actor, target) ? null : refuse("targetNotHere", { target: target.name });
}

/**
 * The weapon an actor fights with where no one chose one (the encounter simulator): its first
 * weapon item that `usable` allows, read for the rules, or `bare` (its fists) when it has none.
 */
export function firstWeaponOr<W>(
  actor: Actor.Implementation,
  read: (item: Item.Implementation) => W,
  bare: () => W,
  usable: (item: Item.Implementation) => boolean = () => true,
): W {
  const item = actor.items.contents.find((i) => i.type === "weapon" && usable(i));
  return item === undefined ? bare() : read(item);
}
