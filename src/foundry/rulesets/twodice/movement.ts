/**
 * The two-dice game on the map. In the book's order (the default) a fighter's token moves only at
 * the end of the turn, when the GM carries out its declared move (turn-end.ts): dragging it
 * declares where it goes. Where the world moves tokens as they are dragged, a path is the turn's
 * one combat action, a move of up to the mover's Agility in metres; further paths that turn use
 * what is left of it (rules/twodice/move-cost.ts). The turn is the referee's ledger (budget.ts); what is left of the
 * move is kept beside it (movement/left.ts).
 */
import { ok, refuse } from "../../../rules/core/result.ts";
import { TWODICE_MOVE_MODES, twodiceMoveCost } from "../../../rules/twodice/move-cost.ts";
import { actorLedgerEntry, fightOf, recordForActors } from "../../combat/ledger.ts";
import { moveLeftOf, payInLedger } from "../../movement/left.ts";
import { movementRefusalKey } from "../../movement/refusal.ts";
import type { MovementRules } from "../../movement/types.ts";
import type { MovePrice } from "../../../rules/movement/types.ts";
import { combatantId } from "../../shared/actors.ts";
import { inActorQueue } from "../../shared/attack.ts";
import { isActorsTurn } from "../../shared/turn.ts";
import { TWODICE_TURN, twodiceNow } from "./budget.ts";
import { carryingOut, isCarried, movesAtTurnEnd } from "./plan.ts";

/** The ledger key of what is left of a combatant's move this turn. */
export const TWODICE_MOVE_LEFT = "twodiceMoveLeft";

/** The ledger key of whether a combatant hides (stance.ts reads and writes it). */
export const TWODICE_HIDDEN = "twodiceHidden";

/** The price of a declared move the GM carries out: its path, already paid with the action. */
function carriedPrice(metres: number): MovePrice {
  return {
    currency: "m",
    cost: metres,
    left: 0,
    of: metres,
    actionsBegun: 0,
    moveActions: { used: 0, max: 0 },
    extra: { energy: 0, mainAction: false },
    band: "within",
  };
}

export const twodiceMovement: MovementRules = {
  unit: "m",
  modes: TWODICE_MOVE_MODES,
  canSelect: () => true,
  spaceCost: () => 1,
  queue: (actor, task) => inActorQueue(combatantId(actor), task),
  refusalKey: movementRefusalKey((reason) => `FRAY.Twodice.Refusal.${reason}`),
  price(actor, path) {
    const fight = fightOf(actor);
    // In the book's order a fighter's token moves only when the turn ends, as the GM carries out
    // its declared move (turn-end.ts); a drag declares it instead, so any other move is refused.
    if (fight !== null && movesAtTurnEnd()) {
      const id = combatantId(actor);
      if (!isCarried(id)) return refuse("movesAtTurnEnd", { name: actor.name });
      return ok({
        price: carriedPrice(path.distance),
        pay: () => {
          carryingOut(id, false);
          return Promise.resolve();
        },
      });
    }
    if (!isActorsTurn(actor)) return refuse("notYourTurn");
    const me = twodiceNow(actor);
    const left = moveLeftOf(fight, TWODICE_MOVE_LEFT);
    const priced = twodiceMoveCost(me.turn, me.traits["agility"] ?? 0, left, path);
    if (!priced.ok) return priced;
    const { after, price } = priced.value;
    const pay = payInLedger(
      fight,
      { key: TWODICE_TURN, value: after.turn },
      TWODICE_MOVE_LEFT,
      after.left,
    );
    // A move shows a hider (rules/twodice/hide.ts): one more ledger write, only for a hider.
    const shows = actorLedgerEntry(actor, TWODICE_HIDDEN) === true;
    return ok({
      price,
      pay: shows
        ? async () => {
            await pay();
            await recordForActors([{ actor, key: TWODICE_HIDDEN, value: false }]);
          }
        : pay,
    });
  },
};
