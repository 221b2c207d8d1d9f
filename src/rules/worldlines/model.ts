/**
 * The Worldlines combat state the rules read, as plain data. The shell builds these from actor,
 * item and combatant documents; the rules hand back new values plus the document changes.
 */
import type { StepDie } from "../core/dice.ts";
import type { LifeState } from "./phases.ts";

/** Where an attack is aimed. An attack that names no zone goes for the torso. */
export type Zone = "head" | "torso" | "arms" | "legs";
export const ZONES: readonly Zone[] = ["head", "torso", "arms", "legs"];

export type Stance = "standing" | "crouched" | "prone";
export const STANCES: readonly Stance[] = ["standing", "crouched", "prone"];

/**
 * How important an actor is; decides what a headshot does (see options.headshotEffect). NPCs are
 * minor, elite or boss; player characters count as "hero".
 */
export type Rank = "minor" | "elite" | "boss" | "hero";
export const RANKS: readonly Rank[] = ["minor", "elite", "boss", "hero"];

export type RangeBand = "pointBlank" | "short" | "medium" | "long" | "extreme";
export const RANGE_BANDS: readonly RangeBand[] = [
  "pointBlank",
  "short",
  "medium",
  "long",
  "extreme",
];
export type Cover = "none" | "half" | "full";
export const COVERS: readonly Cover[] = ["none", "half", "full"];

export type WeaponKind = "melee" | "ranged" | "thrown";
export const WEAPON_KINDS: readonly WeaponKind[] = ["melee", "ranged", "thrown"];

export const LIFE_STATES: readonly LifeState[] = ["active", "dying", "unconscious", "dead"];

export type StatusId =
  | "bleeding"
  | "poisoned"
  | "staggered"
  | "blinded"
  | "vulnerable"
  | "stressed"
  | "exhausted"
  | "charmed";

export const STATUS_IDS: readonly StatusId[] = [
  "bleeding",
  "poisoned",
  "staggered",
  "blinded",
  "vulnerable",
  "stressed",
  "exhausted",
  "charmed",
];

/** The statuses an actor carries, each with the little data it needs. Absent means not affected. */
export interface StatusState {
  /** Loses `hpPerTurn` at the start of each of its turns until treated. */
  readonly bleeding?: { readonly hpPerTurn: number };
  /** Loses `hpPerTurn` at every status resolution until cured. */
  readonly poisoned?: { readonly hpPerTurn: number };
  /** No moving or attacking; ends after `turnsLeft` more of its own turns. */
  readonly staggered?: { readonly turnsLeft: number };
  /** Attacks take the blinded penalty; `turnsLeft` null means until treated. */
  readonly blinded?: { readonly turnsLeft: number | null };
  /** Every hit it takes deals critical damage. */
  readonly vulnerable?: { readonly source?: string };
  /** No interruptions; techniques cost more. */
  readonly stressed?: { readonly source?: string };
  /** Exhaustion points; they stack. */
  readonly exhausted?: { readonly points: number };
  /** May not target `sourceId`. */
  readonly charmed?: { readonly sourceId: string };
}

export interface WorldlinesCombatant {
  /** The actor id: every document change is addressed to it. */
  readonly id: string;
  readonly name: string;
  readonly teamId: string;
  readonly rank: Rank;
  readonly life: LifeState;
  readonly health: { readonly value: number; readonly max: number };
  readonly energy: { readonly value: number; readonly max: number };
  /** Trait dice by name; every actor has at least Combat and Spirit. */
  readonly traits: Readonly<Record<string, StepDie>> & {
    readonly combat: StepDie;
    readonly spirit: StepDie;
  };
  /** Skill bonuses by name (weapon skills, evasion, medicine …); a missing skill counts as 0. */
  readonly skills: Readonly<Record<string, number>>;
  readonly stance: Stance;
  /** Armor die per zone; a zone with no armor (absent or null) rolls nothing. */
  readonly armor: Readonly<Partial<Record<Zone, StepDie | null>>>;
  /** Armor quality, added to every armor roll (may be negative). */
  readonly armorBonus: number;
  readonly statuses: StatusState;
  /** A limb disabled by a critical failure stays so until treated. */
  readonly disabledLimbs: { readonly arms: boolean; readonly legs: boolean };
  /** In Defensive Posture until the start of its next turn. */
  readonly defensivePosture: boolean;
  /** Already interrupted this round. */
  readonly interruptUsed: boolean;
  /** Faces by which an item or technique widens the critical range of its Combat die. */
  readonly critWiden?: number;
  /** Faces by which a technique widens the headshot range below 20. */
  readonly headshotWiden?: number;
  /** Minutes left unconscious after a non-lethal takedown. */
  readonly unconsciousMinutes?: number;
}

/** A status an attack or effect puts on its target. */
export type StatusApplication =
  | { readonly status: "bleeding"; readonly hpPerTurn?: number }
  | { readonly status: "poisoned"; readonly hpPerTurn?: number }
  | { readonly status: "staggered"; readonly turns?: number }
  /** Flash blindness lasts 1d4 of the target's turns; otherwise until treated. */
  | { readonly status: "blinded"; readonly flash?: boolean }
  | { readonly status: "vulnerable"; readonly source?: string }
  | { readonly status: "stressed"; readonly source?: string }
  | { readonly status: "exhausted"; readonly points: number }
  | { readonly status: "charmed"; readonly sourceId: string };

export interface WorldlinesWeapon {
  readonly id: string;
  readonly name: string;
  readonly kind: WeaponKind;
  /** The skill (key of `skills`) added to its attack rolls. */
  readonly skill: string;
  /** Damage formula, e.g. "1d6+1". */
  readonly damage: string;
  /** Accuracy from quality and attachments. */
  readonly accuracy?: number;
  /** This weapon's own range profile: replaces the default band modifiers it lists. */
  readonly rangeBands?: Readonly<
    Partial<Record<RangeBand, { readonly accuracy: number; readonly damage: number }>>
  >;
  /** Blunt weapons may make non-lethal attacks. */
  readonly blunt?: boolean;
  /** Made to disable (stun baton, tranquilizer): may make non-lethal attacks. */
  readonly nonLethal?: boolean;
  /** Never non-lethal (explosives, heavy rifles, a GM ruling), even if melee or blunt. */
  readonly lethalOnly?: boolean;
  /** Faces by which the weapon widens its wielder's critical range. */
  readonly critWiden?: number;
  /** Faces by which the weapon widens the headshot range. */
  readonly headshotWiden?: number;
  /** Statuses a hit puts on the target. */
  readonly onHit?: readonly StatusApplication[];
}
