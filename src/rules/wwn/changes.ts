/**
 * Outcomes as document changes: "before → after" becomes the update the shell writes, one per
 * actor (and one per item for shields, loaded and readied weapons).
 *
 * The field paths below are the contract with the WWN actor and item DataModels.
 */
import type { ActionState } from "./model.ts";
import type { WwnCombatant, WwnWeapon } from "./model.ts";

export const FIELD_PATHS = {
  hp: "system.health.value",
  wounds: "system.wounds",
  life: "system.life",
  prone: "system.prone",
  grappling: "system.grappling",
  downMinutes: "system.downMinutes",
  /** Each key of ActionState lives under this path, e.g. "system.actions.mainUsed". */
  actions: "system.actions",
} as const;

export const ITEM_FIELD_PATHS = {
  shieldBroken: "system.broken",
  loaded: "system.loaded",
  ammo: "system.ammo.value",
  readied: "system.readied",
} as const;

export type FieldValue =
  number | string | boolean | null | { readonly allyId: string; readonly blocksLeft: number };

export interface WwnUpdate {
  readonly actorId: string;
  /** Set when the update is to one of the actor's items rather than the actor itself. */
  readonly itemId?: string;
  /** Field path → new value. */
  readonly changes: Readonly<Record<string, FieldValue>>;
}

function field(changes: Record<string, FieldValue>, path: string, a: FieldValue, b: FieldValue) {
  // Equal primitives need no serializing (most fields, most of the time).
  if (a !== b && JSON.stringify(a) !== JSON.stringify(b)) changes[path] = b;
}

/** The updates that turn `before` into `after` (the actor, and its shield): empty when unchanged. */
export function diffCombatant(before: WwnCombatant, after: WwnCombatant): WwnUpdate[] {
  if (before === after) return []; // rules hand back the same object when nothing changed
  const changes: Record<string, FieldValue> = {};
  field(changes, FIELD_PATHS.hp, before.hp.value, after.hp.value);
  field(changes, FIELD_PATHS.wounds, before.wounds, after.wounds);
  field(changes, FIELD_PATHS.life, before.life, after.life);
  field(changes, FIELD_PATHS.prone, before.prone, after.prone);
  field(changes, FIELD_PATHS.grappling, before.grappling, after.grappling);
  field(changes, FIELD_PATHS.downMinutes, before.downMinutes ?? null, after.downMinutes ?? null);
  for (const key of Object.keys(after.actions) as (keyof ActionState)[]) {
    field(changes, `${FIELD_PATHS.actions}.${key}`, before.actions[key], after.actions[key]);
  }
  const updates: WwnUpdate[] = [];
  if (Object.keys(changes).length > 0) updates.push({ actorId: after.id, changes });
  if (after.shield !== null && before.shield?.broken !== after.shield.broken) {
    updates.push({
      actorId: after.id,
      itemId: after.shield.id,
      changes: { [ITEM_FIELD_PATHS.shieldBroken]: after.shield.broken },
    });
  }
  return updates;
}

/** Updates for several before/after pairs, leaving out actors that did not change. */
export function diffAll(pairs: readonly (readonly [WwnCombatant, WwnCombatant])[]): WwnUpdate[] {
  return pairs.flatMap(([before, after]) => diffCombatant(before, after));
}

/** The update for a weapon whose loaded, readied or ammunition state changed; null when none did. */
export function diffWeapon(ownerId: string, before: WwnWeapon, after: WwnWeapon): WwnUpdate | null {
  const changes: Record<string, FieldValue> = {};
  field(changes, ITEM_FIELD_PATHS.loaded, before.loaded ?? null, after.loaded ?? null);
  field(changes, ITEM_FIELD_PATHS.readied, before.readied, after.readied);
  if (after.ammo !== undefined) {
    field(changes, ITEM_FIELD_PATHS.ammo, before.ammo?.value ?? null, after.ammo.value);
  }
  return Object.keys(changes).length === 0 ? null : { actorId: ownerId, itemId: after.id, changes };
}
