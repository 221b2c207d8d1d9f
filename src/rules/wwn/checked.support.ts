/**
 * What the WWN tests share: the input checks run the way the shell and the simulator run them,
 * once, before the rules that take checked input. A refusal of the check comes back as the rule's
 * refusal would, so a test reads one result.
 */
import type { Checked } from "../core/checked.ts";
import type { DiceSource } from "../core/dice.ts";
import type { Result } from "../core/result.ts";
import { attackUpdates, checkWwnAttackInput, resolveAttack } from "./attack.ts";
import type { AttackInput, AttackOutcome, AttackRefusal } from "./attack.ts";
import type { WwnUpdate } from "./changes.ts";
import type { WwnCombatant } from "./model.ts";
import { DEFAULT_WWN_OPTIONS } from "./options.ts";
import type { WwnOptions } from "./options.ts";
import { checkedWwnCombatant, checkedWwnOptions } from "./valid.ts";

/** A value its check accepted (a refusal fails the test). */
function accepted<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${result.reason} ${JSON.stringify(result.detail)}`);
  return result.value;
}

/** An attack checked (checkWwnAttackInput, checkedWwnOptions), resolved, with its updates. */
export function checkAndResolve(
  input: AttackInput,
  dice: DiceSource,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<AttackOutcome & { readonly updates: WwnUpdate[] }, AttackRefusal> {
  const checked = checkWwnAttackInput(input);
  if (!checked.ok) return checked;
  const opts = checkedWwnOptions(options);
  if (!opts.ok) return opts;
  const resolved = resolveAttack(checked.value, dice, opts.value);
  if (!resolved.ok) return resolved;
  return { ok: true, value: { ...resolved.value, updates: attackUpdates(input, resolved.value) } };
}

/** An attack its check accepted. */
export function checkedInput(input: AttackInput): Checked<AttackInput> {
  return accepted(checkWwnAttackInput(input));
}

/** A combatant its check accepted. */
export function checkedActor(actor: WwnCombatant): Checked<WwnCombatant> {
  return accepted(checkedWwnCombatant("actor", actor));
}

/** Options their check accepted. */
export function checkedOpts(options: WwnOptions): Checked<WwnOptions> {
  return accepted(checkedWwnOptions(options));
}
