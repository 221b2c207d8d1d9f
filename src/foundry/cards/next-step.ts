/**
 * What a card waits for, and who must act (issue 29): one shape for every card of every ruleset,
 * and the one line it becomes on the card ("Waiting for Bram (Mara's player) to Evade or Take
 * it", "GM: Apply damage", "Done"), with the number the awaited roll must reach ("Mara's Evasion
 * needs 8 or more").
 *
 * Each ruleset computes its card's `NextStep` from the card's state alone, in a small pure
 * function of its seam (rulesets/<id>/cards/next-step.ts, named by its strategy's `nextStep`);
 * this file words it. Who an actor's players are is read here from the world (the actor's
 * non-GM owners), so the card names the person the table knows.
 *
 * Shown by the shared partials (templates/cards/parts/next-step.hbs), whose CSS is the
 * "shared card parts" block of styles/fray.css.
 */
import { resolveActor } from "../shared/actors.ts";
import { worldUsers } from "../shared/env.ts";

/** Who must take a card's next step. */
export type Answerer =
  /** The actor's players (its non-GM owners); the GM, for the actor, when no player owns it. */
  | { readonly kind: "player"; readonly actorId: string; readonly actorName: string }
  /** The GM, as referee. */
  | { readonly kind: "gm" };

/**
 * What the awaited step is, under FRAY.Card.Action: each names the buttons the card offers for
 * it, so the line and the buttons agree.
 */
export type NextAction =
  | "evadeOrTake"
  | "evadeAgainOrTake"
  | "rollDefense"
  | "chooseDefense"
  | "answerAttack"
  | "rollWithItOrApply"
  | "counterOrApply"
  | "applyDamage"
  | "applyResult"
  | "confirmClaims"
  | "confirmAttack"
  | "resist"
  | "confirmExecution"
  | "actNow"
  | "finishHeld"
  | "completeSpell"
  | "pressButton"
  | "rollAid"
  | "actOnTrigger"
  | "ruleHide"
  | "ruleSearch"
  | "evadeOrAbort"
  | "turnEnd";

/**
 * How the awaited roll must compare with the number: reach it (total ≥ n), or pass its own check
 * with n or less (a roll-under check that must also come in at or below the attacker's roll).
 */
export type TargetHow = "reach" | "atMost";

/** The number the awaited roll must reach, and whose roll it is. */
export interface TargetNumber {
  readonly actorName: string;
  /** The roll's name: a localization key of the ruleset ("FRAY.Worldlines.Card.EvasionRoll"). */
  readonly rollKey: string;
  readonly value: number;
  readonly how: TargetHow;
}

/** A card's next step: done, or an action someone must take (and the number it must reach). */
export type NextStep =
  | { readonly done: true }
  | {
      readonly done: false;
      /** Who acts; null when nobody presses (the card moves on by itself, e.g. at the turn's end). */
      readonly by: Answerer | null;
      readonly action: NextAction;
      readonly target?: TargetNumber;
    };

/** The step every finished card is at. */
export const DONE: NextStep = { done: true };

/** A step someone must take. */
export function awaiting(by: Answerer | null, action: NextAction, target?: TargetNumber): NextStep {
  return target === undefined ? { done: false, by, action } : { done: false, by, action, target };
}

/** The actor's players, by the actor's id. */
export const playerOf = (actorId: string, actorName: string): Answerer => ({
  kind: "player",
  actorId,
  actorName,
});

/** The GM, as referee. */
export const GM_STEP: Answerer = { kind: "gm" };

/** The names of the players who answer for an actor (its non-GM owners). */
export type PlayersOf = (actorId: string) => readonly string[];

/** The players of an actor in this world: the users who are no GM and own it. */
export function worldPlayersOf(actorId: string): readonly string[] {
  const actor = resolveActor(actorId);
  if (actor === null) return [];
  return worldUsers()
    .filter((user) => !user.isGM && actor.testUserPermission(user, "OWNER"))
    .map((user) => user.name);
}

/** The localization the line is worded with (game.i18n, a card's CardI18n, a test's stand-in). */
export interface Say {
  readonly localize: (key: string) => string;
  readonly format: (key: string, data: Record<string, string>) => string;
}

/** The next-step line as a card shows it. */
export interface NextStepView {
  /** The line: who must do what, or "Done". */
  readonly text: string;
  /** The number to reach, in words, or null. */
  readonly target: string | null;
  readonly done: boolean;
  /** Whether the GM (rather than a player) is the one to act. */
  readonly gm: boolean;
}

/** Who acts, in words: "Bram (Mara's player)", or null when it falls to the GM. */
function playersText(by: Answerer, i18n: Say, players: PlayersOf): string | null {
  if (by.kind === "gm") return null;
  const names = players(by.actorId);
  if (names.length === 0) return null;
  return i18n.format(names.length === 1 ? "FRAY.Card.Next.Player" : "FRAY.Card.Next.Players", {
    players: names.join(", "),
    actor: by.actorName,
  });
}

/** The number to reach, in words: "Mara's Evasion needs 8 or more". */
export function targetText(target: TargetNumber, i18n: Say): string {
  return i18n.format(`FRAY.Card.Target.${target.how}`, {
    actor: target.actorName,
    roll: i18n.localize(target.rollKey),
    value: String(target.value),
  });
}

/**
 * The line of a card's next step, in the user's language; `players` names an actor's players
 * (the world's, unless a test or a browser harness gives its own).
 */
export function nextStepView(
  step: NextStep,
  i18n: Say,
  players: PlayersOf = worldPlayersOf,
): NextStepView {
  if (step.done) {
    return { text: i18n.localize("FRAY.Card.Next.Done"), target: null, done: true, gm: false };
  }
  const action = i18n.localize(`FRAY.Card.Action.${step.action}`);
  const target = step.target === undefined ? null : targetText(step.target, i18n);
  if (step.by === null) {
    return {
      text: i18n.format("FRAY.Card.Next.Nobody", { action }),
      target,
      done: false,
      gm: false,
    };
  }
  const who = playersText(step.by, i18n, players);
  if (who !== null) {
    return {
      text: i18n.format("FRAY.Card.Next.Waiting", { who, action }),
      target,
      done: false,
      gm: false,
    };
  }
  const text =
    step.by.kind === "player"
      ? i18n.format("FRAY.Card.Next.GmFor", { actor: step.by.actorName, action })
      : i18n.format("FRAY.Card.Next.Gm", { action });
  return { text, target, done: false, gm: true };
}
