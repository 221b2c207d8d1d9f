/**
 * Freelancers' order at the start of a combat: nothing is rolled. The GM names the team that
 * takes initiative (or a surprising team; else the first team listed) and the rules
 * (`freelancersInitiative`) order the teams and stun the surprised.
 */
import { freelancersInitiative } from "../../../rules/freelancers/initiative.ts";
import { membersOf } from "../../combat/order-kit.ts";
import type { Settled, StartChoice } from "../../combat/order-kit.ts";
import { teamsOf } from "../../combat/state.ts";
import type { CombatLike } from "../../combat/state.ts";

export function freelancersRollOrder(combat: CombatLike, choice: StartChoice): Promise<Settled> {
  const teams = teamsOf(combat);
  const teamIds = teams.map((team) => team.id ?? "");
  const surprising = choice.surprising ?? [];
  const outcome = freelancersInitiative({
    teams: teams.map((team) => ({
      teamId: team.id ?? "",
      memberIds: membersOf(combat, team.id ?? "").map((c) => c.id ?? ""),
    })),
    initiative: choice.initiative ?? surprising[0] ?? teamIds[0] ?? "",
    surprised: teamIds.filter((id) => surprising.length > 0 && !surprising.includes(id)),
  });
  return Promise.resolve(
    outcome.ok ? { ok: true, order: outcome.order, effects: outcome.effects } : outcome,
  );
}
