/**
 * The WWN action economy, per combatant per round: one Main Action, one Move action (the Main may
 * be spent as a second Move), as many On Turn actions as are reasonable (own turn only), and any
 * number of Instant actions (any time). A Move action covers its distance in one go: once a Main
 * Action has been taken, the Move that came before it cannot go on.
 *
 * Lifecycle the shell drives: `startRound` for everyone when a round begins, `beginTurn` when a
 * combatant's own turn starts (what lasts "until its next turn" ends there).
 *
 * Every exported rule checks the action state's numbers first (counts: whole, never negative) and
 * refuses NaN, ±Infinity or a negative count by name, or takes the state as checked input
 * (checkedWwnActions, valid.ts: the round's and the turn's start, spending an action, holding and
 * delaying), which the maneuvers, the attack and the simulator hold already. A count a rule adds
 * to stops at the bound the check holds it to.
 *
 * Where the chapter is silent:
 * - A Move that has not used all its feet goes on while no Main came between; a longer step
 *   than it has left starts a new Move action (the rest of the old one is lost).
 * - A Delay lasts until the shell reports that the named participant has acted
 *   (`resumeAfterDelay`); Instants stay allowed meanwhile.
 */
import type { Checked } from "../core/checked.ts";
import { checkedAs } from "../core/checked.ts";
import { checkNumber, MAX_MODIFIER, NUMBER_RULES } from "../core/guard.ts";
import { checkChoice } from "../core/names.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { changedActions, copyActions } from "./combatant.ts";
import type { ActionState } from "./model.ts";
import { checkWwnActions } from "./valid.ts";
import type { InputRefusal, InputRefusalReason } from "./valid.ts";

// The state's type is part of the combat model (model.ts, a leaf module that imports no rule).
export type { ActionState } from "./model.ts";

export const FRESH_ACTIONS: ActionState = {
  mainUsed: false,
  mainAsMove: false,
  movesUsed: 0,
  moveFeet: 0,
  moveLimit: 0,
  moveOpen: false,
  moveSplit: false,
  onTurn: 0,
  instants: 0,
  holding: false,
  delayingFor: null,
  totalDefense: false,
  shockProof: false,
  charged: false,
  withdrawn: false,
  screening: null,
};

/** The boundary check of an action state. */
function badState(state: ActionState): InputRefusal | undefined {
  return checkWwnActions("actions", state);
}

/** One more of a count, never past the largest count the check accepts. */
function plusOne(count: number): number {
  return Math.min(MAX_MODIFIER, count + 1);
}

const CHECKED_FRESH: Checked<ActionState> = checkedAs(FRESH_ACTIONS);

/**
 * A new round: every action back; round-long effects end. Total Defense AC and screening last
 * until the combatant's own next turn, so they stay. For a state its check accepted
 * (checkedWwnActions): the simulator checks its fighters once.
 */
export function startRound(state: Checked<ActionState>): Checked<ActionState> {
  // Nothing lasts: the fresh state itself (shared, as action states are never written).
  if (!state.totalDefense && state.screening === null) return CHECKED_FRESH;
  const next = copyActions(FRESH_ACTIONS);
  next.totalDefense = state.totalDefense;
  next.screening = state.screening;
  return checkedAs<ActionState>(next);
}

/** The combatant's own turn begins: effects that last "until its next turn" end. */
export function beginTurn(state: Checked<ActionState>): Checked<ActionState> {
  if (!state.totalDefense && state.screening === null) return state;
  const next = copyActions(state);
  next.totalDefense = false;
  next.screening = null;
  return checkedAs<ActionState>(next);
}

/** What an action costs. `moveAndMain` is a Charge; `mainAsInstant` spends the pending Main. */
export type ActionCost = "main" | "move" | "onTurn" | "instant" | "mainAsInstant" | "moveAndMain";

export type ActionRefusal =
  | "noMainAction"
  | "noMoveAction"
  | "moveAlreadySplit"
  | "notYourTurn"
  | "delaying"
  | "heldActionFirst"
  | "notHolding"
  | "tooFar"
  | InputRefusalReason;

/** Whose turn it is, seen from the acting combatant. */
export interface TurnContext {
  readonly ownTurn: boolean;
  /**
   * Someone else is acting first on a held action, in response to this combatant's: it goes on
   * once that held action is done (Instants stay allowed meanwhile).
   */
  readonly heldFirst?: boolean;
}

function mayActNow(state: ActionState, ctx: TurnContext): ActionRefusal | null {
  if (state.delayingFor !== null) return "delaying";
  if (ctx.heldFirst === true) return "heldActionFirst";
  if (!ctx.ownTurn && !state.holding) return "notYourTurn";
  return null;
}

/** A fresh Move action is there to take: the first, or the Main spent as a second. */
function newMove(
  state: ActionState,
  limit: number,
  feet: number,
): Result<ActionState, ActionRefusal> {
  if (state.movesUsed === 0) {
    return ok(
      changedActions(state, { movesUsed: 1, moveFeet: feet, moveLimit: limit, moveOpen: true }),
    );
  }
  if (!state.mainUsed) {
    return ok(
      changedActions(state, {
        mainUsed: true,
        mainAsMove: true,
        movesUsed: plusOne(state.movesUsed),
        moveFeet: feet,
        moveLimit: limit,
        moveOpen: true,
      }),
    );
  }
  return refuse(state.moveSplit ? "moveAlreadySplit" : "noMoveAction");
}

/** A distance and a Move's reach: whole feet, never negative. */
function badSpan(feet: number, limit: number): InputRefusal | undefined {
  return (
    checkNumber("feet", feet, NUMBER_RULES.count) ?? checkNumber("limit", limit, NUMBER_RULES.count)
  );
}

/** The boundary check of a state, a distance and a Move's reach. */
function badMove(state: ActionState, feet: number, limit: number): InputRefusal | undefined {
  return badState(state) ?? badSpan(feet, limit);
}

/**
 * Moves `feet` (0 or more) with a Move action whose reach is `limit` feet: goes on with the
 * current Move when it still may and has the room, else begins a new Move action. For a state
 * its check accepted; the distance and the reach are checked here (whole feet, not negative).
 */
export function spendMove(
  state: Checked<ActionState>,
  feet: number,
  limit: number,
  ctx: TurnContext,
): Result<ActionState, ActionRefusal> {
  return badSpan(feet, limit) ?? moveOn(state, feet, limit, ctx);
}

function moveOn(
  state: ActionState,
  feet: number,
  limit: number,
  ctx: TurnContext,
): Result<ActionState, ActionRefusal> {
  const blocked = mayActNow(state, ctx);
  if (blocked !== null) return refuse(blocked);
  if (feet > limit) return refuse("tooFar", { feet, limit });
  if (state.moveOpen && feet > 0 && state.moveFeet + feet <= state.moveLimit) {
    return ok(changedActions(state, { moveFeet: state.moveFeet + feet }));
  }
  return newMove(state, limit, feet);
}

/** A whole Move action spent on something else than moving (stand up, hold, screen …). */
export function spendMoveAction(
  state: ActionState,
  ctx: TurnContext,
): Result<ActionState, ActionRefusal> {
  return badState(state) ?? moveAction(state, ctx);
}

function moveAction(state: ActionState, ctx: TurnContext): Result<ActionState, ActionRefusal> {
  const blocked = mayActNow(state, ctx);
  if (blocked !== null) return refuse(blocked);
  const next = newMove(state, 0, 0);
  return next.ok ? ok(changedActions(next.value, { moveOpen: false })) : next;
}

/** The Main Action. A Move begun before it cannot go on afterwards. */
export function spendMain(
  state: ActionState,
  ctx: TurnContext,
): Result<ActionState, ActionRefusal> {
  return badState(state) ?? mainAction(state, ctx);
}

function mainAction(state: ActionState, ctx: TurnContext): Result<ActionState, ActionRefusal> {
  const blocked = mayActNow(state, ctx);
  if (blocked !== null) return refuse(blocked);
  if (state.mainUsed) return refuse("noMainAction");
  const cut = state.moveOpen && state.moveFeet < state.moveLimit;
  // Set on a fresh copy rather than laid over as a patch: every attack spends a Main Action.
  const next = copyActions(state);
  next.mainUsed = true;
  next.moveOpen = false;
  next.moveSplit = state.moveSplit || cut;
  return ok(next);
}

/**
 * Spends the pending (or still available) Main Action as an Instant, at any time, even out of
 * turn and while delaying: a Snap Attack or Total Defense.
 */
export function spendMainAsInstant(state: ActionState): Result<ActionState, ActionRefusal> {
  return badState(state) ?? mainAsInstant(state);
}

function mainAsInstant(state: ActionState): Result<ActionState, ActionRefusal> {
  if (state.mainUsed) return refuse("noMainAction");
  const cut = state.moveOpen && state.moveFeet < state.moveLimit;
  return ok(
    changedActions(state, {
      mainUsed: true,
      moveOpen: false,
      moveSplit: state.moveSplit || cut,
      instants: plusOne(state.instants),
    }),
  );
}

/** An On Turn action: own turn only, as many as the GM allows. */
export function spendOnTurn(
  state: ActionState,
  ctx: TurnContext,
): Result<ActionState, ActionRefusal> {
  return badState(state) ?? onTurnAction(state, ctx);
}

function onTurnAction(state: ActionState, ctx: TurnContext): Result<ActionState, ActionRefusal> {
  if (state.delayingFor !== null) return refuse("delaying");
  if (ctx.heldFirst === true) return refuse("heldActionFirst");
  if (!ctx.ownTurn) return refuse("notYourTurn");
  return ok(changedActions(state, { onTurn: plusOne(state.onTurn) }));
}

/** An Instant action: any time, no limit. */
export function spendInstant(state: ActionState): Result<ActionState, InputRefusalReason> {
  return badState(state) ?? ok(instantAction(state));
}

function instantAction(state: ActionState): ActionState {
  return changedActions(state, { instants: plusOne(state.instants) });
}

/**
 * Both a fresh Move action and the Main Action, for a Charge: the Move is covered in one go,
 * then the attack ends it.
 */
export function spendMoveAndMain(
  state: ActionState,
  feet: number,
  limit: number,
  ctx: TurnContext,
): Result<ActionState, ActionRefusal> {
  return badMove(state, feet, limit) ?? moveAndMain(state, feet, limit, ctx);
}

function moveAndMain(
  state: ActionState,
  feet: number,
  limit: number,
  ctx: TurnContext,
): Result<ActionState, ActionRefusal> {
  const blocked = mayActNow(state, ctx);
  if (blocked !== null) return refuse(blocked);
  if (state.mainUsed) return refuse("noMainAction");
  if (state.movesUsed > 0) return refuse("noMoveAction");
  if (feet > limit) return refuse("tooFar", { feet, limit });
  return ok(
    changedActions(state, {
      mainUsed: true,
      movesUsed: 1,
      moveFeet: feet,
      moveLimit: limit,
      moveOpen: false,
    }),
  );
}

export interface MoveSpan {
  readonly feet: number;
  readonly limit: number;
}

const NO_MOVE: MoveSpan = { feet: 0, limit: 0 };

/** Every cost an action may have. */
export const ACTION_COSTS: readonly ActionCost[] = [
  "main",
  "move",
  "onTurn",
  "instant",
  "mainAsInstant",
  "moveAndMain",
];

/**
 * Spends an action of the given cost (distance for Move-based costs; 0 when not moving), for a
 * state its check accepted (every maneuver and attack holds its actor's, checked). The cost and
 * the distance are checked here.
 */
export function spendAction(
  state: Checked<ActionState>,
  cost: ActionCost,
  ctx: TurnContext,
  move: MoveSpan = NO_MOVE,
): Result<ActionState, ActionRefusal> {
  return (
    (move === NO_MOVE ? undefined : badSpan(move.feet, move.limit)) ??
    checkChoice("cost", cost, ACTION_COSTS) ??
    spend(state, cost, ctx, move)
  );
}

function spend(
  state: ActionState,
  cost: ActionCost,
  ctx: TurnContext,
  move: MoveSpan,
): Result<ActionState, ActionRefusal> {
  switch (cost) {
    case "main":
      return mainAction(state, ctx);
    case "move":
      return move.feet > 0 ? moveOn(state, move.feet, move.limit, ctx) : moveAction(state, ctx);
    case "onTurn":
      return onTurnAction(state, ctx);
    case "instant":
      return ok(instantAction(state));
    case "mainAsInstant":
      return mainAsInstant(state);
    case "moveAndMain":
      return moveAndMain(state, move.feet, move.limit, ctx);
  }
}

/**
 * Hold an Action (a Move action, own turn): what is left may be used later, out of turn. For a
 * state its check accepted.
 */
export function holdAction(
  state: Checked<ActionState>,
  ctx: TurnContext,
): Result<ActionState, ActionRefusal> {
  if (!ctx.ownTurn) return refuse("notYourTurn");
  const spent = moveAction(state, ctx);
  return spent.ok ? ok(changedActions(spent.value, { holding: true })) : spent;
}

/**
 * A held action goes off (an Instant, at any time): refused unless the combatant holds one. What
 * it then does is paid as usual, out of turn, while it still holds.
 */
export function actOnHeld(state: Checked<ActionState>): Result<ActionState, ActionRefusal> {
  return state.holding ? ok(instantAction(state)) : refuse("notHolding");
}

/** The held action is done: the combatant no longer acts out of turn this round. */
export function endHeld(state: Checked<ActionState>): Result<ActionState, ActionRefusal> {
  return state.holding ? ok(changedActions(state, { holding: false })) : refuse("notHolding");
}

/**
 * Delay an Action (On Turn): the rest waits until `afterId` has acted. For a state its
 * check accepted.
 */
export function delayAction(
  state: Checked<ActionState>,
  afterId: string,
  ctx: TurnContext,
): Result<ActionState, ActionRefusal> {
  const spent = onTurnAction(state, ctx);
  return spent.ok ? ok(changedActions(spent.value, { delayingFor: afterId })) : spent;
}

/** Someone has acted; a combatant delaying for them may act again. */
export function resumeAfterDelay(
  state: ActionState,
  actedId: string,
): Result<ActionState, InputRefusalReason> {
  const bad = badState(state);
  if (bad) return bad;
  return ok(state.delayingFor === actedId ? changedActions(state, { delayingFor: null }) : state);
}

/** What the tracker shows for a combatant: what is left of its round. */
export interface ActionSummary {
  readonly main: boolean;
  /** Move actions still available (the Main counts as one while unused). */
  readonly moves: number;
  /** Feet left in the Move under way, if it may go on. */
  readonly moveFeetLeft: number;
  readonly holding: boolean;
  readonly delayingFor: string | null;
  readonly totalDefense: boolean;
  readonly charged: boolean;
  readonly withdrawn: boolean;
  readonly screening: string | null;
}

export function actionSummary(state: ActionState): Result<ActionSummary, InputRefusalReason> {
  return badState(state) ?? ok(summary(state));
}

function summary(state: ActionState): ActionSummary {
  return {
    main: !state.mainUsed,
    moves: (state.movesUsed === 0 ? 1 : 0) + (state.mainUsed ? 0 : 1),
    moveFeetLeft: state.moveOpen ? state.moveLimit - state.moveFeet : 0,
    holding: state.holding,
    delayingFor: state.delayingFor,
    totalDefense: state.totalDefense,
    charged: state.charged,
    withdrawn: state.withdrawn,
    screening: state.screening?.allyId ?? null,
  };
}
