/**
 * The Worldlines input check: what every entry point checks before it computes, with the number
 * guard of core/guard.ts and the name guard of core/names.ts. What passes comes back as
 * `Checked<T>` (core/checked.ts), and the rules that take checked input run without checking
 * again; the encounter simulator checks its fighters once and keeps the checked values.
 *
 * Refused by name, naming the field: a NaN or an infinity anywhere ("not-a-number"), health or
 * Energy outside 0..max or beyond WORLDLINES_LIMITS, a trait or Armor die off the ladder, a
 * negative cost or count ("out-of-range", "not-whole"), a value outside its list — a stance
 * "flying", a rank, a zone ("badChoice") — and a name every object answers to ("toString",
 * "__proto__") as a skill, a trait or a key ("badName").
 */
import type { Checked } from "../core/checked.ts";
import { checkedAs } from "../core/checked.ts";
import { DIE_STEPS, isStepDie } from "../core/dice.ts";
import {
  checkAllNumbers,
  checkNumber,
  checkStepDie,
  fieldName,
  MAX_MODIFIER,
  NUMBER_RULES,
} from "../core/guard.ts";
import type { Field, NumberRefusalReason, NumberRule } from "../core/guard.ts";
import { checkChoice, checkName, checkNames } from "../core/names.ts";
import type { NameRefusalReason } from "../core/names.ts";
import { ok, refuse } from "../core/result.ts";
import type { Refusal, Result } from "../core/result.ts";
import { WORLDLINES_LIMITS } from "./limits.ts";
import {
  COVERS,
  LIFE_STATES,
  RANGE_BANDS,
  RANKS,
  STANCES,
  STATUS_IDS,
  WEAPON_KINDS,
  ZONES,
} from "./model.ts";
import type {
  RangeBand,
  StatusApplication,
  StatusState,
  WorldlinesCombatant,
  WorldlinesWeapon,
} from "./model.ts";
import { DEFAULT_OPTIONS } from "./options.ts";
import type { WorldlinesOptions } from "./options.ts";

/** Why an input was refused: a bad number, a bad name or a value outside its list. */
export type InputRefusalReason = NumberRefusalReason | NameRefusalReason;
export type InputRefusal = Refusal<InputRefusalReason>;

/** A whole modifier: the Armor bonus adds to a die's faces, so the odds need it whole. */
const WHOLE_MODIFIER = { ...NUMBER_RULES.modifier, whole: true } as const;
/** A pool's maximum: whole, from 0 to the model's bound. */
const POOL_MAX: NumberRule = { min: 0, max: WORLDLINES_LIMITS.resource, whole: true };
/** Damage a band adds: whole (the odds shift a distribution by it) and within the model's bound. */
const BAND_DAMAGE: NumberRule = {
  min: -WORLDLINES_LIMITS.damageBonus,
  max: WORLDLINES_LIMITS.damageBonus,
  whole: true,
};

/**
 * A table the rules read by name (skills, traits, armor, statuses, a range profile …): a plain
 * record, so that a name finds only its own entries, with no name every object answers to as a
 * key. The rules' lookups on checked input then need no own-entry test of their own (the attack's
 * run in the simulator's innermost loop, where that test is a builtin call each).
 */
export function checkTable(field: Field, table: object): InputRefusal | undefined {
  const proto: unknown = Object.getPrototypeOf(table);
  if (proto !== Object.prototype && proto !== null) {
    return refuse("badName", { field: fieldName(field), value: "a table with inherited entries" });
  }
  return checkNames(field, table);
}

/** A whole number from 0 up, when present. */
export function optionalCount(field: Field, value: number | undefined): InputRefusal | undefined {
  return value === undefined ? undefined : checkNumber(field, value, NUMBER_RULES.count);
}

/** A pool (health, Energy): a whole maximum within the bound, a whole value from 0 to it. */
function checkResource(
  field: string,
  key: string,
  pool: { readonly value: number; readonly max: number },
): InputRefusal | undefined {
  return (
    checkNumber([field, key, "max"], pool.max, POOL_MAX) ??
    checkNumber([field, key, "value"], pool.value, { min: 0, max: pool.max, whole: true })
  );
}

/** Trait dice: every key a name, every die on the ladder; Combat and Spirit present. */
function checkTraits(
  field: string,
  traits: WorldlinesCombatant["traits"],
): InputRefusal | undefined {
  const names = checkTable([field, "traits"], traits);
  if (names) return names;
  for (const name of Object.keys(traits)) {
    const die = (traits as Readonly<Record<string, unknown>>)[name];
    if (!isStepDie(die)) return checkStepDie([field, "traits", name], die);
  }
  if (!isStepDie(traits.combat)) return checkStepDie([field, "traits", "combat"], traits.combat);
  if (!isStepDie(traits.spirit)) return checkStepDie([field, "traits", "spirit"], traits.spirit);
  return undefined;
}

/** Armor: every key a zone, every die on the ladder or none. */
function checkArmor(field: string, armor: WorldlinesCombatant["armor"]): InputRefusal | undefined {
  const table = checkTable([field, "armor"], armor);
  if (table) return table;
  for (const zone of Object.keys(armor)) {
    const bad = checkChoice([field, "armor"], zone, ZONES);
    if (bad) return bad;
    const die = (armor as Readonly<Record<string, unknown>>)[zone];
    if (die !== null && die !== undefined && !isStepDie(die)) {
      return checkStepDie([field, "armor", zone], die);
    }
  }
  return undefined;
}

/** Statuses: every key a status of the list, with the numbers it carries. */
function checkStatuses(field: string, statuses: StatusState): InputRefusal | undefined {
  const table = checkTable([field, "statuses"], statuses);
  if (table) return table;
  for (const id of Object.keys(statuses)) {
    const bad = checkChoice([field, "statuses"], id, STATUS_IDS);
    if (bad) return bad;
  }
  const s = statuses;
  const at = (id: string, key: string): readonly string[] => [field, "statuses", id, key];
  return (
    optionalCount(at("bleeding", "hpPerTurn"), s.bleeding?.hpPerTurn) ??
    optionalCount(at("poisoned", "hpPerTurn"), s.poisoned?.hpPerTurn) ??
    optionalCount(at("staggered", "turnsLeft"), s.staggered?.turnsLeft) ??
    optionalCount(at("blinded", "turnsLeft"), s.blinded?.turnsLeft ?? undefined) ??
    optionalCount(at("exhausted", "points"), s.exhausted?.points)
  );
}

/**
 * Checks one combatant: every number finite, health and Energy whole within 0..max and the
 * model's bound, dice on the ladder, its rank, life and stance from their lists, every name a
 * name, every status a status.
 */
export function checkCombatant(
  field: string,
  actor: WorldlinesCombatant,
): InputRefusal | undefined {
  return (
    checkAllNumbers(field, actor) ??
    checkChoice([field, "rank"], actor.rank, RANKS) ??
    checkChoice([field, "life"], actor.life, LIFE_STATES) ??
    checkChoice([field, "stance"], actor.stance, STANCES) ??
    checkResource(field, "health", actor.health) ??
    checkResource(field, "energy", actor.energy) ??
    checkNumber([field, "armorBonus"], actor.armorBonus, WHOLE_MODIFIER) ??
    checkTraits(field, actor.traits) ??
    checkArmor(field, actor.armor) ??
    checkTable([field, "skills"], actor.skills) ??
    checkAllNumbers([field, "skills"], actor.skills, NUMBER_RULES.modifier) ??
    checkStatuses(field, actor.statuses) ??
    optionalCount([field, "critWiden"], actor.critWiden) ??
    optionalCount([field, "headshotWiden"], actor.headshotWiden) ??
    optionalCount([field, "unconsciousMinutes"], actor.unconsciousMinutes)
  );
}

/** {@link checkCombatant}, the combatant back as checked input when it passes. */
export function checkedCombatant(
  field: string,
  actor: WorldlinesCombatant,
): Result<Checked<WorldlinesCombatant>, InputRefusalReason> {
  return checkCombatant(field, actor) ?? ok(checkedAs(actor));
}

/**
 * A status application: its status from the list and its numbers (counts; exhaustion points,
 * which may be negative, whole).
 */
export function checkApplication(
  field: Field,
  application: StatusApplication,
): InputRefusal | undefined {
  const at = (key: string): readonly string[] =>
    typeof field === "string" ? [field, key] : [...field, key];
  const bad = checkChoice(at("status"), application.status, STATUS_IDS);
  if (bad) return bad;
  switch (application.status) {
    case "bleeding":
    case "poisoned":
      return optionalCount(at("hpPerTurn"), application.hpPerTurn);
    case "staggered":
      return optionalCount(at("turns"), application.turns);
    case "exhausted":
      return checkNumber(at("points"), application.points, WHOLE_MODIFIER);
    default:
      return checkAllNumbers(field, application);
  }
}

/** A range profile: every key a band, accuracy a modifier, damage whole within the bound. */
function checkBands(
  field: Field,
  bands: Readonly<
    Partial<Record<RangeBand, { readonly accuracy: number; readonly damage: number }>>
  >,
  every: boolean,
): InputRefusal | undefined {
  const at = (...keys: string[]): readonly string[] =>
    typeof field === "string" ? [field, ...keys] : [...field, ...keys];
  const keys = every ? RANGE_BANDS : Object.keys(bands);
  for (const band of keys) {
    const bad = checkChoice(at(), band, RANGE_BANDS);
    if (bad) return bad;
    const profile = Object.hasOwn(bands, band) ? bands[band as RangeBand] : undefined;
    const refusal =
      checkNumber(at(band, "accuracy"), profile?.accuracy, NUMBER_RULES.modifier) ??
      checkNumber(at(band, "damage"), profile?.damage, BAND_DAMAGE);
    if (refusal) return refusal;
  }
  return undefined;
}

/**
 * Checks a weapon: every number finite, its kind from the list, its skill a name, accuracy a
 * modifier, its range bands and the statuses it puts on a hit, widenings whole and not negative.
 */
export function checkWeapon(field: string, weapon: WorldlinesWeapon): InputRefusal | undefined {
  const bad =
    checkAllNumbers(field, weapon) ??
    checkChoice([field, "kind"], weapon.kind, WEAPON_KINDS) ??
    checkName([field, "skill"], weapon.skill) ??
    checkNumber([field, "accuracy"], weapon.accuracy ?? 0, NUMBER_RULES.modifier) ??
    (weapon.rangeBands === undefined
      ? undefined
      : (checkTable([field, "rangeBands"], weapon.rangeBands) ??
        checkBands([field, "rangeBands"], weapon.rangeBands, false))) ??
    optionalCount([field, "critWiden"], weapon.critWiden) ??
    optionalCount([field, "headshotWiden"], weapon.headshotWiden);
  if (bad) return bad;
  for (const [i, application] of (weapon.onHit ?? []).entries()) {
    const refusal = checkApplication([field, "onHit", String(i)], application);
    if (refusal) return refusal;
  }
  return undefined;
}

/** The numbers of a table of `keys`: each an own entry passing `rule`. */
function checkEntries(
  field: readonly string[],
  table: unknown,
  keys: readonly string[],
  rule: NumberRule,
): InputRefusal | undefined {
  for (const key of keys) {
    const value =
      typeof table === "object" && table !== null && Object.hasOwn(table, key)
        ? (table as Record<string, unknown>)[key]
        : undefined;
    const bad = checkNumber([...field, key], value, rule);
    if (bad) return bad;
  }
  return undefined;
}

/** A check the options name: its trait and skill are names. */
function checkSpec(
  field: string,
  spec: { readonly trait: string; readonly skill?: string },
): InputRefusal | undefined {
  return (
    checkName([field, "trait"], spec.trait) ??
    (spec.skill === undefined ? undefined : checkName([field, "skill"], spec.skill))
  );
}

const COST_KEYS = [
  "attack",
  "reload",
  "switchWeapon",
  "useItem",
  "firstAid",
  "throw",
  "build",
  "defensivePosture",
  "changeStance",
  "retreat",
  "climbSwimPerSpace",
  "evade",
  "stressedTechniqueSurcharge",
  "coveringFire",
  "extraEvasion",
  "opportunityAttack",
] as const;
const MULTIPLIER: NumberRule = { min: 1, max: WORLDLINES_LIMITS.multiplier, whole: true };
const OPTION_DIE: NumberRule = { min: 1, max: WORLDLINES_LIMITS.optionDie, whole: true };
const FACE: NumberRule = { min: 0, max: MAX_MODIFIER, whole: true };
const EXHAUSTION_PENALTY: NumberRule = {
  min: 0,
  max: WORLDLINES_LIMITS.exhaustionPenalty,
  whole: true,
};
const THROW_FEET: NumberRule = { min: 0, max: WORLDLINES_LIMITS.feet };
const DIE_KEYS = DIE_STEPS.map(String);

/** A list of skill names: an array, each a usable name. */
function checkSkillList(field: string, list: unknown): InputRefusal | undefined {
  if (!Array.isArray(list)) return refuse("badChoice", { field, value: String(list) });
  for (const [i, name] of (list as unknown[]).entries()) {
    const bad = checkName([field, String(i)], name);
    if (bad) return bad;
  }
  return undefined;
}

/** Every table and choice of the options, once their numbers are known to be finite. */
function checkOptionTables(o: WorldlinesOptions): InputRefusal | undefined {
  const stances = STANCES as readonly string[];
  const bad =
    checkChoice("options.momentumTies", o.momentumTies, ["reroll", "players"]) ??
    checkNumber("options.defaultEnergyMax", o.defaultEnergyMax, POOL_MAX) ??
    checkEntries(["options", "costs"], o.costs, COST_KEYS, NUMBER_RULES.count) ??
    checkEntries(["options", "costs", "movePerSpace"], o.costs.movePerSpace, stances, {
      ...NUMBER_RULES.count,
    }) ??
    checkNumber("options.critDamageMultiplier", o.critDamageMultiplier, MULTIPLIER) ??
    checkNumber("options.headshotMultiplier", o.headshotMultiplier, MULTIPLIER) ??
    checkEntries(["options", "zoneAccuracy"], o.zoneAccuracy, ZONES, NUMBER_RULES.modifier) ??
    checkEntries(["options", "coverAccuracy"], o.coverAccuracy, COVERS, NUMBER_RULES.modifier) ??
    checkEntries(["options", "attackerStance"], o.attackerStance, stances, NUMBER_RULES.modifier) ??
    checkEntries(
      ["options", "evasionStance", "ranged"],
      o.evasionStance.ranged,
      stances,
      NUMBER_RULES.modifier,
    ) ??
    checkEntries(
      ["options", "evasionStance", "melee"],
      o.evasionStance.melee,
      stances,
      NUMBER_RULES.modifier,
    ) ??
    checkBands(["options", "rangeBands"], o.rangeBands, true) ??
    checkNumber("options.poorVisibility", o.poorVisibility, NUMBER_RULES.modifier) ??
    checkNumber("options.flanked", o.flanked, NUMBER_RULES.modifier) ??
    checkNumber("options.blindedAccuracy", o.blindedAccuracy, NUMBER_RULES.modifier) ??
    checkName("options.evasionSkill", o.evasionSkill) ??
    checkNumber("options.headshotFrom", o.headshotFrom, NUMBER_RULES.modifier) ??
    checkNumber("options.limbCheckTd", o.limbCheckTd, NUMBER_RULES.modifier) ??
    checkSpec("options.spiritCheck", o.spiritCheck) ??
    checkSpec("options.medicineCheck", o.medicineCheck) ??
    checkNumber("options.criticalFailureFace", o.criticalFailureFace, NUMBER_RULES.modifier) ??
    checkNumber("options.bleedingPerTurn", o.bleedingPerTurn, NUMBER_RULES.count) ??
    checkNumber("options.poisonPerTurn", o.poisonPerTurn, NUMBER_RULES.count) ??
    checkNumber("options.staggeredTurns", o.staggeredTurns, NUMBER_RULES.count) ??
    checkNumber("options.flashBlindnessDie", o.flashBlindnessDie, OPTION_DIE) ??
    checkNumber("options.unconsciousDie", o.unconsciousDie, OPTION_DIE) ??
    checkNumber(
      "options.unconsciousMinutesPerPip",
      o.unconsciousMinutesPerPip,
      NUMBER_RULES.count,
    ) ??
    checkEntries(["options", "limbTreatmentTd"], o.limbTreatmentTd, ["arms", "legs"], {
      ...NUMBER_RULES.modifier,
    }) ??
    checkChoice("options.statusesWhenAbsorbed", o.statusesWhenAbsorbed, [true, false]) ??
    checkNumber("options.exhaustionPenalty", o.exhaustionPenalty, EXHAUSTION_PENALTY) ??
    checkName("options.throwTrait", o.throwTrait) ??
    checkEntries(["options", "throwFeetByDie"], o.throwFeetByDie, DIE_KEYS, THROW_FEET) ??
    checkSkillList("options.legDisadvantageSkills", o.legDisadvantageSkills) ??
    checkSkillList("options.armActions", o.armActions);
  if (bad) return bad;
  for (const rank of RANKS) {
    const effect = Object.hasOwn(o.headshotEffect, rank) ? o.headshotEffect[rank] : undefined;
    const refusal = checkChoice(["options", "headshotEffect", rank], effect, [
      "kill",
      "triple",
      "none",
    ]);
    if (refusal) return refusal;
  }
  const tables =
    checkTable("options.critFrom", o.critFrom) ?? checkTable("options.recovery", o.recovery);
  if (tables) return tables;
  for (const die of Object.keys(o.critFrom)) {
    const refusal =
      checkChoice(["options", "critFrom"], Number(die), DIE_STEPS) ??
      checkNumber(["options", "critFrom", die], o.critFrom[Number(die) as 4], FACE);
    if (refusal) return refusal;
  }
  for (const status of Object.keys(o.recovery)) {
    const rule = o.recovery[status as "bleeding"];
    const at = (key: string): readonly string[] => ["options", "recovery", status, key];
    const refusal =
      checkChoice(["options", "recovery"], status, STATUS_IDS) ??
      checkChoice(at("check"), rule?.check, ["spirit", "medicine"]) ??
      checkChoice(at("by"), rule?.by, ["self", "helper"]) ??
      checkNumber(at("td"), rule?.td, NUMBER_RULES.modifier) ??
      checkNumber(at("energy"), rule?.energy, NUMBER_RULES.count);
    if (refusal) return refusal;
  }
  return undefined;
}

const checkedOptionsCache = new WeakMap<WorldlinesOptions, InputRefusal | null>();

/**
 * Checks the GM's options: every number finite and in its range (costs whole from 0, multipliers
 * and option dice within WORLDLINES_LIMITS), every table complete, every choice from its list.
 * Options are read-only values, so each object is checked once.
 */
export function checkOptions(options: WorldlinesOptions): InputRefusal | undefined {
  let known = checkedOptionsCache.get(options);
  if (known === undefined) {
    known = checkAllNumbers("options", options) ?? checkOptionTables(options) ?? null;
    checkedOptionsCache.set(options, known);
  }
  return known ?? undefined;
}

/** {@link checkOptions}, the options back as checked input when they pass. */
export function checkedOptions(
  options: WorldlinesOptions,
): Result<Checked<WorldlinesOptions>, InputRefusalReason> {
  return checkOptions(options) ?? ok(checkedAs(options));
}

/** The default options, checked when the rules load (they are the rules' own numbers). */
export const CHECKED_DEFAULT_OPTIONS: Checked<WorldlinesOptions> = (() => {
  const checked = checkedOptions(DEFAULT_OPTIONS);
  if (!checked.ok) throw new Error(`the default options fail their check: ${checked.reason}`);
  return checked.value;
})();
