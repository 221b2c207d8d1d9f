/**
 * Moving and stance: the move rate, Run, Stand Up, Go Prone.
 */
import { checkNumber, NUMBER_RULES } from "../../core/guard.ts";
import { checkChoice } from "../../core/names.ts";
import { ok, refuse } from "../../core/result.ts";
import type { Result } from "../../core/result.ts";
import { spendAction, spendMove } from "../actions.ts";
import type { TurnContext } from "../actions.ts";
import { changed } from "../combatant.ts";
import type { WwnCombatant } from "../model.ts";
import { DEFAULT_WWN_OPTIONS } from "../options.ts";
import type { WwnOptions } from "../options.ts";
import { actionsOf, checkWwnCombatant, checkWwnOptions } from "../valid.ts";
import type { InputRefusalReason } from "../valid.ts";
import { canAct, checkedActor, OWN_TURN, rateOf, simple, TERRAINS, withActions } from "./common.ts";
import type { ManeuverRefusal, SimpleOutcome, Terrain } from "./common.ts";

/** How far one Move action carries the actor: its speed, halved on hard ground (climbing,
 * swimming, very rough terrain) and halved again when crawling prone. */
export function moveRate(
  actor: WwnCombatant,
  terrain: Terrain = "normal",
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<number, InputRefusalReason> {
  return (
    checkWwnCombatant("actor", actor) ??
    checkChoice("terrain", terrain, TERRAINS) ??
    checkWwnOptions(options) ??
    ok(rateOf(actor, terrain, options))
  );
}

/** Run (a Move action): `feet` at the move rate; the grappled and grapplers stay put. */
export function run(
  actor: WwnCombatant,
  feet: number,
  how: {
    readonly terrain?: Terrain;
    readonly grappled?: boolean;
    readonly turn?: TurnContext;
  } = {},
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<SimpleOutcome, ManeuverRefusal> {
  const bad =
    checkNumber("feet", feet, NUMBER_RULES.count) ??
    (how.terrain === undefined ? undefined : checkChoice("terrain", how.terrain, TERRAINS)) ??
    checkWwnOptions(options);
  if (bad) return bad;
  const me = checkedActor(actor);
  if (!me.ok) return me;
  if (!canAct(actor)) return refuse("notActive");
  if (how.grappled === true || actor.grappling !== null) return refuse("grappled");
  const rate = rateOf(actor, how.terrain ?? "normal", options);
  const spent = spendMove(actionsOf(me.value), feet, rate, how.turn ?? OWN_TURN);
  if (!spent.ok) return spent;
  return ok(simple(actor, withActions(actor, spent.value)));
}

/** Stand Up (a Move action). */
export function standUp(
  actor: WwnCombatant,
  turn: TurnContext = OWN_TURN,
): Result<SimpleOutcome, ManeuverRefusal> {
  const me = checkedActor(actor);
  if (!me.ok) return me;
  if (!canAct(actor)) return refuse("notActive");
  if (!actor.prone) return refuse("notProne");
  const spent = spendAction(actionsOf(me.value), "move", turn);
  if (!spent.ok) return spent;
  return ok(simple(actor, changed(actor, { actions: spent.value, prone: false })));
}

/** Go Prone (On Turn). */
export function goProne(
  actor: WwnCombatant,
  turn: TurnContext = OWN_TURN,
): Result<SimpleOutcome, ManeuverRefusal> {
  const me = checkedActor(actor);
  if (!me.ok) return me;
  if (!canAct(actor)) return refuse("notActive");
  if (actor.prone) return refuse("alreadyProne");
  const spent = spendAction(actionsOf(me.value), "onTurn", turn);
  if (!spent.ok) return spent;
  return ok(simple(actor, changed(actor, { actions: spent.value, prone: true })));
}
