/**
 * How core v13 applies an ActiveEffect's changes to an actor (Actor#applyActiveEffects,
 * ActiveEffect#apply and the static ActiveEffect.applyField, DataField#applyChange), as far as the
 * fake's documents need it. Core's order of data preparation is ClientDocumentMixin#prepareData:
 * `prepareBaseData`, then `prepareEmbeddedDocuments` (Actor's ends with `applyActiveEffects()`),
 * then `prepareDerivedData`: an effect changes the prepared data after the base data and before
 * the derived data, on the model's instance, never its `_source`.
 *
 * Core applies a change through the target field's `applyChange` (ADD adds, MULTIPLY multiplies,
 * OVERRIDE replaces, UPGRADE / DOWNGRADE keep the larger / smaller) and does NOT clean the result
 * with the field: nothing keeps an effect's value inside the field's `min`/`max` or `choices`. A
 * system that needs its bounds kept must enforce them itself in its derived data (Fray does, in
 * src/foundry/data/bounds.ts).
 */
import type { DataField } from "./fields.ts";
import { NumberField, SchemaField } from "./fields.ts";

/** Core's CONST.ACTIVE_EFFECT_MODES. */
export const EFFECT_MODES = {
  CUSTOM: 0,
  MULTIPLY: 1,
  ADD: 2,
  DOWNGRADE: 3,
  UPGRADE: 4,
  OVERRIDE: 5,
} as const;

export interface EffectChange {
  key: string;
  mode: number;
  value: string;
  priority?: number | null;
}

/** The field a dotted path names in a schema, or undefined. */
export function fieldAt(schema: unknown, path: string): DataField | undefined {
  let field: unknown = schema;
  for (const part of path.split(".")) {
    if (!(field instanceof SchemaField)) return undefined;
    field = field.fields[part];
  }
  return field as DataField | undefined;
}

export function getProperty(target: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>(
      (node, key) =>
        typeof node === "object" && node !== null
          ? (node as Record<string, unknown>)[key]
          : undefined,
      target,
    );
}

export function setProperty(target: object, path: string, value: unknown): void {
  const parts = path.split(".");
  const last = parts.pop();
  if (last === undefined) return;
  let node = target as Record<string, unknown>;
  for (const part of parts) {
    const next = node[part];
    if (typeof next !== "object" || next === null) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[last] = value;
}

/** The change's value cast for the field (core: DataField#_castChangeDelta). */
function castDelta(field: DataField | undefined, current: unknown, raw: string): unknown {
  if (field instanceof NumberField || typeof current === "number") return Number(raw);
  if (typeof current === "boolean") return raw === "true";
  return raw;
}

/** Core's DataField#applyChange for the modes Fray's data can meet. */
export function applyChange(
  field: DataField | undefined,
  current: unknown,
  change: EffectChange,
): unknown {
  const delta = castDelta(field, current, change.value);
  switch (change.mode) {
    case EFFECT_MODES.ADD:
      if (typeof current === "number" && typeof delta === "number") return current + delta;
      if (typeof current === "string") return current + String(delta);
      return delta;
    case EFFECT_MODES.MULTIPLY:
      return typeof current === "number" && typeof delta === "number" ? current * delta : current;
    case EFFECT_MODES.UPGRADE:
      return typeof current === "number" && typeof delta === "number"
        ? Math.max(current, delta)
        : delta;
    case EFFECT_MODES.DOWNGRADE:
      return typeof current === "number" && typeof delta === "number"
        ? Math.min(current, delta)
        : delta;
    case EFFECT_MODES.OVERRIDE:
      return delta;
    default:
      // CUSTOM: core calls the `applyActiveEffect` hook and changes nothing itself.
      return current;
  }
}
