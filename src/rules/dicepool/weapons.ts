/**
 * A weapon knocked away by a disarm comes back in two steps: picking it up (a Free action), then
 * readying it (a Simple action). Until it is ready it cannot attack (attack.ts refuses
 * "weapon-dropped"). The combatant's `droppedWeaponId` names the weapon on the ground or in hand
 * but not ready; `pickedUp` says which of the two it is (the shell keeps it beside the
 * combatant). The action each step costs is the action table's (actions.ts: pickUpWeapon,
 * readyWeapon).
 *
 * Where the book is silent: an incapacitated or dead character does neither; a weapon picked up
 * and knocked away again must be picked up again (a new disarm leaves it on the ground).
 */
import type { Checked } from "../core/checked.ts";
import { checkChoice } from "../core/names.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { checkDicepoolCombatant } from "./check.ts";
import type { StateRefusal } from "./check.ts";
import { changedCombatant } from "./combatant.ts";
import type { DicepoolCombatant } from "./model.ts";

export type WeaponStepRefusal =
  | StateRefusal
  | "attacker-incapacitated"
  | "nothing-dropped"
  | "already-picked-up"
  | "not-picked-up";

/** A combatant and whether its dropped weapon is in hand (picked up, not ready). */
export interface WeaponInHand {
  readonly combatant: Checked<DicepoolCombatant>;
  readonly pickedUp: boolean;
}

/** The combatant and the flag, checked; refused when it cannot act or has nothing dropped. */
function checkStep(
  c: DicepoolCombatant,
  pickedUp: boolean,
): Result<Checked<DicepoolCombatant>, WeaponStepRefusal> {
  const bad = checkChoice("pickedUp", pickedUp, [true, false]);
  if (bad) return bad;
  const checked = checkDicepoolCombatant("combatant", c);
  if (!checked.ok) return checked;
  if (checked.value.dead || checked.value.incapacitated !== null) {
    return refuse("attacker-incapacitated");
  }
  if (checked.value.droppedWeaponId === null) return refuse("nothing-dropped");
  return checked;
}

/** Picks the dropped weapon up: in hand, not yet ready. */
export function pickUpWeapon(
  c: DicepoolCombatant,
  pickedUp: boolean,
): Result<WeaponInHand, WeaponStepRefusal> {
  const checked = checkStep(c, pickedUp);
  if (!checked.ok) return checked;
  if (pickedUp) return refuse("already-picked-up");
  return ok({ combatant: checked.value, pickedUp: true });
}

/** Readies the weapon picked up: it attacks again. */
export function readyWeapon(
  c: DicepoolCombatant,
  pickedUp: boolean,
): Result<WeaponInHand, WeaponStepRefusal> {
  const checked = checkStep(c, pickedUp);
  if (!checked.ok) return checked;
  if (!pickedUp) return refuse("not-picked-up");
  return ok({
    combatant: changedCombatant(checked.value, { droppedWeaponId: null }),
    pickedUp: false,
  });
}
