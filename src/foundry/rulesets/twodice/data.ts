/**
 * Two-dice actor and item data (the `system` of each document), registered when the world plays
 * the two-dice game (./index.ts). The field paths are the contract with the rules
 * (src/rules/twodice/changes.ts FIELD_PATHS and ITEM_FIELD_PATHS): system.wounds.marked,
 * system.wounds.bleedingStopped, system.wounds.medicalBonus; on weapons system.ammo.rounds /
 * empty / fresh. The turn an older version kept at system.turn.<TurnState key> stays in the
 * schema so stored actors load; the referee's ledger holds the turn now (budget.ts).
 *
 * - Actors: the traits (Agility, Toughness, Perception, Stealth, Medicine), Unarmed Defense, the
 *   surprise bonus (what its traits add to its team's surprise roll), the wound track (marked circles), a biography.
 * - Weapons: melee or ranged, Attack, Defense, Damage, Range (a step of the range scale), Type
 *   ("", "C", "C2", "A13" …) and what is loaded, in which fight. Armor: one layer, Coverage and Protection, worn
 *   or not. Gear: a quantity.
 *
 * Every model carries `schemaVersion`; `migrateData` reads data another ruleset's model wrote
 * (a world switched rulesets: WWN's `wounds` is a number, a Worldlines damage is a formula) by
 * dropping what does not fit so the default takes its place; `validateJoint` refuses a loaded
 * count above the weapon's capacity. Bad values are refused with a message and never stored.
 */
import { isRecord, storageFields } from "../../data/migrate.ts";
import { rulesetModels } from "../../data/ruleset-models.ts";
import { actorModel, itemModel } from "../../data/model.ts";
import {
  ACTION_KINDS,
  FRESH_TURN,
  MAX_ROUNDS,
  parseWeaponType,
} from "../../../rules/twodice/model.ts";
import type { ActionKind } from "../../../rules/twodice/model.ts";
import { DEFAULT_TRAITS } from "../../../rules/twodice/factory.ts";
import { MAX_DIE_SIDES, MAX_WOUND_CIRCLES } from "../../../rules/twodice/options.ts";
import type { TwodiceOptions } from "../../../rules/twodice/options.ts";
import { twodiceOptions } from "./settings.ts";
import {
  choiceField,
  flagField,
  htmlField,
  integerField,
  refusalText as say,
} from "../../data/fields.ts";

/** The shape version of two-dice system data. Raise it with every change of shape. */
export const TWODICE_SCHEMA_VERSION = 1;

export const TWODICE_TRAITS = [
  "agility",
  "toughness",
  "perception",
  "stealth",
  "medicine",
] as const;
export type TwodiceTraitId = (typeof TWODICE_TRAITS)[number];

export const TWODICE_WEAPON_KINDS = ["melee", "ranged"] as const;

/** The declared actions, as the rules list them (they refuse any other). */
export const TWODICE_ACTIONS: readonly ActionKind[] = ACTION_KINDS;

/** Bounds of a sheet number: traits and weapon values live on a d20, with room to spare. */
const LIMIT = 99;

/** Drops `key` from `source` unless `fits` accepts it, so the field's default takes its place. */
function dropUnless(source: Record<string, unknown>, key: string, fits: (v: unknown) => boolean) {
  // Reflect.deleteProperty: the key is one of this model's own field names.
  if (key in source && !fits(source[key])) Reflect.deleteProperty(source, key);
}

const isNumber = (value: unknown) => typeof value === "number" && Number.isFinite(value);

/* ------------------------------------------------------------------------------------------ */
/*  Actors                                                                                     */
/* ------------------------------------------------------------------------------------------ */

function traitsField() {
  const { SchemaField } = foundry.data.fields;
  return new SchemaField(
    Object.fromEntries(
      TWODICE_TRAITS.map((t) => [t, integerField(DEFAULT_TRAITS[t] ?? 10, { min: 0, max: LIMIT })]),
    ) as Record<TwodiceTraitId, ReturnType<typeof integerField>>,
  );
}

function woundsField() {
  const { ArrayField, SchemaField } = foundry.data.fields;
  // One past the last circle holds wounds that found no empty circle (rules: wounds.ts). The bound
  // is the longest track a world may set, so a stored wound loads whatever the setting says now.
  const circle = integerField(1, { min: 1, max: MAX_WOUND_CIRCLES + 1 });
  return new SchemaField({
    marked: new ArrayField(circle, { required: true, initial: () => [] }),
    bleedingStopped: flagField(),
    medicalBonus: integerField(0, { min: 0, max: LIMIT }),
  });
}

/** The turn an older version stored on the actor: kept loadable, never read (see budget.ts). */
function turnField() {
  const { NumberField, SchemaField, StringField } = foundry.data.fields;
  const id = () => new StringField({ required: true, nullable: true, blank: false, initial: null });
  return new SchemaField({
    acted: flagField(FRESH_TURN.acted),
    waiting: new StringField({
      required: true,
      nullable: true,
      blank: false,
      choices: [...TWODICE_ACTIONS],
      initial: null,
    }),
    meleeDefense: new NumberField({
      required: true,
      nullable: true,
      integer: true,
      min: -LIMIT,
      max: LIMIT,
      initial: null,
    }),
    moving: flagField(),
    moveHalved: flagField(),
    aiming: flagField(),
    aimed: flagField(),
    readied: id(),
    readiedLastTurn: id(),
    actionOwed: flagField(),
  });
}

function actorSchema() {
  return {
    traits: traitsField(),
    unarmedDefense: integerField(0, { min: 0, max: LIMIT }),
    /** What the actor's relevant traits add to its team's surprise roll (rules: surpriseBonusOf). */
    surpriseBonus: integerField(0, { min: -LIMIT, max: LIMIT }),
    wounds: woundsField(),
    turn: turnField(),
    biography: htmlField(),
    ...storageFields(),
  };
}

/** Reads actor data any Fray model wrote: what does not fit this shape falls back to its default. */
export function migrateTwodiceActor(source: Record<string, unknown>): Record<string, unknown> {
  dropUnless(source, "traits", isRecord);
  dropUnless(source, "unarmedDefense", isNumber);
  dropUnless(source, "surpriseBonus", isNumber);
  dropUnless(source, "turn", isRecord);
  // WWN keeps a count of wounds, Worldlines a health pool: neither is a track of circles.
  dropUnless(source, "wounds", (w) => isRecord(w) && Array.isArray(w["marked"]));
  const traits = source["traits"];
  if (isRecord(traits)) for (const t of TWODICE_TRAITS) dropUnless(traits, t, isNumber);
  return source;
}

export class TwodiceCharacterData extends actorModel({
  schema: actorSchema,
  migrate: migrateTwodiceActor,
}) {}

/** An NPC carries the same data as a character. */
export class TwodiceNpcData extends TwodiceCharacterData {}

/* ------------------------------------------------------------------------------------------ */
/*  Items                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/**
 * What a stored Type code may be when a document loads: An for any n a die may show, so a weapon
 * stored under other settings still loads (its migration keeps it). A Type typed on the sheet is
 * held to the world's Auto bounds (a setting), and so is a weapon that fires (attack/referee.ts).
 */
export const STORABLE_TYPES: Pick<TwodiceOptions, "autoThreshold"> = {
  autoThreshold: { min: 1, max: MAX_DIE_SIDES },
};

/** Reads a Type code within the bounds any world may set. */
export function parseStoredType(code: string) {
  return parseWeaponType(code, STORABLE_TYPES);
}

/** Throws the localized reason a Type code is refused (the field's validator: the world's bounds). */
function validateType(value: unknown): void {
  const { autoThreshold } = twodiceOptions();
  if (typeof value !== "string" || !parseWeaponType(value, { autoThreshold }).ok) {
    const { min, max } = autoThreshold;
    throw new Error(
      say("FRAY.Twodice.Item.Invalid.Type", {
        type: typeof value === "string" ? value : JSON.stringify(value),
        min: String(min),
        max: String(max),
      }),
    );
  }
}

function weaponSchema() {
  const { SchemaField, StringField } = foundry.data.fields;
  return {
    description: htmlField(),
    kind: choiceField(TWODICE_WEAPON_KINDS, "melee"),
    attack: integerField(10, { min: -LIMIT, max: LIMIT }),
    defense: integerField(5, { min: -LIMIT, max: LIMIT }),
    damage: integerField(0, { min: -LIMIT, max: LIMIT }),
    range: integerField(0, { min: 0, max: LIMIT }),
    type: new StringField({ required: true, blank: true, initial: "", validate: validateType }),
    ammo: new SchemaField({
      rounds: integerField(0, { min: 0, max: MAX_ROUNDS }),
      empty: flagField(),
      fresh: flagField(true),
      // The combat whose fight the loaded ammunition belongs to (null: outside any); in another
      // fight the weapon starts reloaded (adapter.ts). Absent on older weapons: null.
      fight: new StringField({ required: true, nullable: true, blank: false, initial: null }),
    }),
    ...storageFields(),
  };
}

/** A Cn weapon holds at most n rounds (the joint rule of a weapon's data). */
export function checkTwodiceWeaponJoint(data: { type: string; ammo: { rounds: number } }): void {
  const type = parseStoredType(data.type);
  if (type.ok && type.value.kind === "capacity" && data.ammo.rounds > type.value.rounds) {
    throw new Error(
      say("FRAY.Twodice.Item.Invalid.Rounds", {
        rounds: String(data.ammo.rounds),
        max: String(type.value.rounds),
      }),
    );
  }
}

/** Reads weapon data another ruleset wrote: formulas and skills give way to the defaults. */
export function migrateTwodiceWeapon(source: Record<string, unknown>): Record<string, unknown> {
  for (const key of ["attack", "defense", "damage", "range"]) dropUnless(source, key, isNumber);
  dropUnless(source, "kind", (k) => (TWODICE_WEAPON_KINDS as readonly unknown[]).includes(k));
  dropUnless(source, "type", (t) => typeof t === "string" && parseStoredType(t).ok);
  dropUnless(source, "ammo", isRecord);
  return source;
}

export class TwodiceWeaponData extends itemModel({
  schema: weaponSchema,
  migrate: migrateTwodiceWeapon,
  validate: (data) => {
    checkTwodiceWeaponJoint(data as unknown as { type: string; ammo: { rounds: number } });
  },
}) {}

function armorSchema() {
  return {
    description: htmlField(),
    /** 1 to the die's faces (20 by default); the die's size is sealed (every attack strikes it). */
    coverage: integerField(10, { min: 1, max: MAX_DIE_SIDES }),
    protection: integerField(2, { min: 0, max: LIMIT }),
    worn: flagField(true),
    ...storageFields(),
  };
}

export class TwodiceArmorData extends itemModel({ schema: armorSchema }) {}

function gearSchema() {
  return {
    description: htmlField(),
    quantity: integerField(1, { min: 0, max: 999 }),
    ...storageFields(),
  };
}

export class TwodiceGearData extends itemModel({ schema: gearSchema }) {}

/** The models registered when the world plays the two-dice game (technique: the plain model, as its own). */
export const TWODICE_DATA_MODELS = rulesetModels(
  "twodice",
  { character: TwodiceCharacterData, npc: TwodiceNpcData },
  { weapon: TwodiceWeaponData, armor: TwodiceArmorData, gear: TwodiceGearData },
);

export interface TwodiceActorSystem {
  traits: Record<TwodiceTraitId, number>;
  unarmedDefense: number;
  surpriseBonus: number;
  wounds: { marked: number[]; bleedingStopped: boolean; medicalBonus: number };
  turn: {
    acted: boolean;
    waiting: ActionKind | null;
    meleeDefense: number | null;
    moving: boolean;
    moveHalved: boolean;
    aiming: boolean;
    aimed: boolean;
    readied: string | null;
    readiedLastTurn: string | null;
    actionOwed: boolean;
  };
  biography: string;
}

export interface TwodiceWeaponSystem {
  description: string;
  kind: (typeof TWODICE_WEAPON_KINDS)[number];
  attack: number;
  defense: number;
  damage: number;
  range: number;
  type: string;
  ammo: { rounds: number; empty: boolean; fresh: boolean; fight: string | null };
}

export interface TwodiceArmorSystem {
  description: string;
  coverage: number;
  protection: number;
  worn: boolean;
}
