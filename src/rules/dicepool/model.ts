import type { Checked } from "../core/checked.ts";

/**
 * The state the dice-pool rules read and return. Numbers live on the actor (README): attributes
 * Physical and Mental, skills, Size, Energy with a max, speed in spaces, an armor rating.
 */

/** Skill keys the combat rules name. Other skills may exist on an actor; unknown ones count 0. */
export type DicepoolSkill =
  "awareness" | "rangedCombat" | "closeCombat" | "mobility" | "protection" | "pilot" | "medicine";

/** The skills the combat rules name, in the sheet's order. */
export const DICEPOOL_SKILLS: readonly DicepoolSkill[] = [
  "awareness",
  "rangedCombat",
  "closeCombat",
  "mobility",
  "protection",
  "pilot",
  "medicine",
];

/** Why a character is incapacitated (null while it can act). */
export type Incapacitation = "lethal" | "nonLethal" | "grapple" | "restraints";
export const INCAPACITATIONS: readonly Incapacitation[] = [
  "lethal",
  "nonLethal",
  "grapple",
  "restraints",
];

/** Powers whose mechanics the combat chapter defines; content may grant them. */
export interface DicepoolPowers {
  /** Excess damage beyond incapacitation is lost; at most 1 damage per attack while down. */
  readonly plotArmor: boolean;
  /** No falling damage. */
  readonly freeFall: boolean;
  readonly perfectSwimmer: boolean;
  readonly perfectClimber: boolean;
  /** Each purchase removes one wound-penalty die. */
  readonly woundPenaltyResistance: number;
  /** Multi-Grapple: hold up to 1 + this many enemies (0 without the power). */
  readonly multiGrapple: number;
  /** Anti-Large Grappling: added to Size when grappling. */
  readonly antiLargeGrappling: number;
  /** Blitz Attack without the Close Combat rating (content may grant it). */
  readonly blitz: boolean;
  /** Stabilize without the Medicine rating. */
  readonly stabilize: boolean;
  /**
   * Flawless Defense: every defense die is a hit, no roll (the book's trait; the GM gives it).
   * Absent: no.
   */
  readonly flawlessDefense?: boolean;
}

/** The powers that are ratings (0..DICEPOOL_LIMITS.rating), and those that are yes/no. */
export const POWER_RATINGS = [
  "woundPenaltyResistance",
  "multiGrapple",
  "antiLargeGrappling",
] as const;
export const POWER_FLAGS = [
  "plotArmor",
  "freeFall",
  "perfectSwimmer",
  "perfectClimber",
  "blitz",
  "stabilize",
] as const;

export const NO_POWERS: DicepoolPowers = {
  plotArmor: false,
  freeFall: false,
  perfectSwimmer: false,
  perfectClimber: false,
  woundPenaltyResistance: 0,
  multiGrapple: 0,
  antiLargeGrappling: 0,
  blitz: false,
  stabilize: false,
};

/** A vehicle's pilot at the controls, as the vehicle's Dodge reads them (vehicle.ts). */
export interface VehicleControls {
  readonly mental: number;
  readonly pilot: number;
  readonly woundPenalty: number;
}

export interface DicepoolCombatant {
  readonly id: string;
  readonly physical: number;
  readonly mental: number;
  readonly skills: Readonly<Partial<Record<DicepoolSkill, number>>>;
  readonly size: number;
  /** Spaces per move action. */
  readonly speed: number;
  /** The worn armor's rating (0 without armor); usable for a Soak instead of Protection. */
  readonly armorRating: number;
  readonly energy: { readonly value: number; readonly max: number };
  /** Damage taken, and the part of it that is non-lethal. */
  readonly damage: number;
  readonly nonLethalDamage: number;
  /** Dice taken off every pool this character rolls. */
  readonly woundPenalty: number;
  readonly incapacitated: Incapacitation | null;
  readonly dead: boolean;
  /** Stabilized: no bleeding while incapacitated. */
  readonly stabilized: boolean;
  /** Current initiative (the Initiative Damage plugin moves it). */
  readonly initiative: number;
  /** The weapon a disarm knocked away (pick it up: Free; ready it: Simple), or null. */
  readonly droppedWeaponId: string | null;
  readonly powers: DicepoolPowers;
  /**
   * Present only on a vehicle (vehicle.ts vehicleDefenses): its pilot's numbers at the controls,
   * or null with nobody able at the wheel. Absent (undefined) on a character.
   */
  readonly controls?: VehicleControls | null;
}

export type WeaponKind = "ranged" | "close";
export const WEAPON_KINDS: readonly WeaponKind[] = ["close", "ranged"];

/** Weapon mods are flags on the item. */
export interface WeaponMods {
  readonly nonLethal: boolean;
  readonly disarming: boolean;
  readonly grappling: boolean;
}

export interface DicepoolWeapon {
  readonly id: string;
  readonly kind: WeaponKind;
  readonly mods: WeaponMods;
  /**
   * Damage added to the net hits of an attack that hits. The chapter's damage is the net hits
   * alone, so the default is 0; content may give a weapon more.
   */
  readonly damage: number;
}

/**
 * A skill's rating, 0 when the combatant has none: an own entry of its skills only, so a name
 * every object answers to ("toString", "constructor") is no skill.
 */
export function skill(c: Checked<DicepoolCombatant>, key: DicepoolSkill): number {
  return Object.hasOwn(c.skills, key) ? (c.skills[key] ?? 0) : 0;
}

export interface TurnActions {
  readonly simpleUsed: number;
  readonly complexUsed: boolean;
  readonly freeUsed: number;
  /** Move actions taken this turn (the second one is a sprint). */
  readonly moves: number;
  /**
   * A Blitz Attack's move is made (move-cost.ts): its Simple action is taken, and the Blitz
   * Attack that follows takes no other (actions.ts takeAction). Absent: none is owed.
   */
  readonly blitz?: boolean;
}

export type AttackIntent =
  "damage" | "nonLethal" | "disarm" | "grapple" | "breakGrapple" | "initiative" | "finishingMove";
