/**
 * What a two-dice attack card waits for and who must act (the shared shape: cards/next-step.ts).
 * An attack declared with a move is rolled when the attacker's turn ends; a player's claims wait
 * for the GM's Confirm; a rolled attack waits for the defender's answer (Roll with it when a die
 * hit, Counterattack when the defender may, else Apply); then it is done.
 */
import { DONE, GM_STEP, awaiting, playerOf } from "../../../cards/next-step.ts";
import type { NextAction, NextStep } from "../../../cards/next-step.ts";

/** What the attack card's next step reads of its state (attack-card.ts TwodiceAttackCardState). */
interface AttackStage {
  readonly stage: "declared" | "claimed" | "pending" | "resolved";
  readonly defenderId: string;
  readonly defenderName: string;
  readonly reads: readonly { readonly hit: boolean }[];
  readonly canCounter: boolean;
}

/** The defender's answer to a rolled attack, as its buttons offer it. */
function answer(card: AttackStage): NextAction {
  const hit = card.reads.some((r) => r.hit);
  if (hit && card.canCounter) return "answerAttack";
  if (hit) return "rollWithItOrApply";
  return card.canCounter ? "counterOrApply" : "applyResult";
}

/** The attack card's next step, from its stage. */
export function twodiceAttackNextStep(card: AttackStage): NextStep {
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
