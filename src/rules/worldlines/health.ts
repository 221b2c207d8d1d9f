/**
 * Losing health, and what 0 health means: dying, or — after a non-lethal takedown — unconscious
 * and stable for 1d6 × 10 minutes.
 */
import type { DiceSource } from "../core/dice.ts";
import type { WorldlinesCombatant } from "./model.ts";
import type { WorldlinesOptions } from "./options.ts";
import { DEFAULT_OPTIONS } from "./options.ts";

export interface HealthLoss {
  readonly actor: WorldlinesCombatant;
  /** Health actually removed (never more than the actor had). */
  readonly lost: number;
  /** Set when this loss took the actor down (or a knocked-out actor to dying). */
  readonly downed?: "dying" | "unconscious";
  readonly unconsciousMinutes?: number;
}

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
): HealthLoss {
  if (actor.life === "dead" || !(amount > 0)) return { actor, lost: 0 };
  const value = Math.max(0, actor.health.value - amount);
  const lost = actor.health.value - value;
  const hurt: WorldlinesCombatant = { ...actor, health: { ...actor.health, value } };
  if (value > 0) return { actor: hurt, lost };
  if (how.nonLethal) {
    if (actor.life !== "active") return { actor: hurt, lost };
    const minutes = how.dice.roll(options.unconsciousDie) * options.unconsciousMinutesPerPip;
    return {
      actor: { ...hurt, life: "unconscious", unconsciousMinutes: minutes },
      lost,
      downed: "unconscious",
      unconsciousMinutes: minutes,
    };
  }
  if (actor.life === "dying") return { actor: hurt, lost };
  return {
    actor: { ...hurt, life: "dying", unconsciousMinutes: undefined },
    lost,
    downed: "dying",
  };
}
