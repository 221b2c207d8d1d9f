/**
 * Keeping an actor's prepared data inside what its model accepts.
 *
 * Core v13 applies ActiveEffects to the prepared data of an actor (Actor#prepareEmbeddedDocuments
 * ends with `applyActiveEffects()`, after the base data, before the derived data) through each
 * field's `applyChange`, and does not clean the result: an effect adding 50 to a skill of at most
 * 10 leaves 60 in `actor.system`. A player may create any effect on an actor they own, and the
 * referee reads other owners' actors as prepared. So every Fray system model brings its prepared
 * data back into bounds before its own derived data (`wireSystemModels` calls `keepInBounds` from
 * `prepareDerivedData`): a number is rounded and clamped into its field's bounds as core's
 * cleaning would, a pool's value is kept at most its maximum, and any other value its field
 * refuses (not a number, an unknown choice, a value a field's own rule rejects) goes back to the
 * stored one. Only the prepared data changes; the stored source is never touched.
 */

/** The part of a DataField read here; core's fields and the fake's both have it. */
interface FieldLike {
  validate(value: unknown): unknown;
  min?: number | undefined;
  max?: number | undefined;
  integer?: boolean;
  fields?: Record<string, FieldLike>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isSchema(field: FieldLike): field is FieldLike & { fields: Record<string, FieldLike> } {
  return isRecord(field.fields);
}

function isNumberField(field: FieldLike): boolean {
  return field instanceof foundry.data.fields.NumberField;
}

/** Whether the field accepts the value as it is (validate returns nothing when valid). */
function accepts(field: FieldLike, value: unknown): boolean {
  try {
    return field.validate(value) === undefined;
  } catch {
    return false;
  }
}

/** A finite number rounded and clamped as the field would clean it. */
function fitted(field: FieldLike, value: number): number {
  let out = field.integer === true ? Math.round(value) : value;
  if (field.min !== undefined && Number.isFinite(field.min)) out = Math.max(out, field.min);
  if (field.max !== undefined && Number.isFinite(field.max)) out = Math.min(out, field.max);
  return out;
}

/** What the prepared value becomes: itself when accepted, fitted, or the stored value. */
function inBounds(field: FieldLike, value: unknown, stored: unknown): unknown {
  if (isNumberField(field) && typeof value === "number" && Number.isFinite(value)) {
    const number = fitted(field, value);
    return accepts(field, number) ? number : structuredClone(stored);
  }
  return accepts(field, value) ? value : structuredClone(stored);
}

function keepFields(
  fields: Record<string, FieldLike>,
  prepared: Record<string, unknown>,
  stored: Record<string, unknown>,
): void {
  for (const [name, field] of Object.entries(fields)) {
    if (!(name in prepared)) continue;
    const value = prepared[name];
    const source = stored[name];
    if (isSchema(field)) {
      if (isRecord(value)) keepFields(field.fields, value, isRecord(source) ? source : {});
      else prepared[name] = structuredClone(source);
      continue;
    }
    if (value === source) continue;
    const kept = inBounds(field, value, source);
    if (kept !== value) prepared[name] = kept;
  }
}

/** A `{ value, max }` pair at this path of the prepared data, if there is one. */
function pairAt(data: Record<string, unknown>, path: string): Record<string, unknown> | null {
  const pair = path
    .split(".")
    .reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), data);
  return isRecord(pair) ? pair : null;
}

/**
 * Brings a system model's prepared data back into what its schema accepts (see the module
 * comment), then keeps each pool's value at most its maximum. `model` is the TypeDataModel
 * instance (its fields are the prepared data, `_source` the stored data).
 */
export function keepInBounds(model: object, pools: readonly string[] = []): void {
  const schema = (model.constructor as { schema?: FieldLike }).schema;
  const stored = (model as { _source?: unknown })._source;
  if (schema === undefined || !isSchema(schema) || !isRecord(stored)) return;
  const prepared = model as Record<string, unknown>;
  keepFields(schema.fields, prepared, stored);
  for (const path of pools) {
    const pair = pairAt(prepared, path);
    if (pair === null) continue;
    const { value, max } = pair;
    if (typeof value === "number" && typeof max === "number" && value > max) pair["value"] = max;
  }
}
