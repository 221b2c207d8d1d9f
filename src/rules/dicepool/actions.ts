/**
 * The action economy of one turn. A Complex action takes the whole turn; two Simple actions make
 * one Complex, and after two the turn is over. One Free action per turn, on one's own turn only
 * (it may come after the turn's other actions). Interrupt actions may be taken at any time.
 * Defending takes no action.
 *
 * The book's combat action table, plus the actions the rest of the chapter names, is
 * `ACTION_TABLE`. "Use a power" takes the type the power names.
 *
 * Where the book is silent:
 * - A Complex action needs an untouched turn (a Simple action already taken leaves only one).
 * - Interrupts are not counted or limited.
 * - An incapacitated character may only take social actions (the chapter allows those "depending
 *   on context"; the GM decides the context, Fray allows them).
 */
import type { Checked } from "../core/checked.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { shown } from "../core/guard.ts";
import { checkChoice } from "../core/names.ts";
import { checkTurnActions } from "./check.ts";
import type { StateRefusal } from "./check.ts";
import type { TurnActions } from "./model.ts";
import { DICEPOOL_LIMITS as L } from "./limits.ts";
import { checkDicepoolOptions, DEFAULT_DICEPOOL_OPTIONS } from "./options.ts";
import type { DicepoolOptions, OptionsRefusal } from "./options.ts";

export type ActionType = "complex" | "simple" | "free" | "interrupt";
export const ACTION_TYPES: readonly ActionType[] = ["complex", "simple", "free", "interrupt"];

/** Every action the combat chapter names, and its type ("power": the power says). */
export const ACTION_TABLE = {
  rangedAttack: "simple",
  closeAttack: "simple",
  takeCover: "free",
  usePower: "power",
  move: "simple",
  readyWeapon: "simple",
  defendOther: "simple",
  quickCommunication: "free",
  issueCommand: "simple",
  socialAction: "free",
  surrender: "interrupt",
  parkVehicle: "complex",
  exitParkedVehicle: "simple",
  bailOutOfMovingVehicle: "simple",
  // Named elsewhere in the chapter:
  /** A close attack that moves first (Blitz Attack is a Simple action). */
  blitzAttack: "simple",
  /** A close attack on someone leaving the space or shooting from it. */
  opportunityAttack: "interrupt",
  /** Picking a dropped (disarmed) weapon up; readying it is a Simple action. */
  pickUpWeapon: "free",
  /** The assailant spends Grappling Pool to penalize its victim's roll. */
  spendGrapplePool: "interrupt",
  /** The victim pays Energy equal to the Grappling Pool to get free. */
  escapeGrapple: "interrupt",
  /** Restraints on a victim incapacitated by a grapple. */
  applyRestraints: "free",
  /** Once, on being incapacitated by a grapple, the victim spends Energy against the pool. */
  resistGrapple: "interrupt",
  /**
   * Stabilize (free with Medicine 1) stops a dying character's bleeding. The chapter names no
   * action type for it; Fray makes it a Simple action, like Defend Other.
   */
  stabilize: "simple",
  /**
   * Any other Complex action the GM allows (the book defines the type and names only parking a
   * vehicle): it takes the whole turn, at a turn's start.
   */
  complexAction: "complex",
} as const satisfies Record<string, ActionType | "power">;

export type ActionName = keyof typeof ACTION_TABLE;

export type { TurnActions } from "./model.ts";

export const FRESH_TURN: TurnActions = { simpleUsed: 0, complexUsed: false, freeUsed: 0, moves: 0 };

export interface ActionContext {
  /** It is this character's turn. */
  readonly ownTurn: boolean;
  readonly incapacitated?: boolean;
  /** Held in a grapple: no move actions. */
  readonly grappled?: boolean;
  /** For "usePower": the type the power names. */
  readonly powerType?: ActionType;
  /** Surrendered (conduct.ts): only social actions and quick words are left. */
  readonly surrendered?: boolean;
}

export type ActionRefusal =
  | StateRefusal
  | OptionsRefusal
  | "not-your-turn"
  | "turn-over"
  | "no-simple-action"
  | "no-complex-action"
  | "no-free-action"
  | "incapacitated"
  | "surrendered"
  | "grappled"
  | "power-type-needed";

/** The turn has no Simple or Complex action left (a Free action may remain). */
export function turnOver(
  state: TurnActions,
  options: Checked<DicepoolOptions> = DEFAULT_DICEPOOL_OPTIONS,
): boolean {
  // A yes/no read as one whatever it holds (the turn comes from an actor a player may write).
  const complex: unknown = state.complexUsed;
  return complex === true || state.simpleUsed >= options.simpleActionsPerTurn;
}

/**
 * The type of a named action: an own entry of the table only, so "toString" or "constructor" is
 * no action ("badChoice"); a power names its type, one of the list.
 */
export function actionType(
  action: ActionName,
  ctx: Pick<ActionContext, "powerType"> = {},
): Result<ActionType, ActionRefusal> {
  const name: unknown = action;
  if (typeof name !== "string" || !Object.hasOwn(ACTION_TABLE, name)) {
    return refuse("badChoice", { field: "action", value: shown(name) });
  }
  const type = ACTION_TABLE[action];
  if (type !== "power") return ok(type);
  if (ctx.powerType === undefined) return refuse("power-type-needed");
  return checkChoice("powerType", ctx.powerType, ACTION_TYPES) ?? ok(ctx.powerType);
}

/** The context's yes/no flags: absent or yes/no (ownTurn must be given). */
function checkContext(ctx: ActionContext) {
  const flag = [true, false];
  const maybe = [undefined, true, false];
  return (
    checkChoice("ownTurn", ctx.ownTurn, flag) ??
    checkChoice("incapacitated", ctx.incapacitated, maybe) ??
    checkChoice("grappled", ctx.grappled, maybe) ??
    checkChoice("surrendered", ctx.surrendered, maybe)
  );
}

/** Takes one action of `type`. */
export function spendActionType(
  state: TurnActions,
  type: ActionType,
  ctx: ActionContext,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<TurnActions, ActionRefusal> {
  const checked = checkDicepoolOptions(options);
  if (!checked.ok) return checked;
  const bad =
    checkTurnActions(state) ?? checkChoice("type", type, ACTION_TYPES) ?? checkContext(ctx);
  if (bad) return bad;
  if (type === "interrupt") return ok(state);
  if (!ctx.ownTurn) return refuse("not-your-turn");
  switch (type) {
    case "free":
      if (state.freeUsed >= options.freeActionsPerTurn) return refuse("no-free-action");
      return ok({ ...state, freeUsed: state.freeUsed + 1 });
    case "simple":
      if (turnOver(state, checked.value)) return refuse("turn-over");
      return ok({ ...state, simpleUsed: state.simpleUsed + 1 });
    case "complex":
      if (turnOver(state, checked.value)) return refuse("turn-over");
      if (state.simpleUsed > 0)
        return refuse("no-complex-action", { simpleUsed: state.simpleUsed });
      return ok({ ...state, complexUsed: true });
  }
}

/** Takes a named action from the table. */
export function takeAction(
  state: TurnActions,
  action: ActionName,
  ctx: ActionContext,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<TurnActions, ActionRefusal> {
  const type = actionType(action, ctx);
  if (!type.ok) return type;
  const bad = checkContext(ctx);
  if (bad) return bad;
  if (ctx.incapacitated === true && action !== "socialAction") return refuse("incapacitated");
  const words = action === "socialAction" || action === "quickCommunication";
  if (ctx.surrendered === true && !words) return refuse("surrendered");
  if (action === "move" && ctx.grappled === true) return refuse("grappled");
  if (action === "blitzAttack" && state.blitz === true) {
    // The Blitz's move took its Simple action (takeBlitzMove): the attack it was made for is owed.
    const bad = checkTurnActions(state);
    if (bad) return bad;
    if (!ctx.ownTurn) return refuse("not-your-turn");
    const { blitz: _owed, ...rest } = state;
    return ok(rest);
  }
  const next = spendActionType(state, type.value, ctx, options);
  if (!next.ok || action !== "move") return next;
  return ok({ ...next.value, moves: Math.min(L.actions, next.value.moves + 1) });
}

/**
 * A Blitz Attack's move (move-cost.ts prices it): the Blitz's Simple action is taken now, with
 * the move, and its attack is owed (`blitz`). Where the book is silent: the move counts as a
 * move of the turn, so a Move after it is a sprint; the Blitz's own move never is.
 */
export function takeBlitzMove(
  state: TurnActions,
  ctx: ActionContext,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<TurnActions, ActionRefusal> {
  const moved = takeAction(state, "move", ctx, options);
  return moved.ok ? ok({ ...moved.value, blitz: true }) : moved;
}

/** What may set off an opportunity attack. */
export interface OpportunityEvent {
  /** An enemy leaves the space, or makes a ranged attack from it. */
  readonly kind: "leaveSpace" | "rangedAttack" | "other";
  /** The enemy shares the watcher's space. */
  readonly sameSpace: boolean;
  /** The watcher holds a close-combat weapon (empty hands count). */
  readonly closeWeapon: boolean;
  readonly watcherIncapacitated?: boolean;
}

/**
 * Whether an opportunity attack (an interrupt) is open to the watcher. On a ranged attack it is
 * resolved first, then the ranged attack.
 */
export function opportunityAttackOpen(event: OpportunityEvent): boolean {
  return (
    event.kind !== "other" &&
    event.sameSpace &&
    event.closeWeapon &&
    event.watcherIncapacitated !== true
  );
}
