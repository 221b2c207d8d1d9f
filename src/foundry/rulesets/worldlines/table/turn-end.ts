/**
 * An action the rules mark as ending the turn (`SpentEnergy.endsTurn`, Defensive Posture today)
 * ends it at the table: the referee, which is the active GM, asks the combat's turn machine to end
 * the actor's turn, as the GM (combat/actions.ts). Only the referee calls this, after the action
 * was paid; an actor that is not the one taking its turn (lenient turns, no combat) ends nothing.
 */
import { performTurnAction } from "../../../combat/actions.ts";
import { fightOf } from "../../../combat/ledger.ts";
import { turnStateOf } from "../../../combat/state.ts";

/** Ends the actor's turn in the combat it fights in when `endsTurn` says so and it is its turn. */
export async function endTurnIfSpent(
  actor: Actor.Implementation,
  spent: { readonly endsTurn: boolean },
): Promise<void> {
  if (!spent.endsTurn) return;
  const fight = fightOf(actor);
  const gm = game.user;
  if (fight === null || gm === null || !gm.isGM) return;
  const combatantId = fight.combatant.id ?? "";
  if (turnStateOf(fight.combat).active !== combatantId) return;
  await performTurnAction(
    { combatId: fight.combat.id ?? "", action: { kind: "endTurn", combatantId } },
    gm,
  );
}
