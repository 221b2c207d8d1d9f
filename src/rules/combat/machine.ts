/**
 * The turn machine: who may act, which phase follows, what resets, and how to undo it.
 *
 * State in, state out. The machine stores only where the combat is (`TurnState`); facts about the
 * combatants (team, defeated, hidden) come in fresh with every call as the roster, and the phases
 * of a round come from the active ruleset's turn order through `planFor`. A transition never
 * throws: it returns the new state and the round events to run, or a refusal with a reason.
 */
import { phaseKey } from "./types.ts";
import type {
  CombatantId,
  Phase,
  Requester,
  RosterMember,
  Roster,
  RoundEventRun,
  RoundPlan,
  TurnPosition,
  TurnRefusal,
  TurnResult,
  TurnState,
} from "./types.ts";

export interface TurnOptions {
  /** A team's phase ends by itself once every able member has acted. Default: true. */
  readonly autoEndPhase: boolean;
  /** How many earlier positions undo can reach; older ones are forgotten. Default: 200. */
  readonly historyLimit: number;
  /**
   * Defeated and out-of-fight members keep their turns (a world setting). Default: false, the order
   * passes over them and refuses them a turn.
   */
  readonly keepOut: boolean;
}

export const DEFAULT_TURN_OPTIONS: TurnOptions = {
  autoEndPhase: true,
  historyLimit: 200,
  keepOut: false,
};

export interface TurnContext {
  /** Every combatant of the combat, as it is now. */
  readonly roster: Roster;
  /** The phases of a round, from the active ruleset's turn order. */
  readonly planFor: (round: number) => RoundPlan;
  readonly options?: Partial<TurnOptions>;
}

/** The state of a combat that has not started. */
export const NOT_STARTED: TurnState = {
  round: 0,
  plan: [],
  phaseIndex: 0,
  active: null,
  acted: [],
  history: [],
};

/** Out of the fight: marked defeated, or out by its ruleset's rules (dying, dead …). */
export function isOut(member: RosterMember): boolean {
  return member.defeated || (member.outOfFight ?? "") !== "";
}

/** Whether the order gives the member turns: it is in the fight, or the world keeps the out in. */
export function takesTurns(member: RosterMember, keepOut = false): boolean {
  return keepOut || !isOut(member);
}

/**
 * Able to take a turn: it takes turns (see `takesTurns`) and is not hidden. Hidden members may
 * act, but nobody waits for them.
 */
export function isAble(member: RosterMember, keepOut = false): boolean {
  return takesTurns(member, keepOut) && !member.hidden;
}

/** The combatants who act in a phase: a team's members, or the one combatant. */
export function membersOfPhase(phase: Phase, roster: Roster): RosterMember[] {
  switch (phase.kind) {
    case "team":
      return roster.filter((m) => m.teamId === phase.teamId);
    case "combatant":
      return roster.filter((m) => m.id === phase.combatantId);
    case "event":
      return [];
  }
}

/** Whether somebody in this phase is acting now or still has to take a turn. */
export function phaseIsPending(
  phase: Phase,
  roster: Roster,
  acted: readonly CombatantId[],
  active: CombatantId | null,
  keepOut = false,
): boolean {
  const members = membersOfPhase(phase, roster);
  if (active !== null && members.some((m) => m.id === active)) return true;
  return members.some((m) => isAble(m, keepOut) && !acted.includes(m.id));
}

/** The phase being played, or null before the start and when nobody can act this round. */
export function currentPhase(state: TurnPosition): Phase | null {
  if (state.round < 1) return null;
  return state.plan[state.phaseIndex] ?? null;
}

/**
 * Names the phase being played in its round ("2:team:abc", "2:idle" when nobody can act), so a
 * request to end a phase ends that phase or none (see `endPhase`).
 */
export function phaseRef(state: TurnPosition): string {
  const phase = currentPhase(state);
  return `${String(state.round)}:${phase === null ? "idle" : phaseKey(phase)}`;
}

function optionsOf(ctx: TurnContext): TurnOptions {
  return { ...DEFAULT_TURN_OPTIONS, ...ctx.options };
}

/** Whether the world keeps out members in the order (TurnOptions.keepOut). */
function keeps(ctx: TurnContext): boolean {
  return optionsOf(ctx).keepOut;
}

/** Whether somebody in this phase is acting now or still has to take a turn, in this context. */
function pending(
  phase: Phase,
  ctx: TurnContext,
  acted: readonly CombatantId[],
  active: CombatantId | null,
): boolean {
  return phaseIsPending(phase, ctx.roster, acted, active, keeps(ctx));
}

/** Why a member who takes no turns is refused one. */
function outRefusal(member: RosterMember): TurnResult {
  return refuse(member.defeated ? "defeated" : "outOfFight");
}

function positionOf(state: TurnPosition): TurnPosition {
  return {
    round: state.round,
    plan: state.plan,
    phaseIndex: state.phaseIndex,
    active: state.active,
    acted: state.acted,
  };
}

interface Walk {
  readonly position: TurnPosition;
  readonly events: readonly RoundEventRun[];
  readonly roundStarted: number | null;
}

interface WalkOptions {
  /** How many round boundaries the walk may cross (0 or 1). */
  readonly crossings: number;
  /** Skip the acting phases left in the current round (only its events still happen). */
  readonly skipRestOfRound?: boolean;
  /** The walk starts a round nobody has played yet (its start, or an idle round). */
  readonly freshRound?: boolean;
}

function anyPending(
  plan: RoundPlan,
  from: number,
  ctx: TurnContext,
  acted: readonly CombatantId[],
) {
  return plan.slice(from).some((phase) => pending(phase, ctx, acted, null));
}

/**
 * Moves forward from `from` (inclusive) to the first phase somebody still has to play, collecting
 * the round events passed. At the end of the plan the round ends: the next round's plan is taken,
 * everybody's acted mark is cleared. If nobody can act at all in a round just entered, the walk
 * stops past the end of its plan (idle) without running its events, rather than looping through
 * empty rounds: an idle round is a pause, and its events are skipped.
 */
function walkForward(start: TurnPosition, from: number, ctx: TurnContext, walk: WalkOptions): Walk {
  const events: RoundEventRun[] = [];
  let { round, plan, acted } = start;
  let active = start.active;
  let roundStarted: number | null = null;
  let index = from;
  let skipActing = walk.skipRestOfRound ?? false;
  for (let crossed = 0; ; crossed += 1) {
    const fresh = crossed > 0 || (walk.freshRound ?? false);
    if (fresh && crossed >= walk.crossings && !anyPending(plan, index, ctx, acted)) {
      return {
        position: { round, plan, phaseIndex: plan.length, active: null, acted },
        events,
        roundStarted,
      };
    }
    for (; index < plan.length; index += 1) {
      const phase = plan[index];
      if (phase === undefined) break;
      if (phase.kind === "event") {
        events.push({ round, event: phase.event });
        continue;
      }
      if (!skipActing && pending(phase, ctx, acted, active)) {
        if (phase.kind === "combatant") active = phase.combatantId;
        return {
          position: { round, plan, phaseIndex: index, active, acted },
          events,
          roundStarted,
        };
      }
    }
    if (crossed >= walk.crossings) {
      return {
        position: { round, plan, phaseIndex: plan.length, active: null, acted },
        events,
        roundStarted,
      };
    }
    round += 1;
    plan = ctx.planFor(round);
    acted = [];
    active = null;
    index = 0;
    skipActing = false;
    roundStarted = round;
  }
}

function withHistory(previous: TurnState, next: TurnPosition, ctx: TurnContext): TurnState {
  const limit = Math.max(0, Math.floor(optionsOf(ctx).historyLimit));
  const history = limit === 0 ? [] : [...previous.history, positionOf(previous)].slice(-limit);
  return { ...positionOf(next), history };
}

function refuse(reason: TurnRefusal): TurnResult {
  return { ok: false, reason };
}

function moved(
  state: TurnState,
  walk?: Walk,
  eventsUndone: readonly RoundEventRun[] = [],
): TurnResult {
  return {
    ok: true,
    state,
    events: walk?.events ?? [],
    eventsUndone,
    roundStarted: walk?.roundStarted ?? null,
  };
}

/** Starts round 1 on its first phase that somebody can play. */
export function startCombat(ctx: TurnContext): TurnResult {
  const start: TurnPosition = {
    round: 1,
    plan: ctx.planFor(1),
    phaseIndex: 0,
    active: null,
    acted: [],
  };
  const walk = walkForward(start, 0, ctx, { crossings: 0, freshRound: true });
  return moved({ ...walk.position, history: [] }, { ...walk, roundStarted: 1 });
}

function findMember(ctx: TurnContext, id: CombatantId): RosterMember | undefined {
  return ctx.roster.find((m) => m.id === id);
}

function belongsTo(phase: Phase | null, member: RosterMember): boolean {
  if (phase === null) return false;
  if (phase.kind === "team") return phase.teamId === member.teamId;
  if (phase.kind === "combatant") return phase.combatantId === member.id;
  return false;
}

/**
 * A combatant starts its turn. A player may only activate a combatant they own, the GM anyone;
 * either way only a member of the team whose phase it is, who has not acted this round. If
 * someone else is mid-turn, a player is refused; the GM's activation ends that other turn.
 */
export function activate(
  state: TurnState,
  ctx: TurnContext,
  combatantId: CombatantId,
  by: Requester,
): TurnResult {
  if (state.round < 1) return refuse("notStarted");
  const member = findMember(ctx, combatantId);
  if (member === undefined) return refuse("unknownCombatant");
  if (by === "other") return refuse("notOwner");
  if (!takesTurns(member, keeps(ctx))) return outRefusal(member);
  if (state.active === combatantId) return refuse("alreadyActive");
  if (state.acted.includes(combatantId)) return refuse("alreadyActed");
  if (!belongsTo(currentPhase(state), member)) return refuse("notYourPhase");
  let acted = state.acted;
  if (state.active !== null) {
    if (by !== "gm") return refuse("anotherIsActive");
    acted = [...acted, state.active];
  }
  return moved(withHistory(state, { ...state, active: combatantId, acted }, ctx));
}

/**
 * A combatant's turn is over (or it passes without activating). When nobody in the phase is left
 * to act, the phase ends by itself (a combatant's own phase always does) and the walk goes on.
 */
export function endTurn(
  state: TurnState,
  ctx: TurnContext,
  combatantId: CombatantId,
  by: Requester,
): TurnResult {
  if (state.round < 1) return refuse("notStarted");
  const member = findMember(ctx, combatantId);
  if (member === undefined) return refuse("unknownCombatant");
  if (by === "other") return refuse("notOwner");
  if (state.acted.includes(combatantId)) return refuse("alreadyActed");
  const phase = currentPhase(state);
  if (phase === null || !belongsTo(phase, member)) return refuse("notYourPhase");
  if (!takesTurns(member, keeps(ctx)) && state.active !== combatantId) return outRefusal(member);
  const acted = [...state.acted, combatantId];
  const active = state.active === combatantId ? null : state.active;
  const after: TurnPosition = { ...state, acted, active };
  const phaseOver =
    phase.kind === "combatant" ||
    (optionsOf(ctx).autoEndPhase && !pending(phase, ctx, acted, active));
  if (!phaseOver) return moved(withHistory(state, after, ctx));
  const walk = walkForward({ ...after, active: null }, state.phaseIndex + 1, ctx, { crossings: 1 });
  return moved(withHistory(state, walk.position, ctx), walk);
}

/**
 * The GM ends the current phase: whoever is mid-turn has acted, the others simply did not act.
 * From an idle round (nobody could act) this starts the next round. A request that names the
 * phase it means (`phaseRef` of the state the GM was looking at) is refused once that phase is
 * over: pressed just after its last member ended their turn, it must not end the next team's.
 */
export function endPhase(
  state: TurnState,
  ctx: TurnContext,
  by: Requester,
  expected?: string,
): TurnResult {
  if (state.round < 1) return refuse("notStarted");
  if (by !== "gm") return refuse("notGM");
  if (expected !== undefined && expected !== phaseRef(state)) return refuse("phaseOver");
  const acted = state.active === null ? state.acted : [...state.acted, state.active];
  const walk = walkForward({ ...state, acted, active: null }, state.phaseIndex + 1, ctx, {
    crossings: 1,
  });
  return moved(withHistory(state, walk.position, ctx), walk);
}

/**
 * The GM ends the round now: the acting phases left are skipped, the round's remaining events
 * still happen, then the next round starts.
 */
export function nextRound(state: TurnState, ctx: TurnContext, by: Requester): TurnResult {
  if (state.round < 1) return refuse("notStarted");
  if (by !== "gm") return refuse("notGM");
  const walk = walkForward({ ...state, active: null }, state.phaseIndex + 1, ctx, {
    crossings: 1,
    skipRestOfRound: true,
  });
  return moved(withHistory(state, walk.position, ctx), walk);
}

/**
 * The order changed mid-round (a ruleset's rule moved it: Worldlines' stolen momentum). The phases
 * already played keep their place, the rest of the round takes the fresh plan's order, and the
 * walk goes on to the first phase somebody still has to play. When that is no longer the phase
 * being played, the turn in progress there ends (its member has acted, as End phase counts it);
 * its team plays on where the fresh plan puts it. The GM's only; undoable like any other step.
 */
export function replan(state: TurnState, ctx: TurnContext, by: Requester): TurnResult {
  if (state.round < 1) return refuse("notStarted");
  if (by !== "gm") return refuse("notGM");
  // An idle round stays idle: the next round's plan is the fresh order's anyway.
  if (state.phaseIndex >= state.plan.length) return moved(state);
  const played = state.plan.slice(0, state.phaseIndex);
  const done = new Set(played.map(phaseKey));
  const rest = ctx.planFor(state.round).filter((phase) => !done.has(phaseKey(phase)));
  const plan = [...played, ...rest];
  const next = rest.find(
    (phase) => phase.kind !== "event" && pending(phase, ctx, state.acted, state.active),
  );
  const current = currentPhase(state);
  const stays = next !== undefined && current !== null && phaseKey(next) === phaseKey(current);
  const cut = stays || state.active === null ? null : state.active;
  const here: TurnPosition = {
    round: state.round,
    plan,
    phaseIndex: played.length,
    active: cut === null ? state.active : null,
    acted: cut === null ? state.acted : [...state.acted, cut],
  };
  const walk = walkForward(here, played.length, ctx, { crossings: 1 });
  return moved(withHistory(state, walk.position, ctx), walk);
}

/** Round events between two positions, in the order they happened. */
function eventsBetween(from: TurnPosition, to: TurnPosition, ctx: TurnContext): RoundEventRun[] {
  const events: RoundEventRun[] = [];
  const collect = (plan: RoundPlan, round: number, start: number, end: number): void => {
    for (const phase of plan.slice(Math.max(0, start), Math.max(0, end))) {
      if (phase.kind === "event") events.push({ round, event: phase.event });
    }
  };
  if (from.round === to.round) {
    collect(to.plan, to.round, from.phaseIndex + 1, to.phaseIndex);
    return events;
  }
  collect(from.plan, from.round, from.phaseIndex + 1, from.plan.length);
  for (let round = from.round + 1; round < to.round; round += 1) {
    const plan = ctx.planFor(round);
    collect(plan, round, 0, plan.length);
  }
  collect(to.plan, to.round, 0, to.phaseIndex);
  return events;
}

/** A remembered position, cleaned of combatants that have since left or fallen. */
function restore(position: TurnPosition, ctx: TurnContext): TurnPosition | null {
  const ids = new Set(ctx.roster.map((m) => m.id));
  const acted = position.acted.filter((id) => ids.has(id));
  const phase = position.plan[position.phaseIndex];
  let active = position.active;
  const activeMember = active === null ? undefined : findMember(ctx, active);
  if (activeMember === undefined || !takesTurns(activeMember, keeps(ctx))) active = null;
  if (phase === undefined) return { ...position, acted, active: null };
  if (!pending(phase, ctx, acted, active)) return null;
  return { ...position, acted, active };
}

function undoUntil(
  state: TurnState,
  ctx: TurnContext,
  by: Requester,
  accept: (candidate: TurnPosition) => boolean,
): TurnResult {
  if (state.round < 1) return refuse("notStarted");
  if (by !== "gm") return refuse("notGM");
  for (let i = state.history.length - 1; i >= 0; i -= 1) {
    const candidate = state.history[i];
    if (candidate === undefined || !accept(candidate)) continue;
    const restored = restore(candidate, ctx);
    if (restored === null) continue;
    const next: TurnState = { ...restored, history: state.history.slice(0, i) };
    return moved(next, undefined, eventsBetween(restored, state, ctx));
  }
  return refuse("nothingToUndo");
}

/**
 * Undoes the last turn step (activation, end of turn, end of phase, next round), restoring
 * exactly who was acting and who had acted. Steps whose phase nobody could play any more (its
 * team has since been defeated) are passed over.
 */
export function undo(state: TurnState, ctx: TurnContext, by: Requester): TurnResult {
  return undoUntil(state, ctx, by, () => true);
}

/** Goes back into the previous phase, as it stood just before it ended. */
export function undoPhase(state: TurnState, ctx: TurnContext, by: Requester): TurnResult {
  return undoUntil(
    state,
    ctx,
    by,
    (candidate) => candidate.round !== state.round || candidate.phaseIndex !== state.phaseIndex,
  );
}

/**
 * Merges a freshly computed plan into the current round's plan: phases already there keep their
 * place (a new team order waits for the next round), phases of new teams or combatants are
 * inserted after the phase they follow in the fresh plan, phases of combatants or teams that left
 * are dropped. Returns the merged plan and where the current phase is (or would have been).
 */
function mergePlan(
  current: RoundPlan,
  fresh: RoundPlan,
  currentIndex: number,
): { plan: Phase[]; index: number; currentKept: boolean } {
  const freshKeys = fresh.map(phaseKey);
  const currentKeys = new Set(current.map(phaseKey));
  const kept: { phase: Phase; old: number }[] = [];
  current.forEach((phase, old) => {
    if (phase.kind === "event" || freshKeys.includes(phaseKey(phase))) kept.push({ phase, old });
  });
  const merged: { phase: Phase; old: number | null }[] = [...kept];
  fresh.forEach((phase, i) => {
    if (currentKeys.has(freshKeys[i] ?? "")) return;
    let at = 0;
    for (let j = i - 1; j >= 0; j -= 1) {
      const anchor = merged.findIndex((e) => phaseKey(e.phase) === freshKeys[j]);
      if (anchor >= 0) {
        at = anchor + 1;
        break;
      }
    }
    merged.splice(at, 0, { phase, old: null });
  });
  const exact = merged.findIndex((e) => e.old === currentIndex);
  if (exact >= 0) return { plan: merged.map((e) => e.phase), index: exact, currentKept: true };
  const after = merged.findIndex((e) => e.old !== null && e.old > currentIndex);
  return {
    plan: merged.map((e) => e.phase),
    index: after >= 0 ? after : merged.length,
    currentKept: false,
  };
}

/**
 * Brings the turn state in line with a changed roster or order: a combatant joined (it takes its
 * place without anybody rerolling), left (even the one mid-turn), was defeated, hidden or
 * revealed, or moved to another team. If nobody is left to play the current phase, the walk goes
 * on to the next one. Not an undoable step.
 */
export function reconcile(state: TurnState, ctx: TurnContext): TurnResult {
  if (state.round < 1) return moved(state);
  const ids = new Set(ctx.roster.map((m) => m.id));
  const acted = state.acted.filter((id) => ids.has(id));
  const idle = state.phaseIndex >= state.plan.length;
  const merge = mergePlan(state.plan, ctx.planFor(state.round), state.phaseIndex);
  const phase = merge.currentKept ? merge.plan[merge.index] : undefined;
  const activeMember = state.active === null ? undefined : findMember(ctx, state.active);
  const active =
    phase !== undefined &&
    activeMember !== undefined &&
    takesTurns(activeMember, keeps(ctx)) &&
    belongsTo(phase, activeMember)
      ? activeMember.id
      : null;
  const here: TurnPosition = {
    round: state.round,
    plan: merge.plan,
    phaseIndex: merge.index,
    active,
    acted,
  };
  const history = state.history;
  if (phase !== undefined && pending(phase, ctx, acted, active)) {
    return moved({ ...here, history });
  }
  if (idle) {
    // Nobody could act this round; somebody may now (a team revealed, a combatant joined).
    const walk = walkForward({ ...here, active: null }, 0, ctx, { crossings: 0, freshRound: true });
    return moved({ ...walk.position, history }, walk);
  }
  const from = merge.currentKept ? merge.index + 1 : merge.index;
  const walk = walkForward({ ...here, active: null }, from, ctx, { crossings: 1 });
  return moved({ ...walk.position, history }, walk);
}

/** A combatant joined mid-combat: it takes its team's (or its initiative's) place; no reroll. */
export function addCombatant(state: TurnState, ctx: TurnContext): TurnResult {
  return reconcile(state, ctx);
}

/** A combatant left the combat, possibly mid-turn: the order carries on without it. */
export function removeCombatant(state: TurnState, ctx: TurnContext): TurnResult {
  return reconcile(state, ctx);
}
