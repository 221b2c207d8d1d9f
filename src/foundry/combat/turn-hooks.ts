/**
 * What modules hear of the turn machine (api/hooks.ts): once a transition is written on the
 * active GM (combat/actions.ts applyResult), `fray.phaseChanged` when the round or its phase
 * changed (forward or by an undo, which it says), then `fray.turnStarted` when a combatant's turn
 * began going forward (an undo restores a turn; it does not start one).
 */
import { phaseKey } from "../../rules/combat/types.ts";
import type { Phase, TurnState } from "../../rules/combat/types.ts";
import { FRAY_HOOKS, announce } from "../api/hooks.ts";
import { combatantId } from "../shared/actors.ts";
import { teamIdOf } from "./state.ts";
import type { CombatLike } from "./state.ts";

/** The phase a state stands at, copied (a handler gets no hold on the stored combat). */
function phaseAt(state: TurnState): Phase | null {
  if (state.round < 1) return null;
  const phase = state.plan[state.phaseIndex];
  return phase === undefined ? null : { ...phase };
}

/** Fires the hooks of one written transition, from `before` to `after`. */
export function announceTransition(
  combat: CombatLike,
  before: TurnState,
  after: TurnState,
  undone: boolean,
): void {
  const combatId = combat.id ?? "";
  const previous = phaseAt(before);
  const phase = phaseAt(after);
  const key = (p: Phase | null) => (p === null ? "" : phaseKey(p));
  if (before.round !== after.round || key(previous) !== key(phase)) {
    announce(FRAY_HOOKS.phaseChanged, {
      combatId,
      round: after.round,
      phase,
      previousRound: before.round,
      previous,
      undone,
    });
  }
  const active = after.active;
  if (undone || active === null) return;
  if (active === before.active && after.round === before.round) return;
  const combatant = combat.combatants.get(active);
  if (combatant === undefined) return;
  const actor = combatant.actor;
  announce(FRAY_HOOKS.turnStarted, {
    combatId,
    round: after.round,
    combatantId: active,
    actorId: actor === null ? null : combatantId(actor),
    teamId: teamIdOf(combatant),
  });
}
