/**
 * Which fields of a dialog apply to the attack chosen: one small declarative rule per ruleset
 * (its dialog.ts), read by the template's context (the fields hidden when the dialog opens) and by
 * the open dialog (shown and hidden as the choice changes). A field the rule does not name always
 * applies. The form reader (attack-dialog.ts formValues) passes over the hidden ones, so a value
 * left in a field that does not apply never reaches the attack.
 */

/**
 * For each field that applies to some attacks only: the values of the fields (or the dialog's
 * fixed facts, such as the weapon's kind) it applies to; every one must match.
 */
export type FieldRule = Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;

/** Whether the field applies when the form (and the facts) hold `values`. */
export function fieldApplies(
  rule: FieldRule,
  field: string,
  values: Readonly<Record<string, unknown>>,
): boolean {
  const when = rule[field];
  if (when === undefined) return true;
  return Object.entries(when).every(([control, allowed]) => {
    const value = values[control];
    const text = typeof value === "string" || typeof value === "boolean" ? String(value) : "";
    return allowed.includes(text);
  });
}

/** The fields that do not apply, field name to true: the template's `hide` context. */
export function hiddenFields(
  rule: FieldRule,
  values: Readonly<Record<string, unknown>>,
): Record<string, boolean> {
  return Object.fromEntries(
    Object.keys(rule)
      .filter((field) => !fieldApplies(rule, field, values))
      .map((field) => [field, true]),
  );
}

/** The attribute naming a row's field (templates/dialog/parts/row.hbs `rowField`). */
export const FIELD_ATTRIBUTE = "data-fray-field";

/** Shows the rows of the fields that apply and hides the others. */
export function showFieldsThatApply(
  root: HTMLElement,
  rule: FieldRule,
  values: Readonly<Record<string, unknown>>,
): void {
  for (const row of Array.from(root.querySelectorAll<HTMLElement>(`[${FIELD_ATTRIBUTE}]`))) {
    row.hidden = !fieldApplies(rule, row.getAttribute(FIELD_ATTRIBUTE) ?? "", values);
  }
}
