/**
 * What a player may claim against the scene. The referee measures the scene itself
 * (situation.ts); a claim the scene contradicts in the claimant's favour (less cover than the
 * walls give, a flank nobody stands for, no foe at hand when one stands there) is refused with
 * the scene's own sentence ("The scene says otherwise: Full cover: a wall stands between you and
 * Vex."), and nothing happens. A claim against the claimant's own interest (more cover than the
 * walls give: a crate the map does not draw) stays: the book leaves it to judgement.
 */
import { refuse } from "../../rules/core/result.ts";
import type { Refusal, Result } from "../../rules/core/result.ts";
import type { CoverLevel } from "../../rules/scene/index.ts";
import type { SceneCall, SceneSituation } from "./situation.ts";

/** The scene's refusal of a claim: the shared reason, with the scene's sentence. */
export function sceneSays(call: SceneCall<unknown>): Refusal {
  return refuse("sceneSays", { source: call.source });
}

/**
 * A level the scene sets a floor to (cover): the claim when it is at least the scene's level in
 * `order`, the scene's level when nothing is claimed, else the scene's refusal.
 */
export function atLeastScene<T>(
  call: SceneCall<T>,
  claimed: T | undefined,
  order: readonly T[],
): Result<T> {
  if (claimed === undefined) return { ok: true, value: call.value };
  return order.indexOf(claimed) >= order.indexOf(call.value)
    ? { ok: true, value: claimed }
    : sceneSays(call);
}

/**
 * A fact the scene decides that helps the claimant when true (flanked, within reach): the scene's
 * value; a claim of true where the scene says false is refused.
 */
export function sceneHelps(
  call: SceneCall<boolean>,
  claimed: boolean | undefined,
): Result<boolean> {
  return claimed === true && !call.value ? sceneSays(call) : { ok: true, value: call.value };
}

/**
 * A fact the scene decides that hinders the claimant when true (a foe at hand, an unseen target):
 * true when the scene says so (a claim of false is then refused), else the claim (other causes
 * the map does not draw, such as fog, stay the player's and the GM's call).
 */
export function sceneHinders(
  call: SceneCall<boolean>,
  claimed: boolean | undefined,
): Result<boolean> {
  if (!call.value) return { ok: true, value: claimed ?? false };
  return claimed === false ? sceneSays(call) : { ok: true, value: true };
}

/**
 * The scene's cover in a book's own words (`words` maps each level the walls give to it), or null
 * when the book has no word for that level (no line to the target at all: the attack is refused).
 */
export function coverIn<T>(
  scene: SceneSituation,
  words: Readonly<Partial<Record<CoverLevel, T>>>,
): SceneCall<T> | null {
  const value = words[scene.cover.value];
  return value === undefined ? null : { value, source: scene.cover.source };
}

/** The refusal of an attack the walls leave no line to. */
export function noLineOfAttack(scene: SceneSituation): Refusal {
  return refuse("noLineOfAttack", { source: scene.cover.source });
}
