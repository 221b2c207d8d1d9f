/**
 * Freelancers actor and item data (the `system` of each document), registered at init when the
 * world plays Freelancers (./index.ts). The item type `technique` carries a Freelancers ability
 * (its recharge number and the action it takes); `gear` is the plain model, wired as Freelancers' own.
 *
 * Field paths are the contract with the rules (src/rules/freelancers/changes.ts FIELD_PATHS and
 * ITEM_FIELD_PATHS): system.health.value, system.life, system.deathFailures,
 * system.counters.<kind>; on items system.integrity.value and system.charged. The actions an
 * older version kept at system.actions.<ActionState key> stay in the schema so stored actors
 * load; the referee's ledger holds them now (budget.ts). Every field validates; a value/max pair never has its value above its max
 * (validateJoint); stored data of another shape (a world switched from another ruleset) is read
 * through migrateData, which keeps what fits and lets the defaults fill the rest.
 *
 * Where the combat chapter is silent, these are the sheet's documented defaults (a GM edits them
 * per actor): the attribute and skill lists below; a new actor has 5 in every attribute, 0 in
 * every skill and 10 health; a new weapon is a 1d6 melee weapon with 1 m reach and integrity 3.
 */
import { isRecord, storageFields } from "../../data/migrate.ts";
import { rulesetModels } from "../../data/ruleset-models.ts";
import { actorModel, itemModel } from "../../data/model.ts";
import { cachedFormula } from "../../../rules/core/formula.ts";
import { ACTION_KINDS, FRESH_ACTIONS } from "../../../rules/freelancers/actions.ts";
import type { ActionKind } from "../../../rules/freelancers/actions.ts";
import { FL_LIFE_STATES as RULES_LIFE_STATES } from "../../../rules/freelancers/model.ts";
import type { FreelancersLife } from "../../../rules/freelancers/model.ts";
import { FL_LIMITS } from "../../../rules/freelancers/limits.ts";
import { SIZE_CLASSES } from "../../../rules/freelancers/options.ts";
import { reviveOnHealthChange } from "./life.ts";
import {
  choiceField,
  damageField,
  damageValidator,
  flagField,
  htmlField,
  integerField,
  refusalText as say,
} from "../../data/fields.ts";

/** The shape version of Freelancers system data; raise it with every change of shape. */
export const FL_SCHEMA_VERSION = 1;

export const FL_ATTRIBUTES = [
  "agility",
  "fortitude",
  "might",
  "intellect",
  "awareness",
  "willpower",
] as const;
export type FlAttribute = (typeof FL_ATTRIBUTES)[number];

/** The combat skills a weapon may use. */
export const FL_COMBAT_SKILLS = ["brawl", "finesse", "heavy", "marksman"] as const;
export const FL_SKILLS = [
  ...FL_COMBAT_SKILLS,
  "athletics",
  "investigation",
  "medicine",
  "persuasion",
  "stealth",
  "technology",
] as const;
export type FlSkill = (typeof FL_SKILLS)[number];

/** The attribute a skill's check adds when the sheet's button rolls it (the GM may ask another). */
export const FL_SKILL_ATTRIBUTE: Readonly<Record<FlSkill, FlAttribute>> = {
  brawl: "might",
  finesse: "agility",
  heavy: "might",
  marksman: "awareness",
  athletics: "might",
  investigation: "intellect",
  medicine: "intellect",
  persuasion: "willpower",
  stealth: "agility",
  technology: "intellect",
};

/** The rules' lists of life states, defenses, weapon kinds and actions (they refuse any other). */
export const FL_LIFE_STATES: readonly FreelancersLife[] = RULES_LIFE_STATES;
export const FL_DEFENSES = ["roll", "static"] as const;
export const FL_WEAPON_KINDS = ["melee", "ranged"] as const;
/** The shape of a weapon's effect (the book's cone, line and radius; none: one target). */
export const FL_WEAPON_SHAPES = ["none", "cone", "line", "radius"] as const;
export const FL_ABILITY_ACTIONS: readonly ActionKind[] = ACTION_KINDS;
/** The counter kinds the sheet offers to add (any other kind may be stored). */
export const FL_COUNTER_KINDS = ["stun", "stress", "bleed"] as const;

export const FL_ATTRIBUTE_DEFAULT = 5;
export const FL_HEALTH_DEFAULT = 10;
/** The bounds of every number, shared with the rules (they refuse anything beyond them). */
const LIMITS = FL_LIMITS;

/* ------------------------------------------------------------------------------------------ */
/*  Validation                                                                                 */
/* ------------------------------------------------------------------------------------------ */

/** Whether both Foundry (for the roll) and the rules (for the odds) can read a damage formula. */
export function isFlDamageFormula(formula: string): boolean {
  return Roll.validate(formula) && cachedFormula(formula) !== null;
}

const validateDamage = damageValidator(isFlDamageFormula, "FRAY.Freelancers.Invalid.Damage");

/** Counters: kind → a whole number of stacks from 0 to 99. */
function validateCounters(value: unknown): void {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new Error(say("FRAY.Freelancers.Invalid.Counters"));
  }
  for (const [kind, count] of Object.entries(value as Record<string, unknown>)) {
    if (
      kind.trim() === "" ||
      typeof count !== "number" ||
      !Number.isInteger(count) ||
      count < 0 ||
      count > LIMITS.count
    ) {
      throw new Error(say("FRAY.Freelancers.Invalid.Counter", { kind, count: String(count) }));
    }
  }
}

/** A value above its maximum is refused (health, weapon integrity). */
function checkPool(pool: unknown, field: string): void {
  const { value, max } = (pool ?? {}) as { value?: unknown; max?: unknown };
  if (typeof value === "number" && typeof max === "number" && value > max) {
    throw new Error(
      say("FRAY.Freelancers.Invalid.OverMax", { field, value: String(value), max: String(max) }),
    );
  }
}

/* ------------------------------------------------------------------------------------------ */
/*  Reading foreign or older data                                                              */
/* ------------------------------------------------------------------------------------------ */

type Source = Record<string, unknown>;

/** Keeps only the keys of `record` whose values are whole numbers within bounds. */
function wholeNumbers(record: unknown, keys: readonly string[], min: number, max: number): Source {
  if (!isRecord(record)) return {};
  return Object.fromEntries(
    keys.flatMap((key) => {
      const v = record[key];
      return typeof v === "number" && Number.isInteger(v) && v >= min && v <= max ? [[key, v]] : [];
    }),
  );
}

/** The record without the given keys (their defaults then fill them). */
function omit(record: Source, keys: readonly string[]): Source {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)));
}

/** A value/max pair read leniently: a bare number is the value and the max; value ≤ max. */
function pool(value: unknown, limit: number): Source | undefined {
  const fits = (n: unknown): n is number =>
    typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= limit;
  if (fits(value)) return { value, max: value };
  if (!isRecord(value)) return undefined;
  const max = fits(value["max"]) ? value["max"] : undefined;
  const current = fits(value["value"]) ? value["value"] : undefined;
  if (max === undefined && current === undefined) return undefined;
  const top = max ?? current ?? 0;
  return { value: Math.min(current ?? top, top), max: top };
}

/** Keeps each stored value that is one of its key's choices; drops the rest (the default then). */
function keepChoices(
  out: Source,
  source: Source,
  choices: Readonly<Record<string, readonly unknown[]>>,
): void {
  for (const [key, list] of Object.entries(choices))
    if (!list.includes(source[key])) Reflect.deleteProperty(out, key);
}

/** Stores a pool read back within its bounds, or drops an unreadable one (the default then). */
function keepPool(out: Source, key: string, value: unknown): void {
  if (value === undefined) Reflect.deleteProperty(out, key);
  else out[key] = value;
}

/**
 * Actor data of any shape (another ruleset's, an older version's) made readable: what fits is
 * kept, what does not is dropped so the defaults fill it; the result always validates.
 */
export function migrateFlActor(source: Source): Source {
  if (source["schemaVersion"] === FL_SCHEMA_VERSION) return source;
  const out: Source = { ...source, schemaVersion: FL_SCHEMA_VERSION };
  const attrs = wholeNumbers(source["attributes"], FL_ATTRIBUTES, -LIMITS.score, LIMITS.score);
  out["attributes"] = attrs;
  out["skills"] = wholeNumbers(source["skills"], FL_SKILLS, -LIMITS.score, LIMITS.score);
  keepPool(out, "health", pool(source["health"], LIMITS.health));
  keepChoices(out, source, { size: SIZE_CLASSES, life: FL_LIFE_STATES, defense: FL_DEFENSES });
  try {
    validateCounters(source["counters"]);
  } catch {
    delete out["counters"];
  }
  const unfit = ["armor", "deathFailures", "staticDefense"].filter((key) => {
    const v = source[key];
    return !(typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= LIMITS.armor);
  });
  const actions = ["base", "move", "quick", "reaction"];
  out["actions"] = wholeNumbers(source["actions"], actions, 0, LIMITS.actions);
  return omit(out, unfit);
}

/** Item data of any shape made readable (see migrateFlActor). */
export function migrateFlItem(source: Source): Source {
  if (source["schemaVersion"] === FL_SCHEMA_VERSION) return source;
  const out: Source = { ...source, schemaVersion: FL_SCHEMA_VERSION };
  if (typeof source["damage"] !== "string" || cachedFormula(source["damage"]) === null) {
    delete out["damage"];
  }
  keepPool(out, "integrity", pool(source["integrity"], LIMITS.integrity));
  keepChoices(out, source, {
    kind: FL_WEAPON_KINDS,
    skill: FL_COMBAT_SKILLS,
    attribute: FL_ATTRIBUTES,
    action: FL_ABILITY_ACTIONS,
  });
  if (!isRecord(source["range"])) delete out["range"];
  const unfit = ["reach", "rating", "recharge"].filter((key) => {
    const v = source[key];
    return !(typeof v === "number" && Number.isFinite(v) && v >= 0 && v <= LIMITS.meters);
  });
  return omit(out, unfit);
}

/* ------------------------------------------------------------------------------------------ */
/*  Field builders                                                                             */
/* ------------------------------------------------------------------------------------------ */

function poolField(initial: number, max: number) {
  const { SchemaField } = foundry.data.fields;
  return new SchemaField({
    value: integerField(initial, { min: 0, max }),
    max: integerField(initial, { min: 0, max }),
  });
}

function meters(initial: number) {
  const { NumberField } = foundry.data.fields;
  return new NumberField({ required: true, nullable: false, min: 0, max: LIMITS.meters, initial });
}

/**
 * The turn's actions (rules/freelancers/model.ts ActionState) an older version stored on the
 * actor, one field per key: kept loadable, never read (see budget.ts).
 */
function actionsField() {
  const { SchemaField, StringField } = foundry.data.fields;
  const f = FRESH_ACTIONS;
  const count = (initial: number) => integerField(initial, { min: 0, max: LIMITS.actions });
  return new SchemaField({
    base: count(f.base),
    move: count(f.move),
    quick: count(f.quick),
    reaction: count(f.reaction),
    long: flagField(f.long),
    readied: new StringField({
      required: true,
      nullable: true,
      blank: false,
      choices: ["base", "move"],
      initial: null,
    }),
    dodging: flagField(f.dodging),
    disengaging: flagField(f.disengaging),
    offhandPending: flagField(f.offhandPending),
    triggered: flagField(f.triggered),
  });
}

function scores(keys: readonly string[], initial: number) {
  const { SchemaField } = foundry.data.fields;
  return new SchemaField(
    Object.fromEntries(
      keys.map((key) => [key, integerField(initial, { min: -LIMITS.score, max: LIMITS.score })]),
    ),
  );
}

/* ------------------------------------------------------------------------------------------ */
/*  Actors                                                                                     */
/* ------------------------------------------------------------------------------------------ */

function actorSchema() {
  const { NumberField, ObjectField } = foundry.data.fields;
  return {
    ...storageFields(),
    attributes: scores(FL_ATTRIBUTES, FL_ATTRIBUTE_DEFAULT),
    skills: scores(FL_SKILLS, 0),
    size: choiceField(SIZE_CLASSES, "medium"),
    /** Rolls its defense, or has a static one (the attacker must roll under it). */
    defense: choiceField(FL_DEFENSES, "roll"),
    /** Its own static defense; null: the base + its size modifier. */
    staticDefense: new NumberField({
      required: true,
      nullable: true,
      integer: true,
      min: 0,
      max: LIMITS.score,
      initial: null,
    }),
    health: poolField(FL_HEALTH_DEFAULT, LIMITS.health),
    /** Natural armor rating, added to the worn armor's. */
    armor: integerField(0, { min: 0, max: LIMITS.armor }),
    life: choiceField(FL_LIFE_STATES, "active"),
    deathFailures: integerField(0, { min: 0, max: LIMITS.count }),
    /** Named stacks: { stun: 1, bleed: 2 }. */
    counters: new ObjectField({
      required: true,
      nullable: false,
      initial: () => ({}),
      validate: validateCounters,
    }),
    immobilized: flagField(),
    actions: actionsField(),
    biography: htmlField(),
  };
}

export class FlCharacterData extends actorModel({
  schema: actorSchema,
  migrate: migrateFlActor,
  validate: (data) => {
    checkPool(data["health"], "health");
  },
}) {
  /** Healing above 0 ends Dying; health set to 0 makes Dying (./life.ts). */
  override async _preUpdate(
    ...args: Parameters<foundry.abstract.TypeDataModel.Any["_preUpdate"]>
  ): Promise<boolean | undefined> {
    const allowed = await super._preUpdate(...args);
    if (allowed === false) return false;
    const system = this as unknown as { life: FreelancersLife; deathFailures: number };
    reviveOnHealthChange(system, args[0]);
    return undefined;
  }
}

export class FlNpcData extends FlCharacterData {}

/* ------------------------------------------------------------------------------------------ */
/*  Items                                                                                      */
/* ------------------------------------------------------------------------------------------ */

function weaponSchema() {
  const { SchemaField, StringField } = foundry.data.fields;
  return {
    ...storageFields(),
    description: htmlField(),
    kind: choiceField(FL_WEAPON_KINDS, "melee"),
    attribute: choiceField(FL_ATTRIBUTES, "agility"),
    skill: choiceField(FL_COMBAT_SKILLS, "brawl"),
    damage: damageField(validateDamage),
    integrity: poolField(3, LIMITS.integrity),
    /** Melee: meters it reaches. */
    reach: meters(1),
    /** Ranged: nominal and maximum range in meters. */
    range: new SchemaField({ nominal: meters(10), max: meters(30) }),
    /** A Touch effect lands on any hit, even one that does not get through the armor. */
    touch: flagField(),
    /**
     * An effect with a shape hits everyone in it (area.ts): a cone or a line from the wielder out
     * to `range` meters, or a radius of `range` meters around the point it lands on.
     */
    shape: new SchemaField({ kind: choiceField(FL_WEAPON_SHAPES, "none"), range: meters(0) }),
    /** Free text: the weapon's traits as the book lists them. */
    traits: new StringField({ required: true, nullable: false, blank: true, initial: "" }),
  };
}

function validateWeapon(data: Source): void {
  checkPool(data["integrity"], "integrity");
  const range = data["range"] as { nominal?: unknown; max?: unknown } | undefined;
  if (
    typeof range?.nominal === "number" &&
    typeof range.max === "number" &&
    range.nominal > range.max
  ) {
    throw new Error(
      say("FRAY.Freelancers.Invalid.OverMax", {
        field: "range",
        value: String(range.nominal),
        max: String(range.max),
      }),
    );
  }
}

export class FlWeaponData extends itemModel({
  schema: weaponSchema,
  migrate: migrateFlItem,
  validate: validateWeapon,
}) {}

function armorSchema() {
  return {
    ...storageFields(),
    description: htmlField(),
    /** Armor rating: taken off every hit's damage while worn. */
    rating: integerField(1, { min: 0, max: LIMITS.armor }),
    equipped: flagField(true),
  };
}

export class FlArmorData extends itemModel({ schema: armorSchema, migrate: migrateFlItem }) {}

function abilitySchema() {
  const { NumberField } = foundry.data.fields;
  return {
    ...storageFields(),
    description: htmlField(),
    /** Recharge N: at the Upkeep a spent ability recharges on a d10 of N or better; null: never. */
    recharge: new NumberField({
      required: true,
      nullable: true,
      integer: true,
      min: 1,
      max: 10,
      initial: null,
    }),
    action: choiceField(FL_ABILITY_ACTIONS, "quick"),
    charged: flagField(true),
  };
}

export class FlAbilityData extends itemModel({ schema: abilitySchema, migrate: migrateFlItem }) {}

/** The models registered when the world plays Freelancers (gear: the plain model, as its own). */
export const FL_DATA_MODELS = rulesetModels(
  "freelancers",
  { character: FlCharacterData, npc: FlNpcData },
  { weapon: FlWeaponData, armor: FlArmorData, technique: FlAbilityData },
  { Actor: ["health"], "Item.weapon": ["integrity"] },
);
