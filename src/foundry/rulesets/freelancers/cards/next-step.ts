/**
 * What a Freelancers card waits for and who must act (the shared shape: cards/next-step.ts).
 * An attack waits for the defender's Roll defense: a passed attack check is beaten by a passed
 * defense check that rolls no higher than the attack's roll (an equal roll misses); then for
 * Apply, which the GM is asked for. Help waits for the helped ally's roll, a Ready for its
 * holder, Hide and Search for the GM's ruling.
 */
import { DONE, GM_STEP, awaiting, playerOf } from "../../../cards/next-step.ts";
import type { NextStep } from "../../../cards/next-step.ts";

/** What the attack card's next step reads of its state (attack-card.ts FlAttackCardState). */
interface AttackStage {
  readonly stage: "defend" | "resolved" | "applied";
  readonly defenderId: string;
  readonly defenderName: string;
  readonly attack: { readonly passed: boolean; readonly roll: number };
  readonly result: { readonly hit: boolean } | null;
}

/** The attack card's next step, from its stage. */
export function flAttackNextStep(card: AttackStage): NextStep {
  switch (card.stage) {
    case "defend":
      return awaiting(
        playerOf(card.defenderId, card.defenderName),
        "rollDefense",
        card.attack.passed
          ? {
              actorName: card.defenderName,
              rollKey: "FRAY.Freelancers.Card.DefenseCheck",
              value: card.attack.roll,
              how: "atMost",
            }
          : undefined,
      );
    case "resolved":
      return awaiting(GM_STEP, card.result?.hit === true ? "applyDamage" : "applyResult");
    case "applied":
      return DONE;
  }
}

/** Help on a check: the helped ally picks the check and rolls it. */
export function flAidNextStep(card: {
  readonly allyId: string;
  readonly allyName: string;
  readonly roll: unknown;
}): NextStep {
  return card.roll === null ? awaiting(playerOf(card.allyId, card.allyName), "rollAid") : DONE;
}

/** A readied action: its holder acts when the trigger comes. */
export function flReadyNextStep(card: {
  readonly holderId: string;
  readonly holderName: string;
  readonly fired: boolean;
}): NextStep {
  return card.fired ? DONE : awaiting(playerOf(card.holderId, card.holderName), "actOnTrigger");
}

/** Hide or Search: the GM rules on what the roll finds. */
export function flStealthNextStep(card: {
  readonly kind: "hide" | "search";
  readonly ruling: unknown;
}): NextStep {
  if (card.ruling !== null) return DONE;
  return awaiting(GM_STEP, card.kind === "hide" ? "ruleHide" : "ruleSearch");
}
