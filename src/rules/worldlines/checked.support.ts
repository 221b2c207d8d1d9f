/**
 * What the Worldlines tests share: the input checks run the way the shell and the simulator run
 * them, once, before the rules that take checked input. A refusal of the check comes back as the
 * rule's refusal would, so a test reads one result.
 */
import type { Checked } from "../core/checked.ts";
import type { DiceSource } from "../core/dice.ts";
import type { Result } from "../core/result.ts";
import { checkAttackInput, resolveAttack } from "./attack.ts";
import type { AttackInput, AttackOutcome, AttackRefusal, DefenseChoice } from "./attack.ts";
import type { WorldlinesCombatant } from "./model.ts";
import { DEFAULT_OPTIONS } from "./options.ts";
import type { WorldlinesOptions } from "./options.ts";
import { checkedCombatant, checkedOptions } from "./valid.ts";
import type { InputRefusalReason } from "./valid.ts";

/** An attack checked (checkAttackInput, checkedOptions), then resolved. */
export function checkAndResolve(
  input: AttackInput,
  dice: DiceSource,
  defense: DefenseChoice = {},
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<AttackOutcome, AttackRefusal> {
  const checked = checkAttackInput(input);
  if (!checked.ok) return checked;
  const opts = checkedOptions(options);
  if (!opts.ok) return opts;
  return resolveAttack(checked.value, dice, defense, opts.value);
}

/** A combatant its check accepted (a refusal fails the test). */
export function checked(actor: WorldlinesCombatant): Checked<WorldlinesCombatant> {
  const result = checkedCombatant("actor", actor);
  if (!result.ok) throw new Error(`refused: ${result.reason} ${JSON.stringify(result.detail)}`);
  return result.value;
}

/** Options their check accepted (a refusal fails the test). */
export function checkedOpts(options: WorldlinesOptions): Checked<WorldlinesOptions> {
  const result = checkedOptions(options);
  if (!result.ok) throw new Error(`refused: ${result.reason} ${JSON.stringify(result.detail)}`);
  return result.value;
}

/** `run` on the actor its check accepted, or the check's refusal. */
export function onChecked<T>(
  actor: WorldlinesCombatant,
  run: (actor: Checked<WorldlinesCombatant>) => T,
): Result<T, InputRefusalReason> {
  const result = checkedCombatant("actor", actor);
  return result.ok ? { ok: true, value: run(result.value) } : result;
}
