/**
 * Two-dice game: which side acts first. A side that surprises the other acts first (its members
 * in any order), then the other side; when it is unclear who is more surprised, each team rolls
 * a d20 and adds its members' relevant trait bonuses, the highest total first, and a draw goes to
 * the players. With neither surprise nor a roll, the players' side acts first (product decision).
 * A round ends with a round-end event: declared moves resolve together then.
 *
 * Which traits count (the book names none; its traits are roll-under values, not bonuses) is a
 * product decision: every actor carries a surprise bonus (default 0) that the GM sets for the
 * traits that help it notice or react first, and a member out of the fight (incapacitated or
 * defeated) adds nothing (`surpriseBonusOf`).
 *
 * Where the book is silent: the order found at the start is kept for the whole combat; a roll,
 * when made, overrides a declared surprise; two non-player teams (or two player teams) that draw
 * reroll by default (`tieRule`); teams not otherwise placed keep the tracker's order, the
 * players' side first.
 */
import { checkDieFace, checkNumber, NUMBER_RULES } from "../core/guard.ts";
import type { NumberRefusalReason } from "../core/guard.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { allDistinct, rankByValue, teamPhases } from "../combat/order.ts";
import type { OrderOutcome, ResidualTie, SettledOrder, TurnOrder } from "../combat/order.ts";
import type { RoundPlan, TeamId } from "../combat/types.ts";
import { SHEET_NUMBER } from "./model.ts";

export interface TwodiceTeam {
  readonly teamId: TeamId;
  readonly isPlayerSide: boolean;
}

export interface TwodiceRoll {
  readonly teamId: TeamId;
  readonly d20: number;
  /** The relevant trait bonuses of the team's members, added together. */
  readonly traitBonuses: readonly number[];
}

export interface TwodiceStart {
  /** Every team, in the tracker's order. */
  readonly teams: readonly TwodiceTeam[];
  /** Teams that surprise the others. */
  readonly surprising?: readonly TeamId[];
  /** One roll per team, when it is unclear who is more surprised. */
  readonly rolls?: readonly TwodiceRoll[];
  readonly tieRule?: ResidualTie;
}

/** One team member as the surprise roll sees it. */
export interface SurpriseMember {
  /** The bonus its relevant traits give the team's surprise roll (an actor field, default 0). */
  readonly surpriseBonus: number;
  /** Out of the fight: it notices nothing and adds nothing. */
  readonly incapacitated: boolean;
}

/** What one member adds to its team's surprise roll: its surprise bonus, 0 when out of the fight. */
export function surpriseBonusOf(member: SurpriseMember): Result<number, NumberRefusalReason> {
  const bad = checkNumber("surpriseBonus", member.surpriseBonus, SHEET_NUMBER);
  if (bad) return bad;
  return ok(member.incapacitated ? 0 : member.surpriseBonus);
}

/** A team's surprise total: its d20 plus all its members' trait bonuses. */
export function twodiceTeamTotal(roll: TwodiceRoll): number {
  return roll.traitBonuses.reduce((sum, bonus) => sum + bonus, roll.d20);
}

function playersFirst(teams: readonly TwodiceTeam[]): TeamId[] {
  return [...teams.filter((t) => t.isPlayerSide), ...teams.filter((t) => !t.isPlayerSide)].map(
    (t) => t.teamId,
  );
}

/** Settles a two-dice combat's side order. */
export function twodiceInitiative(start: TwodiceStart): OrderOutcome {
  const ids = start.teams.map((team) => team.teamId);
  if (ids.length === 0) return { ok: false, reason: "noTeams" };
  if (!allDistinct(ids)) return { ok: false, reason: "duplicateId" };
  const surprising = start.surprising ?? [];
  const rolls = start.rolls ?? [];
  if (surprising.some((id) => !ids.includes(id))) return { ok: false, reason: "unknownTeam" };
  if (rolls.some((roll) => !ids.includes(roll.teamId))) return { ok: false, reason: "unknownTeam" };
  if (!allDistinct(rolls.map((roll) => roll.teamId))) return { ok: false, reason: "duplicateId" };
  const base = { mode: "team", surpriseRound: [] } as const;

  if (rolls.length > 0) {
    if (ids.some((id) => !rolls.some((roll) => roll.teamId === id))) {
      return { ok: false, reason: "missingRoll" };
    }
    for (const roll of rolls) {
      const bad =
        checkDieFace(`${roll.teamId}.d20`, roll.d20, 20) ??
        roll.traitBonuses
          .map((bonus, i) =>
            checkNumber(`${roll.teamId}.traitBonuses.${i}`, bonus, NUMBER_RULES.modifier),
          )
          .find((refusal) => refusal !== undefined);
      if (bad) return bad;
    }
    // A NaN or infinite bonus would make the totals incomparable and the order arbitrary.
    const bonuses = rolls.flatMap((roll) => roll.traitBonuses);
    if (bonuses.some((bonus) => checkNumber("traitBonus", bonus, SHEET_NUMBER) !== undefined)) {
      return { ok: false, reason: "invalidBonus" };
    }
    const values = Object.fromEntries(rolls.map((roll) => [roll.teamId, twodiceTeamTotal(roll)]));
    const { order, tied } = rankByValue(
      start.teams.map((team) => ({
        id: team.teamId,
        value: values[team.teamId] ?? 0,
        tiebreak: [team.isPlayerSide ? 1 : 0],
      })),
      start.tieRule ?? "reroll",
    );
    const settled: SettledOrder = { ...base, order, values };
    return { ok: true, order: settled, tied, effects: [] };
  }

  const first = start.teams.filter((team) => surprising.includes(team.teamId));
  const rest = start.teams.filter((team) => !surprising.includes(team.teamId));
  const settled: SettledOrder = {
    ...base,
    order: [...first.map((team) => team.teamId), ...playersFirst(rest)],
    values: {},
  };
  return { ok: true, order: settled, tied: [], effects: [] };
}

/** Every round: each side in order, then the round end (moves resolve together). */
export function twodiceRoundPlan(order: SettledOrder, _round: number): RoundPlan {
  return teamPhases(order.order, ["roundEnd"]);
}

export const twodiceTurnOrder: TurnOrder = {
  mode: "team",
  source: "surpriseOrTeamRoll",
  roundPlan: twodiceRoundPlan,
};
