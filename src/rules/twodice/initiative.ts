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
import { ownValue } from "../core/names.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { rankByValue, teamPhases } from "../combat/order.ts";
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

/**
 * A team's surprise total: its d20 plus all its members' trait bonuses. The d20 must be a face of
 * it and every bonus within the sheet's bounds (refused by name): huge ones made the total
 * Infinity, and the order arbitrary.
 */
export function twodiceTeamTotal(roll: TwodiceRoll): Result<number, NumberRefusalReason> {
  const bad = checkDieFace(`${roll.teamId}.d20`, roll.d20, 20);
  if (bad) return bad;
  for (let i = 0; i < roll.traitBonuses.length; i++) {
    const refusal = checkNumber(
      `${roll.teamId}.traitBonuses.${i}`,
      roll.traitBonuses[i],
      SHEET_NUMBER,
    );
    if (refusal) return refusal;
  }
  return ok(totalOf(roll));
}

/** A d20 face and bonuses within the sheet's bounds, as plain comparisons. */
function isSoundRoll(roll: TwodiceRoll): boolean {
  if (!(Number.isInteger(roll.d20) && roll.d20 >= 1 && roll.d20 <= 20)) return false;
  for (let i = 0; i < roll.traitBonuses.length; i++) {
    const bonus = roll.traitBonuses[i] as number;
    if (!(Number.isInteger(bonus) && bonus >= SHEET_NUMBER.min && bonus <= SHEET_NUMBER.max)) {
      return false;
    }
  }
  return true;
}

/** The total of a roll whose numbers passed. */
function totalOf(roll: TwodiceRoll): number {
  let total = roll.d20;
  for (let i = 0; i < roll.traitBonuses.length; i++) total += roll.traitBonuses[i] as number;
  return total;
}

function playersFirst(teams: readonly TwodiceTeam[]): TeamId[] {
  return [...teams.filter((t) => t.isPlayerSide), ...teams.filter((t) => !t.isPlayerSide)].map(
    (t) => t.teamId,
  );
}

/** Whether `id` names one of `teams`. */
function hasTeam(teams: readonly TwodiceTeam[], id: TeamId): boolean {
  for (let i = 0; i < teams.length; i++) if (teams[i]?.teamId === id) return true;
  return false;
}

/** Whether no two of `items` share a team id (plain loops: the lists are a handful of teams). */
function distinctTeams(items: readonly { readonly teamId: TeamId }[]): boolean {
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      if (items[i]?.teamId === items[j]?.teamId) return false;
    }
  }
  return true;
}

const NONE: readonly never[] = [];

/**
 * Settles a two-dice combat's side order. Written with plain loops: the encounter simulator
 * settles one every fight.
 */
export function twodiceInitiative(start: TwodiceStart): OrderOutcome {
  const teams = start.teams;
  if (teams.length === 0) return { ok: false, reason: "noTeams" };
  if (!distinctTeams(teams)) return { ok: false, reason: "duplicateId" };
  const surprising = start.surprising ?? NONE;
  const rolls = start.rolls ?? NONE;
  for (const id of surprising) if (!hasTeam(teams, id)) return { ok: false, reason: "unknownTeam" };
  for (const roll of rolls) {
    if (!hasTeam(teams, roll.teamId)) return { ok: false, reason: "unknownTeam" };
  }
  if (!distinctTeams(rolls)) return { ok: false, reason: "duplicateId" };
  const base = { mode: "team", surpriseRound: [] } as const;

  if (rolls.length > 0) {
    // Every team rolled: the rolls are as many as the teams, distinct, and each names a team.
    if (rolls.length !== teams.length) return { ok: false, reason: "missingRoll" };
    // Plain comparisons first; the named checks only when one fails.
    if (!rolls.every(isSoundRoll)) {
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
      return { ok: false, reason: "invalidBonus" };
    }
    const totals: [TeamId, number][] = [];
    for (const roll of rolls) totals.push([roll.teamId, totalOf(roll)]);
    // Object.fromEntries: a team named "__proto__" is an own entry like any other.
    const values: Record<TeamId, number> = Object.fromEntries(totals);
    const entries = teams.map((team) => ({
      id: team.teamId,
      value: ownValue(values, team.teamId) ?? 0,
      tiebreak: [team.isPlayerSide ? 1 : 0],
    }));
    const { order, tied } = rankByValue(entries, start.tieRule ?? "reroll");
    const settled: SettledOrder = { mode: base.mode, order, values, surpriseRound: [] };
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
