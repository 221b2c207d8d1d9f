/**
 * Worldlines at the table: what init registers when the world plays Worldlines — the status
 * effects of the token HUD, the GM-side query of the attack cards, and the chat card buttons.
 * (Card and dialog templates load on first use: renderTemplate fetches and caches them.)
 */
import { SYSTEM_ID } from "../../constants.ts";
import { ATTACK_QUERY, handleAttackQuery } from "./attack/workflow.ts";
import { wireAttackCard } from "./cards/buttons.ts";
import { worldlinesStatusEffects } from "./statuses/effects.ts";

export function registerWorldlinesPlay(): void {
  CONFIG.statusEffects = worldlinesStatusEffects(
    CONFIG.statusEffects,
  ) as unknown as typeof CONFIG.statusEffects;
  (CONFIG.queries as unknown as Record<string, unknown>)[ATTACK_QUERY] = handleAttackQuery;
  Hooks.on("renderChatMessageHTML", (message, html) => {
    wireAttackCard(message, html);
  });
  console.info(`${SYSTEM_ID} | Worldlines statuses, cards and queries registered`);
}
