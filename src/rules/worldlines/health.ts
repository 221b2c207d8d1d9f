/**
 * Losing health, and what 0 health means: dying, or — after a non-lethal takedown — unconscious
 * and stable for 1d6 × 10 minutes.
 */
import type { DiceSource } from "../core/dice.ts";
import { checkNumber } from "../core/guard.ts";
import type { InputRefusalReason } from "./valid.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { applyHealthLoss } from "./lose-health.ts";
import type { HealthLoss } from "./lose-health.ts";
import { checkCombatant, checkOptions } from "./valid.ts";
import type { WorldlinesCombatant } from "./model.ts";
import type { WorldlinesOptions } from "./options.ts";
import { DEFAULT_OPTIONS } from "./options.ts";

// The outcome's type lives with the rule that computes it (lose-health.ts), a leaf module.
export type { HealthLoss } from "./lose-health.ts";

/**
 * Removes health. Health never goes below 0 and a loss never heals. Reaching 0 makes the actor
 * dying; with `nonLethal` an actor who was up is knocked out instead (rolling how long on `dice`).
 * Lethal damage to an unconscious actor makes them dying. The dead are left alone.
 */
export function loseHealth(
  actor: WorldlinesCombatant,
  amount: number,
  how: { readonly nonLethal: boolean; readonly dice: DiceSource },
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<HealthLoss, InputRefusalReason> {
  const bad =
    checkCombatant("actor", actor) ?? checkNumber("amount", amount) ?? checkOptions(options);
  return bad ?? ok(applyHealthLoss(actor, amount, how, options));
}
