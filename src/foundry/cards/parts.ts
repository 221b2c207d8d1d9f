/**
 * The shared parts of every ruleset's chat card (issue 29): one header (who → whom, and with
 * what), one result line, and the next step (next-step.ts), each drawn by one partial under
 * templates/cards/parts/ that every card template includes, styled by one block of
 * styles/fray.css ("Shared card parts"). The partials are preloaded at init (constants.ts
 * PARTIALS). A ruleset builds their contexts from its card's state; the looks are here.
 */

/** A card's header: who acts, on whom (null: no one in particular), with what, and its tags. */
export interface CardHeader {
  readonly actor: string;
  readonly target: string | null;
  /** The weapon or action ("Pistol", "Shove · Fists"), or null. */
  readonly what: string | null;
  readonly tags: readonly string[];
}

/** The header of a card; `what` and `tags` may be left out. */
export function cardHeader(
  actor: string,
  target: string | null,
  what: string | null = null,
  tags: readonly string[] = [],
): CardHeader {
  return { actor, target, what: what === "" ? null : what, tags };
}

/** How a result reads: in the attacker's (or roller's) favour, against it, or neither. */
export type ResultTone = "good" | "bad" | "plain";

/** A card's result line: one sentence, and its tone. */
export interface ResultLine {
  readonly text: string;
  readonly tone: ResultTone;
}

export function resultLine(text: string, tone: ResultTone = "plain"): ResultLine {
  return { text, tone };
}
