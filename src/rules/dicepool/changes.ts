/**
 * Outcomes as document changes: "before → after" becomes the update the shell writes, one per
 * actor. The field paths below are the contract with the dice-pool actor DataModel (not built
 * yet: the shell adopts these names).
 */
import type { DicepoolCombatant } from "./model.ts";

export const DICEPOOL_FIELD_PATHS = {
  damage: "system.health.damage",
  nonLethalDamage: "system.health.nonLethal",
  woundPenalty: "system.woundPenalty",
  energy: "system.energy.value",
  incapacitated: "system.incapacitated",
  dead: "system.dead",
  stabilized: "system.stabilized",
  initiative: "system.initiative",
  droppedWeaponId: "system.droppedWeaponId",
} as const satisfies Partial<Record<keyof DicepoolCombatant, string>>;

export type DicepoolFieldValue = number | boolean | string | null;

export interface DicepoolUpdate {
  readonly actorId: string;
  /** Field path → new value. */
  readonly changes: Readonly<Record<string, DicepoolFieldValue>>;
}

function valueOf(c: DicepoolCombatant, key: keyof typeof DICEPOOL_FIELD_PATHS): DicepoolFieldValue {
  return key === "energy" ? c.energy.value : c[key];
}

/** The update that turns `before` into `after`; null when nothing changed. */
export function diffDicepool(
  before: DicepoolCombatant,
  after: DicepoolCombatant,
): DicepoolUpdate | null {
  const changes: Record<string, DicepoolFieldValue> = {};
  for (const [key, path] of Object.entries(DICEPOOL_FIELD_PATHS)) {
    const k = key as keyof typeof DICEPOOL_FIELD_PATHS;
    if (valueOf(before, k) !== valueOf(after, k)) changes[path] = valueOf(after, k);
  }
  return Object.keys(changes).length === 0 ? null : { actorId: after.id, changes };
}

/** Updates for several before/after pairs, one per changed actor, batched for one write. */
export function diffAllDicepool(
  pairs: readonly (readonly [DicepoolCombatant, DicepoolCombatant])[],
): DicepoolUpdate[] {
  return pairs.flatMap(([before, after]) => {
    const update = diffDicepool(before, after);
    return update === null ? [] : [update];
  });
}
