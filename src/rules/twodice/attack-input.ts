/**
 * What an attack is handed, and its one check. checkAttackInput checks every value an attack
 * reads, once: the options, both combatants and the weapon in full (numbers within their bounds,
 * trait names a table may hold, kinds from their lists), and the situation. What passes comes back
 * as a CheckedAttackInput, whose parts the rules that callers run many times take (attack.ts
 * readAttack, readAutoFire, readExchange; the encounter simulator checks each fighter once).
 *
 * A check that passes allocates nothing but its answer; a refusal names the field and its value.
 */
import { checkedAs } from "../core/checked.ts";
import type { Checked } from "../core/checked.ts";
import { checkDieFace, checkNumber } from "../core/guard.ts";
import type { Modifier } from "../core/modifier.ts";
import { checkChoice, checkNames } from "../core/names.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import type { AmmoRefusal } from "./ammo.ts";
import type { TwodiceCombatant, TwodiceWeapon } from "./model.ts";
import {
  ACTION_KINDS,
  MAX_ROUNDS,
  SHEET_MODIFIER,
  SHEET_NUMBER,
  WEAPON_KINDS,
  WEAPON_TYPE_KINDS,
} from "./model.ts";
import {
  DEFAULT_TWODICE_OPTIONS,
  MAX_DIE_SIDES,
  MAX_METERS,
  checkTwodiceOptions,
} from "./options.ts";
import type { TwodiceCheckReason, TwodiceCheckRefusal, TwodiceOptions } from "./options.ts";
import type { ReachRefusal } from "./range.ts";
import type { TurnRefusal } from "./turns.ts";
import { checkWounds } from "./wounds.ts";

export type { Modifier };

/** Whether the defender sees the melee attack coming and defends against it. */
export type Awareness = "aware" | "unaware" | "ignores";
export const AWARENESS: readonly Awareness[] = ["aware", "unaware", "ignores"];

export interface AttackSituation {
  /** Melee: default aware. */
  readonly awareness?: Awareness;
  /** Ranged: the distance to the target in meters (the scene's grid units). Default 0. */
  readonly distance?: number;
  /** Ranged: the shooter moved, or turns more than 90° to fire. */
  readonly moved?: boolean;
  /** Ranged: the GM's modifier for the target (negative for hard targets, positive for large). */
  readonly targetModifier?: number;
  /**
   * Ranged: the penalties of the covers in the way (a penalty's sign does not matter: cover
   * always hinders); only the worst counts.
   */
  readonly cover?: readonly number[];
  /**
   * Ranged: the target moved this turn as the map recorded it (its token's moves), a moving
   * target like one that declared a move.
   */
  readonly targetMoving?: boolean;
  /** Ranged: the target is hiding, out of sight. */
  readonly hidden?: boolean;
  /** Further modifiers to the attack value. */
  readonly modifiers?: readonly Modifier[];
  /** The defender rolls with the attack, if it hits. */
  readonly rollWithIt?: boolean;
}

export interface AttackInput {
  readonly attacker: TwodiceCombatant;
  readonly defender: TwodiceCombatant;
  readonly weapon: TwodiceWeapon;
  readonly situation?: AttackSituation;
}

/** An attack's input every part of which passed its check (checkAttackInput). */
export interface CheckedAttackInput {
  readonly attacker: Checked<TwodiceCombatant>;
  readonly defender: Checked<TwodiceCombatant>;
  readonly weapon: Checked<TwodiceWeapon>;
  readonly situation: Checked<AttackSituation>;
}

export type AttackRefusal =
  | TwodiceCheckReason
  | AmmoRefusal
  | ReachRefusal
  | TurnRefusal
  | "sameCombatant"
  | "notMeleeWeapon"
  | "notRangedWeapon"
  | "noLineOfSight"
  | "cannotCounterattack"
  | "secondRollNeeded";

const WAITING: readonly unknown[] = [null, ...ACTION_KINDS];

/** Each modifier's value within the sheet's bounds. */
export function checkModifiers(
  field: string,
  list: readonly Modifier[] | undefined,
): TwodiceCheckRefusal | undefined {
  if (list === undefined) return undefined;
  for (let i = 0; i < list.length; i++) {
    const bad = checkNumber(`${field}.${i}`, list[i]?.value, SHEET_MODIFIER);
    if (bad) return bad;
  }
  return undefined;
}

/**
 * Checks a combatant's values by name: trait names a table may hold, every number within the
 * sheet's bounds, its armor's Coverage a face of the die, its turn's waiting action from its list.
 */
export function checkCombatant(
  c: TwodiceCombatant,
  field: string,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): TwodiceCheckRefusal | undefined {
  const badName = checkNames(`${field}.traits`, c.traits);
  if (badName) return badName;
  for (const name in c.traits) {
    const bad = checkNumber(`${field}.traits.${name}`, c.traits[name], SHEET_NUMBER);
    if (bad) return bad;
  }
  for (let i = 0; i < c.armor.length; i++) {
    const layer = c.armor[i];
    if (layer === undefined) continue;
    const bad =
      checkDieFace(`${field}.armor.${i}.coverage`, layer.coverage, options.dieSides) ??
      checkNumber(`${field}.armor.${i}.protection`, layer.protection, {
        ...SHEET_NUMBER,
        min: 0,
      });
    if (bad) return bad;
  }
  return (
    checkNumber(`${field}.unarmedDefense`, c.unarmedDefense, SHEET_NUMBER) ??
    (c.turn.meleeDefense === null
      ? undefined
      : checkNumber(`${field}.turn.meleeDefense`, c.turn.meleeDefense, SHEET_NUMBER)) ??
    checkChoice(`${field}.turn.waiting`, c.turn.waiting, WAITING) ??
    checkWounds(c.wounds, options, `${field}.wounds`)
  );
}

/** Checks a weapon's values by name: its kind and Type from their lists, numbers within bounds. */
export function checkWeapon(w: TwodiceWeapon, field = "weapon"): TwodiceCheckRefusal | undefined {
  const rounds = { min: 1, max: MAX_ROUNDS, whole: true };
  return (
    checkChoice(`${field}.kind`, w.kind, WEAPON_KINDS) ??
    checkChoice(`${field}.type.kind`, w.type.kind, WEAPON_TYPE_KINDS) ??
    checkNumber(`${field}.attack`, w.attack, SHEET_NUMBER) ??
    checkNumber(`${field}.defense`, w.defense, SHEET_NUMBER) ??
    checkNumber(`${field}.damage`, w.damage, SHEET_NUMBER) ??
    checkNumber(`${field}.range`, w.range, { ...SHEET_NUMBER, min: 0 }) ??
    checkNumber(`${field}.ammo.rounds`, w.ammo.rounds, { min: 0, max: MAX_ROUNDS, whole: true }) ??
    (w.type.kind === "capacity"
      ? checkNumber(`${field}.type.rounds`, w.type.rounds, rounds)
      : w.type.kind === "auto"
        ? checkNumber(`${field}.type.threshold`, w.type.threshold, {
            min: 1,
            max: MAX_DIE_SIDES,
            whole: true,
          })
        : undefined)
  );
}

/** Checks a situation's values: its awareness from the list, numbers within their bounds. */
export function checkSituation(
  s: AttackSituation,
  field = "situation",
): TwodiceCheckRefusal | undefined {
  const cover = s.cover ?? [];
  for (let i = 0; i < cover.length; i++) {
    const bad = checkNumber(`${field}.cover.${i}`, cover[i], SHEET_MODIFIER);
    if (bad) return bad;
  }
  return (
    checkChoice(`${field}.awareness`, s.awareness ?? "aware", AWARENESS) ??
    checkNumber(`${field}.distance`, s.distance ?? 0, { min: 0, max: MAX_METERS }) ??
    checkNumber(`${field}.targetModifier`, s.targetModifier ?? 0, SHEET_MODIFIER) ??
    checkModifiers(`${field}.modifiers`, s.modifiers)
  );
}

/**
 * Checks every value of an attack's input once, and hands back its parts as checked (see the
 * file's header).
 */
export function checkAttackInput(
  input: AttackInput,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): Result<CheckedAttackInput, AttackRefusal> {
  const situation = input.situation ?? {};
  const bad =
    checkTwodiceOptions(options) ??
    checkCombatant(input.attacker, "attacker", options) ??
    checkCombatant(input.defender, "defender", options) ??
    checkWeapon(input.weapon) ??
    checkSituation(situation);
  if (bad) return bad;
  return ok({
    attacker: checkedAs(input.attacker),
    defender: checkedAs(input.defender),
    weapon: checkedAs(input.weapon),
    situation: checkedAs(situation),
  });
}
