/**
 * Cancelling an attack card that waits for the GM's ruling on its claims (attack/claims.ts): the
 * attacker's owner may take the shot back before the GM confirms it, and the GM may at any time
 * until then. Nothing of it lands: the card says it was cancelled, and what the declaration spent
 * is given back by the referee: the ammunition, to what the weapon held (the card keeps the weapon
 * as it was declared), and, while the fight is still in the round it acted in, its action (the
 * turn as it was before, which the card keeps too), whether it was hiding, and the move it
 * declared with it. The card protocol checks who presses (the message's author), that the card
 * still waits, and claims the ruling once: a cancel and a Confirm never both run.
 */
import { refuse } from "../../../../rules/core/result.ts";
import type { Refusal } from "../../../../rules/core/result.ts";
import type { Press } from "../../../cards/protocol.ts";
import { fightOf, recordForActors } from "../../../combat/ledger.ts";
import type { ActorLedgerWrite } from "../../../combat/ledger.ts";
import { turnStateOf } from "../../../combat/state.ts";
import { owns } from "../../../shared/cards.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import { resolveActor, toTwodiceWeapon, weaponWrite } from "../adapter.ts";
import { TWODICE_TURN, commitTwodice } from "../budget.ts";
import { TWODICE_ATTACK_CARD } from "../cards/attack-card.ts";
import type { TwodiceAttackCardState } from "../cards/attack-card.ts";
import { TWODICE_HIDDEN, TWODICE_MOVE_LEFT } from "../movement.ts";
import { TWODICE_PLAN } from "../plan.ts";

/** Who may cancel: the GM, or the attacker's owner. */
export function mayCancel(card: TwodiceAttackCardState, user: User.Implementation): boolean {
  return user.isGM || owns(resolveActor(card.attackerId), user);
}

/** Only a card still waiting for the GM's ruling can be cancelled. */
export function cancelClosed(card: TwodiceAttackCardState): Refusal | null {
  return card.stage === "claimed" ? null : refuse("notCancellable");
}

/** The ledger writes that give the attacker its action back, in the round it acted in. */
function actionBack(actor: Actor.Implementation, card: TwodiceAttackCardState): ActorLedgerWrite[] {
  const fight = fightOf(actor);
  const spent = card.spent;
  if (fight === null || spent === undefined || spent.round !== turnStateOf(fight.combat).round) {
    return [];
  }
  return [
    { actor, key: TWODICE_TURN, value: card.attacker.turn },
    { actor, key: TWODICE_HIDDEN, value: spent.hidden },
    { actor, key: TWODICE_MOVE_LEFT, value: null },
    { actor, key: TWODICE_PLAN, value: null },
  ];
}

/** The cancel, on the referee: gives back what was spent, then shows the card cancelled. */
export async function cancelCard({
  message,
  card,
  claim,
}: Press<TwodiceAttackCardState>): Promise<RefereeOutcome> {
  const attacker = resolveActor(card.attackerId);
  if (attacker === null) return refuse("noSuchTarget");
  const item = attacker.items.get(card.weaponId);
  if (item?.type === "weapon") {
    const now = toTwodiceWeapon(item);
    await commitTwodice([weaponWrite(item, now, { ...now, ammo: card.weapon.ammo })], []);
  }
  const back = actionBack(attacker, card);
  if (back.length > 0) await recordForActors(back);
  const done: TwodiceAttackCardState = { ...card, stage: "resolved", cancelled: true };
  await message.update(await TWODICE_ATTACK_CARD.stepUpdate(done, claim));
  return { ok: true };
}
