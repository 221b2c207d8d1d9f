import { DataModelValidationError, SchemaField } from "./fields.ts";
import type { DataField } from "./fields.ts";

/**
 * `foundry.abstract.DataModel` / `TypeDataModel` as far as Fray uses them: a schema from
 * `defineSchema`, source cleaned and validated on construction and on `updateSource`, fields
 * copied onto the instance, and the prepare hooks a document calls.
 *
 * Construction follows core v13's order (DataModel constructor and `_initializeSource`):
 * 1. `migrateDataSafe(source)`: the model's `migrateData` rewrites old shapes in place; if it
 *    throws, core logs a warning and goes on with the data as it is;
 * 2. `cleanData`: each field cleans its value, unknown keys are dropped, missing ones get their
 *    initial value;
 * 3. field validation, then joint validation (`validateJoint(source)`), both strict: a failure of
 *    either throws and the model is not built. A document whose system data fails this way is
 *    invalid: when a world loads, core builds every stored document strictly and sets aside the
 *    ones that throw (see fake-foundry/world-load.ts).
 * `updateSource` validates the changed fields and then, jointly, the whole merged data; it does
 * not migrate. `migrateData` never runs on updates.
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

  /** Core's default: no rule across fields. A model throws here to refuse its data. */
  static validateJoint(_data: Record<string, unknown>): void {}

  /** Core's default migration leaves the data as it is (models override it, then call super). */
  static migrateData(source: Record<string, unknown>): Record<string, unknown> {
    return source;
  }

  /** Core: runs `migrateData`, and if it throws, warns and keeps the data as it was. */
  static migrateDataSafe(source: Record<string, unknown>): Record<string, unknown> {
    try {
      this.migrateData(source);
    } catch (error) {
      console.warn(`Failed data migration for ${this.name}:`, error);
    }
    return source;
  }

  /** Core: cleans source data to the schema (unknown keys go, missing ones get their initial). */
  static cleanData(source: unknown = {}): Record<string, unknown> {
    return this.schema.clean(source);
  }

  /**
   * Cleans and validates source data, fields and then joint rules; throws
   * DataModelValidationError listing every field failure, or the joint rule's message.
   */
  static cleanAndValidate(source: unknown): Record<string, unknown> {
    const cleaned = this.cleanData(source);
    const failures = this.schema.validateAll(cleaned);
    if (Object.keys(failures).length) throw new DataModelValidationError(failures);
    try {
      this.validateJoint(cleaned);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new DataModelValidationError({ "(joint)": message });
    }
    return cleaned;
  }

  _source: Record<string, unknown>;
  readonly parent: unknown;

  constructor(source: unknown = {}, options: { parent?: unknown } = {}) {
    const ctor = this.constructor as typeof DataModel;
    // Core owns and may mutate the given object; the fake works on a copy so that a test's
    // fixture stays as it was written.
    const data = isPlainObject(source) ? structuredClone(source) : {};
    this._source = ctor.cleanAndValidate(ctor.migrateDataSafe(data));
    this.parent = options.parent ?? null;
    this._initialize();
  }

  get schema(): SchemaField {
    return (this.constructor as typeof DataModel).schema;
  }

  /**
   * Core's DataModel#_initialize: the instance's fields are built again from `_source`, so what
   * data preparation (derived data, active effects) wrote on them is gone until it runs again.
   */
  _initialize(): void {
    Object.assign(this, structuredClone(this._source));
  }

  /** Applies a (possibly nested) partial update, validated as a whole before anything changes. */
  updateSource(changes: Record<string, unknown>): Record<string, unknown> {
    const ctor = this.constructor as typeof DataModel;
    const next = ctor.cleanAndValidate(mergeDeep(structuredClone(this._source), changes));
    this._source = next;
    this._initialize();
    return changes;
  }

  toObject(): Record<string, unknown> {
    return structuredClone(this._source);
  }

  prepareBaseData(): void {}
  prepareDerivedData(): void {}
}

export class TypeDataModel extends DataModel {
  /**
   * Core v13's TypeDataModel#_preUpdate: a no-op a system model overrides; its document runs it
   * on the updating client before the update is sent (ClientDocument#_preUpdate in the fake).
   */
  async _preUpdate(
    _changes: unknown,
    _options: unknown,
    _user: unknown,
  ): Promise<boolean | undefined> {
    return undefined;
  }
}

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
