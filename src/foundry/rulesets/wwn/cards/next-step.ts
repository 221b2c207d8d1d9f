/**
 * What a WWN card waits for and who must act (the shared shape: cards/next-step.ts). An attack is
 * rolled whole when declared (the hit roll against the target's AC is on the card), so it waits
 * only for Apply, which the GM is asked for; a pending Execution Attack waits for the GM's call.
 */
import { DONE, GM_STEP, awaiting } from "../../../cards/next-step.ts";
import type { NextStep } from "../../../cards/next-step.ts";

/** What the attack card's next step reads of its state (attack-card.ts WwnAttackCardState). */
interface AttackStage {
  readonly stage: "resolved" | "applied";
  readonly result: { readonly dealt: number };
}

/** What a maneuver card's next step reads of it (table/maneuver-card.ts WwnManeuverCard). */
interface ManeuverStage {
  readonly pending?: boolean;
  readonly buttons?: readonly unknown[];
}

/** The attack card's next step: Apply (the damage, or the action's cost on a miss), then done. */
export function wwnAttackNextStep(card: AttackStage): NextStep {
  if (card.stage === "applied") return DONE;
  return awaiting(GM_STEP, card.result.dealt > 0 ? "applyDamage" : "applyResult");
}

/**
 * A maneuver card's next step, or null when it has none to show: a pending Execution Attack
 * waits for the GM; a held action or a spell being cast names its own buttons in its sentence.
 */
export function wwnManeuverNextStep(card: ManeuverStage): NextStep | null {
  if (card.pending === true) return awaiting(GM_STEP, "confirmExecution");
  return (card.buttons?.length ?? 0) > 0 ? null : DONE;
}
