/**
 * WWN side initiative. Each side (team) rolls one d8 and adds the best Dexterity modifier among
 * its members; the higher total acts first, the players' side wins a tie. The order is rolled
 * once and kept for the whole combat. A side that wins surprise plays one full round alone first
 * (round 1); the normal order starts in round 2.
 *
 * Where the book is silent (a tie between two sides that are both, or both not, the players'):
 * by default they reroll (`tieRule: "reroll"`); "stable" keeps the tracker's order instead.
 */
import { checkDieFace, checkNumber, NUMBER_RULES } from "../core/guard.ts";
import type { NumberRefusal, NumberRefusalReason } from "../core/guard.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { allDistinct, rankByValue, teamPhases } from "../combat/order.ts";
import type { OrderOutcome, ResidualTie, SettledOrder, TurnOrder } from "../combat/order.ts";
import type { RoundPlan, TeamId } from "../combat/types.ts";

export interface WwnSide {
  readonly teamId: TeamId;
  readonly isPlayerSide: boolean;
  /** The side's d8, already rolled. */
  readonly d8: number;
  /** Each member's Dexterity modifier (an NPC without one counts 0). */
  readonly dexModifiers: readonly number[];
}

export interface WwnInitiativeOptions {
  /** Teams that won surprise and play a free first round; empty without surprise. */
  readonly surprise?: readonly TeamId[];
  readonly tieRule?: ResidualTie;
}

/** A side's initiative: its d8 plus its best member's Dexterity modifier (0 with no member). */
export function wwnSideInitiative(side: WwnSide): Result<number, NumberRefusalReason> {
  const bad = checkSide(side);
  return bad ?? ok(sideTotal(side));
}

/** The side's d8 (a face of a d8) and every Dexterity modifier (a modifier) checked. */
function checkSide(side: WwnSide): NumberRefusal | undefined {
  return (
    checkDieFace(`${side.teamId}.d8`, side.d8, 8) ??
    side.dexModifiers
      .map((dex, i) => checkNumber(`${side.teamId}.dexModifiers.${i}`, dex, NUMBER_RULES.modifier))
      .find((refusal) => refusal !== undefined)
  );
}

function sideTotal(side: WwnSide): number {
  const best = side.dexModifiers.length === 0 ? 0 : Math.max(...side.dexModifiers);
  return side.d8 + best;
}

/** Settles the order of the sides for a WWN combat. */
export function wwnInitiative(
  sides: readonly WwnSide[],
  options: WwnInitiativeOptions = {},
): OrderOutcome {
  if (sides.length === 0) return { ok: false, reason: "noTeams" };
  const ids = sides.map((side) => side.teamId);
  if (!allDistinct(ids)) return { ok: false, reason: "duplicateId" };
  for (const side of sides) {
    const bad = checkSide(side);
    if (bad) return bad;
  }
  const surprise = options.surprise ?? [];
  if (surprise.some((id) => !ids.includes(id))) return { ok: false, reason: "unknownTeam" };
  const values = Object.fromEntries(sides.map((side) => [side.teamId, sideTotal(side)]));
  const { order, tied } = rankByValue(
    sides.map((side) => ({
      id: side.teamId,
      value: values[side.teamId] ?? 0,
      tiebreak: [side.isPlayerSide ? 1 : 0],
    })),
    options.tieRule ?? "reroll",
  );
  const settled: SettledOrder = {
    mode: "team",
    order,
    values,
    surpriseRound: order.filter((id) => surprise.includes(id)),
  };
  return { ok: true, order: settled, tied, effects: [] };
}

/**
 * Round 1 with surprise: only the surprising sides act. Every other round: every side in
 * initiative order. Each round closes with a round-end event (grapple damage is due then).
 */
export function wwnRoundPlan(order: SettledOrder, round: number): RoundPlan {
  const acting = round === 1 && order.surpriseRound.length > 0 ? order.surpriseRound : order.order;
  return teamPhases(acting, ["roundEnd"]);
}

export const wwnTurnOrder: TurnOrder = {
  mode: "team",
  source: "teamRoll",
  surprise: true,
  roundPlan: wwnRoundPlan,
};
