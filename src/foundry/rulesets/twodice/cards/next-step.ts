/**
 * What a two-dice attack card waits for and who must act (the shared shape: cards/next-step.ts).
 * An attack declared with a move is rolled when the attacker's turn ends; a player's claims wait
 * for the GM's Confirm; a rolled attack waits for the defender's answer (Roll with it when a die
 * hit, Counterattack when the defender may, else Apply); then it is done.
 */
import { DONE, GM_STEP, awaiting, playerOf } from "../../../cards/next-step.ts";
import type { NextAction, NextStep } from "../../../cards/next-step.ts";
import type { TwodiceAttackCardState } from "./attack-card.ts";

/** The defender's answer to a rolled attack, as its buttons offer it. */
function answer(card: TwodiceAttackCardState): NextAction {
  const hit = card.reads.some((r) => r.hit);
  if (hit && card.canCounter) return "answerAttack";
  if (hit) return "rollWithItOrApply";
  return card.canCounter ? "counterOrApply" : "applyResult";
}

/** The attack card's next step, from its stage. */
export function twodiceAttackNextStep(card: TwodiceAttackCardState): NextStep {
  switch (card.stage) {
    case "declared":
      return awaiting(null, "turnEnd");
    case "claimed":
      return awaiting(GM_STEP, "confirmClaims");
    case "pending":
      return awaiting(playerOf(card.defenderId, card.defenderName), answer(card));
    case "resolved":
      return DONE;
  }
}
