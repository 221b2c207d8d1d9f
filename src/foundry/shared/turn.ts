/** Whose turn it is, for the actions of every ruleset. */
import { fightOf } from "../combat/ledger.ts";
import { turnStateOf } from "../combat/state.ts";
import { SYSTEM_ID } from "../constants.ts";

/**
 * Whether it is this actor's turn, as the turn-strictness setting reads it: "strict" lets an actor
 * that fights in a started combat (`fightOf`, whichever scene anyone views) act only while it is
 * the one taking its turn; "lenient" never checks. Outside a started combat, anyone may act.
 */
export function isActorsTurn(actor: Actor.Implementation): boolean {
  if (game.settings.get(SYSTEM_ID, "turnStrictness") !== "strict") return true;
  const fight = fightOf(actor);
  if (fight === null) return true;
  return turnStateOf(fight.combat).active === fight.combatant.id;
}
