/**
 * What a path costs in the dice-pool game: Simple actions of movement, each carrying the mover up
 * to its speed in spaces (`movement.ts` `planMove`: swimming and climbing slow it and cost Energy);
 * the second move of a turn is a sprint and costs Energy too. The budget is the turn's actions the
 * referee records (`actions.ts` `TurnActions`) and the mover's Energy.
 *
 * A Blitz Attack's move ("blitz") is the Blitz's own Simple action (actions.ts takeBlitzMove): up
 * to the speed on the ground, never a sprint, for a mover who has Blitz Attack and the Energy its
 * attack will pay; the attack that follows takes no other action.
 *
 * An assailant holding a victim drags it along (movement.ts): its speed falls to 1 unless it is
 * larger than the victim, and every space moved costs 1 Grappling Pool point; a path longer than
 * the pool is refused. A Blitz's move drags the same way.
 *
 * Where the book is silent: a path longer than the mover's speed is as many moves as it takes,
 * each as far as the speed reaches; what a move does not use is lost when the path ends. An
 * assailant holding more than one victim drags them all: the largest slows it, each pool pays.
 */
import { checkNumber, checkNumbers, NUMBER_RULES } from "../core/guard.ts";
import { DICEPOOL_LIMITS as L } from "./limits.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import type { Checked } from "../core/checked.ts";
import type { MoveMode, MoveOutcome, MovePath, PathRefusal } from "../movement/types.ts";
import { isMoveMode } from "../movement/types.ts";
import { takeAction, takeBlitzMove } from "./actions.ts";
import type { ActionRefusal, TurnActions } from "./actions.ts";
import { checkDicepoolCombatant } from "./check.ts";
import type { StateRefusal } from "./check.ts";
import { hasBlitz } from "./attack.ts";
import { withEnergy } from "./combatant.ts";
import type { DicepoolCombatant } from "./model.ts";
import { moveSpeed, planMove } from "./movement.ts";
import type { Medium, MoveRefusal } from "./movement.ts";
import { checkDicepoolOptions, DEFAULT_DICEPOOL_OPTIONS } from "./options.ts";
import type { DicepoolOptions, OptionsRefusal } from "./options.ts";

export type DicepoolMoveRefusal =
  MoveRefusal | ActionRefusal | PathRefusal | StateRefusal | OptionsRefusal | "no-blitz";

/** How a dice-pool mover moves. */
export const DICEPOOL_MOVE_MODES: readonly MoveMode[] = ["walk", "climb", "swim", "blitz"];

/** What the turn allows besides the mover itself: whose turn, held, down. */
export interface DicepoolMoveContext {
  readonly ownTurn: boolean;
  readonly grappled?: boolean;
  readonly incapacitated?: boolean;
  /** The mover drags a victim it holds: the largest victim's size and the smallest pool. */
  readonly dragging?: { readonly victimSize: number; readonly grapplePool: number };
  /** In a free fall (movement.ts `fallOnTurn`): no move of its own until it lands. */
  readonly falling?: boolean;
}

/** The turn's actions and the mover's Energy after a path. */
export interface DicepoolMoveBudget {
  readonly turn: TurnActions;
  readonly energy: number;
  /** Grappling Pool points each dragged victim's grapple pays (0: nobody dragged). */
  readonly dragged: number;
}

function mediumOf(path: MovePath): Medium {
  if (path.mode === "swim") return "swimming";
  if (path.mode === "climb") return path.rising === true ? "climbingUp" : "climbingAcross";
  return "ground";
}

/** The path's price in spaces (and sprint or swim Energy); `after` is the budget after it. */
export function dicepoolMoveCost(
  mover: DicepoolCombatant,
  turn: TurnActions,
  path: MovePath,
  ctx: DicepoolMoveContext,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<MoveOutcome<DicepoolMoveBudget>, DicepoolMoveRefusal> {
  if (!isMoveMode(path.mode, DICEPOOL_MOVE_MODES)) return refuse("unknown-mode");
  const checkedOptions = checkDicepoolOptions(options);
  if (!checkedOptions.ok) return checkedOptions;
  const checkedMover = checkDicepoolCombatant("mover", mover);
  if (!checkedMover.ok) return checkedMover;
  const bad =
    checkNumber("distance", path.distance, NUMBER_RULES.count) ??
    (ctx.dragging === undefined
      ? undefined
      : checkNumbers({
          victimSize: [ctx.dragging.victimSize, { ...NUMBER_RULES.count, max: L.rating }],
          grapplePool: [ctx.dragging.grapplePool, { ...NUMBER_RULES.count, max: L.grapplePool }],
        }));
  if (bad) return bad;
  if (ctx.falling === true && path.distance > 0) return refuse("falling");
  // A drag pays a pool point a space: a path longer than the pool is refused whole.
  const pool = ctx.dragging?.grapplePool;
  if (pool !== undefined && path.distance > pool) {
    return refuse("not-enough-grapple", { cost: path.distance, pool });
  }
  const medium = mediumOf(path);
  const speed = moveSpeed(checkedMover.value, medium, ctx.dragging, checkedOptions.value);
  if (path.mode === "blitz")
    return blitzMoveCost(checkedMover.value, turn, path, speed, ctx, options);
  const reach = speed * options.simpleActionsPerTurn;
  if (path.distance > 0 && (speed < 1 || path.distance > reach)) {
    return refuse("too-far", { spaces: path.distance, speed });
  }
  let c = mover;
  let state = turn;
  let energy = 0;
  let remaining = path.distance;
  let begun = 0;
  let dragged = 0;
  while (remaining > 0) {
    const spaces = Math.min(speed, remaining);
    const pool = ctx.dragging === undefined ? undefined : ctx.dragging.grapplePool - dragged;
    const plan = planMove(
      c,
      {
        spaces,
        medium,
        movesThisTurn: state.moves,
        grappled: ctx.grappled,
        ...(ctx.dragging === undefined || pool === undefined
          ? {}
          : { dragging: { victimSize: ctx.dragging.victimSize, grapplePool: Math.max(0, pool) } }),
      },
      options,
    );
    if (!plan.ok) return plan;
    const taken = takeAction(state, "move", ctx, options);
    if (!taken.ok) return taken;
    state = taken.value;
    c = withEnergy(c, c.energy.value - plan.value.energy);
    energy += plan.value.energy;
    dragged += plan.value.grapplePool;
    remaining -= spaces;
    begun += 1;
  }
  return ok({
    price: {
      currency: "spaces",
      cost: path.distance,
      left: begun * speed - path.distance,
      of: begun * speed,
      actionsBegun: begun,
      moveActions: { used: state.moves, max: options.simpleActionsPerTurn },
      extra: { energy, mainAction: false },
      band: state.moves > 1 ? "next" : "within",
    },
    after: { turn: state, energy: c.energy.value, dragged },
  });
}

/** A Blitz Attack's move: its Simple action, up to the speed, no sprint (see the file's header). */
function blitzMoveCost(
  mover: Checked<DicepoolCombatant>,
  turn: TurnActions,
  path: MovePath,
  speed: number,
  ctx: DicepoolMoveContext,
  options: DicepoolOptions,
): Result<MoveOutcome<DicepoolMoveBudget>, DicepoolMoveRefusal> {
  const checked = checkDicepoolOptions(options);
  if (!checked.ok) return checked;
  if (!hasBlitz(mover, checked.value)) return refuse("no-blitz");
  if (path.distance > speed) return refuse("too-far", { spaces: path.distance, speed });
  const energy = checked.value.blitz.energy;
  if (mover.energy.value < energy) {
    return refuse("not-enough-energy", { cost: energy, energy: mover.energy.value });
  }
  const taken = takeBlitzMove(turn, ctx, options);
  if (!taken.ok) return taken;
  return ok({
    price: {
      currency: "spaces",
      cost: path.distance,
      left: speed - path.distance,
      of: speed,
      actionsBegun: 1,
      moveActions: { used: taken.value.moves, max: options.simpleActionsPerTurn },
      extra: { energy: 0, mainAction: false },
      band: "within",
    },
    after: {
      turn: taken.value,
      energy: mover.energy.value,
      dragged: ctx.dragging === undefined ? 0 : path.distance,
    },
  });
}
