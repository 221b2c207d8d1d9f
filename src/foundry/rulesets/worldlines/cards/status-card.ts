/**
 * Short chat cards for status ticks (Bleeding at turn start, Poison at status resolution, statuses
 * running out) and for what the table actions did (First Aid, techniques, Build and Throw,
 * recovery attempts, reloads …). Each is a card of the protocol's kind `worldlines.status`
 * (cards/protocol.ts postCard), posted by whoever acted: the referee for what it resolved, the
 * owner for what touched only their own actor. Its only buttons are Recover (cards/recover.ts).
 */
import { cardHeader } from "../../../cards/parts.ts";
import { postCard } from "../../../cards/protocol.ts";
import { SYSTEM_ID } from "../../../constants.ts";
import { cardFlag } from "../../../shared/cards.ts";
import { currentUser } from "../../../shared/env.ts";
import type { StatusTick } from "../statuses/round-events.ts";
import { STATUS_CARD_TEMPLATE, hasRecoveryCheck } from "./attack-card.ts";

/** The status card's kind, for the card protocol. */
export const STATUS_KIND = "worldlines.status";

/** What a status card keeps in its flags: its lines, and the Recover buttons it offers. */
export interface StatusCardState {
  readonly lines: readonly string[];
  readonly recover: readonly { readonly actorId: string; readonly statusId: string }[];
}

/** A status card's state, from its message (null when the message is not one). */
export function statusCardOf(message: ChatMessage.Implementation): StatusCardState | null {
  const state = cardFlag(message, "status") as Partial<StatusCardState> | null;
  return state === null ? null : { lines: state.lines ?? [], recover: state.recover ?? [] };
}

type Localize = (key: string) => string;
type Format = (key: string, data: Record<string, string | number>) => string;

export interface StatusLine {
  readonly text: string;
  readonly bad: boolean;
}

/** The lines of a tick card. */
export function tickLines(
  ticks: readonly StatusTick[],
  i18n: { localize: Localize; format: Format },
): StatusLine[] {
  const lines: StatusLine[] = [];
  for (const tick of ticks) {
    if (tick.status !== null && tick.lost > 0) {
      lines.push({
        text: i18n.format("FRAY.Worldlines.Status.Tick", {
          name: tick.name,
          status: i18n.localize(`FRAY.Worldlines.Status.${tick.status}.Name`),
          lost: tick.lost,
          before: tick.health.before,
          after: tick.health.after,
          max: tick.health.max,
        }),
        bad: true,
      });
    }
    if (tick.downed !== undefined) {
      lines.push({
        text: i18n.format(`FRAY.Worldlines.Card.Downed.${tick.downed}`, {
          name: tick.name,
          minutes: 0,
        }),
        bad: true,
      });
    }
    for (const id of tick.expired) {
      lines.push({
        text: i18n.format("FRAY.Worldlines.Status.Expired", {
          name: tick.name,
          status: i18n.localize(`FRAY.Worldlines.Status.${id}.Name`),
        }),
        bad: false,
      });
    }
  }
  return lines;
}

/** A Recover button: one actor's recovery check against one of its statuses. */
export interface RecoverButton {
  readonly actorId: string;
  readonly statusId: string;
  readonly label: string;
}

/**
 * The Recover buttons of a tick card: for each actor the card is about, one per status it still
 * has that the recovery table gives a check.
 */
export function recoverButtons(
  ticks: readonly StatusTick[],
  i18n: { localize: Localize; format: Format },
): RecoverButton[] {
  const seen = new Set<string>();
  const buttons: RecoverButton[] = [];
  for (const tick of ticks) {
    for (const id of tick.statuses) {
      const key = `${tick.actorId}.${id}`;
      if (!hasRecoveryCheck(id) || seen.has(key)) continue;
      seen.add(key);
      buttons.push({
        actorId: tick.actorId,
        statusId: id,
        label: i18n.format("FRAY.Worldlines.Card.RecoverActor", {
          name: tick.name,
          status: i18n.localize(`FRAY.Worldlines.Status.${id}.Name`),
        }),
      });
    }
  }
  return buttons;
}

/** Posts a short status card; nothing when there is nothing to say. */
export async function postStatusCard(
  title: string,
  lines: readonly StatusLine[],
  speakerActor?: Actor.Implementation,
  recover: readonly RecoverButton[] = [],
): Promise<ChatMessage.Implementation | null> {
  if (lines.length === 0) return null;
  const content = await foundry.applications.handlebars.renderTemplate(STATUS_CARD_TEMPLATE, {
    header: cardHeader(title, null),
    lines,
    recover,
  });
  const status: StatusCardState = {
    lines: lines.map((l) => l.text),
    recover: recover.map(({ actorId, statusId }) => ({ actorId, statusId })),
  };
  return postCard(STATUS_KIND, {
    speaker: speakerActor === undefined ? {} : ChatMessage.getSpeaker({ actor: speakerActor }),
    content,
    flags: { [SYSTEM_ID]: { status } },
    rolls: [],
    rollMode: "publicroll",
    roller: currentUser().id ?? "",
  });
}
