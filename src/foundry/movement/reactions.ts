/**
 * Reactions raised by movement (issue 24): after the active GM paid a move, it measures on the
 * scene which fighters the path provokes (rules/movement/reactions.ts, with the ruleset's trigger,
 * reach and suppression) and posts one reaction card per threatener through the card protocol
 * (public, as every card: shared/cards.ts postRefereeCard). The card's button, kept only for a user who owns the
 * threatener, targets the mover and opens the threatener's sheet to attack from (its attack
 * dialog); the attack itself is the ruleset's, declared and refereed as any other.
 *
 * Only fighters of the mover's running combat on another team threaten it.
 */
import { provokedBy } from "../../rules/movement/reactions.ts";
import type { Space, Threat } from "../../rules/movement/reactions.ts";
import type { MoveMode } from "../../rules/movement/types.ts";
import { cardStrategy, postCard } from "../cards/protocol.ts";
import { fightOf } from "../combat/ledger.ts";
import { teamIdOf } from "../combat/state.ts";
import { SYSTEM_ID } from "../constants.ts";
import { combatantId, resolveActor } from "../shared/actors.ts";
import { i18n } from "../shared/env.ts";
import type { MovementReactions } from "./types.ts";

export const REACTION_CARD = "movement.reaction";

interface Point {
  readonly x: number;
  readonly y: number;
}

/** What Fray reads of a token on the scene (core TokenDocument). */
export interface SceneToken {
  readonly id: string | null;
  readonly x: number;
  readonly y: number;
  readonly actor: Actor.Implementation | null;
  getOccupiedGridSpaceOffsets(data?: { x: number; y: number }): Space[];
}

interface GridLike {
  getOffset(point: Point): Space;
}

/**
 * The mover's spaces at the start of a path and after each grid step (core's
 * `getCompleteMovementPath` inserts the same intermediate spaces on a square grid).
 */
export function stepsOf(token: SceneToken, grid: GridLike, points: readonly Point[]): Space[][] {
  const first = points[0];
  if (first === undefined) return [];
  const origin = grid.getOffset(first);
  const shape = token.getOccupiedGridSpaceOffsets({ x: first.x, y: first.y });
  const shift = (at: Space) =>
    shape.map((s) => ({ i: s.i - origin.i + at.i, j: s.j - origin.j + at.j }));
  const steps: Space[][] = [shift(origin)];
  let at = origin;
  for (const point of points.slice(1)) {
    const end = grid.getOffset(point);
    while (at.i !== end.i || at.j !== end.j) {
      at = { i: at.i + Math.sign(end.i - at.i), j: at.j + Math.sign(end.j - at.j) };
      steps.push(shift(at));
    }
  }
  return steps;
}

/** The fighters of the mover's combat, on another team, on the scene, with their reach. */
export function threatsTo(
  reactions: MovementReactions,
  mover: SceneToken,
  others: Iterable<SceneToken>,
): { threat: Threat; token: SceneToken }[] {
  const actor = mover.actor;
  const fight = actor === null ? null : fightOf(actor);
  if (fight === null) return [];
  const team = teamIdOf(fight.combatant);
  const out: { threat: Threat; token: SceneToken }[] = [];
  for (const token of others) {
    if (token.id === mover.id || token.actor === null) continue;
    const combatant = fight.combat.combatants.contents.find(
      (c) => c.tokenId === token.id || (c.actorId === token.actor?.id && !token.actor.isToken),
    );
    if (combatant === undefined || teamIdOf(combatant) === team) continue;
    const reach = reactions.reachOf(token.actor);
    if (!(reach > 0)) continue;
    out.push({
      threat: { id: token.id ?? "", spaces: token.getOccupiedGridSpaceOffsets(), reach },
      token,
    });
  }
  return out;
}

/** The threateners a path provokes (none when the move suppresses it). */
export function provokedTokens(
  reactions: MovementReactions,
  mover: SceneToken,
  others: Iterable<SceneToken>,
  grid: GridLike,
  points: readonly Point[],
  mode: MoveMode,
): SceneToken[] {
  if (mover.actor === null || reactions.suppressed(mover.actor, mode)) return [];
  const threats = threatsTo(reactions, mover, others);
  if (threats.length === 0) return [];
  const ids = new Set(
    provokedBy(
      stepsOf(mover, grid, points),
      threats.map((t) => t.threat),
      reactions.trigger,
      reactions.withinLimit ?? 0,
    ),
  );
  return threats.filter((t) => ids.has(t.threat.id)).map((t) => t.token);
}

/** A reaction card's state (its message's flags). */
interface ReactionCard {
  readonly attackerId: string;
  readonly targetId: string;
  readonly targetTokenId: string;
}

/** A user who owns the actor and is no GM (the card's reader), or null. */
function ownerOf(actor: Actor.Implementation): User.Implementation | null {
  const users = (game.users?.contents ?? []) as User.Implementation[];
  return users.find((u) => !u.isGM && actor.testUserPermission(u, "OWNER")) ?? null;
}

/** Posts a reaction card for each provoked threatener (the active GM, after paying the move). */
export async function postReactions(
  mover: SceneToken,
  provoked: readonly SceneToken[],
): Promise<void> {
  const target = mover.actor;
  if (target === null) return;
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
    };
    await postCard(REACTION_CARD, {
      speaker: ChatMessage.getSpeaker({ actor: attacker }),
      content:
        `<div class="fray-movement-reaction"><p>${foundry.utils.escapeHTML(text)}</p>` +
        `<button type="button" data-fray-reaction="attack">${foundry.utils.escapeHTML(button)}</button></div>`,
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
    typeof card.targetTokenId === "string"
    ? (card as ReactionCard)
    : null;
}

/**
 * Opens the threatener's attack on the mover: the mover's token becomes this user's only target
 * and the threatener's sheet opens, where its attack dialog starts.
 */
async function openAttack(card: ReactionCard): Promise<void> {
  const attacker = resolveActor(card.attackerId);
  if (attacker === null || !attacker.isOwner) return;
  const user = game.user as unknown as { updateTokenTargets?: (ids: string[]) => void } | null;
  user?.updateTokenTargets?.([card.targetTokenId]);
  await attacker.sheet?.render(true);
}

/** The one reaction card of every ruleset: no press goes to the referee; its button is local. */
export const reactionCard = cardStrategy<ReactionCard>({
  kind: REACTION_CARD,
  cardOf,
  steps: {},
  warn: () => undefined,
  wire(_message, html, card) {
    const attacker = resolveActor(card.attackerId);
    for (const button of html.querySelectorAll<HTMLElement>("button[data-fray-reaction]")) {
      if (attacker === null || !attacker.isOwner) {
        button.remove();
        continue;
      }
      button.addEventListener("click", (event) => {
        event.preventDefault();
        void openAttack(card);
      });
    }
  },
});
