/**
 * The GM's calls that the scene can measure, made by the referee from the scene's documents
 * (shared/scene.ts), never taken from a player's payload:
 * - the range band of a ranged or thrown attack, from the distance between the two tokens and the
 *   weapon's range profile (beyond its extreme band, the attack is refused);
 * - what the scene decides of the situation (scene.ts: cover from walls, flanked, poor
 *   visibility behind a wall that stops sight), the player's claims bounded by it or refused.
 * Who is in a grenade's blast is scene/area-effect.ts's (table/gear.ts).
 * When the scene cannot measure (a token missing), the player's own choice stands; a GM's
 * declaration is the GM's call and stands as declared.
 */
import { refuse } from "../../../rules/core/result.ts";
import type { Refusal } from "../../../rules/core/result.ts";
import type { AttackSituation, RangeBand } from "../../../rules/worldlines/index.ts";
import { centerOf, distanceOn, tokenOf, tokenOn } from "../../shared/scene.ts";
import { bandForDistance, bandReach } from "./adapter.ts";
import { DEFAULT_BAND_FEET } from "./data.ts";
import { settleAgainstScene, worldlinesScene, worldlinesSceneCalls } from "./scene.ts";
import type { SceneCallEntry } from "../../scene/card-calls.ts";

/** The attack's situation with the calls the scene measures, or why the attack cannot be made. */
export function measuredSituation<S extends AttackSituation>(
  attackerActor: Actor.Implementation,
  targetActor: Actor.Implementation,
  weaponItem: Item.Implementation,
  situation: S,
): S | Refusal {
  const measured = measuredWithCalls(attackerActor, targetActor, weaponItem, situation, "");
  return "ok" in measured ? measured : measured.situation;
}

/**
 * measuredSituation, with the GM's card's lines of the situation (scene.ts worldlinesSceneCalls:
 * what the scene said, what `claimant` claimed); none when the scene could not measure.
 */
export function measuredWithCalls<S extends AttackSituation>(
  attackerActor: Actor.Implementation,
  targetActor: Actor.Implementation,
  weaponItem: Item.Implementation,
  situation: S,
  claimant: string,
): { situation: S; calls: SceneCallEntry[] } | Refusal {
  const from = tokenOf(attackerActor);
  const scene = from?.parent ?? null;
  const to = scene === null ? null : tokenOn(scene, targetActor);
  if (from === null || scene === null || to === null) return { situation, calls: [] };
  const kind = (weaponItem.system as unknown as { kind?: string }).kind;
  const measured = worldlinesScene(attackerActor, targetActor);
  const settled = measured === null ? situation : settleAgainstScene(measured, situation);
  if ("ok" in settled) return settled;
  const calls =
    measured === null ? [] : worldlinesSceneCalls(measured, situation, settled, claimant);
  const { range: _range, ...rest } = settled;
  if (kind === "melee") return { situation: rest as S, calls };
  const range = bandAt(distanceOn(scene, centerOf(from), centerOf(to)), weaponItem);
  if (range === null) return { situation, calls };
  if (typeof range === "object") return range;
  return { situation: { ...rest, range } as S, calls };
}

/**
 * The range band of a shot over `feet` with the weapon, the refusal beyond its extreme band, or
 * null when the distance could not be measured.
 */
export function bandAt(
  feet: number | null,
  weaponItem: Item.Implementation,
): RangeBand | Refusal | null {
  if (feet === null) return null;
  const reach = bandReach(weaponItem, DEFAULT_BAND_FEET);
  const range = bandForDistance(reach, feet);
  return range ?? refuse("outOfRange", { feet: Math.round(feet), reach: reach.extreme });
}
