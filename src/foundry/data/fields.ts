/**
 * Field builders shared by the DataModels. They read `foundry.data.fields` when called (from a
 * `defineSchema`), never at import time.
 */
import { formulaLimitMessage } from "../shared/refusal.ts";

/** A current/maximum pair such as health or Energy, both whole numbers, never negative. */
export function resourceField(initial: number) {
  const { NumberField, SchemaField } = foundry.data.fields;
  return new SchemaField({
    value: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial }),
    max: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial }),
  });
}

/** A whole number with a default, optionally bounded. */
export function integerField(initial: number, bounds: { min?: number; max?: number } = {}) {
  const { NumberField } = foundry.data.fields;
  return new NumberField({ required: true, nullable: false, integer: true, initial, ...bounds });
}

/** Rich text the sheet edits with the ProseMirror editor (listed in system.json `htmlFields`). */
export function htmlField() {
  const { HTMLField } = foundry.data.fields;
  return new HTMLField({ required: true, blank: true, initial: "" });
}

/** A yes/no flag with a default. */
export function flagField(initial = false) {
  const { BooleanField } = foundry.data.fields;
  return new BooleanField({ required: true, initial });
}

/** A choice among fixed keys, stored as the key. */
export function choiceField<const T extends string>(choices: readonly T[], initial: T) {
  const { StringField } = foundry.data.fields;
  return new StringField({ required: true, nullable: false, blank: false, choices, initial });
}

/** A document id or nothing (null); never blank. */
export function nullableIdField() {
  const { StringField } = foundry.data.fields;
  return new StringField({ required: true, nullable: true, blank: false, initial: null });
}

/**
 * The text of a data refusal, localized once the world's translations are loaded (a model may
 * validate before they are; then the key itself).
 */
export function refusalText(key: string, data: Record<string, string> = {}): string {
  return game.i18n?.format(key, data) ?? key;
}

/**
 * A damage field's validator: refuses what Foundry or the ruleset's rules (`readable`) cannot
 * read, naming the one formula limit when the formula is over it, else with the ruleset's own
 * message (`invalidKey`, given `{formula}`).
 */
export function damageValidator(readable: (formula: string) => boolean, invalidKey: string) {
  return (value: unknown): void => {
    if (typeof value === "string" && readable(value)) return;
    const formula = typeof value === "string" ? value : JSON.stringify(value);
    const overLimit = formulaLimitMessage(formula);
    if (overLimit !== null) throw new Error(overLimit);
    throw new Error(refusalText(invalidKey, { formula }));
  };
}

/**
 * A weapon's damage formula: a non-blank string ("1d6" when new) that `validate` (a
 * damageValidator) accepts.
 */
export function damageField(validate: (value: unknown) => void) {
  const { StringField } = foundry.data.fields;
  return new StringField({
    required: true,
    nullable: false,
    blank: false,
    initial: "1d6",
    validate,
  });
}
