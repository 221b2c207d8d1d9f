/**
 * What every ruleset's attack workflow checks the same way: one weapon, one target.
 */
import { ok, refuse } from "../../rules/core/result.ts";
import type { Refusal } from "../../rules/core/result.ts";

/**
 * The one targeted actor of an attack with a weapon, or why there is none: the item is not a
 * weapon, nothing is targeted, or more than one token is.
 */
export function singleTarget(
  weaponItem: Item.Implementation,
  targets: readonly Actor.Implementation[],
):
  | { ok: true; value: Actor.Implementation }
  | Refusal<"notAWeapon" | "noTarget" | "tooManyTargets"> {
  if (weaponItem.type !== "weapon") return refuse("notAWeapon");
  const target = targets[0];
  if (target === undefined) return refuse("noTarget");
  if (targets.length > 1) return refuse("tooManyTargets");
  return ok(target);
}
