/**
 * The two-dice game's order at the start of a combat: the GM names the surprising side, or asks
 * for a d20 per team, or neither (the players' side first); the rules (`twodiceInitiative`) order
 * the teams; a tie is rerolled on the d20.
 */
import { twodiceInitiative } from "../../../rules/twodice/initiative.ts";
import { orderSides, rollTotal, settleTies } from "../../combat/order-kit.ts";
import type { Settled, StartChoice } from "../../combat/order-kit.ts";
import type { CombatLike } from "../../combat/state.ts";

/** The die a team rolls when the GM asks for a roll. */
export const TEAM_DIE = "1d20";

export async function twodiceRollOrder(combat: CombatLike, choice: StartChoice): Promise<Settled> {
  const sides = orderSides(combat);
  const rolls = [];
  if (choice.roll === true) {
    for (const side of sides) {
      rolls.push({
        teamId: side.teamId,
        d20: await rollTotal(TEAM_DIE),
        // Each member's surprise bonus (the ruleset's orderInput: rules surpriseBonusOf).
        traitBonuses: side.inputs.map((input) => input.modifier ?? 0),
      });
    }
  }
  const outcome = twodiceInitiative({
    teams: sides.map(({ teamId, isPlayerSide }) => ({ teamId, isPlayerSide })),
    surprising: choice.surprising ?? [],
    rolls,
  });
  return settleTies(outcome, () => rollTotal(TEAM_DIE));
}
