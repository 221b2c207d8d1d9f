/**
 * Freelancers: the GM decides which team takes initiative (the tracker offers a button per
 * team), then the teams take their turns one after the other, every member of a team acting
 * during its turn; each round closes with the Upkeep (counters drop, recharge rolls, death
 * checks), which the active GM runs. A side caught by surprise loses the initiative and each of
 * its members gains a stun counter.
 *
 * Where the book is silent: with more than two teams, the others follow the team that took
 * initiative in the tracker's order; the order is kept for the whole combat.
 */
import { allDistinct, teamPhases } from "../combat/order.ts";
import type { OrderOutcome, SetupEffect, SettledOrder, TurnOrder } from "../combat/order.ts";
import type { CombatantId, RoundPlan, TeamId } from "../combat/types.ts";

export interface FreelancersTeam {
  readonly teamId: TeamId;
  /** The team's members, who gain a stun counter if the team is surprised. */
  readonly memberIds: readonly CombatantId[];
}

export interface FreelancersStart {
  /** Every team, in the tracker's order. */
  readonly teams: readonly FreelancersTeam[];
  /** The team the GM says takes initiative. */
  readonly initiative: TeamId;
  /** Teams caught by surprise, if any. */
  readonly surprised?: readonly TeamId[];
}

/** Settles a Freelancers combat's order from the GM's pick. */
export function freelancersInitiative(start: FreelancersStart): OrderOutcome {
  const ids = start.teams.map((team) => team.teamId);
  if (ids.length === 0) return { ok: false, reason: "noTeams" };
  if (!allDistinct(ids)) return { ok: false, reason: "duplicateId" };
  const surprised = start.surprised ?? [];
  if (!ids.includes(start.initiative) || surprised.some((id) => !ids.includes(id))) {
    return { ok: false, reason: "unknownTeam" };
  }
  if (surprised.includes(start.initiative)) return { ok: false, reason: "surprisedCannotLead" };
  const order: SettledOrder = {
    mode: "team",
    order: [start.initiative, ...ids.filter((id) => id !== start.initiative)],
    values: {},
    surpriseRound: [],
  };
  const effects: SetupEffect[] = start.teams
    .filter((team) => surprised.includes(team.teamId))
    .flatMap((team) =>
      team.memberIds.map((combatantId): SetupEffect => ({
        kind: "addCounter",
        combatantId,
        counter: "stun",
        amount: 1,
      })),
    );
  return { ok: true, order, tied: [], effects };
}

/** Every round: each team's turn in order, then the Upkeep. */
export function freelancersRoundPlan(order: SettledOrder, _round: number): RoundPlan {
  return teamPhases(order.order, ["upkeep"]);
}

export const freelancersTurnOrder: TurnOrder = {
  mode: "team",
  source: "gmChoice",
  roundPlan: freelancersRoundPlan,
};
