/** Whose turn it is, for the actions of every ruleset. */
import { turnStateOf } from "../combat/state.ts";
import { SYSTEM_ID } from "../constants.ts";
import { combatOf } from "../combat/ledger.ts";

/**
 * Whether it is this actor's turn, as the turn-strictness setting reads it: "strict" lets an actor
 * that is in the running combat attack only while it is the one taking its turn; "lenient" never
 * checks. Outside a started combat, anyone may attack. The combat is the one the actor fights in
 * (`combatOf`), whatever scene this user views.
 */
export function isActorsTurn(actor: Actor.Implementation): boolean {
  if (game.settings.get(SYSTEM_ID, "turnStrictness") !== "strict") return true;
  const combat = combatOf(actor);
  if (combat === null) return true;
  const state = turnStateOf(combat);
  if (state.round < 1) return true;
  const mine = combat.combatants.find(
    (c) => c.actorId === actor.id || (actor.isToken && c.tokenId === actor.token?.id),
  );
  if (mine === undefined) return true;
  return state.active === mine.id;
}
