/**
 * The attack and status cards' buttons, wired when a message renders (renderChatMessageHTML): each
 * user sees only the buttons they may press, and a press runs the card step (see
 * attack/workflow.ts) or, for Recover, the affected actor's recovery check.
 */
import { refuse } from "../../../../rules/core/result.ts";
import type { StatusId } from "../../../../rules/worldlines/index.ts";
import { recoveryCheck } from "../actions.ts";
import { canApply, canDefend, cardOf, requestCardAction, warnRefusal } from "../attack/workflow.ts";
import type { CardAction } from "../attack/workflow.ts";
import { hasRecoveryCheck } from "./attack-card.ts";
import type { AttackCardState } from "./attack-card.ts";
import { resolveActor } from "../../../shared/actors.ts";
import { currentUser } from "../../../shared/env.ts";

const ACTIONS: readonly CardAction[] = ["evade", "evadeAgain", "take", "apply"];

function isAction(value: string | undefined): value is CardAction {
  return (ACTIONS as readonly (string | undefined)[]).includes(value);
}

/** Which of the card's buttons this user may press (and so sees). */
export function cardButtons(
  card: AttackCardState,
  user: User.Implementation,
): Record<CardAction | "recover", boolean> {
  const defend = canDefend(card, user);
  return {
    evade: defend,
    evadeAgain: defend,
    take: defend,
    apply: canApply(card, user),
    // A recovery check is the affected actor's own: its owner (or the GM) makes it.
    recover: defend,
  };
}

/** Whether this user may press a Recover button for this actor: its owner, or the GM. */
export function canRecover(actor: Actor.Implementation | null, user: User.Implementation): boolean {
  return actor !== null && (user.isGM || actor.testUserPermission(user, "OWNER"));
}

/** The Recover buttons a card offers: a status card's from its flags, an applied attack's. */
export function recoverOffers(
  message: ChatMessage.Implementation,
): { actorId: string; statusId: string }[] {
  const attack = cardOf(message);
  if (attack !== null) {
    if (attack.stage !== "applied" || attack.result === null) return [];
    return attack.result.statusesApplied
      .filter(hasRecoveryCheck)
      .map((statusId) => ({ actorId: attack.defenderId, statusId }));
  }
  const flags = (message.flags as Record<string, unknown> | undefined)?.["fray"] as
    { status?: { recover?: { actorId: string; statusId: string }[] } } | undefined;
  return flags?.status?.recover ?? [];
}

/**
 * What pressing Recover does: when the card offers it and this user owns the actor (or is the
 * GM), the actor's recovery check (actions.recoveryCheck) runs on this client, which may write
 * the actor. Otherwise a warning, and nothing changes.
 */
export async function pressRecover(
  message: ChatMessage.Implementation,
  actorId: string,
  statusId: string,
): Promise<boolean> {
  const offered = recoverOffers(message).some(
    (o) => o.actorId === actorId && o.statusId === statusId,
  );
  const actor = resolveActor(actorId);
  if (!offered || actor === null || !canRecover(actor, currentUser())) {
    warnRefusal(refuse("notAllowed"));
    return false;
  }
  return recoveryCheck(actor, statusId as StatusId);
}

/**
 * Wires the Recover buttons in `root`: removes those this user may not press (and rows left
 * empty); a press runs {@link pressRecover}.
 */
function wireRecoverButtons(
  message: ChatMessage.Implementation,
  root: HTMLElement,
  user: User.Implementation,
): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>(
    "button[data-fray-action=recover]",
  )) {
    const statusId = button.dataset["frayStatus"] ?? "";
    const actorId = button.dataset["frayActor"] ?? "";
    if (!canRecover(resolveActor(actorId), user)) {
      button.remove();
      continue;
    }
    button.addEventListener("click", (event) => {
      event.preventDefault();
      button.disabled = true;
      void pressRecover(message, actorId, statusId).finally(() => {
        button.disabled = false;
      });
    });
  }
  pruneCardButtons(root, {});
}

/** Wires a status tick / expiry card's Recover buttons. */
export function wireStatusCard(message: ChatMessage.Implementation, html: HTMLElement): void {
  const flags = (message.flags as Record<string, unknown> | undefined)?.["fray"] as
    { status?: unknown } | undefined;
  if (flags?.status === undefined) return;
  wireRecoverButtons(message, html, currentUser());
}

/**
 * Removes the buttons whose action is `false` in `shown`, then any row of buttons left empty: a
 * row nobody here may press is not shown at all. Self-contained (no imports, no closure), so the
 * browser test runs this very function on a card rendered in Chromium.
 */
export function pruneCardButtons(root: ParentNode, shown: Readonly<Record<string, boolean>>): void {
  for (const button of Array.from(root.querySelectorAll("button[data-fray-action]"))) {
    const action = button.getAttribute("data-fray-action") ?? "";
    if (shown[action] === false) button.remove();
  }
  for (const row of Array.from(root.querySelectorAll(".fray-wl-buttons"))) {
    if (row.querySelector("button") === null) row.remove();
  }
}

export function wireAttackCard(message: ChatMessage.Implementation, html: HTMLElement): void {
  const card = cardOf(message);
  if (card === null) return;
  const user = currentUser();
  pruneCardButtons(html, cardButtons(card, user));
  wireRecoverButtons(message, html, user);
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-fray-action]")) {
    const action = button.dataset["frayAction"];
    if (!isAction(action)) continue;
    button.addEventListener("click", (event) => {
      event.preventDefault();
      button.disabled = true;
      void requestCardAction(message, action).finally(() => {
        button.disabled = false;
      });
    });
  }
}
