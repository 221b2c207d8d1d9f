/**
 * Settling a combat's order when the GM starts it. The active ruleset's `rollOrder` combat hook
 * gathers what its ordering asks for (team rolls, a pick, individual rolls), rolls the dice with
 * core Roll, rerolls what stays tied and hands the rolls to its rules' ordering function (the
 * pieces it composes are in order-kit.ts); its dice are posted to the chat with the order they
 * settled (order-card.ts). A ruleset without one has its teams act in the order listed.
 */
import { activeRuleset } from "../settings.ts";
import { collectOrderRolls } from "./order-kit.ts";
import { ORDER_LABELS, postOrderRolls } from "./order-card.ts";
import { combatHooks } from "./ruleset-hooks.ts";
import type { Settled, StartChoice } from "./order-kit.ts";
import { teamsOf } from "./state.ts";
import type { CombatLike } from "./state.ts";

export type { Settled, StartChoice } from "./order-kit.ts";

/** Settles the order of `combat` for the active ruleset, rolling what has to be rolled. */
export async function settleOrder(combat: CombatLike, choice: StartChoice = {}): Promise<Settled> {
  const hooks = combatHooks();
  if (hooks.rollOrder !== undefined) {
    const rollOrder = hooks.rollOrder.bind(hooks);
    // Every die the ruleset rolls for the order goes to the chat with the order it settled.
    const { value, rolls } = await collectOrderRolls(() => rollOrder(combat, choice));
    if (value.ok) {
      await postOrderRolls(combat, value.order, rolls, ORDER_LABELS[activeRuleset().id] ?? "");
    }
    return value;
  }
  return {
    ok: true,
    order: {
      mode: "team",
      order: teamsOf(combat).map((team) => team.id ?? ""),
      values: {},
      surpriseRound: [],
    },
    effects: [],
  };
}
