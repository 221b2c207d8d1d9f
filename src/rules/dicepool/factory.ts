/**
 * Building dice-pool combat state with defaults filled in (for tests, headless tools and the
 * shell, which reads its documents through these). A factory clamps: every number is brought
 * into its DICEPOOL_LIMITS range (Energy and damage never below 0, the value never above its
 * max, the non-lethal part never above the damage), a number that is no finite number, a name
 * outside its list and a flag that is no yes/no take the default. So what it builds always
 * passes checkDicepoolCombatant / checkDicepoolWeapon, and is `Checked`.
 */
import { checkedAs } from "../core/checked.ts";
import { shown } from "../core/guard.ts";
import { checkName } from "../core/names.ts";
import type { Checked } from "../core/checked.ts";
import { DICEPOOL_LIMITS as L } from "./limits.ts";
import type {
  DicepoolCombatant,
  DicepoolPowers,
  DicepoolWeapon,
  VehicleControls,
  WeaponMods,
} from "./model.ts";
import { INCAPACITATIONS, NO_POWERS, POWER_FLAGS, POWER_RATINGS, WEAPON_KINDS } from "./model.ts";
import type { DicepoolSkill } from "./model.ts";
import { copyCombatant } from "./combatant.ts";
import { DEFAULT_DICEPOOL_OPTIONS } from "./options.ts";

export type DicepoolSeed = Partial<Omit<DicepoolCombatant, "powers">> & {
  readonly id: string;
  readonly powers?: Partial<DicepoolPowers>;
};

/** A whole number within [min, max] from `value`; `fallback` when it is no finite number. */
function fit(value: unknown, min: number, max: number, fallback: number): number {
  if (typeof value !== "number" || !Number.isFinite(value)) return Math.min(max, fallback);
  return Math.min(max, Math.max(min, Math.round(value)));
}

const flag = (value: unknown, fallback: boolean): boolean =>
  typeof value === "boolean" ? value : fallback;

/**
 * The skills' own entries, each fitted to 0..rating (an unreadable one, or one named like a
 * built-in property, is left out), the first DICEPOOL_LIMITS.list of them.
 */
function fitSkills(skills: unknown): Partial<Record<DicepoolSkill, number>> {
  const out: Partial<Record<string, number>> = {};
  if (typeof skills !== "object" || skills === null) return out;
  let kept = 0;
  for (const [key, value] of Object.entries(skills)) {
    if (checkName("", key) || typeof value !== "number" || !Number.isFinite(value)) continue;
    if (++kept > L.list) break;
    out[key] = fit(value, 0, L.rating, 0);
  }
  return out;
}

function fitPowers(powers: Partial<DicepoolPowers> | undefined): DicepoolPowers {
  const seed = (powers ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...NO_POWERS };
  for (const key of POWER_RATINGS) out[key] = fit(seed[key], 0, L.rating, NO_POWERS[key]);
  for (const key of POWER_FLAGS) out[key] = flag(seed[key], NO_POWERS[key]);
  // Flawless Defense is given, never bought: only a yes is kept (absent means no).
  if (seed["flawlessDefense"] === true) out["flawlessDefense"] = true;
  return out as unknown as DicepoolPowers;
}

/** A vehicle's controls, fitted: absent stays absent (a character), anything else unreadable is nobody. */
function fitControls(controls: unknown): VehicleControls | null | undefined {
  if (controls === undefined) return undefined;
  if (typeof controls !== "object" || controls === null) return null;
  const c = controls as Record<string, unknown>;
  return {
    mental: fit(c["mental"], 0, L.rating, 0),
    pilot: fit(c["pilot"], 0, L.rating, 0),
    woundPenalty: fit(c["woundPenalty"], 0, L.wounds, 0),
  };
}

/**
 * A combatant: an adult human (Physical 2, Mental 2, Size 1, speed 1), no skills, no armor,
 * unhurt, full Energy (the default `energy.max`), initiative 0, no powers; the seed's values
 * fitted to their bounds.
 */
export function makeDicepoolCombatant(seed: DicepoolSeed): Checked<DicepoolCombatant> {
  const energyMax = fit(seed.energy?.max, 0, L.energy, DEFAULT_DICEPOOL_OPTIONS.defaultEnergyMax);
  const damage = fit(seed.damage, 0, L.damage, 0);
  const incapacitated = INCAPACITATIONS.includes(seed.incapacitated as never)
    ? (seed.incapacitated ?? null)
    : null;
  // Copied field by field so a new combatant has the shape every rule's copy has (combatant.ts).
  return checkedAs(
    copyCombatant({
      id: typeof seed.id === "string" ? seed.id : shown(seed.id),
      physical: fit(seed.physical, 0, L.rating, 2),
      mental: fit(seed.mental, 0, L.rating, 2),
      skills: fitSkills(seed.skills),
      size: fit(seed.size, 0, L.rating, 1),
      speed: fit(seed.speed, 0, L.speed, 1),
      armorRating: fit(seed.armorRating, 0, L.rating, 0),
      energy: { value: fit(seed.energy?.value, 0, energyMax, energyMax), max: energyMax },
      damage,
      nonLethalDamage: fit(seed.nonLethalDamage, 0, damage, 0),
      woundPenalty: fit(seed.woundPenalty, 0, L.wounds, 0),
      incapacitated,
      dead: flag(seed.dead, false),
      stabilized: flag(seed.stabilized, false),
      initiative: fit(seed.initiative, -L.initiative, L.initiative, 0),
      droppedWeaponId: typeof seed.droppedWeaponId === "string" ? seed.droppedWeaponId : null,
      powers: fitPowers(seed.powers),
      controls: fitControls(seed.controls),
    }),
  );
}

export type WeaponSeed = Partial<Omit<DicepoolWeapon, "mods">> & {
  readonly id: string;
  readonly mods?: Partial<WeaponMods>;
};

/** A weapon: close combat (empty hands count as one), no mods, no extra damage; fitted. */
export function makeDicepoolWeapon(seed: WeaponSeed): Checked<DicepoolWeapon> {
  const mods = seed.mods ?? {};
  return checkedAs({
    id: typeof seed.id === "string" ? seed.id : shown(seed.id),
    kind: WEAPON_KINDS.includes(seed.kind as never) ? (seed.kind ?? "close") : "close",
    damage: fit(seed.damage, -L.rating, L.rating, 0),
    mods: {
      nonLethal: flag(mods.nonLethal, false),
      disarming: flag(mods.disarming, false),
      grappling: flag(mods.grappling, false),
    },
  });
}
