/**
 * The dice-pool game's actor and item data (the `system` of each document), registered when the
 * world plays the dice-pool game (see ./index.ts).
 *
 * Field paths are the contract with the rules (src/rules/dicepool/changes.ts DICEPOOL_FIELD_PATHS):
 * system.health.damage, system.health.nonLethal, system.woundPenalty, system.energy.value,
 * system.incapacitated, system.dead, system.stabilized, system.initiative.
 *
 * system.grapples, system.grapplePenalty, system.actions, system.falling, system.droppedWeaponId
 * and system.weaponPickedUp are kept only so actors stored with them load: the grapples held, the
 * penalty spent against an actor, the turn's action budget, a fall under way and a weapon knocked
 * away settle other owners' outcomes or what the GM lets a fighter do, so the referee keeps them
 * in the combat's ledger (budget.ts, falling.ts, dropped.ts) and nothing reads these fields (a
 * player can write any value to their own actor).
 *
 * Every model carries `schemaVersion`, refuses an Energy value above its max (`validateJoint`)
 * and reads stored data of another shape (`migrateData`: a world switched from another ruleset)
 * without losing the actor: numbers it shares are kept when they fit, the rest take defaults.
 */
import { isRecord, storageFields } from "../../data/migrate.ts";
import { rulesetModels } from "../../data/ruleset-models.ts";
import { itemModel } from "../../data/model.ts";
import { followDamageByHand } from "./by-hand.ts";
import { ACTION_TYPES, FRESH_TURN } from "../../../rules/dicepool/actions.ts";
import { DICEPOOL_SKILLS, INCAPACITATIONS, NO_POWERS } from "../../../rules/dicepool/model.ts";
import type { DicepoolSkill, Incapacitation } from "../../../rules/dicepool/model.ts";
import { DICEPOOL_LIMITS } from "../../../rules/dicepool/limits.ts";
import { DEFAULT_DICEPOOL_OPTIONS } from "../../../rules/dicepool/options.ts";
import {
  choiceField,
  flagField,
  htmlField,
  integerField,
  nullableIdField,
  refusalText as say,
} from "../../data/fields.ts";

/** The shape version of the dice-pool system data; raise it with every change of shape. */
export const DICEPOOL_SCHEMA_VERSION = 1;

export const DICEPOOL_ATTRIBUTES = ["physical", "mental"] as const;
export type DicepoolAttribute = (typeof DICEPOOL_ATTRIBUTES)[number];

/** The skills the combat rules name, in the sheet's order, and why one is incapacitated. */
export { DICEPOOL_SKILLS };
export const DICEPOOL_INCAPACITATIONS = INCAPACITATIONS;

export const DICEPOOL_WEAPON_KINDS = ["close", "ranged"] as const;

/**
 * Numbers the sheet accepts: ratings well beyond any character, damage beyond any death. The
 * rules' own bounds (src/rules/dicepool/limits.ts), so what a sheet stores is what the rules
 * compute and check.
 */
export { DICEPOOL_LIMITS };

/* ------------------------------------------------------------------------------------------ */
/*  Actors                                                                                     */
/* ------------------------------------------------------------------------------------------ */

function actorSchema() {
  const { ArrayField, ObjectField, SchemaField, StringField } = foundry.data.fields;
  const rating = (initial: number) =>
    integerField(initial, { min: 0, max: DICEPOOL_LIMITS.rating });
  const energyMax = DEFAULT_DICEPOOL_OPTIONS.defaultEnergyMax;
  const count = (max: number) => integerField(0, { min: 0, max });
  return {
    ...storageFields(),
    attributes: new SchemaField({ physical: rating(2), mental: rating(2) }),
    skills: new SchemaField(
      Object.fromEntries(DICEPOOL_SKILLS.map((s) => [s, rating(0)])) as Record<
        DicepoolSkill,
        ReturnType<typeof integerField>
      >,
    ),
    size: rating(1),
    /** Spaces per move. */
    speed: integerField(1, { min: 0, max: DICEPOOL_LIMITS.speed }),
    energy: new SchemaField({
      value: integerField(energyMax, { min: 0, max: DICEPOOL_LIMITS.energy }),
      max: integerField(energyMax, { min: 0, max: DICEPOOL_LIMITS.energy }),
    }),
    /** Damage taken, and the part of it that is non-lethal (health = Physical + Size + 3). */
    health: new SchemaField({
      damage: count(DICEPOOL_LIMITS.damage),
      nonLethal: count(DICEPOOL_LIMITS.damage),
    }),
    woundPenalty: count(DICEPOOL_LIMITS.wounds),
    incapacitated: new StringField({
      required: true,
      nullable: true,
      blank: false,
      choices: [...DICEPOOL_INCAPACITATIONS],
      initial: null,
    }),
    dead: flagField(),
    stabilized: flagField(),
    /** Initiative: the Initiative Damage plugin takes it below 0. */
    initiative: integerField(0, {
      min: -DICEPOOL_LIMITS.initiative,
      max: DICEPOOL_LIMITS.initiative,
    }),
    /** Retired (the ledger's: dropped.ts); kept so stored actors load. */
    droppedWeaponId: nullableIdField(),
    /** Retired (the ledger's: dropped.ts); kept so stored actors load. */
    weaponPickedUp: flagField(),
    powers: new SchemaField({
      plotArmor: flagField(NO_POWERS.plotArmor),
      freeFall: flagField(NO_POWERS.freeFall),
      perfectSwimmer: flagField(NO_POWERS.perfectSwimmer),
      perfectClimber: flagField(NO_POWERS.perfectClimber),
      woundPenaltyResistance: rating(0),
      multiGrapple: rating(0),
      antiLargeGrappling: rating(0),
      blitz: flagField(NO_POWERS.blitz),
      stabilize: flagField(NO_POWERS.stabilize),
      /** Flawless Defense: every defense die a hit (the GM gives it; rules/dicepool/conduct.ts). */
      flawlessDefense: flagField(),
    }),
    /** Surrendered (rules/dicepool/conduct.ts): only talk is left; out of the fight. */
    surrendered: flagField(),
    /** Not read (kept so stored actors load): the grapples are the ledger's (budget.ts). */
    grapples: new ArrayField(new ObjectField({ required: true, nullable: false }), {
      required: true,
      initial: () => [],
    }),
    /** Not read (kept so stored actors load): the grapple penalty is the ledger's. */
    grapplePenalty: count(DICEPOOL_LIMITS.wounds),
    /** Not read (kept so stored actors load): a fall under way is the ledger's (falling.ts). */
    falling: new ObjectField({ required: true, nullable: true, initial: null }),
    /** Not read (kept so stored actors load): the turn's budget is the ledger's. */
    actions: new SchemaField({
      simpleUsed: integerField(FRESH_TURN.simpleUsed, { min: 0, max: 99 }),
      complexUsed: flagField(FRESH_TURN.complexUsed),
      freeUsed: integerField(FRESH_TURN.freeUsed, { min: 0, max: 99 }),
      moves: integerField(FRESH_TURN.moves, { min: 0, max: 99 }),
    }),
    biography: htmlField(),
  };
}
type ActorSchema = ReturnType<typeof actorSchema>;

const wholeAtLeast = (value: unknown, min: number): boolean =>
  typeof value === "number" && Number.isInteger(value) && value >= min;

/** A stored grapple the shell can read: a victim id and a whole pool within its bound. */
function isStoredGrapple(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value["victimId"] === "string" &&
    wholeAtLeast(value["pool"], 0) &&
    (value["pool"] as number) <= DICEPOOL_LIMITS.grapplePool
  );
}

/** A stored fall: whole, non-negative height and spaces fallen (or null). */
function isStoredFall(value: unknown): boolean {
  return (
    value === null ||
    (isRecord(value) && wholeAtLeast(value["height"], 0) && wholeAtLeast(value["fallen"], 0))
  );
}

/** A whole number in [min, max] from stored data, or undefined (the default applies). */
function fitted(value: unknown, min: number, max: number): number | undefined {
  if (typeof value !== "number" || !Number.isFinite(value)) return undefined;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/**
 * Reads stored actor data of any shape. Another ruleset's data (a world switched to the
 * dice-pool game) keeps the numbers both share when they fit; shapes this model cannot read
 * (health as value/max, a life state, a grapple that is not an object) are dropped so the
 * defaults apply instead of the actor failing to load. Stored data of this shape is unchanged.
 */
export function migrateDicepoolActor(source: Record<string, unknown>): Record<string, unknown> {
  // The single grapple of the first shape becomes the first of the list (Multi-Grapple).
  const single = source["grapple"];
  if (single !== undefined) {
    if (isRecord(single) && source["grapples"] === undefined) source["grapples"] = [single];
    Reflect.deleteProperty(source, "grapple");
  }
  const grapples = source["grapples"];
  if (grapples !== undefined) {
    source["grapples"] = Array.isArray(grapples) ? grapples.filter(isStoredGrapple) : [];
  }
  if (source["falling"] !== undefined && !isStoredFall(source["falling"])) {
    Reflect.deleteProperty(source, "falling");
  }
  if (source["schemaVersion"] === DICEPOOL_SCHEMA_VERSION) return source;
  const health = source["health"];
  if (isRecord(health) && !("damage" in health)) {
    // Another ruleset's value/max health: the damage it had taken carries over.
    const value = fitted(health["value"], 0, DICEPOOL_LIMITS.damage);
    const max = fitted(health["max"], 0, DICEPOOL_LIMITS.damage);
    source["health"] = {
      damage: value !== undefined && max !== undefined ? Math.max(0, max - value) : 0,
      nonLethal: 0,
    };
  } else if (health !== undefined && !isRecord(health)) Reflect.deleteProperty(source, "health");
  const energy = source["energy"];
  if (isRecord(energy)) {
    const max = fitted(energy["max"], 0, DICEPOOL_LIMITS.energy);
    const value = fitted(energy["value"], 0, DICEPOOL_LIMITS.energy);
    source["energy"] = {
      ...(max === undefined ? {} : { max }),
      ...(value === undefined ? {} : { value: Math.min(value, max ?? value) }),
    };
  } else if (energy !== undefined) Reflect.deleteProperty(source, "energy");
  for (const key of ["attributes", "skills", "actions", "powers"]) {
    // Another ruleset's attributes (WWN's str … cha, Worldlines' dice) are not this game's.
    const value = source[key];
    if (value === undefined) continue;
    if (!isRecord(value)) {
      Reflect.deleteProperty(source, key);
      continue;
    }
    source[key] = Object.fromEntries(
      Object.entries(value).filter(([, v]) => typeof v === "number" || typeof v === "boolean"),
    );
  }
  const attributes = source["attributes"];
  if (isRecord(attributes)) {
    for (const a of DICEPOOL_ATTRIBUTES) {
      const v = fitted(attributes[a], 0, DICEPOOL_LIMITS.rating);
      if (v === undefined) Reflect.deleteProperty(attributes, a);
      else attributes[a] = v;
    }
    for (const k of Object.keys(attributes)) {
      if (!(DICEPOOL_ATTRIBUTES as readonly string[]).includes(k))
        Reflect.deleteProperty(attributes, k);
    }
  }
  if (!DICEPOOL_INCAPACITATIONS.includes(source["incapacitated"] as Incapacitation)) {
    Reflect.deleteProperty(source, "incapacitated");
  }
  const bounds: Record<string, readonly [number, number]> = {
    size: [0, DICEPOOL_LIMITS.rating],
    speed: [0, DICEPOOL_LIMITS.speed],
    woundPenalty: [0, DICEPOOL_LIMITS.wounds],
    initiative: [-DICEPOOL_LIMITS.initiative, DICEPOOL_LIMITS.initiative],
  };
  for (const [key, [min, max]] of Object.entries(bounds)) {
    const v = fitted(source[key], min, max);
    if (v === undefined) Reflect.deleteProperty(source, key);
    else source[key] = v;
  }
  source["schemaVersion"] = DICEPOOL_SCHEMA_VERSION;
  return source;
}

/** Energy never above its max: refused with a message naming both (core's joint validation). */
export function validateDicepoolActor(data: Record<string, unknown>): void {
  const energy = data["energy"];
  if (!isRecord(energy)) return;
  const { value, max } = energy;
  if (typeof value === "number" && typeof max === "number" && value > max) {
    throw new Error(
      say("FRAY.Dicepool.Invalid.EnergyAboveMax", { value: String(value), max: String(max) }),
    );
  }
}

export class DicepoolCharacterData extends foundry.abstract.TypeDataModel<
  ActorSchema,
  Actor.Implementation
> {
  static override defineSchema(): ActorSchema {
    return actorSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(migrateDicepoolActor(source));
  }

  static override validateJoint(data: Record<string, unknown>): void {
    validateDicepoolActor(data);
  }

  /** Damage written by hand brings the state with it (by-hand.ts). */
  override async _preUpdate(
    ...args: Parameters<
      foundry.abstract.TypeDataModel<ActorSchema, Actor.Implementation>["_preUpdate"]
    >
  ) {
    const allowed = await super._preUpdate(...args);
    const [changes] = args;
    followDamageByHand(this.parent, changes);
    return allowed;
  }
}

export class DicepoolNpcData extends DicepoolCharacterData {}

/* ------------------------------------------------------------------------------------------ */
/*  Items                                                                                      */
/* ------------------------------------------------------------------------------------------ */

function weaponSchema() {
  const { SchemaField } = foundry.data.fields;
  return {
    ...storageFields(),
    description: htmlField(),
    kind: choiceField(DICEPOOL_WEAPON_KINDS, "close"),
    /** Damage added to the net hits of a hit (the chapter's is 0). */
    damage: integerField(0, { min: -DICEPOOL_LIMITS.rating, max: DICEPOOL_LIMITS.rating }),
    mods: new SchemaField({
      nonLethal: flagField(),
      disarming: flagField(),
      grappling: flagField(),
      /** Attacks that rule out a defense (rules/dicepool/conduct.ts). */
      undodgeable: flagField(),
      unparryable: flagField(),
      unsoakable: flagField(),
    }),
  };
}

export class DicepoolWeaponData extends itemModel({ schema: weaponSchema }) {}

function armorSchema() {
  return {
    ...storageFields(),
    description: htmlField(),
    /** The armor rating, usable for a Soak instead of Protection. */
    rating: integerField(1, { min: 0, max: DICEPOOL_LIMITS.rating }),
    equipped: flagField(true),
  };
}

export class DicepoolArmorData extends itemModel({ schema: armorSchema }) {}

/**
 * A power (the technique item): what it costs to use, its Energy and the action type it names
 * (rules/dicepool/actions.ts "usePower"). The plain technique's fields stay, so stored powers
 * load: one stored with `interrupt` set is an Interrupt whatever its type says.
 */
function powerSchema() {
  const { BooleanField } = foundry.data.fields;
  return {
    ...storageFields(),
    description: htmlField(),
    energyCost: integerField(1, { min: 0 }),
    interrupt: new BooleanField({ required: true, initial: false }),
    actionType: choiceField(ACTION_TYPES, "simple"),
  };
}

export class DicepoolPowerData extends itemModel({ schema: powerSchema }) {}

/** Gear, with a count, and whether it is restraints (rope, zip ties, manacles: conduct.ts). */
function gearSchema() {
  return {
    ...storageFields(),
    description: htmlField(),
    quantity: integerField(1, { min: 0 }),
    restraints: flagField(),
  };
}

export class DicepoolGearData extends itemModel({ schema: gearSchema }) {}

/** The models registered when the world plays the dice-pool game. */
export const DICEPOOL_DATA_MODELS = rulesetModels(
  "dicepool",
  { character: DicepoolCharacterData, npc: DicepoolNpcData },
  {
    weapon: DicepoolWeaponData,
    armor: DicepoolArmorData,
    gear: DicepoolGearData,
    technique: DicepoolPowerData,
  },
  { Actor: ["energy"] },
);
