/**
 * What the referee keeps of a two-dice combatant beside its turn, in the ledger (combat/ledger.ts,
 * written by the GM alone, so no player sets it from the console): whether it is hiding (out of
 * sight until it shows itself, rules/twodice/hide.ts), and a declared move: kept for the end of
 * the turn (plan.ts), or how far the token may still go this turn (movement/left.ts, read by
 * movement.ts) where the world moves tokens as they are dragged. Also whether a
 * target's token moved this turn, from core's record of its moves (a moving target).
 */
import { hiddenAfter } from "../../../rules/twodice/hide.ts";
import type { ActionKind, TurnState } from "../../../rules/twodice/model.ts";
import { isMoveKind, plannedMove } from "../../../rules/twodice/turn-end.ts";
import { moveDistance } from "../../../rules/twodice/turns.ts";
import { actorLedgerEntry, fightOf, recordForActors } from "../../combat/ledger.ts";
import type { ActorLedgerWrite } from "../../combat/ledger.ts";
import { turnStateOf } from "../../combat/state.ts";
import { tokenOf } from "../../shared/scene.ts";
import { TWODICE_TURN } from "./budget.ts";
import { TWODICE_HIDDEN, TWODICE_MOVE_LEFT } from "./movement.ts";
import { TWODICE_PLAN, movesAtTurnEnd, nextSeq } from "./plan.ts";
import type { StoredPlan } from "./plan.ts";

export { TWODICE_HIDDEN };

/** Whether the referee recorded the actor hiding in the fight it is in (never outside one). */
export function twodiceHidden(actor: Actor.Implementation): boolean {
  return actorLedgerEntry(actor, TWODICE_HIDDEN) === true;
}

/**
 * Whether the actor's token moved this turn: core records a token's moves while its combat runs
 * (TokenDocument#movementHistory, cleared when a turn starts), as scene/situation.ts reads it
 * for the shooter. False with no token.
 */
export function tokenMovedThisTurn(actor: Actor.Implementation): boolean {
  const token = tokenOf(actor) as unknown as { movementHistory?: readonly unknown[] } | null;
  return (token?.movementHistory?.length ?? 0) > 0;
}

/**
 * The ledger writes of an action taken (one Combat update with the turn): the turn, whether the
 * actor is still hidden after it, and for a declared move either the move kept for the end of the
 * turn (plan.ts: the book's order, by default; it hides only then) or, when the world moves tokens
 * as they are dragged, the metres its token may go this turn (Agility, or half of it).
 */
export function actionRecords(
  actor: Actor.Implementation,
  turn: { readonly before: TurnState; readonly after: TurnState },
  kind: ActionKind,
  how: {
    readonly agility?: number;
    readonly intoHiding?: boolean;
    /** The attack card a move + melee or move + half and shoot rolls at the end of the turn. */
    readonly attackCard?: string;
  } = {},
): ActorLedgerWrite[] {
  const fight = fightOf(actor);
  const metres = moveDistance(kind, how.agility ?? 0, turn.before.moveHalved);
  const later = fight !== null && isMoveKind(kind) && movesAtTurnEnd();
  const hidden = hiddenAfter(twodiceHidden(actor), kind, how.intoHiding === true && !later);
  const writes: ActorLedgerWrite[] = [
    { actor, key: TWODICE_TURN, value: turn.after },
    { actor, key: TWODICE_HIDDEN, value: hidden },
  ];
  if (fight === null) return writes;
  const round = turnStateOf(fight.combat).round;
  if (later && isMoveKind(kind)) {
    const move = plannedMove(
      fight.combatant.id ?? "",
      kind,
      nextSeq(fight.combat),
      how.agility ?? 0,
      turn.before,
    );
    const plan: StoredPlan = {
      round,
      move,
      intoHiding: how.intoHiding === true,
      attackCard: how.attackCard ?? null,
    };
    writes.push({ actor, key: TWODICE_PLAN, value: plan });
  } else if (metres > 0) {
    writes.push({ actor, key: TWODICE_MOVE_LEFT, value: { round, left: metres } });
  }
  return writes;
}

/** Records an action's ledger writes (one Combat update per fight). */
export const recordAction = (writes: readonly ActorLedgerWrite[]) => recordForActors(writes);
