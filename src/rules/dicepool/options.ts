/**
 * Every dice-pool number a GM may change, with its default. The defaults follow the combat
 * chapter; where it is silent they are the product decisions in shared/rules/README.md or,
 * failing those, documented here.
 */
import { mergeOptions } from "../core/options.ts";
import type { OptionOverrides } from "../core/options.ts";

export type CoverKind = "none" | "light" | "medium" | "full";

export interface DicepoolOptions {
  /** Faces of every pool die (README: a d6). */
  readonly dieSides: number;
  /** Lowest face that is a hit (README: 4, 5 and 6 hit). */
  readonly hitOn: number;
  /**
   * The largest pool the engine rolls or computes odds for. The book has no cap; 100 dice is far
   * beyond any pool the rules build (attribute + skill + cover + a finishing move's initiative),
   * and anything larger is refused ("pool-too-large") instead of hanging on a billion dice.
   */
  readonly maxPool: number;
  /**
   * The initiative pool: these attributes plus the Awareness skill. The book writes "Mental +
   * Physical Awareness"; Fray reads it as both attributes and the skill.
   */
  readonly initiativeAttributes: readonly ("physical" | "mental")[];
  /** Plugin "Defense Static Values": defenses do not roll; they score half the pool, rounded up. */
  readonly staticDefense: boolean;
  /** Plugin "Initiative Damage" (see initiative-damage.ts). */
  readonly initiativeDamage: boolean;
  /** Plugin "Hexagonal Spaces": distances are counted on hexes instead of squares. */
  readonly hexSpaces: boolean;
  /** Bonus dice to the defender's pool, by cover. */
  readonly cover: Readonly<Record<CoverKind, number>>;
  /** Cover's bonus is divided by this against close attacks (the book halves it; rounded down). */
  readonly coverCloseDivisor: number;
  /** Penalty to a lethal weapon's attack pool for a non-lethal attack. */
  readonly nonLethalPenalty: number;
  /** Penalty to a disarm attempt with a weapon that lacks the disarming mod. */
  readonly disarmPenalty: number;
  /** Penalty to a grapple attempt with a weapon that lacks the grappling mod. */
  readonly grapplePenalty: number;
  /** Grappling Pool lost at the end of each of the assailant's rounds just to hold on. */
  readonly grappleUpkeep: number;
  /** Enemies one assailant may hold at once without Multi-Grapple. */
  readonly grappleTargets: number;
  /** Blitz Attack: Energy, bonus dice, and the Close Combat rating that grants it. */
  readonly blitz: { readonly energy: number; readonly bonus: number; readonly closeCombat: number };
  /** Stabilize comes free with this Medicine rating. */
  readonly stabilizeMedicine: number;
  /** Energy for a second move in one turn (sprinting). */
  readonly sprintEnergy: number;
  /** Energy lost on a failed rough-terrain roll. */
  readonly roughTerrainEnergy: number;
  /** Energy per swimming move, and per upward climbing move. */
  readonly swimEnergy: number;
  readonly climbUpEnergy: number;
  /** Speed lost while swimming or climbing, and the speed it never drops below. */
  readonly swimClimbSlowdown: number;
  readonly minimumSpeed: number;
  /** Falling: spaces dropped per round, damage per space fallen, and the spaces that count at most. */
  readonly fall: {
    readonly spacesPerRound: number;
    readonly damagePerSpace: number;
    readonly maxSpaces: number;
  };
  /** A chase ends when the one withdrawing is this many spaces from the nearest enemy. */
  readonly escapeDistance: number;
  /** Health = Physical + Size + this. */
  readonly healthBase: number;
  /** Death comes at this many times the total health in damage. */
  readonly deathMultiplier: number;
  /** Damage an incapacitated, unstabilized character takes on each of its turns (lethal only). */
  readonly bleedPerRound: number;
  /**
   * Default `energy.max` of a new actor. The chapter gives only vehicles a number (5); characters
   * get the same default, a field the GM sets per actor.
   */
  readonly defaultEnergyMax: number;
  /** Simple actions per turn (two make one Complex) and Free actions per turn. */
  readonly simpleActionsPerTurn: number;
  readonly freeActionsPerTurn: number;
  /** Initiative Damage plugin: a failed Finishing Move leaves its victim at this initiative. */
  readonly finishingMoveMissInitiative: number;
  /** … and a Finishing Move that hits a survivor leaves the attacker at this. */
  readonly finishingMoveHitInitiative: number;
}

export const DEFAULT_DICEPOOL_OPTIONS: DicepoolOptions = {
  dieSides: 6,
  hitOn: 4,
  maxPool: 100,
  initiativeAttributes: ["mental", "physical"],
  staticDefense: false,
  initiativeDamage: false,
  hexSpaces: false,
  cover: { none: 0, light: 2, medium: 4, full: 8 },
  coverCloseDivisor: 2,
  nonLethalPenalty: 3,
  disarmPenalty: 6,
  grapplePenalty: 6,
  grappleUpkeep: 1,
  grappleTargets: 1,
  blitz: { energy: 2, bonus: 4, closeCombat: 3 },
  stabilizeMedicine: 1,
  sprintEnergy: 1,
  roughTerrainEnergy: 2,
  swimEnergy: 1,
  climbUpEnergy: 1,
  swimClimbSlowdown: 1,
  minimumSpeed: 1,
  fall: { spacesPerRound: 2, damagePerSpace: 2, maxSpaces: 6 },
  escapeDistance: 12,
  healthBase: 3,
  deathMultiplier: 2,
  bleedPerRound: 1,
  defaultEnergyMax: 5,
  simpleActionsPerTurn: 2,
  freeActionsPerTurn: 1,
  finishingMoveMissInitiative: 6,
  finishingMoveHitInitiative: 1,
};

/** Options with some values changed (one level deep for the nested tables). */
export type DicepoolOptionOverrides = OptionOverrides<DicepoolOptions>;

export function withDicepoolOptions(overrides: DicepoolOptionOverrides = {}): DicepoolOptions {
  return mergeOptions(DEFAULT_DICEPOOL_OPTIONS, overrides);
}
