/**
 * Losing hit points, and what reaching 0 means: a lethal blow leaves a player character dying and
 * kills an NPC (options.zeroHp); a non-lethal one knocks out for options.downMinutes, waking with
 * options.wakeHp; a psychic or emotional one leaves the target helpless just as long.
 */
import type { Checked } from "../core/checked.ts";
import { checkNumber, NUMBER_RULES } from "../core/guard.ts";
import { checkChoice } from "../core/names.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { atValue, changed } from "./combatant.ts";
import { applyHpLoss } from "./internal.ts";
import { HARMS } from "./model.ts";
import type { Harm, WwnCombatant } from "./model.ts";
import { DEFAULT_WWN_OPTIONS } from "./options.ts";
import type { WwnOptions } from "./options.ts";
import { CHECKED_WWN_DEFAULTS, checkWwnCombatant, checkWwnOptions } from "./valid.ts";
import type { InputRefusalReason } from "./valid.ts";

export type { HpLoss } from "./internal.ts";
import type { HpLoss } from "./internal.ts";

/**
 * Removes hit points; never below 0, the dead are left alone. Lethal damage to someone already
 * down kills them (options.lethalOnDownedKills). For an actor its check accepted
 * (checkedWwnCombatant); NaN, infinite or negative damage and a harm outside its list are refused
 * by name and change nothing.
 */
export function loseHp(
  actor: Checked<WwnCombatant>,
  amount: number,
  harm: Harm,
  options: Checked<WwnOptions> = CHECKED_WWN_DEFAULTS,
): Result<HpLoss, InputRefusalReason> {
  const bad =
    checkNumber("amount", amount, NUMBER_RULES.nonNegative) ?? checkChoice("harm", harm, HARMS);
  return bad ?? ok(applyHpLoss(actor, amount, harm, options));
}

/** The knock-out or the psychic collapse is over: back up, with at least options.wakeHp. */
export function wakeUp(
  actor: WwnCombatant,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<WwnCombatant, InputRefusalReason> {
  return checkWwnCombatant("actor", actor) ?? checkWwnOptions(options) ?? ok(awake(actor, options));
}

function awake(actor: WwnCombatant, options: WwnOptions): WwnCombatant {
  if (actor.life !== "unconscious" && actor.life !== "helpless") return actor;
  return changed(actor, {
    life: "active",
    downMinutes: undefined,
    hp: atValue(actor.hp, Math.min(actor.hp.max, Math.max(actor.hp.value, options.wakeHp))),
  });
}
