/**
 * Keeping stored data loadable. Foundry builds every stored document strictly when a world loads:
 * one value the current model refuses makes the whole actor invalid, and it disappears from the
 * world. Fray's models therefore read stored data through `migrateData` (run by core on the
 * source before cleaning and validation, see DataModel#_initializeSource) with the helpers here.
 * Every system data ends with three bookkeeping fields (`storageFields`):
 *
 * - `schemaVersion`: the shape it was written in. Version 0 (no field) is everything Fray shipped
 *   before joint validation: the generic models of the first build, then the Worldlines and WWN
 *   models, which have not changed shape since.
 * - `ruleset`: which ruleset's models wrote it ("generic" for data the plain models wrote
 *   before each ruleset had its own; a ruleset that plays the plain gear or technique model
 *   wires its own subclass of it, so that data too is stamped as the ruleset's).
 * - `kept`: data this model does not read, kept as it was stored: the system data of each other
 *   ruleset the document was played in (by ruleset id), and data of an older shape that had to
 *   change to load (by `v<version>`).
 *
 * When a model reads data another ruleset's model wrote (the world switched rulesets), that data
 * goes into `kept` under its ruleset, and the model's own copy comes back from `kept` if the
 * document was played in this ruleset before; otherwise the values both rulesets share carry
 * over. Then `fitToSchema` brings into bounds what another of Fray's models accepted at the same
 * path (a WWN actor's `life: "helpless"` read by Worldlines becomes the default; a generic
 * actor's health of 5000 becomes 999), and `clampPools` clamps the value/maximum pairs version 0
 * never checked. A value no Fray model ever accepted is left alone, so bad input is still
 * refused with its message. `checkPools` is the joint rule every model enforces from version 1.
 *
 * Every model Fray registers also registers here (`wireSystemModels`) so that the others know
 * what it accepts. When a field's rules change, keep the old model registered so its values stay
 * readable, and raise SCHEMA_VERSION.
 */

import { keepInBounds } from "./bounds.ts";

/** The shape version of Fray's system data. Raise it with every change of shape. */
export const SCHEMA_VERSION = 1;

/** The stored version of a system source: 0 when it predates the field. */
export function storedVersion(source: Record<string, unknown>): number {
  const version = source["schemaVersion"];
  return typeof version === "number" && Number.isFinite(version) ? version : 0;
}

/** The bookkeeping fields every Fray system schema ends with (see the module comment). */
export function storageFields() {
  const { NumberField, ObjectField, StringField } = foundry.data.fields;
  return {
    schemaVersion: new NumberField({
      required: true,
      nullable: false,
      integer: true,
      min: 0,
      initial: SCHEMA_VERSION,
    }),
    ruleset: new StringField({ required: true, nullable: false, blank: true, initial: "" }),
    kept: new ObjectField({ required: true, nullable: false, initial: () => ({}) }),
  };
}

/* ------------------------------------------------------------------------------------------ */
/*  What Fray's models accept                                                                  */
/* ------------------------------------------------------------------------------------------ */

/** The part of a DataField the helpers read; core's fields and the fake's both have it. */
interface FieldLike {
  validate(value: unknown): unknown;
  clean(value: unknown): unknown;
  min?: number | undefined;
  max?: number | undefined;
  integer?: boolean;
}
interface SchemaLike extends FieldLike {
  fields: Record<string, FieldLike>;
}
export interface ModelLike {
  readonly schema: unknown;
}

const shipped = new Map<string, ModelLike[]>();

/**
 * Registers models Fray ships, by document name and type (`{ Actor: { character: Model } }`),
 * so every model knows what the others accept at each path.
 */
export function registerShippedModels(
  models: Readonly<Record<string, Readonly<Record<string, ModelLike>>>>,
): void {
  for (const [documentName, types] of Object.entries(models)) {
    for (const [type, model] of Object.entries(types)) {
      const key = `${documentName}.${type}`;
      const list = shipped.get(key) ?? [];
      if (!list.includes(model)) list.push(model);
      shipped.set(key, list);
    }
  }
}

/** The schemas of every shipped model of this document type. */
export function shippedSchemas(documentName: string, type: string): SchemaLike[] {
  return (shipped.get(`${documentName}.${type}`) ?? []).map((model) => model.schema as SchemaLike);
}

function isSchema(field: FieldLike | undefined): field is SchemaLike {
  return typeof (field as { fields?: unknown } | undefined)?.fields === "object";
}

/** A plain object (not null, not an array), as stored data is read. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Whether the field accepts the value as it is (core and fake: validate returns nothing when
 * valid). Core's NumberField cleaning rounds a whole-number field and clamps a number into its
 * bounds before validating, silently; a number cleaning would change is not accepted as it is, so
 * the migration fits it itself and keeps the stored value (`kept.v<version>`).
 */
function accepts(field: FieldLike, value: unknown): boolean {
  try {
    const cleaned = field.clean(value);
    if (typeof value === "number" && !Object.is(cleaned, value)) return false;
    return field.validate(cleaned) === undefined;
  } catch {
    return false;
  }
}

/** A number another model accepted, brought into this field's bounds; null when it cannot be. */
function fitNumber(field: FieldLike, value: unknown): number | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  let fitted = field.integer === true ? Math.round(value) : value;
  if (field.min !== undefined) fitted = Math.max(field.min, fitted);
  if (field.max !== undefined) fitted = Math.min(field.max, fitted);
  return accepts(field, fitted) ? fitted : null;
}

/**
 * Fits `source` (system data, changed in place) to `schema`: each value this schema refuses but
 * one of `others` accepts at the same path is clamped into bounds or removed (cleaning then
 * gives the default). Keys the schema does not know are left for cleaning to drop.
 */
export function fitToSchema(
  schema: SchemaLike,
  source: Record<string, unknown>,
  others: readonly SchemaLike[],
): void {
  for (const [name, field] of Object.entries(schema.fields)) {
    if (!(name in source)) continue;
    const value = source[name];
    const alternatives = others
      .map((other) => other.fields[name])
      .filter((f): f is FieldLike => f !== undefined);
    if (isSchema(field)) {
      if (isRecord(value)) {
        fitToSchema(field, value, alternatives.filter(isSchema));
        continue;
      }
      if (alternatives.some((other) => accepts(other, value))) Reflect.deleteProperty(source, name);
      continue;
    }
    if (accepts(field, value)) continue;
    if (!alternatives.some((other) => accepts(other, value))) continue;
    const fitted = fitNumber(field, value);
    if (fitted === null) Reflect.deleteProperty(source, name);
    else source[name] = fitted;
  }
}

/** Removes every value `schema` refuses (cleaning then gives the default), in place. */
function dropRefused(schema: SchemaLike, source: Record<string, unknown>): void {
  for (const [name, field] of Object.entries(schema.fields)) {
    if (!(name in source)) continue;
    const value = source[name];
    if (isSchema(field) && isRecord(value)) dropRefused(field, value);
    else if (!accepts(field, value)) Reflect.deleteProperty(source, name);
  }
}

/* ------------------------------------------------------------------------------------------ */
/*  Current value and maximum                                                                  */
/* ------------------------------------------------------------------------------------------ */

/** A `{ value, max }` pair at this path of the system data ("health", "ammo" …). */
function pairAt(data: Record<string, unknown>, path: string): Record<string, unknown> | null {
  const pair = path
    .split(".")
    .reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), data);
  return isRecord(pair) ? pair : null;
}

/** Clamps each pool's value to its maximum (data written before the joint rule). */
export function clampPools(data: Record<string, unknown>, paths: readonly string[]): void {
  for (const path of paths) {
    const pair = pairAt(data, path);
    if (pair === null) continue;
    const { value, max } = pair;
    if (typeof value === "number" && typeof max === "number" && value > max) pair["value"] = max;
  }
}

/** The joint rule: each pool's value is at most its maximum. Throws the localized refusal. */
export function checkPools(data: Record<string, unknown>, paths: readonly string[]): void {
  for (const path of paths) {
    const pair = pairAt(data, path);
    if (pair === null) continue;
    const { value, max } = pair;
    if (typeof value === "number" && typeof max === "number" && value > max) {
      const data = { field: path, value: String(value), max: String(max) };
      throw new Error(game.i18n?.format("FRAY.Data.Invalid.OverMax", data) ?? path);
    }
  }
}

/**
 * The migration every Fray system model runs (from its `migrateData`), in place: keep another
 * ruleset's data and bring back this one's, fit values other Fray models wrote, clamp pools
 * stored before the joint rule (keeping the data as stored when anything had to change), and
 * stamp the current version and this model's ruleset.
 */
export function migrateSystem(
  owner: string,
  others: readonly SchemaLike[],
  schema: unknown,
  source: Record<string, unknown>,
  pools: readonly string[],
): void {
  const kept: Record<string, unknown> = isRecord(source["kept"]) ? { ...source["kept"] } : {};
  const writer = source["ruleset"];
  if (typeof writer === "string" && writer !== "" && writer !== owner) {
    const { kept: _kept, ...stored } = source;
    kept[writer] = stored;
    const own = kept[owner];
    if (isRecord(own)) {
      for (const key of Object.keys(source)) Reflect.deleteProperty(source, key);
      Object.assign(source, structuredClone(own));
      // A kept copy is not validated while it is kept (an owner may write anything into it):
      // what this model refuses in it takes the default, and pools are clamped.
      dropRefused(schema as SchemaLike, source);
      clampPools(source, pools);
    }
    Reflect.deleteProperty(kept, owner);
  }
  const version = storedVersion(source);
  const { kept: _ignored, ...before } = source;
  const original = JSON.stringify(before);
  fitToSchema(schema as SchemaLike, source, others);
  if (version < 1) clampPools(source, pools);
  const { kept: _again, ...after } = source;
  if (version < SCHEMA_VERSION && JSON.stringify(after) !== original) {
    kept[`v${String(version)}`] = JSON.parse(original) as unknown;
  }
  source["schemaVersion"] = SCHEMA_VERSION;
  source["ruleset"] = owner;
  source["kept"] = kept;
}

/* ------------------------------------------------------------------------------------------ */
/*  Wiring a ruleset's models                                                                  */
/* ------------------------------------------------------------------------------------------ */

/** Core's static DataModel hooks the wiring fills in. */
interface MigratingModel extends ModelLike {
  migrateData(source: Record<string, unknown>): Record<string, unknown>;
  validateJoint(data: Record<string, unknown>): void;
  prototype: { prepareDerivedData?: () => void };
}

const wired = new WeakSet<object>();
const owners = new Set<string>();

/** The ruleset ids system models are wired for ("generic", "worldlines" …). */
export function modelOwners(): string[] {
  return [...owners];
}

/**
 * Gives each system model of a ruleset (`{ Actor: { character: Model }, Item: … }`) core's two
 * data hooks and registers it as shipped:
 * - `migrateData` (core runs it on stored and new data before cleaning): `migrateSystem`, then
 *   the parent class's migration;
 * - `validateJoint` (core runs it after field validation, on construction and on every update;
 *   a throw refuses the data): each pool's value at most its maximum;
 * - `prepareDerivedData` (core runs it after the ActiveEffects): first `keepInBounds` (bounds.ts),
 *   so no effect leaves a value the model refuses in the prepared data, then the model's own.
 * `owner` is the ruleset id the models belong to ("generic" for the shared ones); `pools` lists
 * the `{ value, max }` paths per document name or per "Document.type".
 */
export function wireSystemModels<
  const M extends Readonly<Record<string, Readonly<Record<string, ModelLike>>>>,
>(owner: string, models: M, pools: Readonly<Record<string, readonly string[]>> = {}): M {
  registerShippedModels(models);
  owners.add(owner);
  for (const [documentName, types] of Object.entries(models)) {
    for (const [type, model] of Object.entries(types)) {
      if (wired.has(model)) continue;
      wired.add(model);
      const paths = pools[`${documentName}.${type}`] ?? pools[documentName] ?? [];
      const cls = model as MigratingModel;
      const parent = Object.getPrototypeOf(cls) as MigratingModel;
      // A model's own migration and joint rule (a ruleset's shape changes, a weapon's capacity)
      // run inside the shared ones rather than being replaced by them (called with .call(this)).
      /* eslint-disable @typescript-eslint/unbound-method */
      const ownMigrate = Object.hasOwn(cls, "migrateData") ? cls.migrateData : parent.migrateData;
      const ownJoint = Object.hasOwn(cls, "validateJoint")
        ? cls.validateJoint
        : parent.validateJoint;
      /* eslint-enable @typescript-eslint/unbound-method */
      const ownDerived = cls.prototype.prepareDerivedData;
      Object.defineProperty(cls.prototype, "prepareDerivedData", {
        configurable: true,
        writable: true,
        value(this: object) {
          keepInBounds(this, paths);
          ownDerived?.call(this);
        },
      });
      Object.defineProperties(cls, {
        migrateData: {
          configurable: true,
          value(this: MigratingModel, source: Record<string, unknown>) {
            const others = shippedSchemas(documentName, type).filter((s) => s !== this.schema);
            migrateSystem(owner, others, this.schema, source, paths);
            return ownMigrate.call(this, source);
          },
        },
        validateJoint: {
          configurable: true,
          value(this: MigratingModel, data: Record<string, unknown>) {
            ownJoint.call(this, data);
            checkPools(data, paths);
          },
        },
      });
    }
  }
  return models;
}
