/**
 * The WWN input check: what the entry points check before they compute, with the number guard of
 * core/guard.ts and the name guard of core/names.ts. What passes comes back as `Checked<T>`
 * (core/checked.ts), and the rules that take checked input run without checking again; the
 * encounter simulator checks its fighters once and keeps the checked values.
 *
 * Refused by name, naming the field: a NaN or an infinity anywhere ("not-a-number"), hit points
 * outside 0..max or beyond WWN_LIMITS, a negative count (wounds, speed, minutes, actions used)
 * ("out-of-range", "not-whole"), a value outside its list — a life state, a weapon mode, an
 * attribute, an attack kind ("badChoice") — and a name every object answers to ("toString",
 * "__proto__") as a skill or a key ("badName").
 */
import type { Checked } from "../core/checked.ts";
import { checkedAs } from "../core/checked.ts";
import { cachedFormula } from "../core/formula.ts";
import { checkAllNumbers, checkNumber, fieldName, NUMBER_RULES } from "../core/guard.ts";
import type { Field, NumberRefusalReason, NumberRule } from "../core/guard.ts";
import { checkChoice, checkName, checkNames } from "../core/names.ts";
import type { NameRefusalReason } from "../core/names.ts";
import { ok, refuse } from "../core/result.ts";
import type { Refusal, Result } from "../core/result.ts";
import type { ActionState } from "./model.ts";
import { WWN_LIMITS } from "./limits.ts";
import { ATTACK_MODES, ATTRIBUTES, WWN_LIVES } from "./model.ts";
import type { WwnCombatant, WwnWeapon } from "./model.ts";
import { DEFAULT_WWN_OPTIONS } from "./options.ts";
import type { WwnOptions } from "./options.ts";

/** Why an input was refused: a bad number, a bad name or a value outside its list. */
export type InputRefusalReason = NumberRefusalReason | NameRefusalReason;
export type InputRefusal = Refusal<InputRefusalReason>;

const HP_MAX: NumberRule = { min: 0, max: WWN_LIMITS.hp, whole: true };
const WOUNDS: NumberRule = { min: 0, max: WWN_LIMITS.wounds, whole: true };
const SPEED: NumberRule = { min: 0, max: WWN_LIMITS.feet, whole: true };
const MINUTES: NumberRule = { min: 0, max: WWN_LIMITS.minutes, whole: true };
const AMMO_MAX: NumberRule = { min: 0, max: WWN_LIMITS.ammo, whole: true };
/**
 * An attribute modifier, skill level, AC, bonus or save: whole, as the DataModel stores them (a
 * fraction would reach hit points through the damage bonus, and hit points are whole).
 */
const WHOLE_MODIFIER: NumberRule = { ...NUMBER_RULES.modifier, whole: true };

/** A field's path with `keys` after it. */
function at(field: Field, ...keys: string[]): readonly string[] {
  return typeof field === "string" ? [field, ...keys] : [...field, ...keys];
}

/**
 * A table the rules read by name (skills, attributes): a plain record, so that a name finds only
 * its own entries, with no name every object answers to as a key.
 */
export function checkWwnTable(field: Field, table: object): InputRefusal | undefined {
  const proto: unknown = Object.getPrototypeOf(table);
  if (proto !== Object.prototype && proto !== null) {
    return refuse("badName", { field: fieldName(field), value: "a table with inherited entries" });
  }
  return checkNames(field, table);
}

/** Checks whoever makes a check: attribute modifiers and skill levels finite and in range. */
export function checkWwnCheckUser(
  field: string,
  user: Pick<WwnCombatant, "attributes" | "skills">,
): InputRefusal | undefined {
  const bad =
    checkWwnTable(at(field, "attributes"), user.attributes) ??
    checkAllNumbers(`${field}.attributes`, user.attributes, WHOLE_MODIFIER) ??
    checkWwnTable(at(field, "skills"), user.skills) ??
    checkAllNumbers(`${field}.skills`, user.skills, WHOLE_MODIFIER);
  if (bad) return bad;
  for (const key of Object.keys(user.attributes)) {
    const refusal = checkChoice(at(field, "attributes"), key, ATTRIBUTES);
    if (refusal) return refusal;
  }
  return undefined;
}

/** Checks a round's action state: every count whole and not negative, who it delays for or screens. */
export function checkWwnActions(field: string, actions: ActionState): InputRefusal | undefined {
  return checkAllNumbers(field, actions, NUMBER_RULES.count);
}

/** Checks one combatant: every number finite and in its range, its life from the list. */
export function checkWwnCombatant(field: string, actor: WwnCombatant): InputRefusal | undefined {
  return (
    checkAllNumbers(field, actor) ??
    checkChoice(at(field, "life"), actor.life, WWN_LIVES) ??
    checkNumber(at(field, "hp", "max"), actor.hp.max, HP_MAX) ??
    checkNumber(at(field, "hp", "value"), actor.hp.value, {
      min: 0,
      max: actor.hp.max,
      whole: true,
    }) ??
    checkNumber(`${field}.wounds`, actor.wounds, WOUNDS) ??
    checkNumber(`${field}.speed`, actor.speed, SPEED) ??
    checkNumber(`${field}.ac`, actor.ac, WHOLE_MODIFIER) ??
    checkNumber(`${field}.attackBonus`, actor.attackBonus, WHOLE_MODIFIER) ??
    (typeof actor.hitBonus === "number"
      ? checkNumber(`${field}.hitBonus`, actor.hitBonus, WHOLE_MODIFIER)
      : undefined) ??
    checkWwnCheckUser(field, actor) ??
    checkNumber(`${field}.saves.physical`, actor.saves.physical, WHOLE_MODIFIER) ??
    checkNumber(`${field}.saves.evasion`, actor.saves.evasion, WHOLE_MODIFIER) ??
    checkNumber(`${field}.saves.mental`, actor.saves.mental, WHOLE_MODIFIER) ??
    checkWwnActions(`${field}.actions`, actor.actions) ??
    (actor.downMinutes === undefined
      ? undefined
      : checkNumber(`${field}.downMinutes`, actor.downMinutes, MINUTES))
  );
}

/** {@link checkWwnCombatant}, the combatant back as checked input when it passes. */
export function checkedWwnCombatant(
  field: string,
  actor: WwnCombatant,
): Result<Checked<WwnCombatant>, InputRefusalReason> {
  return checkWwnCombatant(field, actor) ?? ok(checkedAs(actor));
}

/** Checks every combatant of a list (`field.0`, `field.1` …): the first refusal. */
export function checkWwnCombatants(
  field: string,
  list: readonly WwnCombatant[],
): InputRefusal | undefined {
  for (const [i, actor] of list.entries()) {
    const bad = checkWwnCombatant(`${field}.${String(i)}`, actor);
    if (bad) return bad;
  }
  return undefined;
}

/**
 * Checks a weapon: every number finite, Shock, magic bonus and counted ammunition in range, its
 * mode, reload and attributes from their lists, its skill a name.
 */
export function checkWwnWeapon(field: string, weapon: WwnWeapon): InputRefusal | undefined {
  const bad =
    checkAllNumbers(field, weapon) ??
    checkChoice(`${field}.mode`, weapon.mode, ATTACK_MODES) ??
    checkName(`${field}.skill`, weapon.skill) ??
    (weapon.reload === undefined
      ? undefined
      : checkChoice(`${field}.reload`, weapon.reload, ["bow", "slow"])) ??
    checkNumber(`${field}.magicBonus`, weapon.magicBonus ?? 0, WHOLE_MODIFIER) ??
    checkNumber(`${field}.shock.damage`, weapon.shock?.damage ?? 0, NUMBER_RULES.count) ??
    checkNumber(`${field}.shock.ac`, weapon.shock?.ac ?? 0, WHOLE_MODIFIER) ??
    (weapon.ammo === undefined
      ? undefined
      : (checkNumber(`${field}.ammo.max`, weapon.ammo.max, AMMO_MAX) ??
        checkNumber(`${field}.ammo.value`, weapon.ammo.value, {
          min: 0,
          max: weapon.ammo.max,
          whole: true,
        })));
  if (bad) return bad;
  for (const [i, attribute] of weapon.attributes.entries()) {
    const refusal = checkChoice(`${field}.attributes.${String(i)}`, attribute, ATTRIBUTES);
    if (refusal) return refusal;
  }
  return undefined;
}

/** {@link checkWwnWeapon}, the weapon back as checked input when it passes. */
export function checkedWwnWeapon(
  field: string,
  weapon: WwnWeapon,
): Result<Checked<WwnWeapon>, InputRefusalReason> {
  return checkWwnWeapon(field, weapon) ?? ok(checkedAs(weapon));
}

/** {@link checkWwnActions}, the action state back as checked input when it passes. */
export function checkedWwnActions(
  field: string,
  actions: ActionState,
): Result<Checked<ActionState>, InputRefusalReason> {
  return checkWwnActions(field, actions) ?? ok(checkedAs(actions));
}

/** The action state of a checked combatant: checked with it. */
export function actionsOf(actor: Checked<WwnCombatant>): Checked<ActionState> {
  return checkedAs(actor.actions);
}

/** A multiplier of a speed: from nothing to the whole speed (the book halves it). */
const SPEED_SHARE: NumberRule = { min: 0, max: 1 };

/** The numbers of a table of `keys`: each an own entry passing `rule`. */
function checkEntries(
  field: string,
  table: unknown,
  keys: readonly string[],
  rule: NumberRule,
): InputRefusal | undefined {
  for (const key of keys) {
    const value =
      typeof table === "object" && table !== null && Object.hasOwn(table, key)
        ? (table as Record<string, unknown>)[key]
        : undefined;
    const bad = checkNumber([field, key], value, rule);
    if (bad) return bad;
  }
  return undefined;
}

/** Every table and choice of the options, once their numbers are known to be finite. */
function checkOptionTables(o: WwnOptions): InputRefusal | undefined {
  const formula = cachedFormula(o.skillCheckDice);
  return (
    (formula === null
      ? refuse("badChoice", { field: "options.skillCheckDice", value: o.skillCheckDice })
      : undefined) ??
    checkChoice("options.opposedTie", o.opposedTie, ["defender", "actor"]) ??
    checkChoice("options.snapAttacks", o.snapAttacks, ["namedOnly", "anyone"]) ??
    checkChoice("options.surpriseSneak", o.surpriseSneak, ["worst", "best"]) ??
    checkChoice("options.surpriseNotice", o.surpriseNotice, ["worst", "best"]) ??
    checkChoice("options.zeroHp.pc", o.zeroHp.pc, WWN_LIVES) ??
    checkChoice("options.zeroHp.npc", o.zeroHp.npc, WWN_LIVES) ??
    checkName("options.dualWieldSkill.skill", o.dualWieldSkill.skill) ??
    checkAllNumbers("options", o, NUMBER_RULES.modifier) ??
    checkEntries("options.sizePenalty", o.sizePenalty, ["manSized", "large", "huge"], {
      ...NUMBER_RULES.modifier,
    }) ??
    checkEntries("options.executionShot", o.executionShot, ["pointBlank", "normal", "extreme"], {
      ...NUMBER_RULES.modifier,
    }) ??
    checkNumber("options.swarmSize", o.swarmSize, NUMBER_RULES.count) ??
    checkNumber("options.chargeMinFeet", o.chargeMinFeet, NUMBER_RULES.count) ??
    checkNumber("options.chargeSpeedMultiple", o.chargeSpeedMultiple, NUMBER_RULES.count) ??
    checkNumber("options.shoveFeet", o.shoveFeet, NUMBER_RULES.count) ??
    checkNumber("options.grappleDragFeet", o.grappleDragFeet, NUMBER_RULES.count) ??
    checkNumber("options.grappleThrowFeet", o.grappleThrowFeet, NUMBER_RULES.count) ??
    checkNumber("options.executionWounds", o.executionWounds, WOUNDS) ??
    checkNumber("options.downMinutes", o.downMinutes, MINUTES) ??
    checkNumber("options.wakeHp", o.wakeHp, HP_MAX) ??
    checkNumber("options.hardTerrainSpeed", o.hardTerrainSpeed, SPEED_SHARE) ??
    checkNumber("options.proneSpeed", o.proneSpeed, SPEED_SHARE)
  );
}

const checkedOptions = new WeakMap<WwnOptions, InputRefusal | null>();

/**
 * Checks the GM's options once per options object: every number finite and in its range, every
 * choice from its list, the skill-check dice a formula within the one formula limit.
 */
export function checkWwnOptions(options: WwnOptions): InputRefusal | undefined {
  let known = checkedOptions.get(options);
  if (known === undefined) {
    known = checkAllNumbers("options", options) ?? checkOptionTables(options) ?? null;
    checkedOptions.set(options, known);
  }
  return known ?? undefined;
}

/** {@link checkWwnOptions}, the options back as checked input when they pass. */
export function checkedWwnOptions(
  options: WwnOptions,
): Result<Checked<WwnOptions>, InputRefusalReason> {
  return checkWwnOptions(options) ?? ok(checkedAs(options));
}

/** The default options, checked when the rules load (they are the rules' own numbers). */
export const CHECKED_WWN_DEFAULTS: Checked<WwnOptions> = (() => {
  const checked = checkedWwnOptions(DEFAULT_WWN_OPTIONS);
  if (!checked.ok) throw new Error(`the default options fail their check: ${checked.reason}`);
  return checked.value;
})();
