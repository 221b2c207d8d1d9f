/**
 * Turns. Each combatant takes one combat action per turn, the sides in their order (see
 * initiative.ts). Things that are simple or easily combined (shouting an order, dropping
 * something) are not actions and are not tracked.
 *
 * - Waiting passes the turn on, with one declared action. Used later in reaction to an event, the
 *   declared action cuts in before that event; any other action comes after it. Next turn the
 *   combatant is back in its usual place (nothing is carried over).
 * - A melee attack, made or declared, sets the Defense the combatant defends with this turn.
 * - Move actions are declared in turn order and resolve together at the end of the turn, with what
 *   they are combined with, in the order declared; a declared mover is a moving target.
 * - Aiming gives its bonus to the next turn's ranged attacks; readying a weapon makes it shoot
 *   with its Defense the turn after.
 * - Rolling with an attack spends the next available action: this turn's if the combatant has not
 *   acted, the next turn's if it has; a declared move it is in the middle of is cut to half.
 * - A combatant that has not acted may counterattack a melee attack at once; that is its action.
 *
 * Where the page is silent: a waiting combatant that never reacts loses the action; rolling with
 * a second attack after the next action is already spent is refused (there is one action to
 * give); the aim bonus lasts the one turn after aiming, whatever the combatant does with it.
 */
import type { Checked } from "../core/checked.ts";
import { checkedAs } from "../core/checked.ts";
import { checkNumber } from "../core/guard.ts";
import { checkChoice } from "../core/names.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { ACTION_KINDS, FRESH_TURN, SHEET_NUMBER, changedTurn } from "./model.ts";
import type { ActionKind, TurnState, TwodiceCombatant } from "./model.ts";
import type { TwodiceCheckReason } from "./options.ts";

export type TurnRefusal =
  | TwodiceCheckReason
  | "alreadyActed"
  | "alreadyWaiting"
  | "notWaiting"
  | "actionAlreadyOwed"
  | "missingDefense"
  | "missingWeapon";

/** One combat action. Melee attacks carry their weapon's Defense; readying names the weapon. */
export interface TurnAction {
  readonly kind: ActionKind;
  /** The Defense of the weapon of a melee attack (meleeAttack, moveAndMelee). */
  readonly defense?: number;
  /** The weapon readied (ready). */
  readonly weaponId?: string;
}

/** When an action happens relative to the event a waiting combatant reacts to. */
export type Timing = "now" | "before" | "after";

export interface TurnStep {
  readonly turn: TurnState;
  readonly timing: Timing;
}

const MELEE: readonly ActionKind[] = ["meleeAttack", "moveAndMelee"];
const MOVES: readonly ActionKind[] = ["move", "moveAndMelee", "moveAndShoot", "moveAndCover"];

const WAITING: readonly unknown[] = [null, ...ACTION_KINDS];

/** Checks a turn's one number, the Defense of its melee attack (when it made one), and its wait. */
function checkTurn(turn: TurnState) {
  return (
    (turn.meleeDefense === null
      ? undefined
      : checkNumber("turn.meleeDefense", turn.meleeDefense, SHEET_NUMBER)) ??
    checkChoice("turn.waiting", turn.waiting, WAITING)
  );
}

/** Whether a combatant may still act this turn (a counterattack included). */
export function mayAct(turn: TurnState): boolean {
  return !turn.acted;
}

/** Waits, declaring the one action it may cut in with later this turn. */
export function wait(turn: TurnState, declared: ActionKind): Result<TurnState, TurnRefusal> {
  const bad = checkTurn(turn) ?? checkChoice("declared", declared, ACTION_KINDS);
  if (bad) return bad;
  if (turn.acted) return refuse("alreadyActed");
  if (turn.waiting !== null) return refuse("alreadyWaiting");
  return ok(changedTurn(turn, { waiting: declared }));
}

/** Checks an action: its kind from the list, its Defense (when it carries one) within bounds. */
export function checkTurnAction(action: TurnAction): Result<Checked<TurnAction>, TurnRefusal> {
  return (
    checkChoice("action.kind", action.kind, ACTION_KINDS) ??
    (action.defense === undefined
      ? undefined
      : checkNumber("defense", action.defense, SHEET_NUMBER)) ??
    ok(checkedAs(action))
  );
}

/**
 * Takes the combat action. `reacting` says it answers an event later in the turn (a waiting
 * combatant's cut-in): the declared action goes before that event, any other after it.
 */
export function takeAction(
  turn: TurnState,
  action: TurnAction,
  reacting = false,
): Result<TurnStep, TurnRefusal> {
  const bad = checkTurn(turn) ?? checkChoice("action.kind", action.kind, ACTION_KINDS);
  return bad ?? turnTaken(turn, action, reacting);
}

/**
 * {@link takeAction} for a combatant its check accepted (checkCombatant checks its turn as
 * checkTurn does) and an action {@link checkTurnAction} accepted: the rule, nothing checked again.
 * The encounter simulator checks each fighter's action once, when a simulation is created.
 */
export function actionTaken(
  actor: Checked<TwodiceCombatant>,
  action: Checked<TurnAction>,
  reacting = false,
): Result<TurnStep, TurnRefusal> {
  return turnTaken(actor.turn, action, reacting);
}

/**
 * The turn rule of {@link takeAction}, for a checked turn and an action of a known kind (a melee
 * attack's Defense is checked here, after the rule's own refusals, as takeAction always did).
 */
function turnTaken(
  turn: TurnState,
  action: TurnAction,
  reacting: boolean,
): Result<TurnStep, TurnRefusal> {
  if (turn.acted) return refuse("alreadyActed");
  if (reacting && turn.waiting === null) return refuse("notWaiting");
  let meleeDefense = turn.meleeDefense;
  if (MELEE.includes(action.kind)) {
    if (action.defense === undefined) return refuse("missingDefense");
    const bad = checkNumber("defense", action.defense, SHEET_NUMBER);
    if (bad) return bad;
    meleeDefense = action.defense;
  }
  let readied = turn.readied;
  if (action.kind === "ready") {
    if (action.weaponId === undefined) return refuse("missingWeapon");
    readied = action.weaponId;
  }
  // Field by field, in the one order of a turn (changedTurn): the simulator takes an action a turn.
  const next: TurnState = {
    acted: true,
    waiting: null,
    meleeDefense,
    moving: turn.moving || MOVES.includes(action.kind),
    moveHalved: turn.moveHalved,
    aiming: turn.aiming || action.kind === "aim",
    aimed: turn.aimed,
    readied,
    readiedLastTurn: turn.readiedLastTurn,
    actionOwed: turn.actionOwed,
  };
  const timing: Timing = !reacting ? "now" : action.kind === turn.waiting ? "before" : "after";
  return ok({ turn: next, timing });
}

/** A counterattack against a melee attack: only before the defender has acted this turn. */
export function counterattack(turn: TurnState, defense: number): Result<TurnState, TurnRefusal> {
  const step = takeAction(turn, { kind: "meleeAttack", defense });
  return step.ok ? ok(step.value.turn) : step;
}

/** Rolling with an attack: the next available action is spent (this turn's or the next's). */
export function rollWithIt(turn: TurnState): Result<TurnState, TurnRefusal> {
  const bad = checkTurn(turn);
  if (bad) return bad;
  if (!turn.acted) return ok(changedTurn(turn, { acted: true, waiting: null }));
  if (turn.moving && !turn.moveHalved) return ok(changedTurn(turn, { moveHalved: true }));
  if (turn.actionOwed) return refuse("actionAlreadyOwed");
  return ok(changedTurn(turn, { actionOwed: true }));
}

/** A new turn: the action back (unless it was given to rolling with it), aim and readying carried. */
export function nextTurn(turn: TurnState): TurnState {
  // Nothing carried over: the one fresh turn (no copy; the simulator starts eight turns a round).
  if (!turn.actionOwed && !turn.aiming && turn.readied === null) return FRESH_TURN;
  return {
    acted: turn.actionOwed,
    waiting: null,
    meleeDefense: null,
    moving: false,
    moveHalved: false,
    aiming: false,
    aimed: turn.aiming,
    readied: null,
    readiedLastTurn: turn.readied,
    actionOwed: false,
  };
}

/** How far a move action goes, in meters: Agility, or half of it when shooting or taking cover. */
export function moveDistance(kind: ActionKind, agility: number, halved = false): number {
  const full = kind === "move" || kind === "moveAndMelee" ? agility : agility / 2;
  const distance = MOVES.includes(kind) ? Math.max(0, full) : 0;
  return halved ? distance / 2 : distance;
}
