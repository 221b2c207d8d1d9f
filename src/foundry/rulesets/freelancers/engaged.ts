/**
 * Who engages an attacker in melee, measured from the scene (the referee's call, never the
 * player's payload): the attacker's token and every token of an opposite disposition on its scene
 * (friendly against hostile or secret; neutral tokens are nobody's opponent), each opponent's
 * distance in meters on the scene's grid, its longest melee reach among its weapons that are not
 * broken, and its life state; the rules (engagedBy) decide. With no token on a scene nobody
 * engages it. The attack's plan names them as `provokedBy` when the attacker shoots someone else.
 */
import { engagedBy } from "../../../rules/freelancers/engaged.ts";
import type { NearbyOpponent } from "../../../rules/freelancers/engaged.ts";
import { combatantId } from "../../shared/actors.ts";
import { centerOf, distanceOn, tokenOf } from "../../shared/scene.ts";
import { flSystemOf, toFlWeapon } from "./adapter.ts";

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
  const from = centerOf(token);
  const nearby: NearbyOpponent[] = [];
  for (const other of scene.tokens.contents) {
    const actor = other.actor;
    if (actor === null || other.id === token.id) continue;
    if (!opposed(token.disposition, other.disposition)) continue;
    const distance = distanceOn(scene, from, centerOf(other), "m");
    if (distance === null) continue;
    nearby.push({
      id: combatantId(actor),
      distance,
      reach: meleeReach(actor),
      life: flSystemOf(actor).life,
    });
  }
  const found = engagedBy(nearby);
  // A broken number on an opponent's sheet engages nobody rather than refusing the attack.
  return found.ok ? [...found.value] : [];
}
