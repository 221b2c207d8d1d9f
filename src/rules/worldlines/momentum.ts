/**
 * Momentum: which Worldlines team acts first.
 *
 * Every member of a team rolls their Combat die; the team's momentum is the total of its two best
 * rolls (a lone member counts their single roll). The team with more momentum is the active team
 * and acts first. The result is kept for the whole fight unless a technique or a dramatic turn of
 * events steals it (see {@link swapMomentum} / {@link stealMomentum}).
 */
import type { Checked } from "../core/checked.ts";
import { checkedAs } from "../core/checked.ts";
import { checkNumber } from "../core/guard.ts";
import type { NumberRefusal, NumberRefusalReason, NumberRule } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { HIGHEST_COMBAT_FACE, MAX_MOMENTUM } from "./limits.ts";

/** A Combat-die roll: a face of some die on the ladder, a whole number from 1 to 12. */
const COMBAT_FACE: NumberRule = { min: 1, max: HIGHEST_COMBAT_FACE, whole: true };
/** A team's momentum: a sum of two Combat-die faces, 0 for no roll. */
const MOMENTUM: NumberRule = { min: 0, max: MAX_MOMENTUM, whole: true };

/**
 * The input check of {@link teamMomentum}: every roll a face of a ladder die. The rolls back as
 * checked input when they pass.
 */
export function checkMomentumRolls(
  rolls: readonly number[],
): Result<Checked<readonly number[]>, NumberRefusalReason> {
  for (let i = 0; i < rolls.length; i++) {
    const roll = rolls[i];
    // A face passes without building the field's name (the simulator checks every fight's rolls).
    if (Number.isInteger(roll) && roll !== undefined && roll >= 1 && roll <= HIGHEST_COMBAT_FACE) {
      continue;
    }
    const bad = checkNumber(["rolls", String(i)], roll, COMBAT_FACE);
    if (bad) return bad;
  }
  return ok(checkedAs(rolls));
}

/** Each team's momentum must be what two Combat dice can roll: a whole number from 0 to 24. */
function checkMomenta(
  teams: readonly { readonly id: string; readonly momentum: number }[],
): NumberRefusal | undefined {
  for (const team of teams) {
    const m = team.momentum;
    if (Number.isInteger(m) && m >= 0 && m <= MAX_MOMENTUM) continue;
    const bad = checkNumber([team.id, "momentum"], m, MOMENTUM);
    if (bad) return bad;
  }
  return undefined;
}

/**
 * The input check of {@link orderByMomentum}: every team's momentum what two Combat dice can roll
 * (so no total overflows, whatever a team was given). The teams back as checked input.
 */
export function checkMomentumTeams<T extends MomentumTeam>(
  teams: readonly T[],
): Result<Checked<readonly T[]>, NumberRefusalReason> {
  return checkMomenta(teams) ?? ok(checkedAs(teams));
}

/**
 * Sum of the two highest Combat-die rolls; one roll counts alone; no roll gives 0. For rolls their
 * check accepted ({@link checkMomentumRolls}).
 */
export function teamMomentum(combatDieRolls: Checked<readonly number[]>): number {
  let best = 0;
  let second = 0;
  let seen = 0;
  for (const roll of combatDieRolls) {
    seen++;
    if (seen === 1 || roll > best) {
      if (seen > 1) second = best;
      best = roll;
    } else if (seen === 2 || roll > second) {
      second = roll;
    }
  }
  if (seen === 0) return 0;
  if (seen === 1) return best;
  return best + second;
}

/**
 * How a momentum tie is settled (a world setting; the product default is "reroll"):
 * - "reroll": the tied teams roll again (only among themselves);
 * - "players": the player characters' side wins the tie.
 */
export type MomentumTieRule = "reroll" | "players";

export const DEFAULT_MOMENTUM_TIE_RULE: MomentumTieRule = "reroll";

export interface MomentumTeam {
  readonly id: string;
  readonly momentum: number;
  readonly isPlayerSide: boolean;
}

export interface MomentumOrder {
  /** Team ids, highest momentum first. Teams still tied sit next to each other, in input order. */
  readonly order: string[];
  /** Groups of team ids whose relative order is still undecided: they must reroll. */
  readonly tied: string[][];
}

/**
 * Orders teams by momentum, highest first. With "players", inside a tie the player side goes
 * first; teams of the same side that still tie (rare: two enemy teams) are reported in `tied`.
 * With "reroll" every tie is reported in `tied` for {@link settleTieByReroll}. For teams their
 * check accepted ({@link checkMomentumTeams}).
 */
export function orderByMomentum(
  teams: Checked<readonly MomentumTeam[]>,
  tieRule: MomentumTieRule,
): MomentumOrder {
  // Two teams apart (every fight the simulator plays starts so): no sorting to do.
  const [first, second] = teams;
  if (teams.length === 2 && first !== undefined && second !== undefined) {
    if (first.momentum > second.momentum) return { order: [first.id, second.id], tied: [] };
    if (second.momentum > first.momentum) return { order: [second.id, first.id], tied: [] };
  }
  const indexed = teams.map((team, index) => ({ team, index }));
  indexed.sort((a, b) => b.team.momentum - a.team.momentum || a.index - b.index);
  const order: string[] = [];
  const tied: string[][] = [];
  let start = 0;
  while (start < indexed.length) {
    let end = start + 1;
    const momentum = indexed[start]?.team.momentum;
    while (end < indexed.length && indexed[end]?.team.momentum === momentum) end++;
    const group = indexed.slice(start, end).map((entry) => entry.team);
    if (group.length === 1 || tieRule === "reroll") {
      order.push(...group.map((team) => team.id));
      if (group.length > 1) tied.push(group.map((team) => team.id));
    } else {
      const players = group.filter((team) => team.isPlayerSide).map((team) => team.id);
      const others = group.filter((team) => !team.isPlayerSide).map((team) => team.id);
      order.push(...players, ...others);
      if (players.length > 1) tied.push(players);
      if (others.length > 1) tied.push(others);
    }
    start = end;
  }
  return { order, tied };
}

/**
 * Settles one tied group with the tied teams' reroll (their new momentum totals, by team id).
 * Only the group's own places in the order are rearranged; teams that tie again stay in `tied`.
 * Refused when `group` is not one of the undecided groups or a reroll is missing.
 */
export function settleTieByReroll(
  current: MomentumOrder,
  group: readonly string[],
  rerolled: Readonly<Record<string, number>>,
): Result<MomentumOrder, "notATiedGroup" | "missingReroll" | NumberRefusalReason> {
  for (const id of Object.keys(rerolled)) {
    const bad = checkNumber(["rerolled", id], rerolled[id], MOMENTUM);
    if (bad) return bad;
  }
  const groupIndex = current.tied.findIndex(
    (candidate) => candidate.length === group.length && candidate.every((id) => group.includes(id)),
  );
  const existing = current.tied[groupIndex];
  if (existing === undefined) return refuse("notATiedGroup");
  const missing = existing.find((id) => !Object.hasOwn(rerolled, id));
  if (missing !== undefined) return refuse("missingReroll", { teamId: missing });
  // Every reroll was checked above: the teams are checked input as they stand.
  const sub = orderByMomentum(
    checkedAs(existing.map((id) => ({ id, momentum: rerolled[id] ?? 0, isPlayerSide: false }))),
    "reroll",
  );
  const positions = current.order
    .map((id, position) => (existing.includes(id) ? position : -1))
    .filter((position) => position >= 0);
  const order = [...current.order];
  positions.forEach((position, i) => {
    const id = sub.order[i];
    if (id !== undefined) order[position] = id;
  });
  const tied = [
    ...current.tied.slice(0, groupIndex),
    ...sub.tied,
    ...current.tied.slice(groupIndex + 1),
  ];
  return ok({ order, tied });
}

/** Exchanges the momentum of two teams (a stolen momentum, a dramatic reversal). */
export function swapMomentum<T extends { readonly id: string; readonly momentum: number }>(
  teams: readonly T[],
  teamA: string,
  teamB: string,
): Result<T[], "unknownTeam" | "sameTeam" | NumberRefusalReason> {
  const bad = checkMomenta(teams);
  if (bad) return bad;
  if (teamA === teamB) return refuse("sameTeam");
  const a = teams.find((team) => team.id === teamA);
  const b = teams.find((team) => team.id === teamB);
  if (a === undefined) return refuse("unknownTeam", { teamId: teamA });
  if (b === undefined) return refuse("unknownTeam", { teamId: teamB });
  return ok(
    teams.map((team) => {
      if (team.id === teamA) return { ...team, momentum: b.momentum };
      if (team.id === teamB) return { ...team, momentum: a.momentum };
      return team;
    }),
  );
}

/**
 * The thief takes the victim's momentum and the victim gets the thief's, so the thief now acts
 * where the victim did. Stealing from a team that is not ahead changes nothing (already ahead).
 */
export function stealMomentum<T extends { readonly id: string; readonly momentum: number }>(
  teams: readonly T[],
  thiefId: string,
  victimId: string,
): Result<T[], "unknownTeam" | "sameTeam" | NumberRefusalReason> {
  const swapped = swapMomentum(teams, thiefId, victimId);
  if (!swapped.ok) return swapped;
  const thief = teams.find((team) => team.id === thiefId);
  const victim = teams.find((team) => team.id === victimId);
  if (thief !== undefined && victim !== undefined && thief.momentum > victim.momentum) {
    return ok([...teams]);
  }
  return swapped;
}
