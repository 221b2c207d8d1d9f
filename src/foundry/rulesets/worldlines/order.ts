/**
 * Worldlines' order at the start of a combat: every standing member rolls its own Combat die
 * (`orderInput`; a fresh actor's d8 without one) and the rules' momentum (`worldlinesInitiative`)
 * orders the teams; a tie is rerolled on the d8, or won by the players' side (the world's
 * `worldlinesMomentumTies` setting).
 */
import type { DieRoll } from "../../../rules/core/dice.ts";
import { worldlinesInitiative } from "../../../rules/worldlines/order.ts";
import { orderSides, rollTotal, settleTies } from "../../combat/order-kit.ts";
import type { OrderSide, Settled } from "../../combat/order-kit.ts";
import type { CombatLike } from "../../combat/state.ts";
import { worldlinesMomentumTies } from "./settings.ts";

/** The Combat die of a fresh actor: what a member without its own rolls, and what a tie rerolls. */
export const DEFAULT_COMBAT_DIE = "1d8";

export async function worldlinesRollOrder(combat: CombatLike): Promise<Settled> {
  const rollTeam = async (side: OrderSide) => {
    const rolls: DieRoll[] = [];
    for (const input of side.inputs) {
      const die = input.die ?? DEFAULT_COMBAT_DIE;
      // The rules check the face against its die ("1d8" → 8; anything else is refused).
      const sides = Number(/^1?d(\d+)$/.exec(die)?.[1] ?? NaN);
      rolls.push({ sides, value: await rollTotal(die) });
    }
    return rolls;
  };
  const input = [];
  for (const side of orderSides(combat)) {
    input.push({
      teamId: side.teamId,
      isPlayerSide: side.isPlayerSide,
      combatRolls: await rollTeam(side),
    });
  }
  return settleTies(worldlinesInitiative(input, worldlinesMomentumTies()), () =>
    rollTotal(DEFAULT_COMBAT_DIE),
  );
}
