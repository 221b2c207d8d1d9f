/**
 * The attack card's buttons, wired when a message renders (renderChatMessageHTML): each user sees
 * only the buttons they may press, and a press runs the card step (see attack/workflow.ts).
 */
import { canApply, canDefend, cardOf, requestCardAction } from "../attack/workflow.ts";
import type { CardAction } from "../attack/workflow.ts";
import type { AttackCardState } from "./attack-card.ts";
import { currentUser } from "../../../shared/env.ts";

const ACTIONS: readonly CardAction[] = ["evade", "take", "apply"];

function isAction(value: string | undefined): value is CardAction {
  return (ACTIONS as readonly (string | undefined)[]).includes(value);
}

/** Which of the card's buttons this user may press (and so sees). */
export function cardButtons(
  card: AttackCardState,
  message: ChatMessage.Implementation,
  user: User.Implementation,
): Record<CardAction, boolean> {
  const defend = canDefend(card, user);
  return { evade: defend, take: defend, apply: canApply(card, message, user) };
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
  pruneCardButtons(html, cardButtons(card, message, currentUser()));
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
