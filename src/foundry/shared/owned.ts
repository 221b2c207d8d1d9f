/**
 * Numbers the referee reads from a document its owner may write.
 *
 * The owner's client checks what it sends, but a console can send anything, and core's server
 * stores it: the server runs no system DataModel. What lives in the model's own fields reaches
 * the referee cleaned by its copy of the model and kept in bounds (data/bounds.ts); what a model
 * keeps as free-form data (an ObjectField's contents, a list of objects) reaches it as written.
 * Each such number is re-checked with the rules' guard before a rule reads it; a number that
 * fails is not used.
 */
import { checkNumber } from "../../rules/core/guard.ts";
import type { NumberRule } from "../../rules/core/guard.ts";

/** The number, when it passes `rule`; null when it is not a number the rules may read. */
export function ownedNumber(value: unknown, rule: NumberRule): number | null {
  return checkNumber("owned", value, rule) === undefined ? (value as number) : null;
}
