/**
 * Momentum changing hands in a running fight (rules/worldlines/order.ts worldlinesTakeMomentum):
 * the GM's dramatic shift, a button on each team of the GM's tracker (the `teamControls` combat
 * hook), and a technique whose `stealsMomentum` hands its user's team the momentum when used
 * (table/techniques.ts). Either way the referee re-settles the combat's order and re-plans the
 * round (combat/actions.ts reorderCombat): the team that took it acts now, the team that held it
 * acts where the taker did, and a status card says so. The shift is declared through the card
 * protocol and only a GM's is carried out; the order lives on the Combat and its teams, which only
 * a GM writes.
 */
import { refuse } from "../../../../rules/core/result.ts";
import { worldlinesTakeMomentum } from "../../../../rules/worldlines/order.ts";
import { cardDeclaration, declareCard } from "../../../cards/protocol.ts";
import { reorderCombat } from "../../../combat/actions.ts";
import type { TeamControl } from "../../../combat/ruleset-hooks.ts";
import { teamsOf } from "../../../combat/state.ts";
import type { CombatLike } from "../../../combat/state.ts";
import { i18n } from "../../../shared/env.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import { warnRefusal } from "../attack/declare.ts";
import { postStatusCard } from "../cards/status-card.ts";
import { posted } from "./kit.ts";

export const MOMENTUM_KIND = "worldlines.momentum";

/** The combat's team of that id, or null. */
function teamOf(combat: CombatLike, teamId: string) {
  return teamsOf(combat).find((team) => team.id === teamId) ?? null;
}

/**
 * On the referee: `teamId`'s team takes the momentum in `combat`, the round is re-planned and a
 * status card says who took it from whom and why (`cause`, a localized line). Answers the card's
 * message id, or the rules' refusal (the team already holds it …).
 */
export async function takeMomentum(
  combat: CombatLike,
  teamId: string,
  cause: string,
  speaker?: Actor.Implementation,
): Promise<RefereeOutcome> {
  let holder = "";
  const taken = await reorderCombat(combat, (order) => {
    holder = order.order[0] ?? "";
    return worldlinesTakeMomentum(order, teamId);
  });
  if (!taken.ok) return refuse(taken.reason, taken.detail);
  const team = teamOf(combat, teamId)?.name ?? "";
  const from = teamOf(combat, holder)?.name ?? "";
  const line = (text: string) => ({ text, bad: false });
  return posted(
    await postStatusCard(
      i18n().format("FRAY.Worldlines.Status.MomentumTitle", { team }),
      [line(cause), line(i18n().format("FRAY.Worldlines.Status.MomentumTaken", { team, from }))],
      speaker,
    ),
  );
}

/** The GM's dramatic shift: the referee hands the team the momentum (a GM's request only). */
function dramaticShift(
  intent: { combatId: string; teamId: string },
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  if (!sender.isGM) return Promise.resolve(refuse("momentumGMOnly"));
  const combat = game.combats?.get(intent.combatId) as CombatLike | undefined;
  if (combat === undefined || teamOf(combat, intent.teamId) === null) {
    return Promise.resolve(refuse("unknownTeam", { teamId: intent.teamId }));
  }
  const cause = i18n().localize("FRAY.Worldlines.Status.DramaticShift");
  return takeMomentum(combat, intent.teamId, cause);
}

export const momentumDeclaration = cardDeclaration<{ combatId: string; teamId: string }>({
  kind: MOMENTUM_KIND,
  parse(raw) {
    if (typeof raw !== "object" || raw === null) return null;
    const { combatId, teamId } = raw as Record<string, unknown>;
    return typeof combatId === "string" && typeof teamId === "string" ? { combatId, teamId } : null;
  },
  referee: dramaticShift,
  warn: (refusal) => {
    warnRefusal(refusal);
  },
});

/** The GM's tracker button on each team: that team takes the momentum now. */
export const momentumControl: TeamControl = {
  id: "momentum",
  label: "FRAY.Worldlines.Tracker.TakeMomentum",
  hint: "FRAY.Worldlines.Tracker.TakeMomentumHint",
  press: (combat, teamId) => declareCard(MOMENTUM_KIND, { combatId: combat.id ?? "", teamId }),
};
