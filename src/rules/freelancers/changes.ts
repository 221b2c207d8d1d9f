/**
 * Outcomes as document changes: "before → after" becomes the update the shell writes, one per
 * actor and one per changed item (a weapon's integrity, an ability's charge).
 *
 * The field paths below are the contract with the Freelancers actor and item DataModels.
 */
import { ownValue } from "../core/names.ts";
import type {
  ActionState,
  FreelancersAbility,
  FreelancersActor,
  FreelancersWeapon,
} from "./model.ts";

export const FIELD_PATHS = {
  health: "system.health.value",
  life: "system.life",
  deathFailures: "system.deathFailures",
  /** Each counter kind lives under this path, e.g. "system.counters.stun" (0 when gone). */
  counters: "system.counters",
  /** Each key of ActionState lives under this path, e.g. "system.actions.base". */
  actions: "system.actions",
} as const;

export const ITEM_FIELD_PATHS = {
  integrity: "system.integrity.value",
  charged: "system.charged",
} as const;

export type FieldValue = number | string | boolean | null;

export interface FreelancersUpdate {
  readonly actorId: string;
  /** Set when the update is to one of the actor's items rather than the actor itself. */
  readonly itemId?: string;
  /** Field path → new value. */
  readonly changes: Readonly<Record<string, FieldValue>>;
}

function field(changes: Record<string, FieldValue>, path: string, a: FieldValue, b: FieldValue) {
  if (a !== b) changes[path] = b;
}

/** The updates that turn `before` into `after` (the actor and its abilities): empty when unchanged. */
export function diffActor(before: FreelancersActor, after: FreelancersActor): FreelancersUpdate[] {
  const changes: Record<string, FieldValue> = {};
  field(changes, FIELD_PATHS.health, before.health.value, after.health.value);
  field(changes, FIELD_PATHS.life, before.life, after.life);
  field(changes, FIELD_PATHS.deathFailures, before.deathFailures, after.deathFailures);
  const kinds = new Set([...Object.keys(before.counters), ...Object.keys(after.counters)]);
  for (const kind of kinds) {
    field(
      changes,
      `${FIELD_PATHS.counters}.${kind}`,
      ownValue(before.counters, kind) ?? 0,
      ownValue(after.counters, kind) ?? 0,
    );
  }
  for (const key of Object.keys(after.actions) as (keyof ActionState)[]) {
    field(changes, `${FIELD_PATHS.actions}.${key}`, before.actions[key], after.actions[key]);
  }
  const updates: FreelancersUpdate[] = [];
  if (Object.keys(changes).length > 0) updates.push({ actorId: after.id, changes });
  for (const ability of after.abilities) {
    const old: FreelancersAbility | undefined = before.abilities.find((a) => a.id === ability.id);
    if (old !== undefined && old.charged !== ability.charged) {
      updates.push({
        actorId: after.id,
        itemId: ability.id,
        changes: { [ITEM_FIELD_PATHS.charged]: ability.charged },
      });
    }
  }
  return updates;
}

/** The update for a weapon whose integrity changed; null when it did not. */
export function diffWeapon(
  ownerId: string,
  before: FreelancersWeapon,
  after: FreelancersWeapon,
): FreelancersUpdate | null {
  if (before.integrity.value === after.integrity.value) return null;
  return {
    actorId: ownerId,
    itemId: after.id,
    changes: { [ITEM_FIELD_PATHS.integrity]: after.integrity.value },
  };
}
