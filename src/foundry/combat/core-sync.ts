/**
 * What core v13's Combat does around a turn change, done by Fray for its own transitions, because
 * Fray's turn machine (not core's nextTurn/nextRound) moves the combat on:
 * - the hooks core fires on the initiating client before the update: `combatStart`
 *   (combat, updateData), `combatRound` and `combatTurn` (combat, updateData, updateOptions);
 * - the update options core passes: `direction` and, on a round change, `worldTime.delta` (the
 *   server advances the world clock with the update);
 * - the turn events (`_onEndTurn`, `_onEndRound`, `_onStartRound`, `_onStartTurn`, which run
 *   Region turn behaviours and clear movement history): core would count every turn between two
 *   `turn` indexes as skipped, so Fray sends `turnEvents: false` and names in the options the
 *   turns that really ended and started; FrayCombat runs them on the active GM.
 */
import type { TurnState } from "../../rules/combat/types.ts";
import { SYSTEM_ID } from "../constants.ts";
import { worldUsers } from "../shared/env.ts";
import { secondsPerRound } from "./time.ts";

/** One turn that ended or started, with its index in the order of the state it belongs to. */
export interface TurnRef {
  readonly combatantId: string;
  readonly round: number;
  readonly turn: number | null;
}

/** The turn and round events of one transition, in core's order: end, round end/start, start. */
export interface FrayTurnEvents {
  readonly ended: TurnRef | null;
  readonly roundEnded: number | null;
  readonly roundStarted: number | null;
  readonly started: TurnRef | null;
}

/** +1 for the machine moving on, -1 for an undo (core runs no turn events going back). */
export type Direction = 1 | -1;

/**
 * The turns that end and start between two states. Only going forward: the combatant who was
 * acting ends when someone else acts, nobody does, or the round moves on; the one acting after
 * starts when they were not acting before (or the round moved on).
 */
export function turnEventsBetween(
  before: TurnState,
  after: TurnState,
  direction: Direction,
  indexBefore: (id: string) => number | null,
  indexAfter: (id: string) => number | null,
): FrayTurnEvents {
  const none = { ended: null, roundEnded: null, roundStarted: null, started: null };
  if (direction < 0) return none;
  const newRound = after.round > before.round;
  const ended =
    before.active !== null && (newRound || after.active !== before.active)
      ? { combatantId: before.active, round: before.round, turn: indexBefore(before.active) }
      : null;
  const started =
    after.active !== null && (newRound || after.active !== before.active)
      ? { combatantId: after.active, round: after.round, turn: indexAfter(after.active) }
      : null;
  return {
    ended,
    roundEnded: newRound && before.round > 0 ? before.round : null,
    roundStarted: newRound ? after.round : null,
    started,
  };
}

/**
 * `Hooks.callAll` without fvtt-types' hook signatures: they describe v12's options
 * (`advanceTime`) and a number-only turn, while v13 passes `worldTime` and keeps a null turn.
 */
export function callHook(hook: string, ...args: unknown[]): void {
  const hooks = Hooks as unknown as { callAll(hook: string, ...args: unknown[]): boolean };
  hooks.callAll(hook, ...args);
}

/** Core's `updateData` for its hooks: the combat's new round and turn. */
export interface CoreUpdateData {
  round: number;
  turn: number | null;
}

/** Core's update options for a turn change, plus the turn events Fray runs itself. */
export interface CoreUpdateOptions {
  direction: Direction;
  worldTime?: { delta: number };
  turnEvents: false;
  [SYSTEM_ID]: { turnEvents: FrayTurnEvents };
}

/**
 * The options of a transition's Combat update. A round change moves the world clock by the
 * round's seconds (backwards when an undo goes back a round; not at the start of round 1).
 */
export function coreUpdateOptions(
  before: TurnState,
  after: TurnState,
  direction: Direction,
  events: FrayTurnEvents,
): CoreUpdateOptions {
  const options: CoreUpdateOptions = {
    direction,
    turnEvents: false,
    [SYSTEM_ID]: { turnEvents: events },
  };
  const rounds = before.round > 0 ? after.round - before.round : 0;
  if (rounds !== 0) options.worldTime = { delta: rounds * secondsPerRound() };
  return options;
}

/**
 * Fires the hook core fires for this change, before the update, as core's nextRound/nextTurn do:
 * `combatRound` when the round changes, `combatTurn` when only the turn does. Modules may change
 * `updateOptions` (the world time to add); the round and turn stay the turn machine's.
 */
export function callTurnHooks(
  combat: Combat.Implementation,
  before: { round: number; turn: number | null },
  updateData: CoreUpdateData,
  updateOptions: CoreUpdateOptions,
): void {
  if (updateData.round !== before.round) {
    callHook("combatRound", combat, { ...updateData }, updateOptions);
  } else if (updateData.turn !== before.turn) {
    callHook("combatTurn", combat, { ...updateData }, updateOptions);
  }
}

/**
 * Reads the turn events Fray put in an update's options, if any. Core hands every client an
 * update's options with the id of the user who made it (`_onUpdate(changed, options, userId)`),
 * and a player may update a Combat's turn from their console with any options: only an update a
 * GM made carries turn events (the active GM's transitions, combat/actions.ts).
 */
export function frayTurnEventsOf(options: unknown, userId: string): FrayTurnEvents | null {
  // A user deleted since is no GM (the collection has no entry for the id).
  const writer = worldUsers().get(userId) as User.Implementation | undefined;
  if (writer?.isGM !== true) return null;
  if (typeof options !== "object" || options === null) return null;
  const fray = (options as Record<string, unknown>)[SYSTEM_ID];
  if (typeof fray !== "object" || fray === null) return null;
  const events = (fray as { turnEvents?: unknown }).turnEvents;
  return typeof events === "object" && events !== null ? (events as FrayTurnEvents) : null;
}
