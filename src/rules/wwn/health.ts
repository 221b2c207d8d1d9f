/**
 * Losing hit points, and what reaching 0 means: a lethal blow leaves a player character dying and
 * kills an NPC (options.zeroHp); a non-lethal one knocks out for options.downMinutes, waking with
 * options.wakeHp; a psychic or emotional one leaves the target helpless just as long.
 */
import { checkNumber, NUMBER_RULES } from "../core/guard.ts";
import type { NumberRefusalReason } from "../core/guard.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { atValue, changed, copyOf } from "./combatant.ts";
import type { Harm, WwnCombatant } from "./model.ts";
import { DEFAULT_WWN_OPTIONS } from "./options.ts";
import type { WwnOptions } from "./options.ts";
import { checkWwnCombatant, checkWwnOptions } from "./valid.ts";

export interface HpLoss {
  readonly actor: WwnCombatant;
  /** Hit points actually removed (never more than the actor had). */
  readonly lost: number;
  /** Set when this loss changed the actor's life state. */
  readonly downed?: WwnCombatant["life"];
}

/**
 * Removes hit points; never below 0, the dead are left alone. Lethal damage to someone already
 * down kills them (options.lethalOnDownedKills). NaN, infinite or negative damage, or hit points
 * outside 0..max, are refused by name and change nothing.
 */
export function loseHp(
  actor: WwnCombatant,
  amount: number,
  harm: Harm,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<HpLoss, NumberRefusalReason> {
  const bad =
    checkWwnCombatant("actor", actor) ??
    checkNumber("amount", amount, NUMBER_RULES.nonNegative) ??
    checkWwnOptions(options);
  return bad ?? ok(loseHpPrechecked(actor, amount, harm, options));
}

/** {@link loseHp} for numbers already checked (the attack and the maneuvers check theirs first). */
export function loseHpPrechecked(
  actor: WwnCombatant,
  amount: number,
  harm: Harm,
  options: WwnOptions,
): HpLoss {
  if (actor.life === "dead" || !(amount > 0)) return { actor, lost: 0 };
  const value = Math.max(0, actor.hp.value - amount);
  const lost = actor.hp.value - value;
  const hurt = copyOf(actor);
  hurt.hp = atValue(actor.hp, value);
  if (actor.life !== "active") {
    if (harm === "lethal" && options.lethalOnDownedKills) {
      return {
        actor: changed(hurt, { life: "dead", downMinutes: undefined }),
        lost,
        downed: "dead",
      };
    }
    return { actor: hurt, lost };
  }
  if (value > 0) return { actor: hurt, lost };
  if (harm === "lethal") {
    const life = actor.isPC ? options.zeroHp.pc : options.zeroHp.npc;
    hurt.life = life;
    return { actor: hurt, lost, downed: life };
  }
  const life = harm === "nonLethal" ? "unconscious" : "helpless";
  return {
    actor: changed(hurt, { life, downMinutes: options.downMinutes }),
    lost,
    downed: life,
  };
}

/** The knock-out or the psychic collapse is over: back up, with at least options.wakeHp. */
export function wakeUp(
  actor: WwnCombatant,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<WwnCombatant, NumberRefusalReason> {
  return checkWwnCombatant("actor", actor) ?? checkWwnOptions(options) ?? ok(awake(actor, options));
}

function awake(actor: WwnCombatant, options: WwnOptions): WwnCombatant {
  if (actor.life !== "unconscious" && actor.life !== "helpless") return actor;
  return changed(actor, {
    life: "active",
    downMinutes: undefined,
    hp: atValue(actor.hp, Math.max(actor.hp.value, options.wakeHp)),
  });
}
