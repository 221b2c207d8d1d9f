/**
 * Who sees whom on the map, for hiding and sneaking (issue 25): the scene, not the player,
 * decides whether an observer has a line of sight to someone. Read from the scene's documents
 * alone (tokens, the walls that stop sight, its light), as situation.ts reads an attack's scene:
 * - `sightBetween`: whether one token sees another (no wall that stops sight between their spaces,
 *   and the one seen does not stand in darkness, light.ts), with the sentence saying why;
 * - `foesInSight`: the tokens of the other side, still fighting, that see a token (a Freelancers
 *   hider may hide only while nobody has it in sight).
 */
import { lineOfSight } from "../../rules/scene/index.ts";
import { combatHooks } from "../combat/ruleset-hooks.ts";
import { i18n } from "../shared/env.ts";
import { tokenOf, tokenOn } from "../shared/scene.ts";
import type { SceneToken } from "../shared/scene.ts";
import { inDarkness } from "./light.ts";
import { footprintOf, wallsOf } from "./situation.ts";
import type { SceneCall } from "./situation.ts";

function nameOf(token: SceneToken): string {
  return token.name || (token.actor?.name ?? "");
}

/** Whether `observer` sees `seen` on their scene, and the sentence saying why. */
export function sightBetween(
  scene: Scene.Implementation,
  observer: SceneToken,
  seen: SceneToken,
): SceneCall<boolean> {
  const size = scene.grid.size;
  const who = { observer: nameOf(observer), target: nameOf(seen) };
  const walls = wallsOf(scene, size).sight;
  if (!lineOfSight(footprintOf(observer, size), footprintOf(seen, size), walls)) {
    return { value: false, source: i18n().format("FRAY.Scene.Source.WallHides", who) };
  }
  if (inDarkness(scene, seen)) {
    return { value: false, source: i18n().format("FRAY.Scene.Source.TargetDark", who) };
  }
  return { value: true, source: i18n().format("FRAY.Scene.Source.Sees", who) };
}

/**
 * Whether the observer's token sees the other actor's token, or null when they do not both stand
 * on the observer's scene (nothing to measure: the GM's call).
 */
export function actorSees(
  observer: Actor.Implementation,
  seen: Actor.Implementation,
): SceneCall<boolean> | null {
  const from = tokenOf(observer);
  const scene = from?.parent ?? null;
  const to = scene === null ? null : tokenOn(scene, seen);
  if (from === null || scene === null || to === null) return null;
  return sightBetween(scene, from, to);
}

/** Whether the token's actor still fights (its ruleset's `outOfFight` says nothing). */
function fights(token: SceneToken): boolean {
  const actor = token.actor;
  if (actor === null) return false;
  const out = combatHooks().outOfFight?.(actor) ?? null;
  return out === null || out.reason === "";
}

/**
 * The foes (tokens of the opposite disposition, still fighting) that see the actor's token on its
 * scene, each with its sentence; null when the actor has no token on a scene.
 */
export function foesInSight(actor: Actor.Implementation): SceneCall<boolean>[] | null {
  const token = tokenOf(actor);
  const scene = token?.parent ?? null;
  if (token === null || scene === null) return null;
  const seen: SceneCall<boolean>[] = [];
  for (const other of scene.tokens.contents) {
    if (other.id === token.id || other.disposition * token.disposition >= 0) continue;
    if (!fights(other)) continue;
    const sight = sightBetween(scene, other, token);
    if (sight.value) seen.push(sight);
  }
  return seen;
}
