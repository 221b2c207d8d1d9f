/**
 * An attack declared with a move (move + melee, move + half and shoot) in the book's order: the
 * declaration spends the action and posts the attack's card, which says it waits for the end of
 * the turn; when the turn ends, after every declared move is carried out, the active GM reads the
 * attack again on the scene as it stands then (the distance after the moves …), rolls its dice and
 * shows them on that card, in the order the moves were declared (turn-end.ts). An attack that can
 * no longer be made then (the weapon gone, the target out of reach or out of sight) says why on
 * its card, and nothing is rolled.
 */
import { refuse } from "../../../../rules/core/result.ts";
import type { Refusal } from "../../../../rules/core/result.ts";
import { checkAbleToAct } from "../../../../rules/twodice/wounds.ts";
import { answerWithCard } from "../../../cards/protocol.ts";
import { checkWithinReach } from "../../../shared/actors.ts";
import { chatMessages } from "../../../shared/env.ts";
import { inActorQueue } from "../../../shared/attack.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import { refusalText } from "../../../shared/refusal.ts";
import { resolveActor, toTwodiceCombatant } from "../adapter.ts";
import { TWODICE_ATTACK_CARD, twodiceCardOf } from "../cards/attack-card.ts";
import type { TwodiceAttackCardState } from "../cards/attack-card.ts";
import type { ActorLedgerWrite } from "../../../combat/ledger.ts";
import { recordAction } from "../stance.ts";
import { TWODICE_ATTACK } from "./declare.ts";
import type { TwodiceChoices } from "./declare.ts";
import { attackCardState, fireAttack } from "./fire.ts";
import { settleAttack } from "./fire.ts";
import type { SettledAttack } from "./fire.ts";
import type { Timing } from "../../../../rules/twodice/turns.ts";

/**
 * Posts the card of an attack declared with a move (no dice yet) and records the action with the
 * move kept for the end of the turn (`records`, given the card's id).
 */
export async function declareWithMove(
  s: SettledAttack,
  how: {
    readonly timing: Timing;
    readonly sender: User.Implementation;
    readonly rollMode: string;
    readonly claimed: Partial<TwodiceChoices>;
    readonly records: (cardId: string) => readonly ActorLedgerWrite[];
  },
): Promise<RefereeOutcome> {
  const card: TwodiceAttackCardState = {
    ...attackCardState(s, null, how.timing),
    deferred: { choices: how.claimed, senderId: how.sender.id ?? "", rollMode: how.rollMode },
  };
  const content = await TWODICE_ATTACK_CARD.render(card);
  const flags = TWODICE_ATTACK_CARD.flags(card);
  const posted = await answerWithCard(
    TWODICE_ATTACK,
    { actor: s.found.attacker, content, rolls: [], flags, rollMode: how.rollMode },
    how.sender,
  );
  if (posted.ok) await recordAction(how.records(String(posted.value)));
  return posted;
}

/** The attack of a card declared with a move, as it stands now (or why it cannot be made). */
function settleDeclared(
  card: TwodiceAttackCardState,
): { readonly settled: SettledAttack; readonly sender: User.Implementation } | Refusal {
  const deferred = card.deferred;
  const attacker = resolveActor(card.attackerId);
  const target = resolveActor(card.defenderId);
  if (deferred === undefined || attacker === null || target === null) return refuse("noSuchTarget");
  const weapon = attacker.items.get(card.weaponId);
  if (weapon?.type !== "weapon") return refuse("notAWeapon");
  const away = checkWithinReach(attacker, target);
  if (away !== null) return away;
  const out = checkAbleToAct(toTwodiceCombatant(attacker));
  if (out) return out;
  const sender = game.users?.get(deferred.senderId) ?? null;
  if (sender === null) return refuse("notAllowed");
  const settled = settleAttack({ attacker, target, weapon }, sender, deferred.choices);
  return "ok" in settled ? settled : { settled, sender };
}

/** Carries out the attack of a card declared with a move (the active GM, at the end of the turn). */
export async function fireDeclared(messageId: string): Promise<void> {
  const message = chatMessages().has(messageId) ? chatMessages().get(messageId) : null;
  const card = message === null ? null : twodiceCardOf(message);
  if (message === null || card?.stage !== "declared" || card.deferred === undefined) return;
  const rollMode = card.deferred.rollMode;
  await inActorQueue(card.attackerId, async () => {
    const found = settleDeclared(card);
    const fired: RefereeOutcome =
      "ok" in found
        ? found
        : // What the declaration spent, not what the turn's end finds (its action is taken).
          await fireAttack(
            { ...found.settled, spent: card.spent ?? found.settled.spent },
            {
              timing: card.timing ?? "now",
              sender: found.sender,
              rollMode,
              message,
            },
          );
    if (fired.ok) return;
    // Nothing rolled: the card says why.
    const lapsed = refusalText((reason) => `FRAY.Twodice.Refusal.${reason}`, fired, {
      name: card.attackerName,
      target: card.defenderName,
    });
    const done: TwodiceAttackCardState = { ...card, stage: "resolved", lapsed };
    await message.update({
      content: await TWODICE_ATTACK_CARD.render(done),
      flags: TWODICE_ATTACK_CARD.flags(done),
    });
  });
}
