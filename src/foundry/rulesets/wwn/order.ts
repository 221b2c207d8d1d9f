/**
 * WWN's order at the start of a combat: side initiative. Each team rolls a d8 and adds its
 * members' best Dexterity modifier (`orderInput`); the rules (`wwnInitiative`) order the sides and
 * give the surprising ones their free round; a tie is rerolled on the d8.
 */
import { wwnInitiative } from "../../../rules/wwn/initiative.ts";
import { orderSides, rollTotal, settleTies } from "../../combat/order-kit.ts";
import type { Settled, StartChoice } from "../../combat/order-kit.ts";
import type { CombatLike } from "../../combat/state.ts";

/** The die each side rolls. */
export const SIDE_DIE = "1d8";

export async function wwnRollOrder(combat: CombatLike, choice: StartChoice): Promise<Settled> {
  const sides = [];
  for (const side of orderSides(combat)) {
    sides.push({
      teamId: side.teamId,
      isPlayerSide: side.isPlayerSide,
      d8: await rollTotal(SIDE_DIE, side.teamId),
      dexModifiers: side.inputs.map((input) => input.modifier ?? 0),
    });
  }
  const outcome = wwnInitiative(sides, { surprise: choice.surprising ?? [] });
  return settleTies(outcome, () => rollTotal(SIDE_DIE));
}
