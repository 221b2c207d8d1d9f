/**
 * Attack resolution: declare (target, weapon, zone, non-lethal intent), roll Combat die + weapon
 * skill + modifiers, let the defender try to evade, then roll damage, subtract the zone's Armor die
 * and apply what the hit does (headshot, limb check, statuses, going down).
 *
 * Dice are drawn from the injected source in a fixed order, so the same dice always give the same
 * outcome: attack die; Evasion die (two with a disabled leg); extra Evasion die; headshot d20;
 * damage dice (none on a critical); Armor die; unconscious duration; limb Spirit check; status dice.
 *
 * The input is checked once (checkAttackInput, attack-checks.ts) and resolveAttack takes it as
 * checked input: the encounter simulator checks its fighters when a simulation is created and
 * resolves every attack of every fight without checking again.
 */
import type { Checked } from "../core/checked.ts";
import type { DiceSource } from "../core/dice.ts";
import { checkedFaces } from "../core/guard.ts";
import type { Result } from "../core/result.ts";
import { resolveRule } from "./attack-rules.ts";
import { diffAll } from "./changes.ts";
import type { ActorUpdate } from "./changes.ts";
import type { AttackInput, AttackOutcome, AttackRefusal, DefenseChoice } from "./attack-types.ts";
import type { WorldlinesOptions } from "./options.ts";
import { CHECKED_DEFAULT_OPTIONS } from "./valid.ts";

export * from "./attack-types.ts";
export * from "./attack-checks.ts";

/**
 * Resolves one attack from declaration to damage, for input the attack's check accepted
 * (checkAttackInput). Refused (nothing changed) when the attacker may not make it, or when the
 * dice source hands out a face that its die does not have. The defender's choices are given up
 * front, as booleans or as functions of what it sees. The combatants of the outcome keep the
 * check's bounds, so they are checked input for the next rule.
 */
export function resolveAttack(
  input: Checked<AttackInput>,
  source: DiceSource,
  defense: DefenseChoice = {},
  options: Checked<WorldlinesOptions> = CHECKED_DEFAULT_OPTIONS,
): Result<AttackOutcome, AttackRefusal> {
  const dice = checkedFaces(source);
  const resolved = resolveRule(input, dice, defense, options);
  return dice.refusal ?? resolved;
}

/**
 * An attack's document changes: what turns the attacker and the defender of `input` into those of
 * its outcome (one update per actor that changed), for the shell to write in one batch. Apart from
 * the outcome: the exact odds' checks, the dialog's preview and the encounter simulator write none.
 */
export function attackUpdates(input: AttackInput, outcome: AttackOutcome): ActorUpdate[] {
  return diffAll([
    [input.attacker, outcome.attacker],
    [input.defender, outcome.defender],
  ]);
}
