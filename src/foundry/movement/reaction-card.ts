/**
 * The reaction card (issue 24), one for every ruleset on the one card protocol: the active GM
 * posts it for each fighter a paid move provoked (movement/reactions.ts measures who). It is
 * public, as every card; its button stays only for the threatener's owners and, pressed, makes
 * the mover that user's one target (core `User#updateTokenTargets`) and opens the ruleset's attack
 * dialog set up as the book's reaction (the seam's `movement.reactions.openAttack`).
 *
 * The card is also the proof of the reaction: only a GM writes it, it names the attacker, the
 * mover, and the turn it happened in. A ruleset's referee lets the attacker strike out of turn
 * only with an open card (`reactionOpen`: authored by a GM, naming these two, not used yet, and
 * still the mover's turn of that round), and closes it once the attack is posted
 * (`spendReaction`), so a console can neither forge a reaction nor strike twice with one.
 */
import { cardKindOf, cardStrategy, postCard } from "../cards/protocol.ts";
import { fightOf } from "../combat/ledger.ts";
import { turnStateOf } from "../combat/state.ts";
import { SYSTEM_ID } from "../constants.ts";
import { combatantId, resolveActor } from "../shared/actors.ts";
import { chatMessages, i18n } from "../shared/env.ts";
import type { MovementReactions } from "./types.ts";

export const REACTION_CARD = "movement.reaction";

/** A reaction card's state (its message's flags). */
interface ReactionCard {
  readonly attackerId: string;
  readonly targetId: string;
  readonly targetTokenId: string;
  /** The mover's combatant and the round of the move: the card holds for that turn only. */
  readonly turn: { readonly combatantId: string; readonly round: number };
  /** The attack was made. */
  readonly used?: boolean;
}

/** What Fray reads of the mover's token. */
interface MoverToken {
  readonly id: string | null;
  readonly actor: Actor.Implementation | null;
}

/** A user who owns the actor and is no GM (the card's reader), or null. */
function ownerOf(actor: Actor.Implementation): User.Implementation | null {
  const users = (game.users?.contents ?? []) as User.Implementation[];
  return users.find((u) => !u.isGM && actor.testUserPermission(u, "OWNER")) ?? null;
}

function escape(text: string): string {
  return foundry.utils.escapeHTML(text);
}

/** Posts a reaction card for each provoked threatener (the active GM, after paying the move). */
export async function postReactions(
  mover: MoverToken,
  provoked: readonly { readonly actor: Actor.Implementation | null }[],
): Promise<void> {
  const target = mover.actor;
  const fight = target === null ? null : fightOf(target);
  if (target === null || fight === null) return;
  const turn = { combatantId: fight.combatant.id ?? "", round: turnStateOf(fight.combat).round };
  for (const token of provoked) {
    const attacker = token.actor;
    if (attacker === null) continue;
    const text = i18n().format("FRAY.Movement.Reaction.Text", {
      attacker: attacker.name,
      target: target.name,
    });
    const button = i18n().localize("FRAY.Movement.Reaction.Attack");
    const card: ReactionCard = {
      attackerId: combatantId(attacker),
      targetId: combatantId(target),
      targetTokenId: mover.id ?? "",
      turn,
    };
    await postCard(REACTION_CARD, {
      speaker: ChatMessage.getSpeaker({ actor: attacker }),
      content:
        `<div class="fray-movement-reaction"><p>${escape(text)}</p>` +
        `<button type="button" data-fray-reaction="attack">${escape(button)}</button></div>`,
      rolls: [],
      flags: { [SYSTEM_ID]: { movementReaction: card } },
      rollMode: "publicroll",
      roller: ownerOf(attacker)?.id ?? "",
    });
  }
}

function cardOf(message: ChatMessage.Implementation): ReactionCard | null {
  const scope = (message.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID] as
    { movementReaction?: Partial<ReactionCard> } | undefined;
  const card = scope?.movementReaction;
  return typeof card?.attackerId === "string" &&
    typeof card.targetId === "string" &&
    typeof card.targetTokenId === "string" &&
    typeof card.turn?.combatantId === "string" &&
    typeof card.turn.round === "number"
    ? (card as ReactionCard)
    : null;
}

/** The reaction card of this message id, as a GM wrote it, or null. */
function reactionMessage(
  id: string | undefined,
): { message: ChatMessage.Implementation; card: ReactionCard } | null {
  if (typeof id !== "string" || id === "" || !chatMessages().has(id)) return null;
  const message = chatMessages().get(id);
  const author = (message as unknown as { author?: { isGM?: boolean } | null }).author;
  if (author?.isGM !== true || cardKindOf(message) !== REACTION_CARD) return null;
  const card = cardOf(message);
  return card === null ? null : { message, card };
}

/**
 * Whether the reaction card `reactionId` lets `attacker` strike `target` now: a GM posted it for
 * these two, it was not used, and the mover is still taking the turn it moved in.
 */
export function reactionOpen(
  attacker: Actor.Implementation,
  target: Actor.Implementation,
  reactionId: string | undefined,
): boolean {
  const found = reactionMessage(reactionId);
  if (found === null) return false;
  const { card } = found;
  if (card.used === true) return false;
  if (card.attackerId !== combatantId(attacker) || card.targetId !== combatantId(target)) {
    return false;
  }
  const fight = fightOf(target);
  if (fight === null) return false;
  const turn = turnStateOf(fight.combat);
  return turn.active === card.turn.combatantId && turn.round === card.turn.round;
}

/** The referee, once the reaction's attack is posted: the card is used (its button goes). */
export async function spendReaction(reactionId: string | undefined): Promise<void> {
  const found = reactionMessage(reactionId);
  if (found === null) return;
  await found.message.update({
    [`flags.${SYSTEM_ID}.movementReaction.used`]: true,
    content: found.message.content.replace(/<button[^>]*data-fray-reaction[^>]*>.*?<\/button>/, ""),
  } as never);
}

/** Presses the card's button: the mover becomes this user's one target, then the dialog opens. */
async function openAttack(
  reactions: MovementReactions,
  message: ChatMessage.Implementation,
  card: ReactionCard,
): Promise<void> {
  const attacker = resolveActor(card.attackerId);
  const target = resolveActor(card.targetId);
  if (attacker === null || target === null || !attacker.isOwner) return;
  // Core User#updateTokenTargets (this version of fvtt-types does not list it).
  const user = game.user as unknown as { updateTokenTargets?: (ids: string[]) => void } | null;
  user?.updateTokenTargets?.([card.targetTokenId]);
  await reactions.openAttack(attacker, { target, reaction: message.id ?? "" });
}

/** The one reaction card of every ruleset: no press goes to the referee; its button is local. */
export function reactionCard(reactions: MovementReactions) {
  return cardStrategy<ReactionCard>({
    kind: REACTION_CARD,
    cardOf,
    steps: {},
    warn: () => undefined,
    wire(message, html, card) {
      const attacker = resolveActor(card.attackerId);
      for (const button of html.querySelectorAll<HTMLElement>("button[data-fray-reaction]")) {
        if (attacker === null || !attacker.isOwner || card.used === true) {
          button.remove();
          continue;
        }
        button.addEventListener("click", (event) => {
          event.preventDefault();
          void openAttack(reactions, message, card);
        });
      }
    },
  });
}
