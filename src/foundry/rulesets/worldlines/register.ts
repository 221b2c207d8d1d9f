/**
 * Worldlines at the table: what init registers when the world plays Worldlines — the status
 * effects of the token HUD, the GM-side query of the attack cards, and the chat card buttons.
 * (Card and dialog templates load on first use: renderTemplate fetches and caches them.)
 */
import { registerCombatHooks } from "../../combat/ruleset-hooks.ts";
import type { CombatRulesetHooks } from "../../combat/ruleset-hooks.ts";
import type { CombatLike, CombatantLike } from "../../combat/state.ts";
import { SYSTEM_ID } from "../../constants.ts";
import { runRoundEvent, runTurnEnd, runTurnStart } from "./actions.ts";
import { toCombatant } from "./adapter.ts";
import { ATTACK_QUERY, handleAttackQuery } from "./attack/workflow.ts";
import { wireAttackCard, wireStatusCard } from "./cards/buttons.ts";
import { worldlinesStatusEffects } from "./statuses/effects.ts";

/**
 * Worldlines' statuses in the combat's phases: Bleeding at the start of the bleeder's turn,
 * Staggered and flash blindness counting down at the end of a turn, Poison and the interruption
 * given back at status resolution. Statuses are ActiveEffects, which the generic field changes
 * cannot add or remove, so each hook writes its own batch (one actor update for everyone it
 * touches, the effect changes, one chat card) and hands the combat no further changes. The Energy
 * refresh stays the generic one. The hooks run on the active GM, inside the turn transition.
 */
export const WORLDLINES_COMBAT_HOOKS: CombatRulesetHooks = {
  // Momentum: every member rolls its own Combat die; the team keeps its two best.
  orderInput: (actor) => ({ die: `1d${String(toCombatant(actor).traits.combat)}` }),
  async turnStart(_combat: CombatLike, combatant: CombatantLike) {
    if (combatant.actor !== null) await runTurnStart(combatant.actor);
    return [];
  },
  async turnEnd(_combat: CombatLike, combatant: CombatantLike) {
    if (combatant.actor !== null) await runTurnEnd(combatant.actor);
    return [];
  },
  roundEvents: {
    async statusResolution(combat: CombatLike) {
      const actors = combat.combatants.contents
        .map((combatant) => combatant.actor)
        .filter((actor): actor is Actor.Implementation => actor !== null);
      await runRoundEvent("statusResolution", actors);
      return [];
    },
  },
};

export function registerWorldlinesPlay(): void {
  registerCombatHooks(WORLDLINES_COMBAT_HOOKS);
  CONFIG.statusEffects = worldlinesStatusEffects(
    CONFIG.statusEffects,
  ) as unknown as typeof CONFIG.statusEffects;
  (CONFIG.queries as unknown as Record<string, unknown>)[ATTACK_QUERY] = handleAttackQuery;
  Hooks.on("renderChatMessageHTML", (message, html) => {
    wireAttackCard(message, html);
    wireStatusCard(message, html);
  });
  console.info(`${SYSTEM_ID} | Worldlines statuses, cards and queries registered`);
}
