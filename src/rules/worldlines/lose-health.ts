/**
 * Losing health once the numbers are checked: the rule behind `loseHealth` (health.ts), for the
 * attack and status rules, whose own entry points already checked the actor. Not exported from
 * the ruleset's index: from outside, health is lost only through the guarded `loseHealth`.
 */
import type { DiceSource } from "../core/dice.ts";
import { atValue, changed, copyOf } from "./combatant.ts";
import type { Draft } from "./combatant.ts";
import type { WorldlinesCombatant } from "./model.ts";
import type { WorldlinesOptions } from "./options.ts";

/** What a loss of health did to the actor. */
export interface HealthLoss {
  readonly actor: WorldlinesCombatant;
  /** Health actually removed (never more than the actor had). */
  readonly lost: number;
  /** Set when this loss took the actor down (or a knocked-out actor to dying). */
  readonly downed?: "dying" | "unconscious";
  readonly unconsciousMinutes?: number;
}

/**
 * See health.ts `loseHealth`: the same rule, without the boundary check. `owned`: a copy the
 * calling rule made of `actor` and has not handed back yet (the attack's defender after paying for
 * an Evasion), written on instead of copied again.
 */
export function applyHealthLoss(
  actor: WorldlinesCombatant,
  amount: number,
  how: { readonly nonLethal: boolean; readonly dice: DiceSource },
  options: WorldlinesOptions,
  owned: Draft | null = null,
): HealthLoss {
  if (actor.life === "dead" || !(amount > 0)) return { actor, lost: 0 };
  const value = Math.max(0, actor.health.value - amount);
  const lost = actor.health.value - value;
  const hurt = owned === actor ? owned : copyOf(actor);
  hurt.health = atValue(actor.health, value);
  if (value > 0) return { actor: hurt, lost };
  if (how.nonLethal) {
    if (actor.life !== "active") return { actor: hurt, lost };
    const minutes = how.dice.roll(options.unconsciousDie) * options.unconsciousMinutesPerPip;
    return {
      actor: changed(hurt, { life: "unconscious", unconsciousMinutes: minutes }),
      lost,
      downed: "unconscious",
      unconsciousMinutes: minutes,
    };
  }
  if (actor.life === "dying") return { actor: hurt, lost };
  return {
    actor: changed(hurt, { life: "dying", unconsciousMinutes: undefined }),
    lost,
    downed: "dying",
  };
}
