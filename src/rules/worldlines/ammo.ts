/**
 * Ammunition: a weapon with a magazine (max above 0) spends one round per attack and cannot
 * attack empty; Reload (the action table's "Reload/Switch Weapons", 1 Energy) fills it again.
 * A magazine of 0 means the weapon uses no ammunition (melee, bows the table does not count …).
 */
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { checkPool } from "../core/guard.ts";
import type { NumberRefusalReason } from "../core/guard.ts";
import type { ActorUpdate } from "./changes.ts";
import { spendEnergy } from "./energy.ts";
import type { EnergyRefusal } from "./energy.ts";
import type { WorldlinesCombatant } from "./model.ts";
import { DEFAULT_OPTIONS } from "./options.ts";
import type { WorldlinesOptions } from "./options.ts";

/** Rounds loaded and the magazine's size. */
export interface Ammo {
  readonly value: number;
  readonly max: number;
}

export type AmmoRefusal = "outOfAmmo" | NumberRefusalReason;

/**
 * The rounds left after one attack: one fewer, or null when the weapon uses no ammunition.
 * Refused when the magazine is empty.
 */
export function spendRound(ammo: Ammo): Result<{ value: number | null }, AmmoRefusal> {
  const bad = checkPool("ammo", ammo.value, ammo.max);
  if (bad) return bad;
  if (ammo.max === 0) return ok({ value: null });
  if (ammo.value < 1) return refuse("outOfAmmo");
  return ok({ value: ammo.value - 1 });
}

export type ReloadRefusal = "noMagazine" | "alreadyFull" | EnergyRefusal;

/** Reloads: pays the Reload Energy and fills the magazine. */
export function reloadWeapon(
  actor: WorldlinesCombatant,
  ammo: Ammo,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<{ ammo: number; cost: number; update: ActorUpdate | null }, ReloadRefusal> {
  const bad = checkPool("ammo", ammo.value, ammo.max);
  if (bad) return bad;
  if (ammo.max === 0) return refuse("noMagazine");
  if (ammo.value === ammo.max) return refuse("alreadyFull");
  const paid = spendEnergy(actor, { kind: "reload" }, options);
  if (!paid.ok) return paid;
  return ok({ ammo: ammo.max, cost: paid.value.cost, update: paid.value.update });
}
