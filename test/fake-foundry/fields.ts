/**
 * A small, honest model of `foundry.data.fields`: the options Fray's schemas use (required,
 * nullable, initial, blank, choices, min, max, integer) clean and validate data the way Foundry
 * does for those options. Anything Fray does not use is left out on purpose.
 */

export interface FieldOptions {
  required?: boolean;
  nullable?: boolean;
  initial?: unknown;
  blank?: boolean;
  choices?: readonly unknown[] | Record<string, unknown>;
  min?: number;
  max?: number;
  integer?: boolean;
  label?: string;
  /**
   * A custom validator, run after the type checks as Foundry runs it: returning false fails with
   * `validationError`; throwing fails with the thrown message.
   */
  validate?: (value: unknown) => unknown;
  validationError?: string;
}

export class DataField {
  name = "";
  constructor(public readonly options: FieldOptions = {}) {}

  get initial(): unknown {
    return this.options.initial;
  }

  getInitialValue(): unknown {
    const initial = this.options.initial;
    return typeof initial === "function" ? (initial as () => unknown)() : initial;
  }

  /** Coerces a raw value towards the field's type, as Foundry's `clean` does. */
  clean(value: unknown): unknown {
    if (value === undefined) return this.getInitialValue();
    return value;
  }

  /** A failure message, or undefined when the value is acceptable. */
  validate(value: unknown): string | undefined {
    if (value === null || value === undefined) {
      if (value === null && this.options.nullable) return undefined;
      if (value === undefined && !this.options.required) return undefined;
      return "may not be null";
    }
    const choices = this.options.choices;
    if (choices) {
      const allowed = Array.isArray(choices) ? choices : Object.keys(choices);
      if (!allowed.includes(value)) return `${JSON.stringify(value)} is not a valid choice`;
    }
    const typeFailure = this.validateType(value);
    if (typeFailure) return typeFailure;
    const custom = this.options.validate;
    if (!custom) return undefined;
    try {
      if (custom(value) === false) return this.options.validationError ?? "is not a valid value";
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
    return undefined;
  }

  protected validateType(_value: unknown): string | undefined {
    return undefined;
  }
}

export class NumberField extends DataField {
  // Core copies a field's options onto the field (`field.min`, `field.integer` …).
  get min(): number | undefined {
    return this.options.min;
  }
  get max(): number | undefined {
    return this.options.max;
  }
  get integer(): boolean {
    return this.options.integer === true;
  }

  /**
   * Core v13 DataField#clean, NumberField#_cast and #_cleanType: null on a field that may not be
   * null takes the initial value; "" is null when the field is nullable; anything else is cast
   * with Number() ("abc" and objects become NaN); then a whole-number field rounds it and a bound clamps it
   * (`Math.max(value, min)`, `Math.min(value, max)`). Cleaning runs before validation, so a value
   * out of bounds is brought in, silently; only what is not a number at all (NaN) still fails.
   */
  override clean(value: unknown): unknown {
    if (value === null && !this.options.nullable) value = undefined;
    if (value === undefined) return this.getInitialValue();
    if (value === null || (value === "" && this.options.nullable)) return null;
    let number = Number(value);
    if (this.integer) number = Math.round(number);
    if (Number.isFinite(this.min)) number = Math.max(number, this.min as number);
    if (Number.isFinite(this.max)) number = Math.min(number, this.max as number);
    return number;
  }

  protected override validateType(value: unknown): string | undefined {
    if (typeof value !== "number" || Number.isNaN(value)) return "must be a number";
    if (this.options.integer && !Number.isInteger(value)) return "must be an integer";
    if (this.options.min !== undefined && value < this.options.min)
      return `must be at least ${this.options.min}`;
    if (this.options.max !== undefined && value > this.options.max)
      return `must be at most ${this.options.max}`;
    return undefined;
  }
}

export class StringField extends DataField {
  override clean(value: unknown): unknown {
    if (value === undefined) return this.getInitialValue();
    if (value === null) return this.options.nullable ? null : "";
    if (typeof value === "string") return value.trim();
    return typeof value === "number" || typeof value === "boolean" ? String(value) : value;
  }

  protected override validateType(value: unknown): string | undefined {
    if (typeof value !== "string") return "must be a string";
    if (value === "" && this.options.blank === false) return "may not be a blank string";
    return undefined;
  }
}

export class HTMLField extends StringField {}

export class ColorField extends StringField {
  protected override validateType(value: unknown): string | undefined {
    const base = super.validateType(value);
    if (base) return base;
    return /^#[0-9a-f]{6}$/i.test(value as string) ? undefined : "must be a #rrggbb colour";
  }
}

export class BooleanField extends DataField {
  override clean(value: unknown): unknown {
    if (value === undefined) return this.getInitialValue() ?? false;
    if (value === "true") return true;
    if (value === "false") return false;
    return value;
  }

  protected override validateType(value: unknown): string | undefined {
    return typeof value === "boolean" ? undefined : "must be a boolean";
  }
}

/** Any plain object (or null when nullable), stored as given. */
export class ObjectField extends DataField {
  override clean(value: unknown): unknown {
    if (value === undefined) return this.getInitialValue();
    return value;
  }

  protected override validateType(value: unknown): string | undefined {
    return typeof value === "object" && !Array.isArray(value) ? undefined : "must be an object";
  }
}

/**
 * `ArrayField(element)` as core v13 has it: undefined takes the initial value (an empty list by
 * default), a lone value is wrapped in a list, every element is cleaned by the element field, and
 * the list fails on its first bad element, naming its index.
 */
export class ArrayField extends DataField {
  constructor(
    public readonly element: DataField,
    options: FieldOptions = {},
  ) {
    super({ required: true, nullable: false, initial: () => [], ...options });
  }

  override clean(value: unknown): unknown {
    if (value === undefined) return this.getInitialValue();
    if (value === null) return this.options.nullable ? null : [];
    const list = Array.isArray(value) ? value : [value];
    return list.map((item) => this.element.clean(item));
  }

  protected override validateType(value: unknown): string | undefined {
    if (!Array.isArray(value)) return "must be an array";
    for (const [index, item] of value.entries()) {
      const failure = this.element.validate(item);
      if (failure) return `element ${index} ${failure}`;
    }
    return undefined;
  }
}

export class SchemaField extends DataField {
  constructor(
    public readonly fields: Record<string, DataField>,
    options: FieldOptions = {},
  ) {
    super({ required: true, nullable: false, ...options });
    for (const [name, field] of Object.entries(fields)) field.name = name;
  }

  override getInitialValue(): Record<string, unknown> {
    return Object.fromEntries(
      Object.entries(this.fields).map(([name, field]) => [name, field.getInitialValue()]),
    );
  }

  override clean(value: unknown): Record<string, unknown> {
    const source = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(this.fields).map(([name, field]) => [name, field.clean(source[name])]),
    );
  }

  /** Every failing path with its message, e.g. { "health.value": "must be at least 0" }. */
  validateAll(value: Record<string, unknown>, prefix = ""): Record<string, string> {
    const failures: Record<string, string> = {};
    for (const [name, field] of Object.entries(this.fields)) {
      const path = prefix + name;
      const inner = value[name];
      if (field instanceof SchemaField && inner && typeof inner === "object") {
        Object.assign(failures, field.validateAll(inner as Record<string, unknown>, `${path}.`));
        continue;
      }
      const failure = field.validate(inner);
      if (failure) failures[path] = failure;
    }
    return failures;
  }
}

export class DataModelValidationError extends Error {
  constructor(public readonly failures: Record<string, string>) {
    super(
      Object.entries(failures)
        .map(([path, message]) => `${path}: ${message}`)
        .join("; "),
    );
  }
}
