/**
 * The GM's calls that the scene can measure, made by the referee from the scene's documents
 * (shared/scene.ts), never taken from a player's payload:
 * - the range band of a ranged or thrown attack, from the distance between the two tokens and the
 *   weapon's range profile (beyond its extreme band, the attack is refused);
 * - whether the target is flanked: engaged (in the next space) by two of the attacker's side
 *   (tokens of the attacker's disposition, the attacker among them, standing and fighting) from
 *   opposite sides;
 * - who is in a grenade's blast (`inBlast`: every token within the radius of the point of impact;
 *   the one place that decides it, for a Region to take over later).
 * When the scene cannot measure (a token missing), the player's own choice stands; a GM's
 * declaration is the GM's call and stands as declared.
 */
import { refuse } from "../../../rules/core/result.ts";
import type { Refusal } from "../../../rules/core/result.ts";
import type { AttackSituation } from "../../../rules/worldlines/index.ts";
import {
  adjacent,
  centerOf,
  distanceOn,
  tokenOf,
  tokenOn,
  tokensWithin,
} from "../../shared/scene.ts";
import type { Point, SceneToken } from "../../shared/scene.ts";
import { bandForDistance, bandReach } from "./adapter.ts";
import type { WorldlinesActorSystem } from "./adapter.ts";
import { DEFAULT_BAND_FEET } from "./data.ts";

/** Opposite sides: the two flankers' directions from the target at least this far apart. */
const OPPOSITE_COSINE = -0.9;

/** A token whose actor still fights (its life state "active"). */
function fights(token: SceneToken): boolean {
  const system = token.actor?.system as unknown as Partial<WorldlinesActorSystem> | undefined;
  return system?.life === "active";
}

function opposite(target: Point, a: Point, b: Point): boolean {
  const u = { x: a.x - target.x, y: a.y - target.y };
  const v = { x: b.x - target.x, y: b.y - target.y };
  const lengths = Math.hypot(u.x, u.y) * Math.hypot(v.x, v.y);
  return lengths > 0 && (u.x * v.x + u.y * v.y) / lengths <= OPPOSITE_COSINE;
}

/** Whether the target's token is engaged from opposite sides by the attacker's side. */
export function flankedOnScene(attacker: SceneToken, target: SceneToken): boolean {
  const scene = target.parent;
  if (scene === null) return false;
  const at = centerOf(target);
  const engaging = scene.tokens.contents
    .filter((t) => t.id !== target.id && t.disposition === attacker.disposition && fights(t))
    .filter((t) => adjacent(scene, t, target))
    .map((t) => centerOf(t));
  return engaging.some((a, i) => engaging.slice(i + 1).some((b) => opposite(at, a, b)));
}

/** The attack's situation with the calls the scene measures, or why the attack cannot be made. */
export function measuredSituation<S extends AttackSituation>(
  attackerActor: Actor.Implementation,
  targetActor: Actor.Implementation,
  weaponItem: Item.Implementation,
  situation: S,
): S | Refusal {
  const from = tokenOf(attackerActor);
  const scene = from?.parent ?? null;
  const to = scene === null ? null : tokenOn(scene, targetActor);
  if (from === null || scene === null || to === null) return situation;
  const { range: _range, flanked: _flanked, ...rest } = situation;
  const flanked = flankedOnScene(from, to) ? { flanked: true } : {};
  const kind = (weaponItem.system as unknown as { kind?: string }).kind;
  if (kind === "melee") return { ...rest, ...flanked } as S;
  const feet = distanceOn(scene, centerOf(from), centerOf(to));
  if (feet === null) return situation;
  const reach = bandReach(weaponItem, DEFAULT_BAND_FEET);
  const range = bandForDistance(reach, feet);
  if (range === null) {
    return refuse("outOfRange", { feet: Math.round(feet), reach: reach.extreme });
  }
  return { ...rest, ...flanked, range } as S;
}

/**
 * The tokens a blast of this radius (in feet) catches around the point of impact: every token on
 * the scene whose centre is within it. The GM's measure; a Region's test can replace it here.
 */
export function inBlast(
  scene: Scene.Implementation,
  impact: Point,
  radiusFeet: number,
): SceneToken[] {
  return tokensWithin(scene, impact, radiusFeet, "ft");
}
