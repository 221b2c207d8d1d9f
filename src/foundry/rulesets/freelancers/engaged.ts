/**
 * Who engages an attacker in melee, measured from the scene (the referee's call, never the
 * player's payload): the attacker's token and every token of an opposite disposition on its scene
 * (friendly against hostile or secret; neutral tokens are nobody's opponent), each opponent's
 * distance in meters between the spaces the two tokens occupy, its longest melee reach among its
 * weapons that are not broken, and its life state; the rules (engagedBy) decide. With no token on
 * a scene nobody engages it. The attack's plan names them as `provokedBy` when the attacker shoots
 * someone else.
 *
 * Distances are counted as the reaction check counts reach (movement/reach.ts `reachDistance`):
 * edge to edge in whole squares, a reach covering every square it spans and the next one at least
 * (a 1 m blade on a 1.5 m grid engages the adjacent square; 3 m reaches two squares).
 */
import { engagedBy } from "../../../rules/freelancers/engaged.ts";
import type { NearbyOpponent } from "../../../rules/freelancers/engaged.ts";
import { combatantId } from "../../shared/actors.ts";
import { sceneDistance } from "../../../rules/core/distance.ts";
import { reachDistance } from "../../movement/reach.ts";
import { tokenOf, tokenOn } from "../../shared/scene.ts";
import { flSystemOf, toFlWeapon } from "./adapter.ts";

/** What one square of the scene's grid measures in metres, or null when it cannot be read. */
function squareMeters(scene: Scene.Implementation): number | null {
  const { distance, units } = scene.grid;
  const square = sceneDistance(distance, { distance, units }, "m");
  return square.ok ? square.value : null;
}

/**
 * How far the target's token stands from the attacker's, in metres, on the attacker's scene, as
 * the book counts it for a weapon reaching `reach` metres (null for a ranged one): between the
 * spaces they occupy (movement/reach.ts `reachDistance`). Null without both tokens on one scene.
 */
export function flDistance(
  attacker: Actor.Implementation,
  target: Actor.Implementation,
  reach: number | null = null,
): number | null {
  const token = tokenOf(attacker);
  const scene = token?.parent ?? null;
  const other = scene === null ? null : tokenOn(scene, target);
  if (token === null || scene === null || other === null) return null;
  return reachDistance(token, other, squareMeters(scene), reach);
}

/** The reach of a melee weapon item in metres, or null for any other (what `flDistance` takes). */
export function flMeleeReach(item: Item.Implementation): number | null {
  const weapon = toFlWeapon(item);
  return weapon.kind === "melee" ? (weapon.reach ?? null) : null;
}

/** Whether two dispositions are opponents: one friendly, the other hostile or secret. */
function opposed(a: number, b: number): boolean {
  return (a > 0 && b < 0) || (a < 0 && b > 0);
}

/** The longest reach among the actor's melee weapons that can still attack, or null. */
function meleeReach(actor: Actor.Implementation): number | null {
  let best: number | null = null;
  for (const item of actor.items.contents) {
    if (item.type !== "weapon") continue;
    const weapon = toFlWeapon(item);
    if (weapon.kind !== "melee" || weapon.integrity.value <= 0) continue;
    const reach = weapon.reach ?? 0;
    best = best === null ? reach : Math.max(best, reach);
  }
  return best;
}

/** The ids (combatantId) of the opponents engaging the actor in melee, measured on its scene. */
export function flEngagedBy(attacker: Actor.Implementation): string[] {
  const token = tokenOf(attacker);
  const scene = token?.parent ?? null;
  if (token === null || scene === null) return [];
  const square = squareMeters(scene);
  const nearby: NearbyOpponent[] = [];
  for (const other of scene.tokens.contents) {
    const actor = other.actor;
    if (actor === null || other.id === token.id) continue;
    if (!opposed(token.disposition, other.disposition)) continue;
    const reach = meleeReach(actor);
    const distance = reachDistance(token, other, square, reach);
    if (distance === null) continue;
    nearby.push({
      id: combatantId(actor),
      distance,
      reach,
      life: flSystemOf(actor).life,
    });
  }
  const found = engagedBy(nearby);
  // A broken number on an opponent's sheet engages nobody rather than refusing the attack.
  return found.ok ? [...found.value] : [];
}
