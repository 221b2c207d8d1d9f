/**
 * Worldlines turn order for the combat shell: a thin adapter over momentum.ts (the rule) and
 * phases.ts (the round's phases). Each team's momentum comes from its members' Combat dice; the
 * order is kept for the whole combat. A team that takes the momentum mid-fight
 * (worldlinesTakeMomentum) acts at once: the shell re-plans the round (the turn machine's
 * `replan`); a roster change alone never moves the current round (`reconcile`).
 */
import type { DieRoll } from "../core/dice.ts";
import { checkAllNumbers, checkDieFace, checkStepDie } from "../core/guard.ts";
import type { NumberRefusalReason } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import type { OrderOutcome, SettledOrder, TurnOrder } from "../combat/order.ts";
import type { RoundPlan, TeamId } from "../combat/types.ts";
import { MAX_MOMENTUM } from "./limits.ts";
import {
  checkMomentumRolls,
  checkMomentumTeams,
  DEFAULT_MOMENTUM_TIE_RULE,
  orderByMomentum,
  teamMomentum,
} from "./momentum.ts";
import type { MomentumTeam, MomentumTieRule } from "./momentum.ts";
import { worldlinesRoundPlan } from "./phases.ts";

export interface WorldlinesTeamRolls {
  readonly teamId: TeamId;
  readonly isPlayerSide: boolean;
  /** Each member's Combat die roll: the die (on the ladder) and its face. */
  readonly combatRolls: readonly DieRoll[];
}

/** Settles a Worldlines combat's team order by momentum. */
export function worldlinesInitiative(
  teams: readonly WorldlinesTeamRolls[],
  tieRule: MomentumTieRule = DEFAULT_MOMENTUM_TIE_RULE,
): OrderOutcome {
  if (teams.length === 0) return { ok: false, reason: "noTeams" };
  if (new Set(teams.map((t) => t.teamId)).size !== teams.length) {
    return { ok: false, reason: "duplicateId" };
  }
  for (const t of teams) {
    for (const [i, roll] of t.combatRolls.entries()) {
      const field = `${t.teamId}.combatRolls.${i}`;
      const bad =
        checkStepDie(`${field}.sides`, roll.sides) ?? checkDieFace(field, roll.value, roll.sides);
      if (bad) return bad;
    }
  }
  const momentum: MomentumTeam[] = [];
  for (const t of teams) {
    const rolls = checkMomentumRolls(t.combatRolls.map((roll) => roll.value));
    if (!rolls.ok) return rolls;
    momentum.push({
      id: t.teamId,
      momentum: teamMomentum(rolls.value),
      isPlayerSide: t.isPlayerSide,
    });
  }
  const checked = checkMomentumTeams(momentum);
  if (!checked.ok) return checked;
  const { order, tied } = orderByMomentum(checked.value, tieRule);
  const values = Object.fromEntries(momentum.map((t) => [t.id, t.momentum]));
  return {
    ok: true,
    order: { mode: "team", order, values, surpriseRound: [] },
    tied,
    effects: [],
  };
}

/**
 * The order after momentum changed hands (see `stealMomentum` / `swapMomentum`): teams re-ranked
 * by their new momentum; teams with equal momentum keep their current relative order. Refused
 * when a momentum is not a whole count.
 */
export function worldlinesReorder(
  order: SettledOrder,
  teams: readonly { readonly id: TeamId; readonly momentum: number }[],
): Result<SettledOrder, NumberRefusalReason> {
  const bad = checkAllNumbers("order.values", order.values, { min: 0, max: MAX_MOMENTUM });
  if (bad) return bad;
  const rank = (id: TeamId) => {
    const at = order.order.indexOf(id);
    return at < 0 ? order.order.length : at;
  };
  const inOrder = [...teams].sort((a, b) => rank(a.id) - rank(b.id));
  const ranked = checkMomentumTeams(
    inOrder.map((t) => ({ id: t.id, momentum: t.momentum, isPlayerSide: false })),
  );
  if (!ranked.ok) return ranked;
  const values = Object.fromEntries(teams.map((t) => [t.id, t.momentum]));
  return ok({ ...order, order: orderByMomentum(ranked.value, "reroll").order, values });
}

/**
 * A team takes the momentum (a technique that steals it, the GM's dramatic shift): it changes
 * places with the team that holds it (the first of the order) and the two exchange their momentum
 * values (a team without a value leaves the other without one), so it acts first from now on and
 * the former holder acts where it did. Ties do not matter: the places are exchanged, not sorted.
 * Refused when the team is not in the order, already holds the momentum, or a value is not what
 * two Combat dice can roll.
 */
export function worldlinesTakeMomentum(
  order: SettledOrder,
  teamId: TeamId,
): Result<SettledOrder, "unknownTeam" | "momentumHeld" | NumberRefusalReason> {
  const bad = checkAllNumbers("order.values", order.values, { min: 0, max: MAX_MOMENTUM });
  if (bad) return bad;
  const at = order.order.indexOf(teamId);
  if (at < 0) return refuse("unknownTeam", { teamId });
  const holder = order.order[0];
  if (at === 0 || holder === undefined) return refuse("momentumHeld", { teamId });
  const ids = [...order.order];
  ids[0] = teamId;
  ids[at] = holder;
  const own = (id: TeamId) => (Object.hasOwn(order.values, id) ? order.values[id] : undefined);
  const taken = own(holder);
  const given = own(teamId);
  const values: Record<string, number> = {};
  for (const [id, value] of Object.entries(order.values)) {
    if (id !== teamId && id !== holder) values[id] = value;
  }
  if (taken !== undefined) values[teamId] = taken;
  if (given !== undefined) values[holder] = given;
  return ok({ ...order, order: ids, values });
}

/** Every round: the teams by momentum, then Energy refresh, then status resolution. */
export function worldlinesRoundPlanFor(order: SettledOrder, _round: number): RoundPlan {
  return worldlinesRoundPlan(order.order);
}

export const worldlinesTurnOrder: TurnOrder = {
  mode: "team",
  source: "teamRoll",
  roundPlan: worldlinesRoundPlanFor,
};
