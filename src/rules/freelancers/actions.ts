/**
 * The actions of a turn. Each teammate has, per turn, a Base-action, a Move-action and a
 * Quick-action, or instead one Long-action that takes the whole turn; plus one reaction and any
 * number of free actions. A higher action may be traded down: a Base can serve as an extra Move or
 * as a Quick; a Move never becomes a Base; Quick and Long cannot be traded.
 *
 * Named Long-actions: Dodge (defense rolls against seen attacks are favorable until the start of
 * the next turn; not while immobilized), Disengage (twice the move, away from the fight, provokes
 * no attack of opportunity), Two-Weapon Fighting and attacks that ignore the melee penalties
 * (attack.ts). Ready an Action: a Quick-action that holds the turn's unused Base or Move for a
 * reaction; when its trigger happens the reaction is spent and the held action is taken once.
 * Where the book is silent: an unused readied action lapses at the start of its holder's next
 * turn, and once triggered the holder may take only the held kind (or free actions).
 *
 * A stunned entity (a stun counter) can take no Base or Long action. Where the book is silent:
 * the stun does not stop trading its Base for a Move or a Quick, nor reactions; the reaction is
 * refreshed at the start of the entity's own turn, with the rest of its actions.
 */
import { checkChoice } from "../core/names.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { changedActions } from "./actor.ts";
import { isStunned } from "./counters.ts";
import { checkActions, checkCounters } from "./guard.ts";
import type { FlCheckReason } from "./guard.ts";
import type { ActionState, FreelancersActor } from "./model.ts";
import { DEFAULT_FREELANCERS_OPTIONS } from "./options.ts";
import type { FreelancersOptions } from "./options.ts";

export type ActionKind = "long" | "base" | "move" | "quick" | "reaction" | "free";
export const ACTION_KINDS: readonly ActionKind[] = [
  "long",
  "base",
  "move",
  "quick",
  "reaction",
  "free",
];
const HELD: readonly ActionKind[] = ["base", "move"];

export type ActionRefusal =
  | FlCheckReason
  | "stunned"
  | "longTaken"
  | "longNeedsWholeTurn"
  | "noBase"
  | "noMove"
  | "noQuick"
  | "noReaction"
  | "nothingReadied"
  | "onlyReadied"
  | "immobilized"
  | "notActive";

export const FRESH_ACTIONS: ActionState = {
  base: 1,
  move: 1,
  quick: 1,
  reaction: 1,
  long: false,
  readied: null,
  dodging: false,
  disengaging: false,
  offhandPending: false,
  triggered: false,
};

/** The start of an entity's own turn: everything back, Dodge and Disengage end. */
export function startTurn(_actions: ActionState): ActionState {
  return FRESH_ACTIONS;
}

type Actor = Pick<FreelancersActor, "actions" | "counters" | "life">;

/** Spends one action of `kind`, trading the Base down when the Move or Quick is gone. */
export function spendAction(actor: Actor, kind: ActionKind): Result<ActionState, ActionRefusal> {
  const a = actor.actions;
  const bad =
    checkActions(a) ?? checkCounters(actor.counters) ?? checkChoice("kind", kind, ACTION_KINDS);
  if (bad) return bad;
  if (kind === "free") return ok(a);
  if (actor.life !== "active") return refuse("notActive");
  if (a.triggered && kind !== "reaction") {
    // The readied action, taken once its trigger happened: paid for when it was readied.
    return kind === a.readied
      ? ok(changedActions(a, { readied: null, triggered: false }))
      : refuse("onlyReadied");
  }
  if (kind === "reaction") {
    return a.reaction > 0
      ? ok(changedActions(a, { reaction: a.reaction - 1 }))
      : refuse("noReaction");
  }
  if ((kind === "base" || kind === "long") && isStunned(actor)) return refuse("stunned");
  if (a.long) return refuse("longTaken");
  switch (kind) {
    case "long":
      if (a.base < 1 || a.move < 1 || a.quick < 1 || a.readied !== null) {
        return refuse("longNeedsWholeTurn");
      }
      return ok(changedActions(a, { base: 0, move: 0, quick: 0, long: true }));
    case "base":
      return a.base > 0 ? ok(changedActions(a, { base: a.base - 1 })) : refuse("noBase");
    case "move":
      if (a.move > 0) return ok(changedActions(a, { move: a.move - 1 }));
      return a.base > 0 ? ok(changedActions(a, { base: a.base - 1 })) : refuse("noMove");
    case "quick":
      if (a.quick > 0) return ok(changedActions(a, { quick: a.quick - 1 }));
      return a.base > 0 ? ok(changedActions(a, { base: a.base - 1 })) : refuse("noQuick");
  }
}

/** Dodge: a Long-action; defense rolls are favorable until the start of the next turn. */
export function dodge(
  actor: Actor & Pick<FreelancersActor, "immobilized">,
): Result<ActionState, ActionRefusal> {
  if (actor.immobilized) return refuse("immobilized");
  const spent = spendAction(actor, "long");
  return spent.ok ? ok(changedActions(spent.value, { dodging: true })) : spent;
}

/** Disengage: a Long-action; the move away provokes no attack of opportunity. */
export function disengage(actor: Actor): Result<ActionState, ActionRefusal> {
  const spent = spendAction(actor, "long");
  return spent.ok ? ok(changedActions(spent.value, { disengaging: true })) : spent;
}

/** Ready an Action: a Quick-action that holds the unused Base or Move for a reaction. */
export function readyAction(
  actor: Actor,
  held: "base" | "move",
): Result<ActionState, ActionRefusal> {
  const badHeld = checkChoice("held", held, HELD);
  if (badHeld) return badHeld;
  const quick = spendAction(actor, "quick");
  if (!quick.ok) return quick;
  const slot = spendAction({ ...actor, actions: quick.value }, held);
  return slot.ok ? ok(changedActions(slot.value, { readied: held })) : slot;
}

/**
 * The readied action's trigger happened: the reaction is spent and the holder may take the
 * readied action once (`spendAction` of that kind, which ends the readied state). Its next turn
 * start ends an unused one (`startTurn`).
 */
export function useReadied(actor: Actor): Result<ActionState, ActionRefusal> {
  if (actor.actions.readied === null || actor.actions.triggered) return refuse("nothingReadied");
  const spent = spendAction(actor, "reaction");
  return spent.ok ? ok(changedActions(spent.value, { triggered: true })) : spent;
}

/** Why an entity becomes a target of opportunity for a moment. */
export type OpportunityEvent =
  | { readonly kind: "manifest" }
  | { readonly kind: "move"; readonly meters: number; readonly withinReach: boolean }
  | { readonly kind: "shootWhileEngaged"; readonly atEngagingFoe: boolean }
  | { readonly kind: "nonCombatSkill" };

/**
 * Whether the event makes the entity a target of opportunity: every opponent in range may make
 * one non-ontometric attack against it as a reaction. A Disengage's move never provokes; a ranged
 * attack taken as a Long-action ignores the engaged rules (attack.ts), and so does not provoke.
 */
export function provokes(
  event: OpportunityEvent,
  actions: ActionState,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): boolean {
  switch (event.kind) {
    case "manifest":
    case "nonCombatSkill":
      return true;
    case "move":
      return (
        !actions.disengaging && event.withinReach && event.meters > options.opportunityMoveMeters
      );
    case "shootWhileEngaged":
      return !event.atEngagingFoe && !actions.long;
  }
}
