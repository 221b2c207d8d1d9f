/**
 * The dice-pool line card: what the referee did, in a line or a list, posted by the active GM
 * through the card protocol (src/foundry/cards/protocol.ts): a table act done (a grapple spent, an
 * escape, a move …) and what a turn start brought (bleeding, grapple upkeep, a fall). It has no
 * buttons: it is the record, authored by the GM, so nobody else can rewrite it.
 */
import { cardStrategy, postCard } from "../../../cards/protocol.ts";
import { SYSTEM_ID } from "../../../constants.ts";
import { cardFlag } from "../../../shared/cards.ts";
import { currentUser } from "../../../shared/env.ts";
import { warnDicepoolRefusal } from "../adapter.ts";

/** The card's kind in the card protocol. */
export const DICEPOOL_LINE = "dicepool.line";
const LINE_FLAG = "dicepoolLine";

export interface LineCard {
  readonly lines: readonly string[];
}

function lineCardOf(message: ChatMessage.Implementation): LineCard | null {
  const card = cardFlag(message, LINE_FLAG) as Partial<LineCard> | null;
  return Array.isArray(card?.lines) ? { lines: card.lines } : null;
}

export const lineCard = cardStrategy<LineCard>({
  kind: DICEPOOL_LINE,
  cardOf: lineCardOf,
  steps: {},
  warn: warnDicepoolRefusal,
});

/**
 * Posts the lines (escaped), spoken by `actor` when given: a table act's line as a paragraph, a
 * turn's report as a list.
 */
export function postLines(
  actor: Actor.Implementation | null,
  lines: readonly string[],
  css: "fray-dp-act" | "fray-dp-turn",
): Promise<ChatMessage.Implementation | null> {
  const escape = (line: string) => foundry.utils.escapeHTML(line);
  const body =
    css === "fray-dp-act"
      ? lines.map((line) => `<p>${escape(line)}</p>`).join("")
      : `<ul>${lines.map((line) => `<li>${escape(line)}</li>`).join("")}</ul>`;
  return postCard(DICEPOOL_LINE, {
    speaker: actor === null ? {} : ChatMessage.getSpeaker({ actor }),
    content: `<div class="fray-card fray-dp-card ${css}">${body}</div>`,
    flags: { [SYSTEM_ID]: { [LINE_FLAG]: { lines } } },
    rolls: [],
    rollMode: "publicroll",
    roller: currentUser().id ?? "",
  });
}
