/**
 * The attack card's buttons, wired when a message renders (renderChatMessageHTML): each user sees
 * only the buttons they may press, and a press runs the card step (see attack/workflow.ts).
 */
import { canApply, canDefend, cardOf, requestCardAction } from "../attack/workflow.ts";
import type { CardAction } from "../attack/workflow.ts";
import { currentUser } from "../env.ts";

const ACTIONS: readonly CardAction[] = ["evade", "take", "apply"];

function isAction(value: string | undefined): value is CardAction {
  return (ACTIONS as readonly (string | undefined)[]).includes(value);
}

export function wireAttackCard(message: ChatMessage.Implementation, html: HTMLElement): void {
  const card = cardOf(message);
  if (card === null) return;
  const user = currentUser();
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-fray-action]")) {
    const action = button.dataset["frayAction"];
    if (!isAction(action)) continue;
    const allowed = action === "apply" ? canApply(card, message, user) : canDefend(card, user);
    if (!allowed) {
      button.remove();
      continue;
    }
    button.addEventListener("click", (event) => {
      event.preventDefault();
      button.disabled = true;
      void requestCardAction(message, action).finally(() => {
        button.disabled = false;
      });
    });
  }
  // A row of buttons nobody here may press is not shown at all.
  for (const row of html.querySelectorAll(".fray-wl-buttons")) {
    if (row.querySelector("button") === null) row.remove();
  }
}
