/**
 * Outcomes as document changes. Rules compute the next state of every actor they touch; this turns
 * "before → after" into the update the shell writes (one batch per actor): system field paths, and
 * statuses to set (with their data) or remove.
 *
 * The field paths below are the contract with the Worldlines actor DataModel.
 */
import { copyStatuses } from "./combatant.ts";
import { STATUS_IDS } from "./model.ts";
import type { StatusId, StatusState, WorldlinesCombatant } from "./model.ts";

export const FIELD_PATHS = {
  health: "system.health.value",
  energy: "system.energy.value",
  stance: "system.stance",
  life: "system.life",
  armsDisabled: "system.disabledLimbs.arms",
  legsDisabled: "system.disabledLimbs.legs",
  defensivePosture: "system.defensivePosture",
  interruptUsed: "system.interruptUsed",
  unconsciousMinutes: "system.unconsciousMinutes",
} as const;

export type FieldValue = number | string | boolean | null;

export interface ActorUpdate {
  readonly actorId: string;
  /** Field path → new value. */
  readonly changes: Readonly<Record<string, FieldValue>>;
  /** Statuses to add or whose data changed, with their new data. */
  readonly setStatuses: StatusState;
  readonly removeStatuses: readonly StatusId[];
}

function sameStatus(a: unknown, b: unknown): boolean {
  // The same object is the same status (the common case: untouched): skip the serialization.
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

function field(changes: Record<string, FieldValue>, path: string, a: FieldValue, b: FieldValue) {
  if (a !== b) changes[path] = b;
}

/** The update that turns `before` into `after`, or null when nothing changed. */
export function diffCombatant(
  before: WorldlinesCombatant,
  after: WorldlinesCombatant,
): ActorUpdate | null {
  if (before === after) return null; // rules hand back the same object when nothing changed
  const changes: Record<string, FieldValue> = {};
  field(changes, FIELD_PATHS.health, before.health.value, after.health.value);
  field(changes, FIELD_PATHS.energy, before.energy.value, after.energy.value);
  field(changes, FIELD_PATHS.stance, before.stance, after.stance);
  field(changes, FIELD_PATHS.life, before.life, after.life);
  field(changes, FIELD_PATHS.armsDisabled, before.disabledLimbs.arms, after.disabledLimbs.arms);
  field(changes, FIELD_PATHS.legsDisabled, before.disabledLimbs.legs, after.disabledLimbs.legs);
  field(changes, FIELD_PATHS.defensivePosture, before.defensivePosture, after.defensivePosture);
  field(changes, FIELD_PATHS.interruptUsed, before.interruptUsed, after.interruptUsed);
  field(
    changes,
    FIELD_PATHS.unconsciousMinutes,
    before.unconsciousMinutes ?? null,
    after.unconsciousMinutes ?? null,
  );
  const setStatuses: Record<string, unknown> = {};
  const removeStatuses: StatusId[] = [];
  for (const id of STATUS_IDS) {
    const a = before.statuses[id];
    const b = after.statuses[id];
    if (b === undefined) {
      if (a !== undefined) removeStatuses.push(id);
    } else if (a === undefined || !sameStatus(a, b)) {
      setStatuses[id] = b;
    }
  }
  if (
    Object.keys(changes).length === 0 &&
    Object.keys(setStatuses).length === 0 &&
    removeStatuses.length === 0
  ) {
    return null;
  }
  return { actorId: after.id, changes, setStatuses, removeStatuses };
}

/** Updates for several before/after pairs, leaving out actors that did not change. */
export function diffAll(
  pairs: readonly (readonly [WorldlinesCombatant, WorldlinesCombatant])[],
): ActorUpdate[] {
  const updates: ActorUpdate[] = [];
  for (const [before, after] of pairs) {
    const update = diffCombatant(before, after);
    if (update !== null) updates.push(update);
  }
  return updates;
}

/** Removes one status (returns a new status state). */
export function withoutStatus(statuses: StatusState, id: StatusId): StatusState {
  if (statuses[id] === undefined) return statuses;
  return copyStatuses(statuses, id);
}
