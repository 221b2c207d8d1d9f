/**
 * Outcomes as document changes: "before → after" becomes the updates the shell writes, one for
 * the actor (wounds, this turn's action) and one per weapon item whose ammunition changed.
 *
 * The field paths below are the contract with the two-dice actor and item DataModels.
 */
import type { TurnState, TwodiceCombatant, TwodiceWeapon } from "./model.ts";

export const FIELD_PATHS = {
  wounds: "system.wounds.marked",
  bleedingStopped: "system.wounds.bleedingStopped",
  medicalBonus: "system.wounds.medicalBonus",
  /** Each key of TurnState lives under this path, e.g. "system.turn.acted". */
  turn: "system.turn",
} as const;

export const ITEM_FIELD_PATHS = {
  rounds: "system.ammo.rounds",
  empty: "system.ammo.empty",
  fresh: "system.ammo.fresh",
} as const;

export type FieldValue = number | string | boolean | null | readonly number[];

export interface TwodiceUpdate {
  readonly actorId: string;
  /** Set when the update is to one of the actor's items. */
  readonly itemId?: string;
  readonly changes: Readonly<Record<string, FieldValue>>;
}

function field(changes: Record<string, FieldValue>, path: string, a: FieldValue, b: FieldValue) {
  if (JSON.stringify(a) !== JSON.stringify(b)) changes[path] = b;
}

/** The actor update that turns `before` into `after`, or null when nothing changed. */
export function diffCombatant(
  before: TwodiceCombatant,
  after: TwodiceCombatant,
): TwodiceUpdate | null {
  const changes: Record<string, FieldValue> = {};
  field(changes, FIELD_PATHS.wounds, before.wounds.marked, after.wounds.marked);
  field(
    changes,
    FIELD_PATHS.bleedingStopped,
    before.wounds.bleedingStopped,
    after.wounds.bleedingStopped,
  );
  field(changes, FIELD_PATHS.medicalBonus, before.wounds.medicalBonus, after.wounds.medicalBonus);
  for (const key of Object.keys(after.turn) as (keyof TurnState)[]) {
    field(changes, `${FIELD_PATHS.turn}.${key}`, before.turn[key], after.turn[key]);
  }
  return Object.keys(changes).length === 0 ? null : { actorId: after.id, changes };
}

/** The item update for a weapon's ammunition, or null when it did not change. */
export function diffWeapon(
  actorId: string,
  before: TwodiceWeapon,
  after: TwodiceWeapon,
): TwodiceUpdate | null {
  const changes: Record<string, FieldValue> = {};
  field(changes, ITEM_FIELD_PATHS.rounds, before.ammo.rounds, after.ammo.rounds);
  field(changes, ITEM_FIELD_PATHS.empty, before.ammo.empty, after.ammo.empty);
  field(changes, ITEM_FIELD_PATHS.fresh, before.ammo.fresh, after.ammo.fresh);
  return Object.keys(changes).length === 0 ? null : { actorId, itemId: after.id, changes };
}

/** Every update an attack needs: attacker, defender, the weapon (one batch per document). */
export function attackUpdates(
  before: { attacker: TwodiceCombatant; defender: TwodiceCombatant; weapon: TwodiceWeapon },
  after: { attacker: TwodiceCombatant; defender: TwodiceCombatant; weapon: TwodiceWeapon },
): TwodiceUpdate[] {
  return [
    diffCombatant(before.attacker, after.attacker),
    diffCombatant(before.defender, after.defender),
    diffWeapon(after.attacker.id, before.weapon, after.weapon),
  ].filter((u): u is TwodiceUpdate => u !== null);
}
