/**
 * Defense and holding: Total Defense, Fighting Withdrawal (and whether leaving melee provokes),
 * Hold an Action, Delay an Action.
 */
import { ok, refuse } from "../../core/result.ts";
import type { Result } from "../../core/result.ts";
import { actOnHeld, delayAction, endHeld, holdAction, spendAction } from "../actions.ts";
import type { TurnContext } from "../actions.ts";
import { changedActions } from "../combatant.ts";
import type { WwnCombatant } from "../model.ts";
import { actionsOf, checkWwnCombatant } from "../valid.ts";
import type { InputRefusalReason } from "../valid.ts";
import { canAct, checkedActor, OWN_TURN, simple, withActions } from "./common.ts";
import type { ManeuverRefusal, SimpleOutcome } from "./common.ts";

/** Total Defense (an Instant spending the pending Main): +AC until its next turn, no Shock this round. */
export function totalDefense(actor: WwnCombatant): Result<SimpleOutcome, ManeuverRefusal> {
  const me = checkedActor(actor);
  if (!me.ok) return me;
  if (!canAct(actor)) return refuse("notActive");
  const spent = spendAction(actionsOf(me.value), "mainAsInstant", OWN_TURN);
  if (!spent.ok) return spent;
  const actions = changedActions(spent.value, { totalDefense: true, shockProof: true });
  return ok(simple(actor, withActions(actor, actions)));
}

/** Fighting Withdrawal (a Main Action): may then leave melee this round without free attacks. */
export function fightingWithdrawal(
  actor: WwnCombatant,
  inMelee: boolean,
  turn: TurnContext = OWN_TURN,
): Result<SimpleOutcome, ManeuverRefusal> {
  const me = checkedActor(actor);
  if (!me.ok) return me;
  if (!canAct(actor)) return refuse("notActive");
  if (!inMelee) return refuse("notInMelee");
  const spent = spendAction(actionsOf(me.value), "main", turn);
  if (!spent.ok) return spent;
  return ok(simple(actor, withActions(actor, changedActions(spent.value, { withdrawn: true }))));
}

/** Whether moving away from melee foes gives each of them a free attack (attack kind "free"). */
export function leavingMeleeProvokes(actor: WwnCombatant): Result<boolean, InputRefusalReason> {
  return checkWwnCombatant("actor", actor) ?? ok(!actor.actions.withdrawn);
}

/** Hold an Action (a Move action): the rest may be used later this round, out of turn. */
export function hold(
  actor: WwnCombatant,
  turn: TurnContext = OWN_TURN,
): Result<SimpleOutcome, ManeuverRefusal> {
  const me = checkedActor(actor);
  if (!me.ok) return me;
  if (!canAct(actor)) return refuse("notActive");
  const spent = holdAction(actionsOf(me.value), turn);
  if (!spent.ok) return spent;
  return ok(simple(actor, withActions(actor, spent.value)));
}

/** Delay an Action (On Turn): the rest waits until `afterId` has acted. */
export function delay(
  actor: WwnCombatant,
  afterId: string,
  turn: TurnContext = OWN_TURN,
): Result<SimpleOutcome, ManeuverRefusal> {
  const me = checkedActor(actor);
  if (!me.ok) return me;
  if (!canAct(actor)) return refuse("notActive");
  const spent = delayAction(actionsOf(me.value), afterId, turn);
  if (!spent.ok) return spent;
  return ok(simple(actor, withActions(actor, spent.value)));
}

/**
 * Act now on a held action (an Instant, at any time, the holder's answer to what just began):
 * while it acts, the combatant whose turn it is waits (the shell's TurnContext.heldFirst).
 */
export function actNow(actor: WwnCombatant): Result<SimpleOutcome, ManeuverRefusal> {
  const me = checkedActor(actor);
  if (!me.ok) return me;
  if (!canAct(actor)) return refuse("notActive");
  const acted = actOnHeld(actionsOf(me.value));
  if (!acted.ok) return acted;
  return ok(simple(actor, withActions(actor, acted.value)));
}

/** The held action is done: the holder stops acting out of turn; the turn goes on. */
export function heldDone(actor: WwnCombatant): Result<SimpleOutcome, ManeuverRefusal> {
  const me = checkedActor(actor);
  if (!me.ok) return me;
  const ended = endHeld(actionsOf(me.value));
  if (!ended.ok) return ended;
  return ok(simple(actor, withActions(actor, ended.value)));
}
