/**
 * WWN's order at the start of a combat: side initiative. Each team rolls a d8 and adds its
 * members' best Dexterity modifier (`orderInput`); the rules (`wwnInitiative`) order the sides and
 * give the surprising ones their free round; a tie is rerolled on the d8.
 */
import { wwnInitiative } from "../../../rules/wwn/initiative.ts";
import {
  isPlayerSide,
  membersOf,
  orderInputOf,
  rollTotal,
  settleTies,
} from "../../combat/order-kit.ts";
import type { Settled, StartChoice } from "../../combat/order-kit.ts";
import { teamsOf } from "../../combat/state.ts";
import type { CombatLike } from "../../combat/state.ts";

/** The die each side rolls. */
export const SIDE_DIE = "1d8";

export async function wwnRollOrder(combat: CombatLike, choice: StartChoice): Promise<Settled> {
  const sides = [];
  for (const team of teamsOf(combat)) {
    sides.push({
      teamId: team.id ?? "",
      isPlayerSide: isPlayerSide(team),
      d8: await rollTotal(SIDE_DIE, team.id ?? ""),
      dexModifiers: membersOf(combat, team.id ?? "").map(
        (member) => orderInputOf(member).modifier ?? 0,
      ),
    });
  }
  const outcome = wwnInitiative(sides, { surprise: choice.surprising ?? [] });
  return settleTies(outcome, () => rollTotal(SIDE_DIE));
}
