/**
 * WWN's surprise check from the tracker's start (the combat seam's `startCheck`): the GM picks
 * the team that ambushes; its Dex/Sneak is opposed by the other sides' Wis/Notice (rules:
 * wwnSurpriseCheck), rolled on the GM's client with core Roll and posted as a card of the card
 * protocol (`wwn.surprise`, templates/wwn/chat/surprise-card.hbs; no button). When the ambush
 * works, that side plays the first round alone (the surprised sides lose it); otherwise the combat
 * starts with the usual side rolls.
 */
import { cardHeader, resultLine } from "../../../cards/parts.ts";
import { wwnSurpriseCheck } from "../../../../rules/wwn/index.ts";
import type { SurpriseOutcome } from "../../../../rules/wwn/index.ts";
import { SYSTEM_ID, SYSTEM_PATH } from "../../../constants.ts";
import { cardStrategy, postCard } from "../../../cards/protocol.ts";
import type { StartCheck } from "../../../combat/ruleset-hooks.ts";
import type { StartChoice } from "../../../combat/start.ts";
import { teamIdOf, teamsOf } from "../../../combat/state.ts";
import type { CombatLike } from "../../../combat/state.ts";
import { cardFlag } from "../../../shared/cards.ts";
import { withDice } from "../../../shared/dice.ts";
import { currentUser, i18n } from "../../../shared/env.ts";
import { toWwnCombatant, warnWwnRefusal } from "../adapter.ts";

export const WWN_SURPRISE_CARD_TEMPLATE = `${SYSTEM_PATH}/templates/wwn/chat/surprise-card.hbs`;
/** The card protocol's kind of the surprise card, and its flag (under flags.fray). */
export const WWN_SURPRISE = "wwn.surprise";
const SURPRISE_FLAG = "wwnSurprise";

/** The card's context: both checks and who, if anyone, is surprised. */
export function wwnSurpriseCardContext(
  ambushers: string,
  watchers: string,
  outcome: SurpriseOutcome,
) {
  const say = i18n();
  return {
    header: cardHeader(ambushers, watchers, say.localize("FRAY.Wwn.Surprise.Title")),
    outcome: outcome.surprised
      ? resultLine(say.localize("FRAY.Wwn.Surprise.Surprised"), "good")
      : resultLine(say.localize("FRAY.Wwn.Surprise.Spotted"), "bad"),
    ambushers,
    watchers,
    sneak: { faces: outcome.sneak.faces.join(" + "), total: outcome.sneak.total },
    notice: { faces: outcome.notice.faces.join(" + "), total: outcome.notice.total },
    surprised: outcome.surprised,
  };
}

function membersOf(combat: CombatLike, teamId: string, inTeam: boolean): Actor.Implementation[] {
  return combat.combatants.contents.flatMap((c) =>
    (teamIdOf(c) === teamId) === inTeam && c.actor !== null ? [c.actor] : [],
  );
}

/** Rolls the ambush of `teamId` against every other side, posts the card, says how to start. */
export async function wwnSurpriseStart(
  combat: CombatLike,
  teamId: string,
): Promise<StartChoice | null> {
  const teams = teamsOf(combat);
  const name = (id: string) => teams.find((t) => t.id === id)?.name ?? "";
  const watchersIds = teams.map((t) => t.id ?? "").filter((id) => id !== teamId);
  const ambushers = {
    teamId,
    members: membersOf(combat, teamId, true).map((a) => toWwnCombatant(a)),
  };
  const watchers = {
    teamId: watchersIds.join("+"),
    members: membersOf(combat, teamId, false).map((a) => toWwnCombatant(a)),
  };
  const rolled = await withDice((dice) => wwnSurpriseCheck(ambushers, watchers, dice));
  const outcome = rolled.value;
  if (!outcome.ok) {
    warnWwnRefusal(outcome);
    return null;
  }
  const context = wwnSurpriseCardContext(
    name(teamId),
    watchersIds.map(name).join(", "),
    outcome.value,
  );
  await postWwnNotice(
    WWN_SURPRISE,
    SURPRISE_FLAG,
    WWN_SURPRISE_CARD_TEMPLATE,
    context,
    rolled.rolls,
  );
  return { surprising: outcome.value.surprise };
}

/* ------------------------------------------------------------------------------------------ */
/*  The GM's notices                                                                            */
/* ------------------------------------------------------------------------------------------ */

/**
 * Posts a notice of the GM's client (the surprise check, the round's grapple damage): a public
 * card of the card protocol, its context kept under `flags.fray.<flag>`, with no button.
 */
export async function postWwnNotice(
  kind: string,
  flag: string,
  template: string,
  context: Record<string, unknown>,
  rolls: readonly Roll[],
): Promise<void> {
  await postCard(kind, {
    speaker: {},
    content: await foundry.applications.handlebars.renderTemplate(template, context),
    flags: { [SYSTEM_ID]: { [flag]: context } },
    rolls,
    rollMode: "publicroll",
    roller: currentUser().id ?? "",
  });
}

/** The strategy of a notice: its context, no button. */
export function wwnNoticeCard(kind: string, flag: string) {
  return cardStrategy({
    kind,
    cardOf: (message) => cardFlag(message, flag),
    warn: warnWwnRefusal,
    steps: {},
  });
}

/** The surprise card: what the GM rolled. */
export const wwnSurpriseCard = wwnNoticeCard(WWN_SURPRISE, SURPRISE_FLAG);

export const WWN_START_CHECK: StartCheck = {
  label: "FRAY.Wwn.Surprise.Ambushes",
  run: wwnSurpriseStart,
};
