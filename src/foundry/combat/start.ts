/**
 * Settling a combat's order when the GM starts it. The active ruleset's `rollOrder` combat hook
 * gathers what its ordering asks for (team rolls, a pick, individual rolls), rolls the dice with
 * core Roll, rerolls what stays tied and hands the rolls to its rules' ordering function (the
 * pieces it composes are in order-kit.ts). A ruleset without one has its teams act in the order
 * listed.
 */
import { combatHooks } from "./ruleset-hooks.ts";
import type { Settled, StartChoice } from "./order-kit.ts";
import { teamsOf } from "./state.ts";
import type { CombatLike } from "./state.ts";

export type { Settled, StartChoice } from "./order-kit.ts";

/** Settles the order of `combat` for the active ruleset, rolling what has to be rolled. */
export async function settleOrder(combat: CombatLike, choice: StartChoice = {}): Promise<Settled> {
  const hooks = combatHooks();
  if (hooks.rollOrder !== undefined) return hooks.rollOrder(combat, choice);
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
