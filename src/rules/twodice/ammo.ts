/**
 * Ammunition, by weapon Type. A capacity weapon (C, Cn) spends one round a shot and must be
 * reloaded when it has none. An automatic weapon (An) never counts single shots; full Auto makes
 * two attacks, and each attack whose black die shows more than n empties the magazine after that
 * attack (so a first attack that empties it gets no second). The first turn of Auto after a
 * reload skips that check. Reloading takes an action; every weapon starts a fight reloaded.
 *
 * Where the page is silent:
 * - An emptied automatic weapon fires nothing, single shots included, until reloaded.
 * - Only an automatic weapon fires full Auto; a weapon without a Type needs no reload.
 */
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { loadedAmmo } from "./model.ts";
import type { AmmoState, TwodiceWeapon } from "./model.ts";

export type AmmoRefusal = "mustReload" | "notAutomatic" | "nothingToReload";

/** The one "yes" of checkCanFire (a Result is read-only data: no copy per shot). */
const CAN_FIRE: Result<true, AmmoRefusal> = ok(true);

/** Whether the weapon can fire now (auto: whether it may fire full Auto). */
export function checkCanFire(weapon: TwodiceWeapon, auto: boolean): Result<true, AmmoRefusal> {
  if (auto && weapon.type.kind !== "auto") return refuse("notAutomatic", { weapon: weapon.name });
  if (weapon.type.kind === "capacity" && weapon.ammo.rounds < 1) {
    return refuse("mustReload", { weapon: weapon.name });
  }
  if (weapon.type.kind === "auto" && weapon.ammo.empty) {
    return refuse("mustReload", { weapon: weapon.name });
  }
  return CAN_FIRE;
}

/**
 * The ammunition after one single shot. An empty capacity weapon cannot fire: refused, as
 * checkCanFire refuses it, rather than left with −1 rounds.
 */
export function afterSingleShot(weapon: TwodiceWeapon): Result<AmmoState, AmmoRefusal> {
  if (weapon.type.kind !== "capacity") return ok(weapon.ammo);
  if (!(weapon.ammo.rounds >= 1)) return refuse("mustReload", { weapon: weapon.name });
  const { empty, fresh } = weapon.ammo;
  return ok({ rounds: weapon.ammo.rounds - 1, empty, fresh });
}

/** Whether this Auto attack's black die empties the magazine (never on a fresh magazine). */
export function autoEmpties(weapon: TwodiceWeapon, black: number): boolean {
  if (weapon.type.kind !== "auto" || weapon.ammo.fresh) return false;
  return black > weapon.type.threshold;
}

/** The ammunition after a turn of Auto whose attacks showed these black dice. */
export function afterAutoTurn(weapon: TwodiceWeapon, blacks: readonly number[]): AmmoState {
  let empty = false;
  for (let i = 0; i < blacks.length; i++)
    if (autoEmpties(weapon, blacks[i] as number)) empty = true;
  return { rounds: weapon.ammo.rounds, empty, fresh: false };
}

/** Reloading (one action): full again, and the next turn of Auto skips the check. */
export function reload(weapon: TwodiceWeapon): Result<AmmoState, AmmoRefusal> {
  if (weapon.type.kind === "single") return refuse("nothingToReload", { weapon: weapon.name });
  return ok(loadedAmmo(weapon.type));
}
