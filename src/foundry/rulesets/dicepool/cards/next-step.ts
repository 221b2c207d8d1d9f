/**
 * What a dice-pool attack card waits for and who must act (the shared shape: cards/next-step.ts).
 * When the GM's canvas could not measure the distance, the GM gives it and the cover first; the
 * defender then picks a defense (dodge, parry or soak: each button shows its odds); Apply is the
 * GM's; a grapple that holds its victim down then offers the victim one Resist.
 */
import { DONE, GM_STEP, awaiting, playerOf } from "../../../cards/next-step.ts";
import type { NextStep } from "../../../cards/next-step.ts";

/** What the attack card's next step reads of its state (attack-card.ts DicepoolAttackCardState). */
interface AttackStage {
  readonly stage: "confirm" | "defend" | "resolved" | "applied" | "cancelled";
  readonly defenderId: string;
  readonly defenderName: string;
  readonly result: { readonly damage: number } | null;
  readonly resist?: { readonly energy: number | null };
}

/** The attack card's next step, from its stage (and an open Resist once applied). */
export function dicepoolAttackNextStep(card: AttackStage): NextStep {
  const defender = playerOf(card.defenderId, card.defenderName);
  switch (card.stage) {
    case "confirm":
      return awaiting(GM_STEP, "confirmAttack");
    case "defend":
      return awaiting(defender, "chooseDefense");
    case "resolved":
      return awaiting(GM_STEP, (card.result?.damage ?? 0) > 0 ? "applyDamage" : "applyResult");
    case "applied":
      return card.resist?.energy === null ? awaiting(defender, "resist") : DONE;
    case "cancelled":
      return DONE;
  }
}
