/**
 * Hiding, a declaration of the card protocol: the hider's owner asks, the referee (the active GM)
 * checks it owns the actor, that it fights in a started combat (hiding is kept in that fight's
 * ledger, which only the GM writes: stance.ts) and still has its action, records the action and
 * the hiding in one Combat update and posts a card saying so. With `move` it is the book's move of
 * up to half Agility ending in hiding: in the book's order the move and the hiding happen when the
 * turn ends (turn-end.ts), else its token may go that far this turn and it hides at once. Nothing
 * is rolled. A hider stays out of sight until it shows itself (rules/twodice/hide.ts).
 */
import { refuse } from "../../../../rules/core/result.ts";
import { takeAction } from "../../../../rules/twodice/turns.ts";
import { checkAbleToAct } from "../../../../rules/twodice/wounds.ts";
import { cardDeclaration, declareCard } from "../../../cards/protocol.ts";
import type { AnyDeclaration } from "../../../cards/protocol.ts";
import { i18n } from "../../../shared/env.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import { combatantId, warnTwodiceRefusal } from "../adapter.ts";
import { inFight, twodiceNow } from "../budget.ts";
import { movesAtTurnEnd } from "../plan.ts";
import { actionRecords, recordAction } from "../stance.ts";
import { idsOf, ownActor, postCheck } from "./checks.ts";
import type { Ids } from "./checks.ts";

export const TWODICE_HIDE = "twodice.hide";

async function hide(ids: Ids, sender: User.Implementation): Promise<RefereeOutcome> {
  const actor = ownActor(ids["actorId"], sender);
  if (actor === null) return refuse("notAllowed");
  if (!inFight(actor)) return refuse("notInCombat");
  const me = twodiceNow(actor);
  const out = checkAbleToAct(me);
  if (out) return out;
  const kind = ids["move"] === 1 ? "moveAndCover" : "hide";
  const step = takeAction(me.turn, { kind });
  if (!step.ok) return step;
  await recordAction(
    actionRecords(actor, { before: me.turn, after: step.value.turn }, kind, {
      agility: me.traits["agility"] ?? 0,
      intoHiding: true,
    }),
  );
  const say = i18n();
  // In the book's order the move, and the hiding it ends in, happen when the turn ends (plan.ts).
  const later = kind === "moveAndCover" && movesAtTurnEnd();
  const context = {
    title: say.localize(`FRAY.Twodice.Check.Hide.${kind}`),
    name: actor.name,
    outcome: say.format(
      later ? "FRAY.Twodice.Check.HideAtTurnEnd" : "FRAY.Twodice.Check.HideOutcome",
      { name: actor.name },
    ),
  };
  return postCheck(actor, { updates: [] }, context, [], sender);
}

/** The declaration, for the seam. */
export const TWODICE_HIDE_DECLARATION: AnyDeclaration = cardDeclaration<Ids>({
  kind: TWODICE_HIDE,
  parse: (raw) => idsOf(raw, ["actorId"], ["move"]),
  referee: hide,
  warn: warnTwodiceRefusal,
});

/** Hides (with `move`: moves up to half Agility and hides). */
export const twodiceHide = (actor: Actor.Implementation, move = false) =>
  declareCard(TWODICE_HIDE, { actorId: combatantId(actor), ...(move ? { move: 1 } : {}) });
