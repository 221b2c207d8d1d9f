/**
 * Worldlines' order at the start of a combat: every standing member rolls its own Combat die
 * (`orderInput`; a fresh actor's d8 without one) and the rules' momentum (`worldlinesInitiative`)
 * orders the teams; a tie is rerolled on the d8.
 */
import type { DieRoll } from "../../../rules/core/dice.ts";
import type { TeamId } from "../../../rules/combat/types.ts";
import { worldlinesInitiative } from "../../../rules/worldlines/order.ts";
import {
  isPlayerSide,
  membersOf,
  orderInputOf,
  rollTotal,
  settleTies,
} from "../../combat/order-kit.ts";
import type { Settled } from "../../combat/order-kit.ts";
import { teamsOf } from "../../combat/state.ts";
import type { CombatLike } from "../../combat/state.ts";

/** The Combat die of a fresh actor: what a member without its own rolls, and what a tie rerolls. */
export const DEFAULT_COMBAT_DIE = "1d8";

export async function worldlinesRollOrder(combat: CombatLike): Promise<Settled> {
  const rollTeam = async (teamId: TeamId) => {
    const rolls: DieRoll[] = [];
    for (const member of membersOf(combat, teamId)) {
      const die = orderInputOf(member).die ?? DEFAULT_COMBAT_DIE;
      // The rules check the face against its die ("1d8" → 8; anything else is refused).
      const sides = Number(/^1?d(\d+)$/.exec(die)?.[1] ?? NaN);
      rolls.push({ sides, value: await rollTotal(die) });
    }
    return rolls;
  };
  const input = [];
  for (const team of teamsOf(combat)) {
    input.push({
      teamId: team.id ?? "",
      isPlayerSide: isPlayerSide(team),
      combatRolls: await rollTeam(team.id ?? ""),
    });
  }
  return settleTies(worldlinesInitiative(input), () => rollTotal(DEFAULT_COMBAT_DIE));
}
