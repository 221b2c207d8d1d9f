/**
 * The two-dice game in the team combat:
 * - each member's surprise bonus for its team's d20, when the GM rolls for the side order;
 * - the tracker shows under each member its one combat action of the turn (lit while it still
 *   has it), and the states that matter to others: waiting (with its declared action), aiming,
 *   moving, and an action already owed to rolling with an attack;
 * - a new round (one turn of the book: every side acts once) gives every combatant its action
 *   back, carries its aim and readied weapon over, and spends the action it owed (rules:
 *   nextTurn), as the referee's ledger entries (budget.ts): one Combat update for all.
 * The chips read the ledger too, never the actor. A member a wound took out (above its Toughness) is
 * flagged instead, and out of the fight: the order passes over it (outOfFight).
 */
import { surpriseBonusOf } from "../../../rules/twodice/initiative.ts";
import { nextTurn } from "../../../rules/twodice/turns.ts";
import { isIncapacitated } from "../../../rules/twodice/wounds.ts";
import { trait } from "../../../rules/twodice/model.ts";
import type { ActorChange, EventCombatant } from "../../combat/events.ts";
import type { CombatRulesetHooks, TrackerChip } from "../../combat/ruleset-hooks.ts";
import type { CombatLike } from "../../combat/state.ts";
import { toTwodiceCombatant } from "./adapter.ts";
import { TWODICE_TURN, turnIn, twodiceTurnOf } from "./budget.ts";
import type { TwodiceActorSystem } from "./data.ts";
import { twodiceHidden } from "./stance.ts";
import { twodiceRollOrder } from "./order.ts";
import { facingAtRoundStart } from "./attack/facing.ts";
import { twodiceTurnEnd } from "./turn-end.ts";

/**
 * What a member adds to its team's surprise roll (the tracker's d20 per team): its surprise
 * bonus, nothing when it is out of the fight. A stored value the rules refuse counts nothing.
 */
export function twodiceSurpriseBonus(actor: Actor.Implementation): number {
  const me = toTwodiceCombatant(actor);
  const bonus = surpriseBonusOf({
    surpriseBonus: (actor.system as unknown as TwodiceActorSystem).surpriseBonus,
    incapacitated: isIncapacitated(me.wounds, trait(me, "toughness")),
  });
  return bonus.ok ? bonus.value : 0;
}

/** Whether a wound above its Toughness took the actor out of the fight. */
export function twodiceIncapacitated(actor: Actor.Implementation): boolean {
  const me = toTwodiceCombatant(actor);
  return isIncapacitated(me.wounds, trait(me, "toughness"));
}

/**
 * The tracker's chips for one member: its turn as the referee recorded it; an incapacitated
 * member shows that alone (it takes no action any more).
 */
export function twodiceMemberChips(actor: Actor.Implementation): TrackerChip[] {
  if (twodiceIncapacitated(actor)) {
    return [
      {
        label: "FRAY.Twodice.Tracker.Incapacitated",
        on: true,
        hint: "FRAY.Twodice.Tracker.IncapacitatedHint",
        flag: true,
      },
    ];
  }
  const turn = twodiceTurnOf(actor);
  const chips: TrackerChip[] = [
    {
      label: "FRAY.Twodice.Tracker.Action",
      on: !turn.acted,
      hint: "FRAY.Twodice.Tracker.ActionHint",
    },
  ];
  const flag = (on: boolean, label: string) => {
    if (on) chips.push({ label, on: true, hint: "", flag: true });
  };
  // Waiting: the hover text names the action it may cut in with.
  if (turn.waiting !== null) {
    chips.push({
      label: "FRAY.Twodice.Tracker.Waiting",
      on: true,
      hint: `FRAY.Twodice.Action.${turn.waiting}`,
      flag: true,
    });
  }
  flag(turn.aiming, "FRAY.Twodice.Tracker.Aiming");
  flag(turn.moving, "FRAY.Twodice.Tracker.Moving");
  flag(turn.actionOwed, "FRAY.Twodice.Tracker.Owed");
  flag(twodiceHidden(actor), "FRAY.Twodice.Tracker.Hidden");
  return chips;
}

/** Every combatant's next turn, as the referee's ledger entries (no actor changes). */
export function twodiceRoundStart(
  combat: CombatLike,
  combatants: readonly EventCombatant[],
): ActorChange[] {
  return combatants.map((c) => ({
    combatantId: c.combatantId,
    changes: {},
    ledger: { [TWODICE_TURN]: nextTurn(turnIn(combat, c.combatantId)) },
  }));
}

export const TWODICE_COMBAT_HOOKS: CombatRulesetHooks = {
  orderInput: (actor) => ({ modifier: twodiceSurpriseBonus(actor) }),
  memberChips: (actor) => twodiceMemberChips(actor),
  // The turn order passes over an incapacitated member, and the tracker says why.
  outOfFight: (actor) =>
    twodiceIncapacitated(actor) ? { reason: "FRAY.Twodice.Tracker.Incapacitated" } : null,
  rollOrder: twodiceRollOrder,
  // A new round: each turn, and each fighter's rotation as it begins (attack/facing.ts).
  roundStart: (combat, combatants) => [
    ...twodiceRoundStart(combat, combatants),
    ...facingAtRoundStart(combat, combatants),
  ],
  // The book's end of the turn: the declared moves, then what was combined with them (turn-end.ts).
  roundEvents: { roundEnd: (combat, combatants) => twodiceTurnEnd(combat, combatants) },
};
