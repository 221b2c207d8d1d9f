/**
 * The dice-pool game's ground on the map (issue 24): a move across rough ground, and a fall begun
 * by ending a move in the air.
 *
 * - Rough ground: every rough space the move enters asks for one rough-terrain roll
 *   (movement.ts `resolveRoughTerrain`: Physical + Mobility against the GM's difficulty for that
 *   space), rolled in the order the spaces are entered; each failure costs its Energy before the
 *   next roll, so a mover who runs dry part-way fails the later spaces critically (the GM says
 *   what a critical failure costs, as the book leaves it to the GM). The move is not stopped: the
 *   book asks for the roll and its price, not for the mover to halt.
 * - Falling: a mover that ends a move higher than the ground starts a fall from as many whole
 *   spaces as lie between it and the ground (less than one space is standing); the turn start
 *   then drops it (movement.ts `fallOnTurn`).
 */
import type { DiceSource } from "../core/dice.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { DICEPOOL_LIMITS as L } from "./limits.ts";
import type { DicepoolCombatant } from "./model.ts";
import { MAX_FALL, resolveRoughTerrain } from "./movement.ts";
import type { Fall, MoveRefusal } from "./movement.ts";
import { DEFAULT_DICEPOOL_OPTIONS } from "./options.ts";
import type { DicepoolOptions } from "./options.ts";
import type { PoolScore } from "./pool.ts";

/** Most rough spaces one move may enter (far beyond a turn's two moves at top speed). */
export const MAX_ROUGH_SPACES = 2 * L.speed;

/** One rough space's roll. */
export interface RoughSpaceRoll {
  readonly difficulty: number;
  readonly roll: PoolScore;
  readonly passed: boolean;
  /** Energy the failure cost (0 when passed, or when it could not be paid). */
  readonly energyLost: number;
  /** Failed without the Energy to pay: a critical failure the GM narrates. */
  readonly criticalFailure: boolean;
}

/** A move across rough ground, settled. */
export interface RoughCrossing {
  readonly rolls: readonly RoughSpaceRoll[];
  /** Energy lost over the whole move. */
  readonly energyLost: number;
  /** How many of the rolls were critical failures. */
  readonly criticalFailures: number;
  /** The mover afterwards (its Energy). */
  readonly combatant: DicepoolCombatant;
}

/**
 * Rolls for each rough space a move entered (`difficulties`, the GM's difficulty of each, in the
 * order entered), on foot: Physical + Mobility.
 */
export function crossRoughGround(
  mover: DicepoolCombatant,
  difficulties: readonly number[],
  dice: DiceSource,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<RoughCrossing, MoveRefusal | "too-many-spaces"> {
  const spaces: unknown = difficulties;
  if (!Array.isArray(spaces) || spaces.length > MAX_ROUGH_SPACES) {
    return refuse("too-many-spaces", { max: MAX_ROUGH_SPACES });
  }
  const rolls: RoughSpaceRoll[] = [];
  let current = mover;
  let energyLost = 0;
  let criticalFailures = 0;
  for (const difficulty of difficulties) {
    const rolled = resolveRoughTerrain(current, "mobility", difficulty, dice, options);
    if (!rolled.ok) return rolled;
    const { roll, passed, criticalFailure } = rolled.value;
    rolls.push({ difficulty, roll, passed, energyLost: rolled.value.energyLost, criticalFailure });
    energyLost += rolled.value.energyLost;
    if (criticalFailure) criticalFailures += 1;
    current = rolled.value.combatant;
  }
  return ok({ rolls, energyLost, criticalFailures, combatant: current });
}

/**
 * The fall a mover starts by ending a move `above` scene units over the ground, where a space is
 * `perSpace` units: from the whole spaces between it and the ground, or null when it stands (less
 * than a space up, or a height that is no finite number).
 */
export function fallFrom(above: number, perSpace: number): Fall | null {
  if (!Number.isFinite(perSpace) || perSpace <= 0) return null;
  if (!Number.isFinite(above) || above <= 0) return null;
  const spaces = Math.min(MAX_FALL, Math.floor(above / perSpace + 1e-9));
  return spaces >= 1 ? { height: spaces, fallen: 0 } : null;
}
