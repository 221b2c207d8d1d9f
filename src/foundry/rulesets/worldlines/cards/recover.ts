/**
 * The Recover buttons of the attack and status cards, and the status card's strategy for the card
 * protocol. A recovery check touches only the affected actor, so it is its owner's (or the GM's)
 * and runs on their own client (table/recovery.ts): the button is wired by the strategy (`wire`),
 * not sent to the referee. Each user sees only the Recover buttons they may press.
 */
import { refuse } from "../../../../rules/core/result.ts";
import type { StatusId } from "../../../../rules/worldlines/index.ts";
import { cardStrategy } from "../../../cards/protocol.ts";
import { resolveActor } from "../../../shared/actors.ts";
import { owns } from "../../../shared/cards.ts";
import { currentUser } from "../../../shared/env.ts";
import { warnRefusal } from "../attack/declare.ts";
import { recoveryCheck } from "../table/self.ts";
import { attackCardOf, hasRecoveryCheck } from "./attack-card.ts";
import { STATUS_KIND, statusCardOf } from "./status-card.ts";
import type { StatusCardState } from "./status-card.ts";

/** Whether this user may press a Recover button for this actor: its owner, or the GM. */
export function canRecover(actor: Actor.Implementation | null, user: User.Implementation): boolean {
  return actor !== null && (user.isGM || owns(actor, user));
}

/** The Recover buttons a card offers: a status card's from its flags, an applied attack's. */
export function recoverOffers(
  message: ChatMessage.Implementation,
): { actorId: string; statusId: string }[] {
  const attack = attackCardOf(message);
  if (attack !== null) {
    if (attack.stage !== "applied" || attack.result === null) return [];
    return attack.result.statusesApplied
      .filter(hasRecoveryCheck)
      .map((statusId) => ({ actorId: attack.defenderId, statusId }));
  }
  return [...(statusCardOf(message)?.recover ?? [])];
}

/**
 * What pressing Recover does: when the card offers it and this user owns the actor (or is the
 * GM), the actor's recovery check runs on this client, which may write the actor. Otherwise a
 * warning, and nothing changes.
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
 * Removes the buttons whose step (or action) is `false` in `shown`, then any row of buttons left
 * empty: a row nobody here may press is not shown at all. Self-contained (no imports, no
 * closure), so the browser test runs this very function on a card rendered in Chromium.
 */
export function pruneCardButtons(root: ParentNode, shown: Readonly<Record<string, boolean>>): void {
  const buttons = root.querySelectorAll("button[data-fray-step], button[data-fray-action]");
  for (const button of Array.from(buttons)) {
    const name =
      button.getAttribute("data-fray-step") ?? button.getAttribute("data-fray-action") ?? "";
    if (shown[name] === false) button.remove();
  }
  for (const row of Array.from(root.querySelectorAll(".fray-wl-buttons"))) {
    if (row.querySelector("button") === null) row.remove();
  }
}

/** Wires the Recover buttons of a card: gone for whoever may not press them; a press recovers. */
export function wireRecoverButtons(message: ChatMessage.Implementation, root: HTMLElement): void {
  const user = currentUser();
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

/** The status card: no step on the referee; its Recover buttons are wired on each client. */
export const statusCard = cardStrategy<StatusCardState>({
  kind: STATUS_KIND,
  cardOf: statusCardOf,
  steps: {},
  warn: (refusal) => {
    warnRefusal(refusal);
  },
  wire: (message, html) => {
    wireRecoverButtons(message, html);
  },
});
