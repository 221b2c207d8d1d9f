/**
 * Turn actions. Every transition of the turn machine is computed and written by the active GM:
 * a player's (or another GM's) "activate me" / "end my turn" travels there as the referee's
 * `combat.turn` intent (shared/referee.ts), which tells the GM who sent it. The GM checks whether
 * the machine allows it for that user, writes the new state in one Combat update, then the round
 * events' changes in one batched actor update.
 */
import {
  activate,
  endPhase,
  endTurn,
  nextRound,
  phaseRef,
  reconcile,
  replan,
  startCombat,
  undo,
  undoPhase,
} from "../../rules/combat/machine.ts";
import { planSource } from "../../rules/combat/order.ts";
import type { Requester, TurnResult, TurnState } from "../../rules/combat/types.ts";
import { SYSTEM_ID } from "../constants.ts";
import { activeRuleset } from "../settings.ts";
import { isTransportReason, refereeIdle, sendIntent, serializedBy } from "../shared/referee.ts";
import type { Intent, RefereeOutcome } from "../shared/referee.ts";
import { writeActorChanges } from "./events.ts";
import { ledgerChanges } from "./ledger.ts";
import { combatHooks, transitionChanges } from "./ruleset-hooks.ts";
import { keepOutOfFight } from "./out-of-fight.ts";
import { noticeSidesDown } from "./sides.ts";
import { settleOrder } from "./start.ts";
import { announceTransition } from "./turn-hooks.ts";
import type { StartChoice } from "./start.ts";
import { callHook, callTurnHooks, coreUpdateOptions, turnEventsBetween } from "./core-sync.ts";
import type { Direction } from "./core-sync.ts";
import {
  currentOrder,
  frayTurns,
  rosterOf,
  teamsOf,
  turnContext,
  turnIndexOf,
  turnStateOf,
  turnStateUpdate,
} from "./state.ts";
import type { CombatLike, CombatantLike } from "./state.ts";
import type { SettledOrder } from "../../rules/combat/order.ts";
import { warnRefusal as showRefusal } from "../shared/refusal.ts";

/** The referee action of a turn request. */
export const COMBAT_TURN_ACTION = "combat.turn";

export type TurnAction =
  | { readonly kind: "activate"; readonly combatantId: string }
  | { readonly kind: "endTurn"; readonly combatantId: string }
  /** `phase`: the phase the GM was looking at (machine `phaseRef`); ends that phase or none. */
  | { readonly kind: "endPhase"; readonly phase?: string }
  | { readonly kind: "nextRound" }
  | { readonly kind: "undo" }
  | { readonly kind: "undoPhase" };

/** What a client sends the active GM (who sent it, the referee knows). */
export interface CombatActionRequest {
  readonly combatId: string;
  readonly action: TurnAction;
}

export type ActionOutcome = { readonly ok: true } | { readonly ok: false; readonly reason: string };

const ACTION_KINDS = ["activate", "endTurn", "endPhase", "nextRound", "undo", "undoPhase"];

/** The request as sent, or null when it is not a well-formed one. */
export function parseRequest(data: unknown): CombatActionRequest | null {
  if (typeof data !== "object" || data === null) return null;
  const { combatId, action } = data as Record<string, unknown>;
  if (typeof combatId !== "string") return null;
  if (typeof action !== "object" || action === null) return null;
  const kind = (action as { kind?: unknown }).kind;
  if (typeof kind !== "string" || !ACTION_KINDS.includes(kind)) return null;
  const combatantId = (action as { combatantId?: unknown }).combatantId;
  if ((kind === "activate" || kind === "endTurn") && typeof combatantId !== "string") return null;
  const phase = (action as { phase?: unknown }).phase;
  if (kind === "endPhase" && phase !== undefined && typeof phase !== "string") return null;
  return { combatId, action: action as TurnAction };
}

/** Whether the user owns the combatant: owns its actor (or the combatant itself). */
export function userOwns(combatant: CombatantLike, user: User.Implementation): boolean {
  const actor = combatant.actor;
  if (actor !== null && actor.testUserPermission(user, "OWNER")) return true;
  return combatant.testUserPermission(user, "OWNER");
}

function requesterFor(
  combat: CombatLike,
  action: TurnAction,
  user: User.Implementation,
): Requester {
  if (user.isGM) return "gm";
  if (action.kind !== "activate" && action.kind !== "endTurn") return "other";
  const combatant = combat.combatants.get(action.combatantId);
  return combatant !== undefined && userOwns(combatant, user) ? "owner" : "other";
}

function transition(
  state: TurnState,
  combat: CombatLike,
  action: TurnAction,
  by: Requester,
): TurnResult {
  const ctx = turnContext(combat, activeRuleset().turnOrder);
  switch (action.kind) {
    case "activate":
      return activate(state, ctx, action.combatantId, by);
    case "endTurn":
      return endTurn(state, ctx, action.combatantId, by);
    case "endPhase":
      return endPhase(state, ctx, by, action.phase);
    case "nextRound":
      return nextRound(state, ctx, by);
    case "undo":
      return undo(state, ctx, by);
    case "undoPhase":
      return undoPhase(state, ctx, by);
  }
}

/**
 * Writes a successful transition: the Combat update first, then one batch for the round events,
 * the new round's start and a turn start (the active ruleset's hooks, see ruleset-hooks.ts). In
 * that order, a Combat update that fails writes nothing at all, and the retry ticks once; the
 * hooks read the actors, which the Combat update does not touch. Around the
 * update, what core does around its own turn changes (core-sync.ts): the `combatStart`,
 * `combatRound` or `combatTurn` hook, the world time, and the turn events of exactly the turns
 * that ended and started.
 */
async function applyResult(
  combat: CombatLike,
  result: Extract<TurnResult, { ok: true }>,
  direction: Direction,
  order?: SettledOrder,
) {
  const before = turnStateOf(combat);
  const turnOrder = activeRuleset().turnOrder;
  const update = turnStateUpdate(combat, result.state, turnOrder, order);
  const turnsBefore = frayTurns(combat, turnOrder);
  const turnsAfter =
    order === undefined ? turnsBefore : frayTurns(combat, turnOrder, update[ORDER_KEY] as never);
  const events = turnEventsBetween(
    before,
    result.state,
    direction,
    (id) => turnIndexOf(turnsBefore, id),
    (id) => turnIndexOf(turnsAfter, id),
  );
  const options = coreUpdateOptions(before, result.state, direction, events);
  const updateData = { round: result.state.round, turn: update["turn"] as number | null };
  if (before.round === 0) callHook("combatStart", combat, { ...updateData });
  else callTurnHooks(combat, { round: combat.round, turn: combat.turn }, updateData, options);
  await combat.update(update, options);
  // The ruleset's hooks run once the turn is written (some post cards of their own); their
  // ledger entries (GM-owned budgets and holds, ledger.ts) go in one more Combat update, their
  // actor changes in one batch: a constant number of writes however many combatants.
  const changes = await transitionChanges(combat, result, before.active);
  const ledger = ledgerChanges(
    changes.flatMap(({ combatantId, ledger: entries }) =>
      Object.entries(entries ?? {}).map(([key, value]) => ({ combatantId, key, value })),
    ),
  );
  if (Object.keys(ledger).length > 0) await combat.update(ledger);
  const actorChanges = changes.filter((c) => Object.keys(c.changes).length > 0);
  if (actorChanges.length > 0) await writeActorChanges(combat, actorChanges);
  // Modules hear of it once it is all written, on this client only (turn-hooks.ts).
  announceTransition(combat, before, result.state, direction === -1);
}

const ORDER_KEY = `flags.${SYSTEM_ID}.order`;

/** The one queue of the turn transitions (and reconciliations) on the active GM. */
const TURN_QUEUE = `${SYSTEM_ID}.combat`;

/*
 * Transitions on the active GM run one after the other, so that two players ending their turns at
 * the same moment both count, each computed from the state the other left.
 */
export function serialized<T>(task: () => Promise<T>): Promise<T> {
  return serializedBy(TURN_QUEUE, task);
}

/** Resolves once every queued transition (and referee task) is written (for tests and tools). */
export function whenIdle(): Promise<void> {
  return refereeIdle();
}

/** Runs a request as the active GM for `user` (who asks, as the referee knows): may they, then the writes. */
export function performTurnAction(
  request: CombatActionRequest,
  user: User.Implementation,
): Promise<ActionOutcome> {
  return serialized(async (): Promise<ActionOutcome> => {
    if (game.users?.activeGM?.isSelf !== true) return { ok: false, reason: "notActiveGM" };
    const combat = game.combats?.get(request.combatId) as CombatLike | undefined;
    if (combat === undefined) return { ok: false, reason: "unknownCombat" };
    const by = requesterFor(combat, request.action, user);
    const result = transition(turnStateOf(combat), combat, request.action, by);
    if (!result.ok) return result;
    const back = request.action.kind === "undo" || request.action.kind === "undoPhase";
    await applyResult(combat, result, back ? -1 : 1);
    await noticeSidesDown(combat);
    return { ok: true };
  });
}

/** The referee's `combat.turn` handler (run by the active GM; `sender` as the server recorded). */
export async function handleTurnIntent(
  intent: Intent,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const request = parseRequest(intent.payload);
  if (request === null) return { ok: false, reason: "badRequest" };
  return performTurnAction(request, sender);
}

/** Tells the user why nothing happened, in their language (a bad number names its field). */
export function warnRefusal(reason: string, detail?: Readonly<Record<string, unknown>>): void {
  showRefusal((key) => `FRAY.Combat.Refusal.${key}`, detail ? { reason, detail } : { reason });
}

/**
 * Asks for a turn action from this client: done here when this user is the active GM, else sent
 * to the active GM through the referee. A refusal is shown as a warning and changes nothing (the
 * referee shows its own: no GM connected, no answer).
 */
export async function requestTurnAction(
  combat: CombatLike,
  action: TurnAction,
): Promise<ActionOutcome> {
  const request: CombatActionRequest = { combatId: combat.id ?? "", action };
  const outcome = await sendIntent(COMBAT_TURN_ACTION, request);
  if (outcome.ok) return { ok: true };
  if (!isTransportReason(outcome.reason)) warnRefusal(outcome.reason);
  return outcome;
}

/**
 * Core's "next turn": ends the acting combatant's turn, or the phase when nobody is acting (the
 * phase this client shows, so a press that arrives after that phase ended skips no other).
 */
export async function endCombatTurnAction(combat: CombatLike): Promise<ActionOutcome> {
  const state = turnStateOf(combat);
  return requestTurnAction(
    combat,
    state.active === null
      ? { kind: "endPhase", phase: phaseRef(state) }
      : { kind: "endTurn", combatantId: state.active },
  );
}

/**
 * Starts the combat (GM only): settles the order for the active ruleset, writes the teams' order
 * values and the combatants' initiative or setup counters in one batch each, then round 1.
 */
export async function startFrayCombat(
  combat: CombatLike,
  choice: StartChoice = {},
): Promise<ActionOutcome> {
  if (game.user?.isGM !== true) return refused("notGM");
  if (turnStateOf(combat).round > 0) return refused("alreadyStarted");
  const ruleset = activeRuleset();
  const settled = await settleOrder(combat, choice);
  if (!settled.ok) return refused(settled.reason, settled.detail);
  const { order, effects } = settled;
  if (order.mode === "team") {
    const updates = teamsOf(combat).map((team) => ({
      _id: team.id ?? "",
      "system.order": order.values[team.id ?? ""] ?? null,
      "system.surpriseRounds": order.surpriseRound.includes(team.id ?? "") ? 1 : 0,
    }));
    if (updates.length > 0) {
      await combat.updateEmbeddedDocuments("CombatantGroup", updates);
    }
  }
  const combatantUpdates = new Map<string, Record<string, unknown>>();
  if (order.mode === "individual") {
    for (const [id, value] of Object.entries(order.values)) {
      combatantUpdates.set(id, { _id: id, initiative: value });
    }
  }
  // The ruleset turns the effects into actor changes where it has a hook; else they go on the
  // combatants' flags.
  const hooks = combatHooks();
  const ownSetup = hooks.setupEffects !== undefined;
  const actorChanges =
    (effects.length > 0 ? await hooks.setupEffects?.(combat, effects) : undefined) ?? [];
  for (const effect of ownSetup ? [] : effects) {
    const entry = combatantUpdates.get(effect.combatantId) ?? { _id: effect.combatantId };
    const combatant = combat.combatants.get(effect.combatantId);
    const counters = (combatant?.flags as Record<string, { counters?: Record<string, number> }>)[
      SYSTEM_ID
    ]?.counters;
    entry[`flags.${SYSTEM_ID}.counters.${effect.counter}`] =
      (counters?.[effect.counter] ?? 0) + effect.amount;
    combatantUpdates.set(effect.combatantId, entry);
  }
  if (combatantUpdates.size > 0) {
    await combat.updateEmbeddedDocuments("Combatant", [...combatantUpdates.values()] as never);
  }
  if (actorChanges.length > 0) await writeActorChanges(combat, actorChanges);
  const result = startCombat({
    roster: rosterOf(combat),
    planFor: planSource(ruleset.turnOrder, order),
    options: { keepOut: keepOutOfFight() },
  });
  if (!result.ok) return refused(result.reason);
  await applyResult(combat, result, 1, order);
  await noticeSidesDown(combat);
  return { ok: true };
}

/** A rule's new order for a running combat, or its refusal (reason and detail). */
export type Reordered =
  | { readonly ok: true; readonly value: SettledOrder }
  | {
      readonly ok: false;
      readonly reason: string;
      readonly detail?: Readonly<Record<string, string | number | boolean>>;
    };

/**
 * A ruleset's rule moves a running combat's order mid-fight (Worldlines: a team takes the
 * momentum). On the active GM, in the turn queue: `reorder` gets the order as it stands now and
 * answers the new one; the teams' order values are written in one batch, then the round is
 * re-planned (machine `replan`: the rest of it in the new order) and written with the new order
 * in one Combat update, as any transition. Answers the new order, or the refusal.
 */
export function reorderCombat(
  combat: CombatLike,
  reorder: (order: SettledOrder) => Reordered,
): Promise<Reordered> {
  return serialized(async (): Promise<Reordered> => {
    if (game.users?.activeGM?.isSelf !== true) return { ok: false, reason: "notActiveGM" };
    const state = turnStateOf(combat);
    if (state.round < 1) return { ok: false, reason: "notStarted" };
    const turnOrder = activeRuleset().turnOrder;
    const moved = reorder(currentOrder(combat, turnOrder));
    if (!moved.ok) return moved;
    const order = moved.value;
    const ctx = { ...turnContext(combat, turnOrder), planFor: planSource(turnOrder, order) };
    const result = replan(state, ctx, "gm");
    if (!result.ok) return result;
    if (order.mode === "team") {
      const updates = teamsOf(combat).map((team) => ({
        _id: team.id ?? "",
        "system.order": order.values[team.id ?? ""] ?? null,
      }));
      if (updates.length > 0) await combat.updateEmbeddedDocuments("CombatantGroup", updates);
    }
    await applyResult(combat, result, 1, order);
    await noticeSidesDown(combat);
    return moved;
  });
}

function refused(reason: string, detail?: Readonly<Record<string, unknown>>): ActionOutcome {
  warnRefusal(reason, detail);
  return { ok: false, reason };
}

/** Reconciliations queued and not started yet, by combat. */
const reconcileQueued = new Map<string, Promise<void>>();

/**
 * After combatants joined, left, fell, hid or changed team, or an actor's state changed what its
 * ruleset says of it: the active GM brings the turn state in line (no reroll; the order goes on
 * without those who left or fell out). Writes only when something changed. Requests that come
 * while one is queued and not started yet join it (a round's batched actor update asks once per
 * actor), so its reading is still fresh when it runs.
 */
export function reconcileCombat(combat: CombatLike): Promise<void> {
  const id = combat.id ?? "";
  const queued = reconcileQueued.get(id);
  if (queued !== undefined) return queued;
  const task = serialized(() => {
    reconcileQueued.delete(id);
    return reconcileNow(combat);
  });
  reconcileQueued.set(id, task);
  return task;
}

/** The body of `reconcileCombat`, for a task already running in the queue. */
export async function reconcileNow(combat: CombatLike): Promise<void> {
  if (game.users?.activeGM?.isSelf !== true) return;
  const state = turnStateOf(combat);
  if (state.round < 1) return;
  const result = reconcile(state, turnContext(combat, activeRuleset().turnOrder));
  if (result.ok && JSON.stringify(result.state) !== JSON.stringify(state)) {
    await applyResult(combat, result, 1);
  }
  await noticeSidesDown(combat);
}
