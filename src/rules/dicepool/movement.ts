/**
 * Movement in spaces. A move action (Simple) covers up to the mover's speed. A second move in the
 * same turn (sprinting) costs 1 Energy on top of the final Simple action.
 *
 * - Swimming: speed −1 (never below 1) and 1 Energy per move (Perfect Swimmer: neither).
 * - Climbing: speed −1 (never below 1), counts as rough terrain, and moving up costs 1 Energy
 *   (Perfect Climber: none of it).
 * - Rough terrain: a (Physical + Mobility) or (Mental + Pilot) roll against the GM's difficulty,
 *   once per space; a failure costs 2 Energy, and someone who cannot pay must accept a critical
 *   (dramatic) failure — the only critical failure the combat chapter defines.
 * - A grappled victim cannot move; an assailant dragging its victim pays 1 Grappling Pool per
 *   space and moves at speed 1 unless it is larger than the victim.
 * - Falling: 2 spaces a round on the faller's turn, no action and no Energy; landing deals 2
 *   damage per space fallen, counting 6 spaces at most (12 damage); Free Fall: no damage.
 * - Distances: diagonal neighbours are adjacent (squares: the largest of the three axis
 *   differences; with the hexagonal-spaces plugin, hex steps on the map plus height the same way).
 * - A chase ends when the one withdrawing is 12 or more spaces from the nearest enemy.
 *
 * Where the book is silent: sprinting while swimming or climbing up pays both costs; flying uses
 * the ground rules (the chapter says so) with vertical moves allowed.
 */
import type { Checked } from "../core/checked.ts";
import type { DiceSource } from "../core/dice.ts";
import { checkNumber, checkNumbers, NUMBER_RULES } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { checkChoice } from "../core/names.ts";
import { checkDicepoolCombatant } from "./check.ts";
import type { StateRefusal } from "./check.ts";
import { DICEPOOL_LIMITS as L } from "./limits.ts";
import type { DicepoolCombatant } from "./model.ts";
import { skill } from "./model.ts";
import { checkDicepoolOptions, DEFAULT_DICEPOOL_OPTIONS } from "./options.ts";
import type { DicepoolOptions } from "./options.ts";
import { buildPool, scorePool } from "./pool.ts";
import type { PoolRefusal, PoolScore } from "./pool.ts";
import { withEnergy } from "./combatant.ts";

export type Medium = "ground" | "flying" | "swimming" | "climbingUp" | "climbingAcross";
export const MEDIUMS: readonly Medium[] = [
  "ground",
  "flying",
  "swimming",
  "climbingUp",
  "climbingAcross",
];
const FLAG: readonly unknown[] = [undefined, true, false];

export interface MoveRequest {
  readonly spaces: number;
  readonly medium?: Medium;
  /** Move actions already taken this turn (1 or more makes this move a sprint). */
  readonly movesThisTurn: number;
  readonly grappled?: boolean;
  readonly falling?: boolean;
  /** Dragging a grappled victim: its size, and the assailant's Grappling Pool. */
  readonly dragging?: { readonly victimSize: number; readonly grapplePool: number };
}

export interface MovePlan {
  readonly speed: number;
  readonly energy: number;
  /** Grappling Pool spent dragging the victim. */
  readonly grapplePool: number;
  /** Every space entered needs a rough-terrain roll (climbing). */
  readonly roughTerrain: boolean;
  readonly sprint: boolean;
}

export type MoveRefusal =
  | PoolRefusal
  | StateRefusal
  | "too-far"
  | "not-enough-energy"
  | "not-enough-grapple"
  | "grappled"
  | "falling";

/** Speed for this move. */
export function moveSpeed(
  c: Checked<DicepoolCombatant>,
  medium: Medium,
  dragging: MoveRequest["dragging"],
  options: Checked<DicepoolOptions> = DEFAULT_DICEPOOL_OPTIONS,
): number {
  let speed = c.speed;
  const slowed =
    (medium === "swimming" && !c.powers.perfectSwimmer) ||
    ((medium === "climbingUp" || medium === "climbingAcross") && !c.powers.perfectClimber);
  if (slowed) speed = Math.max(options.minimumSpeed, speed - options.swimClimbSlowdown);
  if (dragging !== undefined && c.size <= dragging.victimSize) speed = Math.min(speed, 1);
  return speed;
}

/** What one move action costs, or why it cannot be made. */
export function planMove(
  c: DicepoolCombatant,
  request: MoveRequest,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<MovePlan, MoveRefusal> {
  const checked = checkDicepoolOptions(options);
  if (!checked.ok) return checked;
  const mover = checkDicepoolCombatant("mover", c);
  if (!mover.ok) return mover;
  const { dragging } = request;
  const bad =
    checkNumbers({
      spaces: [request.spaces, { ...NUMBER_RULES.count, max: L.speed }],
      movesThisTurn: [request.movesThisTurn, { ...NUMBER_RULES.count, max: L.actions }],
    }) ??
    checkChoice("medium", request.medium ?? "ground", MEDIUMS) ??
    checkChoice("grappled", request.grappled, FLAG) ??
    checkChoice("falling", request.falling, FLAG) ??
    (dragging === undefined
      ? undefined
      : checkNumbers({
          victimSize: [dragging.victimSize, { ...NUMBER_RULES.count, max: L.rating }],
          grapplePool: [dragging.grapplePool, { ...NUMBER_RULES.count, max: L.grapplePool }],
        }));
  if (bad) return bad;
  if (request.falling === true) return refuse("falling");
  if (request.grappled === true) return refuse("grappled");
  const medium = request.medium ?? "ground";
  const speed = moveSpeed(mover.value, medium, dragging, checked.value);
  if (request.spaces > speed) return refuse("too-far", { spaces: request.spaces, speed });
  const sprint = request.movesThisTurn >= 1;
  let energy = sprint ? options.sprintEnergy : 0;
  if (medium === "swimming" && !c.powers.perfectSwimmer) energy += options.swimEnergy;
  if (medium === "climbingUp" && !c.powers.perfectClimber) energy += options.climbUpEnergy;
  if (energy > c.energy.value) {
    return refuse("not-enough-energy", { cost: energy, energy: c.energy.value });
  }
  const grapplePool = request.dragging === undefined ? 0 : request.spaces;
  if (request.dragging !== undefined && grapplePool > request.dragging.grapplePool) {
    return refuse("not-enough-grapple", { cost: grapplePool, pool: request.dragging.grapplePool });
  }
  const climbing = medium === "climbingUp" || medium === "climbingAcross";
  return ok({
    speed,
    energy,
    grapplePool,
    roughTerrain: climbing && !c.powers.perfectClimber,
    sprint,
  });
}

export interface RoughTerrainOutcome {
  readonly roll: PoolScore;
  readonly passed: boolean;
  /** Energy lost to a failure. */
  readonly energyLost: number;
  /** Failed and could not pay: a critical (dramatic) failure the GM narrates. */
  readonly criticalFailure: boolean;
  readonly combatant: DicepoolCombatant;
}

/** Rolls a rough-terrain test: (Physical + Mobility) or, piloting, (Mental + Pilot). */
export function resolveRoughTerrain(
  c: DicepoolCombatant,
  via: "mobility" | "pilot",
  difficulty: number,
  dice: DiceSource,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<RoughTerrainOutcome, MoveRefusal> {
  const checked = checkDicepoolOptions(options);
  if (!checked.ok) return checked;
  const bad =
    checkChoice("via", via, ["mobility", "pilot"]) ??
    checkNumber("difficulty", difficulty, { ...NUMBER_RULES.count, max: L.pool });
  if (bad) return bad;
  const mover = checkDicepoolCombatant("mover", c);
  if (!mover.ok) return mover;
  const withWounds = buildPool(
    {
      attribute: via === "mobility" ? c.physical : c.mental,
      attributeLabel: via === "mobility" ? "physical" : "mental",
      skill: skill(mover.value, via),
      skillLabel: via,
      woundPenalty: c.woundPenalty,
    },
    options,
  );
  if (!withWounds.ok) return withWounds;
  const roll = scorePool(withWounds.value.dice, "rolled", dice, options);
  if (!roll.ok) return roll;
  const passed = roll.value.hits >= difficulty;
  if (passed) {
    return ok({ roll: roll.value, passed, energyLost: 0, criticalFailure: false, combatant: c });
  }
  const cost = options.roughTerrainEnergy;
  if (c.energy.value < cost) {
    return ok({ roll: roll.value, passed, energyLost: 0, criticalFailure: true, combatant: c });
  }
  return ok({
    roll: roll.value,
    passed,
    energyLost: cost,
    criticalFailure: false,
    combatant: withEnergy(mover.value, c.energy.value - cost),
  });
}

/** A fall's height and the spaces fallen so far: whole, 0..this (far beyond any map). */
export const MAX_FALL = 1_000_000;
const FALL_RULE = { ...NUMBER_RULES.count, max: MAX_FALL };

export interface Fall {
  /** Spaces left between the faller and the ground. */
  readonly height: number;
  /** Spaces fallen so far. */
  readonly fallen: number;
}

export interface FallStep {
  readonly fall: Fall;
  readonly landed: boolean;
  /** Landing damage (0 until landing, 0 with Free Fall). */
  readonly damage: number;
}

/** Landing damage after falling `spaces` spaces (no finite count of spaces: none). */
export function fallDamage(
  spaces: number,
  c: Checked<DicepoolCombatant>,
  options: Checked<DicepoolOptions> = DEFAULT_DICEPOOL_OPTIONS,
): number {
  if (c.powers.freeFall || !(spaces > 0)) return 0;
  return options.fall.damagePerSpace * Math.floor(Math.min(spaces, options.fall.maxSpaces));
}

/** The faller's turn: it drops up to 2 spaces and, on reaching the ground, takes the damage. */
export function fallOnTurn(
  fall: Fall,
  c: DicepoolCombatant,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<FallStep, MoveRefusal> {
  const checked = checkDicepoolOptions(options);
  if (!checked.ok) return checked;
  const bad = checkNumbers({ height: [fall.height, FALL_RULE], fallen: [fall.fallen, FALL_RULE] });
  if (bad) return bad;
  const faller = checkDicepoolCombatant("faller", c);
  if (!faller.ok) return faller;
  const drop = Math.min(fall.height, checked.value.fall.spacesPerRound);
  const next = { height: fall.height - drop, fallen: Math.min(MAX_FALL, fall.fallen + drop) };
  const landed = next.height === 0;
  const damage = landed ? fallDamage(next.fallen, faller.value, checked.value) : 0;
  return ok({ fall: next, landed, damage });
}

/** Coordinates are whole spaces within ±this (far beyond any battle map). */
export const MAX_COORDINATE = 1_000_000;

export interface Space {
  readonly x: number;
  readonly y: number;
  readonly z?: number;
}

/** Spaces between two spaces, diagonals adjacent (squares, or hexes with the plugin). */
export function spaceDistance(
  a: Space,
  b: Space,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<number, MoveRefusal> {
  const checked = checkDicepoolOptions(options);
  if (!checked.ok) return checked;
  const rule = { min: -MAX_COORDINATE, max: MAX_COORDINATE, whole: true };
  const bad = checkNumbers({
    "a.x": [a.x, rule],
    "a.y": [a.y, rule],
    "a.z": [a.z ?? 0, rule],
    "b.x": [b.x, rule],
    "b.y": [b.y, rule],
    "b.z": [b.z ?? 0, rule],
  });
  if (bad) return bad;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const dz = Math.abs((b.z ?? 0) - (a.z ?? 0));
  // Hexes in axial coordinates (x = q, y = r).
  const flat = options.hexSpaces
    ? (Math.abs(dx) + Math.abs(dy) + Math.abs(dx + dy)) / 2
    : Math.max(Math.abs(dx), Math.abs(dy));
  return ok(Math.max(flat, dz));
}

/** The chase is over: the one withdrawing got far enough from the nearest enemy. */
export function escaped(
  distanceToNearestEnemy: number,
  options: Checked<DicepoolOptions> = DEFAULT_DICEPOOL_OPTIONS,
): boolean {
  return distanceToNearestEnemy >= options.escapeDistance;
}
