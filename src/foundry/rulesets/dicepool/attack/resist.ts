/**
 * Resist, offered on the grapple card (attack/referee.ts): when an applied grapple leaves its
 * victim incapacitated by the grapple (the pool at or above its remaining health), the book gives
 * the victim one chance to spend as much Energy as it likes to lower the assailant's pool 1:1
 * (rules: resistGrappleIncapacitation). The book makes it a spend, not a roll: the victim names
 * the Energy, the referee checks it against the victim and the grapple as recorded and writes.
 *
 * - Who: the victim's player (its non-GM owners); the GM only for a victim no player owns.
 * - When: the card is applied and its offer is open; once (the ledger's `resistOffered` too, so
 *   the sheet's Resist and the card's cannot both be used). Spending 0 declines it.
 */
import { checkNumber } from "../../../../rules/core/guard.ts";
import { refuse } from "../../../../rules/core/result.ts";
import { DICEPOOL_LIMITS as L } from "../../../../rules/dicepool/limits.ts";
import { resistGrappleIncapacitation } from "../../../../rules/dicepool/grapple.ts";
import type { CardStep } from "../../../cards/protocol.ts";
import { fightOf } from "../../../combat/ledger.ts";
import { SYSTEM_ID } from "../../../constants.ts";
import { owns } from "../../../shared/cards.ts";
import { worldUsers } from "../../../shared/env.ts";
import { stepDoneUpdate } from "../../../shared/referee.ts";
import {
  applyDicepoolUpdates,
  combatantId,
  resolveActor,
  toDicepoolCombatant,
} from "../adapter.ts";
import { grappleOn, withLedger, writeLedger } from "../budget.ts";
import { DICEPOOL_CARD_FLAG, renderAttackCard } from "../cards/attack-card.ts";
import type { DicepoolAttackCardState, ResistView } from "../cards/attack-card.ts";
import { dicepoolOptions } from "../settings.ts";
import { grappleWrites } from "../table/grapple.ts";

/**
 * The offer an applied grapple card makes: open when the card's grapple, as the ledger records
 * it now, holds its victim incapacitated and the victim has not been offered it yet.
 */
export function resistOffer(card: DicepoolAttackCardState): ResistView | null {
  if (card.intent !== "grapple") return null;
  const assailant = resolveActor(card.attackerId);
  const victim = resolveActor(card.defenderId);
  if (assailant === null || victim === null) return null;
  const grip = grappleOn(assailant, card.defenderId);
  if (grip === null || grip.resistOffered) return null;
  const down = toDicepoolCombatant(victim).incapacitated === "grapple";
  return down ? { energy: null, pool: null } : null;
}

/** Whether the user decides the victim's resist: its player; the GM when no player owns it. */
function mayResist(card: DicepoolAttackCardState, user: User.Implementation): boolean {
  const victim = resolveActor(card.defenderId);
  if (victim === null || !owns(victim, user)) return false;
  if (!user.isGM) return true;
  return worldUsers().filter((other) => !other.isGM && owns(victim, other)).length === 0;
}

function parseResist(raw: unknown): { energy: number } | null {
  const value = (raw as { energy?: unknown } | null)?.energy;
  // The card's input sends its text: digits only.
  const energy = typeof value === "string" ? (/^\d+$/.test(value) ? Number(value) : NaN) : value;
  return checkNumber("energy", energy, { min: 0, max: L.energy, whole: true }) === undefined
    ? { energy: energy as number }
    : null;
}

/** The card's Resist step, for the attack card's strategy. */
export const resistStep: CardStep<DicepoolAttackCardState> = {
  mayPress: mayResist,
  closed: (card) =>
    card.resist === undefined
      ? refuse("noResist")
      : card.resist.energy === null
        ? null
        : refuse("alreadyHandled"),
  parse: parseResist,
  choicesOf: (button) => ({
    energy:
      (button.closest("[data-fray-step-row]") ?? button).querySelector<HTMLInputElement>(
        "input[data-dp-resist]",
      )?.value ?? "",
  }),
  resolve: ({ message, card, choices, claim }) =>
    withLedger(async () => {
      const { energy } = choices as { energy: number };
      const assailant = resolveActor(card.attackerId);
      const victimActor = resolveActor(card.defenderId);
      if (assailant === null || victimActor === null) return refuse("noSuchTarget");
      const grip = grappleOn(assailant, combatantId(victimActor));
      const fight = grip === null ? null : fightOf(assailant);
      if (grip === null || fight === null) return refuse("noGrapple");
      const options = dicepoolOptions();
      const victim = toDicepoolCombatant(victimActor);
      const resisted = resistGrappleIncapacitation(grip, victim, energy, options);
      if (!resisted.ok) return resisted;
      const { updates, notes } = grappleWrites(fight, grip, victim, resisted.value);
      await applyDicepoolUpdates(updates);
      await writeLedger(notes);
      const done: DicepoolAttackCardState = {
        ...card,
        resist: { energy, pool: resisted.value.grapple?.pool ?? 0 },
      };
      await message.update({
        content: await renderAttackCard(done, options),
        [`flags.${SYSTEM_ID}.${DICEPOOL_CARD_FLAG}`]: done,
        ...stepDoneUpdate(claim),
      } as never);
      return { ok: true };
    }),
};
