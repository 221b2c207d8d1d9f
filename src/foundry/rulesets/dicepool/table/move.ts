/**
 * Moving at the table (one declaration, "dicepool.move", through table/kit.ts):
 * - move (Simple): up to the speed in spaces; in a started combat the second move of a turn (the
 *   ledger's budget counts them) is a sprint for 1 Energy; swimming and climbing as the rules say;
 *   dragging a victim the ledger records as held costs 1 pool point per space.
 *   A move leaves the cover the mover took (table/conduct.ts).
 * - fall (the GM's only): a character starts falling from a height; its turns drop it (combat.ts).
 */
import { refuse } from "../../../../rules/core/result.ts";
import { spendGrapplePool } from "../../../../rules/dicepool/grapple.ts";
import { planMove } from "../../../../rules/dicepool/movement.ts";
import { fightOf } from "../../../combat/ledger.ts";
import { combatantId, toDicepoolCombatant } from "../adapter.ts";
import { grappleOn, holdersOf, ledgerNote, turnActionsOf } from "../budget.ts";
import { FALLING_KEY, fallingOf } from "../falling.ts";
import { actDeclaration } from "./kit.ts";
import type { ActPlanner } from "./kit.ts";
import { grappleWrites } from "./grapple.ts";
import { coverEnds } from "./conduct.ts";

const planMoves: ActPlanner = (request, { actor, other, me, options, say, done }) => {
  if (request.act === "fall") {
    if (request.amount < 1) return refuse("noHeight");
    // A fall drops on the faller's turns: only in a started fight (falling.ts).
    const fight = fightOf(actor);
    if (fight === null) return refuse("notInCombat");
    const falling = { height: request.amount, fallen: 0 };
    return done(
      [],
      [ledgerNote(fight, FALLING_KEY, falling)],
      say("Falls", { height: request.amount }),
    );
  }
  if (request.act !== "move") return refuse("badRequest");
  const fight = fightOf(actor);
  const grip = other === null ? null : grappleOn(actor, combatantId(other));
  if (other !== null && (grip === null || fight === null)) return refuse("noGrapple");
  const planned = planMove(
    me,
    {
      spaces: request.amount,
      medium: request.medium,
      // Out of a started combat there are no turns, so no move is a sprint.
      movesThisTurn: turnActionsOf(actor).moves,
      grappled: holdersOf(actor).length > 0,
      falling: fallingOf(actor) !== null,
      ...(other === null || grip === null
        ? {}
        : { dragging: { victimSize: toDicepoolCombatant(other).size, grapplePool: grip.pool } }),
    },
    options,
  );
  if (!planned.ok) return planned;
  const energy =
    planned.value.energy > 0
      ? [
          {
            actorId: combatantId(actor),
            changes: { "system.energy.value": me.energy.value - planned.value.energy },
          },
        ]
      : [];
  const line = say(other !== null ? "Dragged" : planned.value.sprint ? "Sprinted" : "Moved", {
    spaces: request.amount,
    energy: planned.value.energy,
  });
  if (other === null || grip === null || fight === null || planned.value.grapplePool <= 0) {
    return done(energy, coverEnds(fight, actor), line);
  }
  const victim = toDicepoolCombatant(other);
  const paid = spendGrapplePool(grip, victim, planned.value.grapplePool, options);
  if (!paid.ok) return paid;
  const { updates, notes } = grappleWrites(fight, grip, victim, paid.value);
  return done([...energy, ...updates], [...notes, ...coverEnds(fight, actor)], line);
};

export const moveDeclaration = actDeclaration("dicepool.move", planMoves);
