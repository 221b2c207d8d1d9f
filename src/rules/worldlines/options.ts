/**
 * Every Worldlines number a GM may change, with its default. The defaults follow the rulebook's
 * tables; where the book is silent the default is the product decision recorded in
 * shared/rules/README.md or, failing that, documented here.
 */
import type { StepDie } from "../core/dice.ts";
import type { MomentumTieRule } from "./momentum.ts";
import type { Cover, Rank, RangeBand, Stance, StatusId, Zone } from "./model.ts";

/** A check: roll the named trait die, add the named skill (if any), compare with a TD. */
export interface CheckSpec {
  readonly trait: string;
  readonly skill?: string;
}

export interface RecoveryRule {
  /** Which check clears it. */
  readonly check: "spirit" | "medicine";
  readonly td: number;
  /** Energy paid by whoever makes the attempt. */
  readonly energy: number;
  /** Who attempts it: the affected actor, or anyone treating them (possibly themselves). */
  readonly by: "self" | "helper";
}

export type HeadshotEffect = "kill" | "triple" | "none";

export interface WorldlinesOptions {
  /** How momentum ties are settled. Default: the tied teams reroll. */
  readonly momentumTies: MomentumTieRule;
  /**
   * Default `energy.max` for a new actor. The book gives no number; 6 lets a fighter attack three
   * times, or attack twice and keep Energy to evade or interrupt.
   */
  readonly defaultEnergyMax: number;
  readonly costs: {
    readonly attack: number;
    readonly reload: number;
    readonly switchWeapon: number;
    readonly useItem: number;
    readonly firstAid: number;
    readonly throw: number;
    readonly build: number;
    readonly defensivePosture: number;
    readonly changeStance: number;
    readonly retreat: number;
    /** Per space moved, by stance. */
    readonly movePerSpace: Readonly<Record<Stance, number>>;
    /** Per space climbed or swum (when the stance costs more, the higher cost applies). */
    readonly climbSwimPerSpace: number;
    /** The defender's Evasion roll. */
    readonly evade: number;
    /** Added to every technique's cost while Stressed. */
    readonly stressedTechniqueSurcharge: number;
    readonly coveringFire: number;
    readonly extraEvasion: number;
    readonly opportunityAttack: number;
  };
  /** Lowest natural Combat-die face that is a critical hit, per die. Dice not listed never crit. */
  readonly critFrom: Readonly<Partial<Record<StepDie, number>>>;
  /** Critical damage = this × the formula's maximum (the book's 1d6+1 critical deals 14). */
  readonly critDamageMultiplier: number;
  readonly zoneAccuracy: Readonly<Record<Zone, number>>;
  readonly coverAccuracy: Readonly<Record<Cover, number>>;
  readonly poorVisibility: number;
  readonly flanked: number;
  /** Penalty to the attacker's own roll for its stance. */
  readonly attackerStance: Readonly<Record<Stance, number>>;
  /** Defender's Evasion modifier by stance, against ranged and against melee attacks. */
  readonly evasionStance: {
    readonly ranged: Readonly<Record<Stance, number>>;
    readonly melee: Readonly<Record<Stance, number>>;
  };
  /** Default band modifiers; a weapon's own `rangeBands` replace the bands it lists. */
  readonly rangeBands: Readonly<
    Record<RangeBand, { readonly accuracy: number; readonly damage: number }>
  >;
  readonly blindedAccuracy: number;
  /** The skill added to Evasion rolls. */
  readonly evasionSkill: string;
  /** Lowest d20 face of a headshot, before techniques widen it. */
  readonly headshotFrom: number;
  /** Damage multiplier of a "triple" headshot. */
  readonly headshotMultiplier: number;
  /**
   * What a headshot does by target rank. The book names minor (killed) and elite (triple damage);
   * bosses and player characters ("hero") default to triple damage too.
   */
  readonly headshotEffect: Readonly<Record<Rank, HeadshotEffect>>;
  /** TD of the Spirit check after an arm or leg hit. */
  readonly limbCheckTd: number;
  /** Whether a limb hit that armor fully absorbed still forces the check (default: no). */
  readonly limbCheckWithoutDamage: boolean;
  readonly spiritCheck: CheckSpec;
  /**
   * The Medicine check. The chapter never names its trait; "mind" + the "medicine" skill is the
   * product's guess, for a GM to change.
   */
  readonly medicineCheck: CheckSpec;
  /** A natural 1 on a check is a critical failure. */
  readonly criticalFailureFace: number;
  readonly bleedingPerTurn: number;
  readonly poisonPerTurn: number;
  readonly staggeredTurns: number;
  /** Flash blindness lasts 1d(this) turns. */
  readonly flashBlindnessDie: number;
  /** A non-lethal takedown keeps the target unconscious for 1d(die) × (minutes). */
  readonly unconsciousDie: number;
  readonly unconsciousMinutesPerPip: number;
  readonly recovery: Readonly<Partial<Record<StatusId, RecoveryRule>>>;
  /** Medicine TDs to restore a disabled limb. */
  readonly limbTreatmentTd: { readonly arms: number; readonly legs: number };
  /**
   * Whether a hit whose damage the Armor die stopped completely still puts the weapon's statuses
   * on the target. Default (README decision): no, a stopped round does not bleed.
   */
  readonly statusesWhenAbsorbed: boolean;
  /**
   * Taken off every trait-die roll (checks, attacks, Evasion) per Exhaustion point. Default
   * (README decision): 1; 0 turns the penalty off.
   */
  readonly exhaustionPenalty: number;
  /** The trait whose die sets how far its owner throws. */
  readonly throwTrait: string;
  /**
   * How far a thrower reaches, in feet, by that trait's die. The book caps a throw at 45 ft and
   * says the die changes it; the default gives the 45 ft to a d12 and 5 ft less per step below.
   */
  readonly throwFeetByDie: Readonly<Record<StepDie, number>>;
  /** Checks of these skills roll twice and keep the lower while a leg is disabled. */
  readonly legDisadvantageSkills: readonly string[];
  /**
   * The actions (EnergyAction kinds) that need both hands, refused while an arm is disabled. The
   * book only says the arm cannot be used; the default takes the two-handed tasks of the action
   * table: reloading, building and First Aid.
   */
  readonly armActions: readonly string[];
}

export const DEFAULT_OPTIONS: WorldlinesOptions = {
  momentumTies: "reroll",
  defaultEnergyMax: 6,
  costs: {
    attack: 2,
    reload: 1,
    switchWeapon: 1,
    useItem: 1,
    firstAid: 2,
    throw: 2,
    build: 3,
    defensivePosture: 3,
    changeStance: 1,
    retreat: 2,
    movePerSpace: { standing: 1, crouched: 2, prone: 3 },
    climbSwimPerSpace: 2,
    evade: 1,
    stressedTechniqueSurcharge: 1,
    coveringFire: 2,
    extraEvasion: 1,
    opportunityAttack: 1,
  },
  critFrom: { 8: 8, 10: 9 },
  critDamageMultiplier: 2,
  zoneAccuracy: { head: -2, torso: 0, arms: -1, legs: -1 },
  coverAccuracy: { none: 0, half: -2, full: -4 },
  poorVisibility: -2,
  flanked: 2,
  attackerStance: { standing: 0, crouched: -1, prone: -2 },
  evasionStance: {
    ranged: { standing: 0, crouched: 1, prone: 2 },
    melee: { standing: 0, crouched: -1, prone: -2 },
  },
  rangeBands: {
    pointBlank: { accuracy: 1, damage: 1 },
    short: { accuracy: 0, damage: 0 },
    medium: { accuracy: -1, damage: 0 },
    long: { accuracy: -2, damage: 0 },
    extreme: { accuracy: -4, damage: 0 },
  },
  blindedAccuracy: -4,
  evasionSkill: "evasion",
  headshotFrom: 20,
  headshotMultiplier: 3,
  headshotEffect: { minor: "kill", elite: "triple", boss: "triple", hero: "triple" },
  limbCheckTd: 6,
  limbCheckWithoutDamage: false,
  spiritCheck: { trait: "spirit" },
  medicineCheck: { trait: "mind", skill: "medicine" },
  criticalFailureFace: 1,
  bleedingPerTurn: 5,
  poisonPerTurn: 2,
  staggeredTurns: 1,
  flashBlindnessDie: 4,
  unconsciousDie: 6,
  unconsciousMinutesPerPip: 10,
  recovery: {
    bleeding: { check: "medicine", td: 5, energy: 2, by: "helper" },
    staggered: { check: "spirit", td: 4, energy: 2, by: "self" },
    blinded: { check: "medicine", td: 6, energy: 2, by: "helper" },
    poisoned: { check: "medicine", td: 8, energy: 2, by: "helper" },
    stressed: { check: "spirit", td: 6, energy: 2, by: "self" },
    charmed: { check: "spirit", td: 12, energy: 2, by: "self" },
  },
  limbTreatmentTd: { arms: 8, legs: 10 },
  statusesWhenAbsorbed: false,
  exhaustionPenalty: 1,
  throwTrait: "combat",
  throwFeetByDie: { 4: 25, 6: 30, 8: 35, 10: 40, 12: 45 },
  legDisadvantageSkills: ["athletics"],
  armActions: ["reload", "build", "firstAid"],
};

/** Options with some values changed (one level deep for the nested tables). */
export type OptionOverrides = {
  readonly [K in keyof WorldlinesOptions]?: WorldlinesOptions[K] extends readonly unknown[]
    ? WorldlinesOptions[K]
    : WorldlinesOptions[K] extends object
      ? Partial<WorldlinesOptions[K]>
      : WorldlinesOptions[K];
};

export function withOptions(overrides: OptionOverrides = {}): WorldlinesOptions {
  const merged: Record<string, unknown> = { ...DEFAULT_OPTIONS };
  for (const [key, value] of Object.entries(overrides)) {
    const base = (DEFAULT_OPTIONS as unknown as Record<string, unknown>)[key];
    // A list (legDisadvantageSkills) is replaced whole; a table is merged one level deep.
    const table = (v: unknown): v is Record<string, unknown> =>
      typeof v === "object" && v !== null && !Array.isArray(v);
    merged[key] = table(base) && table(value) ? { ...base, ...value } : value;
  }
  return merged as unknown as WorldlinesOptions;
}
