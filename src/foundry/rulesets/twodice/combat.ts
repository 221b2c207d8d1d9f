/**
 * The two-dice game in the team combat:
 * - each member's surprise bonus for its team's d20, when the GM rolls for the side order;
 * - the tracker shows under each member its one combat action of the turn (lit while it still
 *   has it), and the states that matter to others: waiting (with its declared action), aiming,
 *   moving, and an action already owed to rolling with an attack;
 * - a new round (one turn of the book: every side acts once) gives every combatant its action
 *   back, carries its aim and readied weapon over, and spends the action it owed (rules: nextTurn).
 */
import { FIELD_PATHS } from "../../../rules/twodice/changes.ts";
import { surpriseBonusOf } from "../../../rules/twodice/initiative.ts";
import { nextTurn } from "../../../rules/twodice/turns.ts";
import { isIncapacitated } from "../../../rules/twodice/wounds.ts";
import { trait } from "../../../rules/twodice/model.ts";
import type { TurnState } from "../../../rules/twodice/model.ts";
import type { ActorChange, EventCombatant } from "../../combat/events.ts";
import type { CombatRulesetHooks, TrackerChip } from "../../combat/ruleset-hooks.ts";
import { toTwodiceCombatant } from "./adapter.ts";
import type { TwodiceActorSystem } from "./data.ts";

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
import { twodiceRollOrder } from "./order.ts";

/** The tracker's chips for one member. */
export function twodiceMemberChips(actor: Actor.Implementation): TrackerChip[] {
  const turn = toTwodiceCombatant(actor).turn;
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
  return chips;
}

function turnOf(system: unknown): TurnState | null {
  const turn = (system as { turn?: unknown } | null)?.turn;
  return typeof turn === "object" && turn !== null ? (turn as TurnState) : null;
}

/** Every combatant's next turn, as actor changes (combatants without two-dice data left out). */
export function twodiceRoundStart(combatants: readonly EventCombatant[]): ActorChange[] {
  return combatants.flatMap((c) => {
    const turn = turnOf(c.system);
    if (turn === null) return [];
    const next = nextTurn(turn);
    const changes = Object.fromEntries(
      Object.entries(next).map(([key, value]) => [`${FIELD_PATHS.turn}.${key}`, value]),
    );
    return [{ combatantId: c.combatantId, changes }];
  });
}

export const TWODICE_COMBAT_HOOKS: CombatRulesetHooks = {
  orderInput: (actor) => ({ modifier: twodiceSurpriseBonus(actor) }),
  memberChips: (actor) => twodiceMemberChips(actor),
  rollOrder: twodiceRollOrder,
  roundStart: (_combat, combatants) => twodiceRoundStart(combatants),
};
