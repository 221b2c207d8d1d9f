/**
 * Test support for the dice-pool rules: an attack or a combatant through its input check, as a
 * caller does before planning, rolling or weighing it (a refusal here is the test's mistake).
 */
import type { Checked } from "../core/checked.ts";
import { checkAttackInput } from "./attack.ts";
import type { AttackInput, CheckedAttack } from "./attack.ts";
import { checkDicepoolCombatant } from "./check.ts";
import type { DicepoolCombatant } from "./model.ts";

export function checkedAttack(input: AttackInput): CheckedAttack {
  const checked = checkAttackInput(input);
  if (!checked.ok) throw new Error(`${checked.reason} ${JSON.stringify(checked.detail)}`);
  return checked.value;
}

export function checkedCombatant(c: DicepoolCombatant): Checked<DicepoolCombatant> {
  const checked = checkDicepoolCombatant("combatant", c);
  if (!checked.ok) throw new Error(`${checked.reason} ${JSON.stringify(checked.detail)}`);
  return checked.value;
}
