/**
 * Every WWN number a GM may change, with its default. The defaults follow the combat chapter;
 * where the chapter is silent the default is the product decision recorded in
 * shared/rules/README.md or, failing that, documented here.
 */
import type { WwnLife } from "./model.ts";

/** Who wins an opposed check whose totals are equal: the side resisting, or the one acting. */
export type OpposedTie = "defender" | "actor";

export interface WwnOptions {
  /** Hit-roll skill term for a weapon the attacker has not even level-0 in. */
  readonly unskilledHit: number;
  /**
   * Skill checks (shove, grapple, surprise …) roll these dice + skill + attribute modifier. The
   * chapter only names the checks; 2d6 is how WWN skill checks are made.
   */
  readonly skillCheckDice: string;
  /** Skill term of a check by someone without the skill (WWN's level −1). */
  readonly untrainedSkill: number;
  /**
   * Opposed checks with equal totals. The chapter is silent; by default the one acting on the other
   * (the shover, the ambusher, the escaping captive, the attacker past a screen) fails, so the
   * status quo holds.
   */
  readonly opposedTie: OpposedTie;
  /** The hit-roll modifier table. */
  readonly hit: {
    readonly proneTargetDistant: number;
    readonly proneTargetAdjacent: number;
    readonly attackerProneMelee: number;
    readonly halfCover: number;
    readonly almostFullCover: number;
    /** Thrown, or a one-handed ranged weapon, with a melee foe adjacent. */
    readonly rangedWhileMeleed: number;
    readonly dualWield: number;
    readonly snapAttack: number;
    readonly charge: number;
    /** Per other surviving swarmer, and the cap. */
    readonly swarmPerAlly: number;
    readonly swarmMax: number;
  };
  readonly damage: {
    /** Dual wielding adds this to damage (never to Shock). */
    readonly dualWield: number;
    readonly swarmPerAlly: number;
    readonly swarmMax: number;
  };
  /** Skill level needed to dual wield ("stab" at 1). */
  readonly dualWieldSkill: { readonly skill: string; readonly level: number };
  /** The most combatants that can join one swarm. */
  readonly swarmSize: number;
  readonly totalDefenseAc: number;
  /** AC change for the rest of a round in which the combatant charged. */
  readonly chargeAc: number;
  /** A charge must cover at least this many feet, and at most `chargeSpeedMultiple` × speed. */
  readonly chargeMinFeet: number;
  readonly chargeSpeedMultiple: number;
  /** Who may make Snap Attacks: player characters and named NPCs, or anyone. */
  readonly snapAttacks: "namedOnly" | "anyone";
  /** Shove and grapple reach: feet pushed, feet dragged, feet thrown. */
  readonly shoveFeet: number;
  readonly grappleDragFeet: number;
  readonly grappleThrowFeet: number;
  /** Attacker's skill-check penalty for grappling or shoving by target size. */
  readonly sizePenalty: {
    readonly manSized: number;
    readonly large: number;
    readonly huge: number;
  };
  /** The defender's bonus on the opposed check against Shatter a Shield. */
  readonly shatterDefenderBonus: number;
  /** Difficulty of the Dex/Shoot check of a ranged Execution Attack, by range. */
  readonly executionShot: {
    readonly pointBlank: number;
    readonly normal: number;
    readonly extreme: number;
  };
  /** Wounds added when a target survives an Execution Attack. */
  readonly executionWounds: number;
  /**
   * The Heal check total that stabilizes a dying PC (Use a Skill). The chapter names the check but
   * not its difficulty; 8 is WWN's usual one for the job.
   */
  readonly stabilizeDifficulty: number;
  /** Minutes a non-lethal knock-out or a psychic collapse lasts, and the hit points on waking. */
  readonly downMinutes: number;
  readonly wakeHp: number;
  /**
   * What lethal damage to 0 hit points does. The chapter is silent; WWN's usual rule: player
   * characters are mortally wounded (dying), NPCs die.
   */
  readonly zeroHp: { readonly pc: WwnLife; readonly npc: WwnLife };
  /**
   * Lethal damage to someone already down (dying, unconscious, helpless) kills: the chapter says
   * so for Execution Attacks; by default it holds for every attack.
   */
  readonly lethalOnDownedKills: boolean;
  /** Movement rate multipliers. */
  readonly hardTerrainSpeed: number;
  readonly proneSpeed: number;
  /** Ambushers' Sneak: the worst member gives the group away; watchers use their best Notice. */
  readonly surpriseSneak: "worst" | "best";
  readonly surpriseNotice: "worst" | "best";
}

export const DEFAULT_WWN_OPTIONS: WwnOptions = {
  unskilledHit: -2,
  skillCheckDice: "2d6",
  untrainedSkill: -1,
  opposedTie: "defender",
  hit: {
    proneTargetDistant: -2,
    proneTargetAdjacent: 2,
    attackerProneMelee: -4,
    halfCover: -2,
    almostFullCover: -4,
    rangedWhileMeleed: -4,
    dualWield: -1,
    snapAttack: -4,
    charge: 2,
    swarmPerAlly: 2,
    swarmMax: 6,
  },
  damage: { dualWield: 2, swarmPerAlly: 1, swarmMax: 3 },
  dualWieldSkill: { skill: "stab", level: 1 },
  swarmSize: 4,
  totalDefenseAc: 2,
  chargeAc: -2,
  chargeMinFeet: 10,
  chargeSpeedMultiple: 2,
  snapAttacks: "namedOnly",
  shoveFeet: 10,
  grappleDragFeet: 10,
  grappleThrowFeet: 5,
  sizePenalty: { manSized: 0, large: -2, huge: -4 },
  shatterDefenderBonus: 1,
  executionShot: { pointBlank: 6, normal: 8, extreme: 10 },
  executionWounds: 1,
  stabilizeDifficulty: 8,
  downMinutes: 10,
  wakeHp: 1,
  zeroHp: { pc: "dying", npc: "dead" },
  lethalOnDownedKills: true,
  hardTerrainSpeed: 0.5,
  proneSpeed: 0.5,
  surpriseSneak: "worst",
  surpriseNotice: "best",
};

/** Options with some values changed (one level deep for the nested tables). */
export type WwnOptionOverrides = {
  readonly [K in keyof WwnOptions]?: WwnOptions[K] extends object
    ? Partial<WwnOptions[K]>
    : WwnOptions[K];
};

export function withWwnOptions(overrides: WwnOptionOverrides = {}): WwnOptions {
  const merged: Record<string, unknown> = { ...DEFAULT_WWN_OPTIONS };
  for (const [key, value] of Object.entries(overrides)) {
    const base = (DEFAULT_WWN_OPTIONS as unknown as Record<string, unknown>)[key];
    merged[key] =
      typeof base === "object" && base !== null && typeof value === "object"
        ? { ...base, ...value }
        : value;
  }
  return merged as unknown as WwnOptions;
}
