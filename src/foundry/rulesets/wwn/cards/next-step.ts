/**
 * What a WWN card waits for and who must act (the shared shape: cards/next-step.ts). An attack is
 * rolled whole when declared (the hit roll against the target's AC is on the card), so it waits
 * only for Apply, which the GM is asked for; a pending Execution Attack waits for the GM's call.
 */
import { DONE, GM_STEP, awaiting, playerOf } from "../../../cards/next-step.ts";
import type { NextAction, NextStep } from "../../../cards/next-step.ts";

/** What the attack card's next step reads of its state (attack-card.ts WwnAttackCardState). */
interface AttackStage {
  readonly stage: "resolved" | "applied";
  readonly result: { readonly dealt: number };
}

/** What a maneuver card's next step reads of it (table/maneuver-card.ts WwnManeuverCard). */
interface ManeuverStage {
  readonly actorName: string;
  readonly actorId?: string;
  readonly pending?: boolean;
  readonly buttons?: readonly { readonly step: string }[];
}

/** What a held action's or a cast's button asks of its actor's player. */
const BUTTON_ACTIONS: Readonly<Record<string, NextAction>> = {
  actNow: "actNow",
  done: "finishHeld",
  complete: "completeSpell",
};

/** The attack card's next step: Apply (the damage, or the action's cost on a miss), then done. */
export function wwnAttackNextStep(card: AttackStage): NextStep {
  if (card.stage === "applied") return DONE;
  return awaiting(GM_STEP, card.result.dealt > 0 ? "applyDamage" : "applyResult");
}

/**
 * A maneuver card's next step: a pending Execution Attack waits for the GM; a held action or a
 * spell being cast waits for its actor's player (the GM, for an actor no player owns).
 */
export function wwnManeuverNextStep(card: ManeuverStage): NextStep {
  if (card.pending === true) return awaiting(GM_STEP, "confirmExecution");
  const step = card.buttons?.[0]?.step;
  if (step === undefined) return DONE;
  const action = BUTTON_ACTIONS[step] ?? "pressButton";
  return awaiting(
    card.actorId === undefined ? GM_STEP : playerOf(card.actorId, card.actorName),
    action,
  );
}
