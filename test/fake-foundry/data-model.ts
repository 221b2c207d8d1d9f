import { DataModelValidationError, SchemaField } from "./fields.ts";
import type { DataField } from "./fields.ts";

/**
 * `foundry.abstract.DataModel` / `TypeDataModel` as far as Fray uses them: a schema from
 * `defineSchema`, source cleaned and validated on construction and on `updateSource`, fields
 * copied onto the instance, and the prepare hooks a document calls.
 */
export class DataModel {
  static #schemas = new WeakMap<object, SchemaField>();

  static defineSchema(): Record<string, DataField> {
    return {};
  }

  static get schema(): SchemaField {
    let schema = DataModel.#schemas.get(this);
    if (!schema) {
      schema = new SchemaField(this.defineSchema());
      DataModel.#schemas.set(this, schema);
    }
    return schema;
  }

  /** Cleans and validates source data; throws DataModelValidationError listing every failure. */
  static cleanAndValidate(source: unknown): Record<string, unknown> {
    const cleaned = this.schema.clean(source);
    const failures = this.schema.validateAll(cleaned);
    if (Object.keys(failures).length) throw new DataModelValidationError(failures);
    return cleaned;
  }

  _source: Record<string, unknown>;
  readonly parent: unknown;

  constructor(source: unknown = {}, options: { parent?: unknown } = {}) {
    const ctor = this.constructor as typeof DataModel;
    this._source = ctor.cleanAndValidate(source);
    this.parent = options.parent ?? null;
    this.#copySource();
  }

  get schema(): SchemaField {
    return (this.constructor as typeof DataModel).schema;
  }

  #copySource(): void {
    Object.assign(this, structuredClone(this._source));
  }

  /** Applies a (possibly nested) partial update, validated as a whole before anything changes. */
  updateSource(changes: Record<string, unknown>): Record<string, unknown> {
    const ctor = this.constructor as typeof DataModel;
    const next = ctor.cleanAndValidate(mergeDeep(structuredClone(this._source), changes));
    this._source = next;
    this.#copySource();
    return changes;
  }

  toObject(): Record<string, unknown> {
    return structuredClone(this._source);
  }

  prepareBaseData(): void {}
  prepareDerivedData(): void {}
}

export class TypeDataModel extends DataModel {}

/** Deep-merges `changes` (which may use dotted keys, as Foundry updates do) into `target`. */
export function mergeDeep(
  target: Record<string, unknown>,
  changes: Record<string, unknown>,
): Record<string, unknown> {
  for (const [key, value] of Object.entries(changes)) {
    const [head, ...rest] = key.split(".");
    if (head === undefined) continue;
    if (rest.length) {
      const inner = (target[head] ?? {}) as Record<string, unknown>;
      target[head] = mergeDeep(inner, { [rest.join(".")]: value });
    } else if (isPlainObject(value) && isPlainObject(target[head])) {
      target[head] = mergeDeep(target[head], value);
    } else {
      target[head] = value;
    }
  }
  return target;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
