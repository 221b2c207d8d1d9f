/**
 * What a Freelancers card waits for and who must act (the shared shape: cards/next-step.ts).
 * An attack waits for the defender's Roll defense: a passed attack check is beaten by a passed
 * defense check that rolls no higher than the attack's roll (an equal roll misses); then for
 * Apply, which the GM is asked for. Help waits for the helped ally's roll, a Ready for its
 * holder, Hide and Search for the GM's ruling.
 */
import { DONE, GM_STEP, awaiting, playerOf } from "../../../cards/next-step.ts";
import type { NextStep } from "../../../cards/next-step.ts";
import type { FlAidCard } from "../table/aid.ts";
import type { FlReadyCard } from "../table/ready.ts";
import type { FlStealthCard } from "../table/stealth.ts";
import type { FlAttackCardState } from "./attack-card.ts";

/** The attack card's next step, from its stage. */
export function flAttackNextStep(card: FlAttackCardState): NextStep {
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
export function flAidNextStep(card: FlAidCard): NextStep {
  return card.roll === null ? awaiting(playerOf(card.allyId, card.allyName), "rollAid") : DONE;
}

/** A readied action: its holder acts when the trigger comes. */
export function flReadyNextStep(card: FlReadyCard): NextStep {
  return card.fired ? DONE : awaiting(playerOf(card.holderId, card.holderName), "actOnTrigger");
}

/** Hide or Search: the GM rules on what the roll finds. */
export function flStealthNextStep(card: FlStealthCard): NextStep {
  if (card.ruling !== null) return DONE;
  return awaiting(GM_STEP, card.kind === "hide" ? "ruleHide" : "ruleSearch");
}
