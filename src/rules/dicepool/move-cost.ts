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
 * Where the book is silent: a path longer than the mover's speed is as many moves as it takes,
 * each as far as the speed reaches; what a move does not use is lost when the path ends.
 */
import { checkNumber, NUMBER_RULES } from "../core/guard.ts";
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
  /** In a free fall (movement.ts `fallOnTurn`): no move of its own until it lands. */
  readonly falling?: boolean;
}

/** The turn's actions and the mover's Energy after a path. */
export interface DicepoolMoveBudget {
  readonly turn: TurnActions;
  readonly energy: number;
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
  const bad = checkNumber("distance", path.distance, NUMBER_RULES.count);
  if (bad) return bad;
  if (ctx.falling === true && path.distance > 0) return refuse("falling");
  const medium = mediumOf(path);
  const speed = moveSpeed(checkedMover.value, medium, undefined, checkedOptions.value);
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
  while (remaining > 0) {
    const spaces = Math.min(speed, remaining);
    const plan = planMove(
      c,
      { spaces, medium, movesThisTurn: state.moves, grappled: ctx.grappled },
      options,
    );
    if (!plan.ok) return plan;
    const taken = takeAction(state, "move", ctx, options);
    if (!taken.ok) return taken;
    state = taken.value;
    c = withEnergy(c, c.energy.value - plan.value.energy);
    energy += plan.value.energy;
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
    after: { turn: state, energy: c.energy.value },
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
    after: { turn: taken.value, energy: mover.energy.value },
  });
}
