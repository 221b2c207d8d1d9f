/**
 * What a Worldlines card waits for and who must act (the shared shape: cards/next-step.ts). The
 * attack card waits for the defender (Evade or Take it, then maybe Evade again: the Evasion must
 * reach the attack's total), then for Apply, which the GM is asked for; Covering Fire waits for
 * the target's answer.
 */
import { DONE, GM_STEP, awaiting, playerOf } from "../../../cards/next-step.ts";
import type { NextStep, TargetNumber } from "../../../cards/next-step.ts";

/** What the attack card's next step reads of its state (attack-card.ts AttackCardState). */
interface AttackStage {
  readonly stage: "awaitingDefense" | "awaitingExtraEvasion" | "resolved" | "applied";
  readonly defenderId: string;
  readonly defenderName: string;
  readonly attack: { readonly total: number };
  readonly result: { readonly hit: boolean } | null;
}

/** What Covering Fire's next step reads of its card (table/cover.ts CoverCard). */
interface CoverStage {
  readonly targetId: string;
  readonly targetName: string;
  readonly attack: { readonly total: number };
  readonly answer: unknown;
}

/** What an Evasion must reach: the attack's total (an equal Evasion evades). */
function evasionTarget(defenderName: string, total: number): TargetNumber {
  return {
    actorName: defenderName,
    rollKey: "FRAY.Worldlines.Card.EvasionRoll",
    value: total,
    how: "reach",
  };
}

/** The attack card's next step, from its stage. */
export function attackNextStep(card: AttackStage): NextStep {
  const defender = playerOf(card.defenderId, card.defenderName);
  switch (card.stage) {
    case "awaitingDefense":
      return awaiting(defender, "evadeOrTake", evasionTarget(card.defenderName, card.attack.total));
    case "awaitingExtraEvasion":
      return awaiting(
        defender,
        "evadeAgainOrTake",
        evasionTarget(card.defenderName, card.attack.total),
      );
    case "resolved":
      return card.result?.hit === false ? DONE : awaiting(GM_STEP, "applyDamage");
    case "applied":
      return DONE;
  }
}

/**
 * Covering Fire's next step: the target answers (Evade or Abort; an Evasion short of the
 * covering roll aborts the target's action), then it is done.
 */
export function coverNextStep(card: CoverStage): NextStep {
  return card.answer === null
    ? awaiting(
        playerOf(card.targetId, card.targetName),
        "evadeOrAbort",
        evasionTarget(card.targetName, card.attack.total),
      )
    : DONE;
}
