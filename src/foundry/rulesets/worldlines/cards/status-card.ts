/**
 * Short chat cards for status ticks (Bleeding at turn start, Poison at status resolution, statuses
 * running out) and for recovery attempts and First Aid.
 */
import type { StatusTick } from "../statuses/round-events.ts";
import { STATUS_CARD_TEMPLATE } from "./attack-card.ts";

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

/** Posts a short status card; nothing when there is nothing to say. */
export async function postStatusCard(
  title: string,
  lines: readonly StatusLine[],
  speakerActor?: Actor.Implementation,
): Promise<ChatMessage.Implementation | null> {
  if (lines.length === 0) return null;
  const content = await foundry.applications.handlebars.renderTemplate(STATUS_CARD_TEMPLATE, {
    title,
    lines,
  });
  const message = await ChatMessage.create({
    content,
    ...(speakerActor === undefined
      ? {}
      : { speaker: ChatMessage.getSpeaker({ actor: speakerActor }) }),
    flags: { fray: { status: { lines: lines.map((l) => l.text) } } },
  } as never);
  return (message as ChatMessage.Implementation | undefined) ?? null;
}
