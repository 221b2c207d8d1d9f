/**
 * The dice-pool state at the engine boundary: a combatant, a weapon and a turn's action counts
 * are checked here before any rule reads them, so a NaN rating, an infinite Energy, a fractional
 * damage, an incapacitation outside its list or a skill named "toString" comes back as a named
 * refusal naming the field, instead of flowing into a pool or an outcome. What passes comes back
 * as `Checked<…>` (core/checked.ts): the rules that take it do not check again.
 *
 * Bounds are DICEPOOL_LIMITS (limits.ts), the ones the DataModels use: ratings 0..rating (a
 * weapon's extra damage ±rating), speed 0..speed, Energy 0..energy with the value at most the
 * max, damage 0..damage with the non-lethal part at most the whole, the wound penalty 0..wounds,
 * initiative within ±initiative; at most DICEPOOL_LIMITS.list skills, each an own entry. Flags are
 * yes/no; names are strings. A vehicle's controls are absent, null, or the pilot's Mental and
 * Pilot (0..rating) and wound penalty (0..wounds).
 */
import { checkedAs } from "../core/checked.ts";
import type { Checked } from "../core/checked.ts";
import { checkNumber, NUMBER_RULES, shown } from "../core/guard.ts";
import type { NumberRefusalReason } from "../core/guard.ts";
import { checkChoice, checkName, checkNames } from "../core/names.ts";
import type { NameRefusalReason } from "../core/names.ts";
import { ok, refuse } from "../core/result.ts";
import type { Refusal, Result } from "../core/result.ts";
import type { TurnActions } from "./model.ts";
import { DICEPOOL_LIMITS as L } from "./limits.ts";
import type { DicepoolCombatant, DicepoolWeapon } from "./model.ts";
import { INCAPACITATIONS, POWER_FLAGS, POWER_RATINGS, WEAPON_KINDS } from "./model.ts";

/** Why a state was refused: a number, or a name or a choice (core/names.ts). */
export type StateRefusal = NumberRefusalReason | NameRefusalReason;

/** A name that is no table's key (an id, a weapon to disarm): any string, refused otherwise. */
export function checkString(field: string, value: unknown): Refusal<"badName"> | undefined {
  return typeof value === "string" ? undefined : refuse("badName", { field, value: shown(value) });
}

/** A list the rules walk: an array of at most DICEPOOL_LIMITS.list entries. */
export function checkList(field: string, value: unknown): Refusal<StateRefusal> | undefined {
  if (!Array.isArray(value)) return refuse("badChoice", { field, value: typeof value });
  return checkNumber(`${field}.length`, value.length, { min: 0, max: L.list, whole: true });
}

/** A whole number from `min` to `max`. */
function whole(value: unknown, min: number, max: number): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/** A vehicle's controls (model.ts): absent, nobody (null), or the pilot's numbers in bounds. */
function controlsFine(controls: unknown): boolean {
  if (controls === undefined || controls === null) return true;
  if (!isObject(controls)) return false;
  return (
    whole(controls["mental"], 0, L.rating) &&
    whole(controls["pilot"], 0, L.rating) &&
    whole(controls["woundPenalty"], 0, L.wounds)
  );
}

/**
 * Every field of the combatant passes checkDicepoolCombatant, by plain comparisons: nothing is
 * allocated when it passes. A false sends the caller to the full check, which names the refusal.
 */
function combatantFine(c: DicepoolCombatant): boolean {
  if (!isObject(c) || !isObject(c.energy) || !isObject(c.powers) || !isObject(c.skills)) {
    return false;
  }
  const { powers, energy } = c;
  if (!(
    typeof c.id === "string" &&
    whole(c.physical, 0, L.rating) &&
    whole(c.mental, 0, L.rating) &&
    whole(c.size, 0, L.rating) &&
    whole(c.speed, 0, L.speed) &&
    whole(c.armorRating, 0, L.rating) &&
    whole(energy.max, 0, L.energy) &&
    whole(energy.value, 0, energy.max) &&
    whole(c.damage, 0, L.damage) &&
    whole(c.nonLethalDamage, 0, c.damage) &&
    whole(c.woundPenalty, 0, L.wounds) &&
    whole(c.initiative, -L.initiative, L.initiative) &&
    (c.incapacitated === null || INCAPACITATIONS.includes(c.incapacitated)) &&
    typeof c.dead === "boolean" &&
    typeof c.stabilized === "boolean" &&
    (c.droppedWeaponId === null || typeof c.droppedWeaponId === "string") &&
    controlsFine(c.controls)
  )) {
    return false;
  }
  for (const key of POWER_RATINGS) if (!whole(powers[key], 0, L.rating)) return false;
  for (const key of POWER_FLAGS) if (typeof powers[key] !== "boolean") return false;
  if (powers.flawlessDefense !== undefined && typeof powers.flawlessDefense !== "boolean") {
    return false;
  }
  let skills = 0;
  for (const key in c.skills) {
    if (!Object.hasOwn(c.skills, key) || ++skills > L.list || checkName("", key)) return false;
    if (!whole(c.skills[key as keyof typeof c.skills], 0, L.rating)) return false;
  }
  return true;
}

/** The full check behind combatantFine: the first bad field, named `field.…`. */
function combatantRefusal(field: string, c: DicepoolCombatant): Refusal<StateRefusal> {
  const at = (name: string) => `${field}.${name}`;
  if (!isObject(c)) return refuse("badChoice", { field, value: typeof c });
  for (const part of ["energy", "powers", "skills"] as const) {
    if (!isObject(c[part])) return refuse("badChoice", { field: at(part), value: "missing" });
  }
  const rating = { ...NUMBER_RULES.count, max: L.rating };
  const numbers: readonly (readonly [string, unknown, number, number])[] = [
    ["physical", c.physical, 0, L.rating],
    ["mental", c.mental, 0, L.rating],
    ["size", c.size, 0, L.rating],
    ["speed", c.speed, 0, L.speed],
    ["armorRating", c.armorRating, 0, L.rating],
    ["energy.max", c.energy.max, 0, L.energy],
    ["energy.value", c.energy.value, 0, Math.min(L.energy, c.energy.max)],
    ["damage", c.damage, 0, L.damage],
    ["nonLethalDamage", c.nonLethalDamage, 0, Math.min(L.damage, c.damage)],
    ["woundPenalty", c.woundPenalty, 0, L.wounds],
    ["initiative", c.initiative, -L.initiative, L.initiative],
    ...POWER_RATINGS.map((key) => [`powers.${key}`, c.powers[key], 0, L.rating] as const),
  ];
  for (const [name, value, min, max] of numbers) {
    const bad = checkNumber(at(name), value, { min, max, whole: true });
    if (bad) return bad;
  }
  const count =
    checkNumber(at("skills.length"), Object.keys(c.skills).length, { max: L.list }) ??
    checkNames(at("skills"), c.skills);
  if (count) return count;
  for (const key in c.skills) {
    if (!Object.hasOwn(c.skills, key)) {
      return refuse("badChoice", { field: at(`skills.${key}`), value: "inherited" });
    }
    const bad = checkNumber(at(`skills.${key}`), c.skills[key as keyof typeof c.skills], rating);
    if (bad) return bad;
  }
  const choice =
    checkString(at("id"), c.id) ??
    (c.incapacitated === null
      ? undefined
      : checkChoice(at("incapacitated"), c.incapacitated, INCAPACITATIONS)) ??
    checkChoice(at("dead"), c.dead, FLAG) ??
    checkChoice(at("stabilized"), c.stabilized, FLAG) ??
    POWER_FLAGS.map((key) => checkChoice(at(`powers.${key}`), c.powers[key], FLAG)).find(
      (bad) => bad !== undefined,
    ) ??
    checkChoice(at("powers.flawlessDefense"), c.powers.flawlessDefense, [undefined, ...FLAG]) ??
    (c.droppedWeaponId === null || typeof c.droppedWeaponId === "string"
      ? undefined
      : refuse("badChoice", {
          field: at("droppedWeaponId"),
          value: typeof c.droppedWeaponId,
        })) ??
    (controlsFine(c.controls) ? undefined : refuse("badChoice", { field: at("controls") }));
  return choice ?? refuse("badChoice", { field });
}

const FLAG: readonly boolean[] = [true, false];

/** Checks every field of a combatant; `field` names it in the refusal ("attacker", …). */
export function checkDicepoolCombatant(
  field: string,
  c: DicepoolCombatant,
): Result<Checked<DicepoolCombatant>, StateRefusal> {
  return combatantFine(c) ? ok(checkedAs(c)) : combatantRefusal(field, c);
}

/** Checks a weapon: a string id, a kind from its list, yes/no mods, extra damage within ±rating. */
export function checkDicepoolWeapon(
  field: string,
  weapon: DicepoolWeapon,
): Result<Checked<DicepoolWeapon>, StateRefusal> {
  if (!isObject(weapon) || !isObject(weapon.mods)) {
    return refuse("badChoice", { field, value: "missing" });
  }
  const { mods } = weapon;
  const bad =
    checkString(`${field}.id`, weapon.id) ??
    checkChoice(`${field}.kind`, weapon.kind, WEAPON_KINDS) ??
    checkChoice(`${field}.mods.nonLethal`, mods.nonLethal, FLAG) ??
    checkChoice(`${field}.mods.disarming`, mods.disarming, FLAG) ??
    checkChoice(`${field}.mods.grappling`, mods.grappling, FLAG) ??
    checkNumber(`${field}.damage`, weapon.damage, { min: -L.rating, max: L.rating, whole: true });
  return bad ?? ok(checkedAs(weapon));
}

/** A whole count from 0 to DICEPOOL_LIMITS.actions (the rule checkTurnActions names). */
function turnCount(value: unknown): boolean {
  return whole(value, 0, L.actions);
}

/** Checks a turn's action counts (whole, 0..actions) and its Complex flag (yes/no). */
export function checkTurnActions(state: TurnActions): Refusal<StateRefusal> | undefined {
  // Plain comparisons first (every attack the simulator plays asks): nothing built when all pass.
  if (
    isObject(state) &&
    turnCount(state.simpleUsed) &&
    turnCount(state.freeUsed) &&
    turnCount(state.moves) &&
    typeof state.complexUsed === "boolean" &&
    (state.blitz === undefined || typeof state.blitz === "boolean")
  ) {
    return undefined;
  }
  if (!isObject(state)) return refuse("badChoice", { field: "turn", value: typeof state });
  const count = { ...NUMBER_RULES.count, max: L.actions };
  return (
    checkNumber("turn.simpleUsed", state.simpleUsed, count) ??
    checkNumber("turn.freeUsed", state.freeUsed, count) ??
    checkNumber("turn.moves", state.moves, count) ??
    checkChoice("turn.complexUsed", state.complexUsed, FLAG) ??
    checkChoice("turn.blitz", state.blitz, [undefined, true, false])
  );
}
