/**
 * Worldlines actor and item data (the `system` of each document). Registered at init when the
 * world plays Worldlines (see init.ts); every other ruleset keeps the generic models of
 * src/foundry/data until its own land.
 *
 * Field paths are the contract with the rules (src/rules/worldlines/changes.ts FIELD_PATHS) and
 * with the attack (attack/referee.ts). Every field validates: whole numbers in a range, dice from the step
 * ladder, choices from fixed lists, damage formulas that both Foundry's Roll and the rules can
 * read. A bad value is refused with a message and never stored.
 */
import { DIE_STEPS, isStepDie } from "../../../rules/core/dice.ts";
import type { StepDie } from "../../../rules/core/dice.ts";
import { damageFormula } from "../../../rules/worldlines/attack.ts";
import { DEFAULT_OPTIONS } from "../../../rules/worldlines/options.ts";
import type { RangeBand, Stance, Zone } from "../../../rules/worldlines/model.ts";
import { TECHNIQUE_USES } from "../../../rules/worldlines/techniques.ts";
import { WORLDLINES_LIMITS } from "../../../rules/worldlines/limits.ts";
import {
  choiceField,
  damageField,
  damageValidator,
  flagField,
  htmlField,
  integerField,
  refusalText as say,
} from "../../data/fields.ts";
import { storageFields, wireSystemModels } from "../../data/migrate.ts";

/* ------------------------------------------------------------------------------------------ */
/*  Fixed lists and documented defaults                                                        */
/* ------------------------------------------------------------------------------------------ */

/**
 * Energy of a new actor. The book leaves the pool size to the table; six lets a fighter attack
 * three times, or attack twice and keep Energy to evade or interrupt. It is the rules' own
 * default (options.defaultEnergyMax); a GM changes it per actor on the sheet.
 */
export const WORLDLINES_ENERGY_MAX = DEFAULT_OPTIONS.defaultEnergyMax;

/**
 * Health of a new actor. The book gives no number; 20 survives a couple of ordinary hits (a
 * 1d6+1 pistol) but not a critical one (14) and a bleed, which keeps fights short and deadly.
 */
export const WORLDLINES_HEALTH_MAX = 20;

/** Trait dice every Worldlines actor has. Mind backs the Medicine check (options.medicineCheck). */
export const TRAITS = ["combat", "spirit", "mind"] as const;
export type TraitId = (typeof TRAITS)[number];

/** Weapon skills a weapon may use; each is also a skill on the actor. */
export const WEAPON_SKILLS = ["melee", "firearms", "heavyWeapons", "throwing"] as const;
export type WeaponSkill = (typeof WEAPON_SKILLS)[number];

/** Every skill an actor carries: Evasion, Medicine, Athletics, Stealth, Escape Artist, weapons. */
export const SKILLS = [
  "evasion",
  "medicine",
  "athletics",
  "stealth",
  "escapeArtist",
  ...WEAPON_SKILLS,
] as const;
export type SkillId = (typeof SKILLS)[number];

/** A skill is a whole-number bonus added to its rolls, from 0 (untrained) to this. */
export const SKILL_MAX = 10;

export const STANCES: readonly Stance[] = ["standing", "crouched", "prone"];
export const LIFE_STATES = ["active", "dying", "unconscious", "dead"] as const;
export const NPC_RANKS = ["minor", "elite", "boss"] as const;
export type NpcRank = (typeof NPC_RANKS)[number];

export const ZONE_IDS: readonly Zone[] = ["head", "torso", "arms", "legs"];
export const RANGE_BANDS: readonly RangeBand[] = [
  "pointBlank",
  "short",
  "medium",
  "long",
  "extreme",
];

/**
 * How far each band reaches by default, in feet (the book's general guide). A weapon's range
 * profile may move these and change their modifiers.
 */
export const DEFAULT_BAND_FEET: Readonly<Record<RangeBand, number>> = {
  pointBlank: 5,
  short: 30,
  medium: 60,
  long: 120,
  extreme: 240,
};

export const WEAPON_KINDS = ["melee", "ranged", "thrown"] as const;
export const GEAR_KINDS = [
  "stim",
  "firstAidKit",
  "antidote",
  "restraints",
  "grenade",
  "device",
  "other",
] as const;
export type GearKind = (typeof GEAR_KINDS)[number];

/**
 * A grenade's blast radius, in feet, around its point of impact, for an item that sets none. The
 * book gives no radius; 10 ft (two spaces) catches the target and whoever stands next to it. A GM
 * changes it per item on the item sheet.
 */
export const DEFAULT_BLAST_FEET = 10;

/** Statuses a weapon's hit may inflict by itself (Charmed and Exhausted need more than a hit). */
export const ON_HIT_STATUSES = [
  "bleeding",
  "poisoned",
  "staggered",
  "blinded",
  "vulnerable",
  "stressed",
] as const;

/**
 * Bounds that keep typos out without limiting play: the rules' own (WORLDLINES_LIMITS), so every
 * value a sheet can store is one the rules compute with.
 */
export const LIMITS = WORLDLINES_LIMITS;

/**
 * What token bars may show for a Worldlines actor: health and Energy as bars (Energy on the
 * second bar of a new token), Exhaustion as a number (see src/foundry/token-bars.ts).
 */
export const WORLDLINES_TOKEN_BARS = {
  trackable: { bar: ["health", "energy"], value: ["exhaustion"] },
  secondary: "energy",
} as const;

/* ------------------------------------------------------------------------------------------ */
/*  Validation messages                                                                        */
/* ------------------------------------------------------------------------------------------ */

/** Whether both Foundry (for the roll) and the rules (for odds and criticals) can read it. */
export function isDamageFormula(formula: string): boolean {
  return Roll.validate(formula) && damageFormula(formula) !== null;
}

/** Throws the message Foundry shows when a damage formula cannot be rolled. */
const validateDamage = damageValidator(isDamageFormula, "FRAY.Worldlines.Item.Invalid.Damage");

function validateDie(value: unknown): void {
  if (value === null) return;
  if (!isStepDie(value)) {
    throw new Error(
      say("FRAY.Worldlines.Actor.Invalid.Die", {
        value: typeof value === "number" ? String(value) : JSON.stringify(value),
        dice: DIE_STEPS.map((d) => `d${String(d)}`).join(", "),
      }),
    );
  }
}

/* ------------------------------------------------------------------------------------------ */
/*  Field builders                                                                             */
/* ------------------------------------------------------------------------------------------ */

/** A die from the step ladder (d4 … d12), stored as its number of faces. */
function dieField(initial: StepDie) {
  const { NumberField } = foundry.data.fields;
  return new NumberField({
    required: true,
    nullable: false,
    integer: true,
    initial,
    validate: validateDie,
  });
}

/** A die from the ladder, or null for none (an armor zone with no protection). */
function optionalDieField() {
  const { NumberField } = foundry.data.fields;
  return new NumberField({
    required: true,
    nullable: true,
    integer: true,
    initial: null,
    validate: validateDie,
  });
}

function poolField(initial: number) {
  const { SchemaField } = foundry.data.fields;
  return new SchemaField({
    value: integerField(initial, { min: 0, max: LIMITS.resource }),
    max: integerField(initial, { min: 0, max: LIMITS.resource }),
  });
}

function shortText(initial = "") {
  const { StringField } = foundry.data.fields;
  return new StringField({ required: true, nullable: false, blank: true, initial });
}

/* ------------------------------------------------------------------------------------------ */
/*  Actors                                                                                     */
/* ------------------------------------------------------------------------------------------ */

function actorSchema() {
  const { NumberField, SchemaField } = foundry.data.fields;
  return {
    health: poolField(WORLDLINES_HEALTH_MAX),
    energy: poolField(WORLDLINES_ENERGY_MAX),
    traits: new SchemaField({
      combat: dieField(8),
      spirit: dieField(6),
      mind: dieField(6),
    }),
    skills: new SchemaField({
      evasion: integerField(0, { min: 0, max: SKILL_MAX }),
      medicine: integerField(0, { min: 0, max: SKILL_MAX }),
      athletics: integerField(0, { min: 0, max: SKILL_MAX }),
      stealth: integerField(0, { min: 0, max: SKILL_MAX }),
      escapeArtist: integerField(0, { min: 0, max: SKILL_MAX }),
      melee: integerField(0, { min: 0, max: SKILL_MAX }),
      firearms: integerField(0, { min: 0, max: SKILL_MAX }),
      heavyWeapons: integerField(0, { min: 0, max: SKILL_MAX }),
      throwing: integerField(0, { min: 0, max: SKILL_MAX }),
    }),
    stance: choiceField(STANCES, "standing"),
    life: choiceField(LIFE_STATES, "active"),
    disabledLimbs: new SchemaField({ arms: flagField(), legs: flagField() }),
    /**
     * Defensive Posture and the round's interruption, as worlds stored them before the referee's
     * ledger kept them (budget.ts): kept so those actors load; nothing reads or writes them now.
     */
    defensivePosture: flagField(),
    interruptUsed: flagField(),
    /** Minutes left unconscious after a non-lethal takedown; null when not knocked out. */
    unconsciousMinutes: new NumberField({
      required: true,
      nullable: true,
      integer: true,
      min: 0,
      initial: null,
    }),
    /** Exhaustion points (the Exhausted status shows while there is at least one). */
    exhaustion: integerField(0, { min: 0, max: LIMITS.exhaustion }),
    biography: htmlField(),
    ...storageFields(),
  };
}
type ActorSchema = ReturnType<typeof actorSchema>;

/** What the sheet and tools read without recomputing (set in prepareDerivedData). */
export interface ActorDerived {
  /** Lowest natural Combat-die face that crits (before weapons widen it); null: never. */
  critFrom: number | null;
  /** Energy each space of movement costs in the current stance. */
  moveCost: number;
}

function deriveActor(system: { traits: { combat: number }; stance: Stance }): ActorDerived {
  const combat = isStepDie(system.traits.combat) ? system.traits.combat : 8;
  return {
    critFrom: DEFAULT_OPTIONS.critFrom[combat] ?? null,
    moveCost: DEFAULT_OPTIONS.costs.movePerSpace[system.stance],
  };
}

/** A Worldlines player character (rank "hero" for the rules). */
export class WorldlinesCharacterData extends foundry.abstract.TypeDataModel<
  ActorSchema,
  Actor.Implementation
> {
  declare derived: ActorDerived;

  static override defineSchema(): ActorSchema {
    return actorSchema();
  }

  override prepareDerivedData(): void {
    this.derived = deriveActor(this);
  }
}

function npcSchema() {
  return { ...actorSchema(), rank: choiceField(NPC_RANKS, "minor") };
}
type NpcSchema = ReturnType<typeof npcSchema>;

/** A Worldlines NPC: its rank decides what a headshot does to it. */
export class WorldlinesNpcData extends foundry.abstract.TypeDataModel<
  NpcSchema,
  Actor.Implementation
> {
  declare derived: ActorDerived;

  static override defineSchema(): NpcSchema {
    return npcSchema();
  }

  override prepareDerivedData(): void {
    this.derived = deriveActor(this);
  }
}

/* ------------------------------------------------------------------------------------------ */
/*  Items                                                                                      */
/* ------------------------------------------------------------------------------------------ */

function bandField() {
  const { NumberField, SchemaField } = foundry.data.fields;
  const nullableInt = (min: number, max: number) =>
    new NumberField({ required: true, nullable: true, integer: true, min, max, initial: null });
  return new SchemaField({
    /** Accuracy in this band; null: the default band's. */
    accuracy: nullableInt(-LIMITS.accuracy, LIMITS.accuracy),
    /** Damage added in this band; null: the default band's. */
    damage: nullableInt(-LIMITS.damageBonus, LIMITS.damageBonus),
    /** How far the band reaches, in feet; null: DEFAULT_BAND_FEET. */
    feet: nullableInt(0, LIMITS.feet),
  });
}

/** One flag per status a hit may inflict (a weapon's, a technique's). */
function onHitField() {
  const { SchemaField } = foundry.data.fields;
  return new SchemaField({
    bleeding: flagField(),
    poisoned: flagField(),
    staggered: flagField(),
    blinded: flagField(),
    vulnerable: flagField(),
    stressed: flagField(),
  });
}

function weaponSchema() {
  const { SchemaField } = foundry.data.fields;
  return {
    description: htmlField(),
    damage: damageField(validateDamage),
    skill: choiceField(WEAPON_SKILLS, "melee"),
    kind: choiceField(WEAPON_KINDS, "melee"),
    /** Accuracy from the weapon's quality and from its attachments, added to attack rolls. */
    accuracy: new SchemaField({
      quality: integerField(0, { min: -LIMITS.accuracy, max: LIMITS.accuracy }),
      attachments: integerField(0, { min: -LIMITS.accuracy, max: LIMITS.accuracy }),
    }),
    /** Flat damage from quality and attachments, added to the formula. */
    damageBonus: integerField(0, { min: -LIMITS.damageBonus, max: LIMITS.damageBonus }),
    /** This weapon's range profile: each band left empty keeps the default. */
    range: new SchemaField({
      pointBlank: bandField(),
      short: bandField(),
      medium: bandField(),
      long: bandField(),
      extreme: bandField(),
    }),
    /** Rounds loaded and magazine size; a magazine of 0 means the weapon uses no ammunition. */
    /** The weapon in hand (the sheet's Draw: a weapon switch, free with Quick Draw). */
    drawn: flagField(),
    /** Retired: a dropped weapon is the referee's mark in the ledger (attack/limbs.ts); kept so stored items load. */
    dropped: flagField(),
    ammo: new SchemaField({
      value: integerField(0, { min: 0, max: LIMITS.ammo }),
      max: integerField(0, { min: 0, max: LIMITS.ammo }),
    }),
    /** Needs emergency repairs (the Build action). */
    damaged: flagField(),
    blunt: flagField(),
    /** Made to disable (stun baton, tranquilizer). */
    nonLethal: flagField(),
    /** Never non-lethal (explosives, heavy rifles, a GM ruling). */
    lethalOnly: flagField(),
    critWiden: integerField(0, { min: 0, max: LIMITS.critWiden }),
    headshotWiden: integerField(0, { min: 0, max: LIMITS.headshotWiden }),
    /** Statuses a hit inflicts. */
    onHit: onHitField(),
    ...storageFields(),
  };
}
type WeaponSchema = ReturnType<typeof weaponSchema>;

export interface WeaponDerived {
  /** Quality + attachments. */
  accuracyTotal: number;
  /** The formula actually rolled (with the damage bonus). */
  effectiveDamage: string;
  /** Whether it may be used for a non-lethal takedown. */
  nonLethalCapable: boolean;
  /** Whether the weapon tracks ammunition. */
  usesAmmo: boolean;
}

/** The damage formula with a flat bonus appended ("1d6+1" with +2 → "1d6+1+2"). */
export function withDamageBonus(formula: string, bonus: number): string {
  if (bonus === 0) return formula;
  return bonus > 0 ? `${formula}+${String(bonus)}` : `${formula}-${String(-bonus)}`;
}

export class WorldlinesWeaponData extends foundry.abstract.TypeDataModel<
  WeaponSchema,
  Item.Implementation
> {
  declare derived: WeaponDerived;

  static override defineSchema(): WeaponSchema {
    return weaponSchema();
  }

  override prepareDerivedData(): void {
    this.derived = {
      accuracyTotal: this.accuracy.quality + this.accuracy.attachments,
      effectiveDamage: withDamageBonus(this.damage, this.damageBonus),
      nonLethalCapable: !this.lethalOnly && (this.kind === "melee" || this.blunt || this.nonLethal),
      usesAmmo: this.ammo.max > 0,
    };
  }
}

function armorSchema() {
  const { SchemaField } = foundry.data.fields;
  return {
    description: htmlField(),
    /** Armor die per zone; null: this piece does not cover the zone. */
    zones: new SchemaField({
      head: optionalDieField(),
      torso: optionalDieField(),
      arms: optionalDieField(),
      legs: optionalDieField(),
    }),
    /** Added to every Armor die this piece rolls (may be negative). */
    quality: integerField(0, { min: -LIMITS.armorQuality, max: LIMITS.armorQuality }),
    equipped: flagField(true),
    /** Needs emergency repairs (the Build action). */
    damaged: flagField(),
    ...storageFields(),
  };
}
type ArmorSchema = ReturnType<typeof armorSchema>;

export interface ArmorDerived {
  /** The zones it covers, e.g. "torso d8 · arms d6". */
  summary: string;
}

export class WorldlinesArmorData extends foundry.abstract.TypeDataModel<
  ArmorSchema,
  Item.Implementation
> {
  declare derived: ArmorDerived;

  static override defineSchema(): ArmorSchema {
    return armorSchema();
  }

  override prepareDerivedData(): void {
    const zones = this.zones as Record<Zone, number | null>;
    this.derived = {
      summary: ZONE_IDS.filter((zone) => zones[zone] !== null)
        .map((zone) => `${zone} d${String(zones[zone])}`)
        .join(" · "),
    };
  }
}

function techniqueSchema() {
  return {
    description: htmlField(),
    energyCost: integerField(1, { min: 0, max: LIMITS.energyCost }),
    /**
     * How it is used (rules/worldlines/techniques.ts): with an attack, on its own, or always on.
     * Techniques stored before this field existed are used on their own, as they were.
     */
    use: choiceField(TECHNIQUE_USES, "action"),
    /** Usable between turns as an interruption (once per round). */
    interrupt: flagField(),
    /** Using it gives the round's interruption back (one more this round). */
    extraInterruption: flagField(),
    critWiden: integerField(0, { min: 0, max: LIMITS.critWiden }),
    headshotWiden: integerField(0, { min: 0, max: LIMITS.headshotWiden }),
    /** Statuses a hit of the technique's attack inflicts. */
    onHit: onHitField(),
    /** Energy given back when the technique's attack hits. */
    energyRefund: integerField(0, { min: 0, max: LIMITS.energyCost }),
    /** Weapon switches cost no Energy while the technique is known (Quick Draw). */
    freeWeaponSwitch: flagField(),
    /** Using it ends the patient's Bleeding outright (Emergency Stabilization). */
    stopsBleeding: flagField(),
    /** Using it hands the user's team the momentum (a technique that steals it). */
    stealsMomentum: flagField(),
    /** One line saying what it does, shown on the actor sheet. */
    effect: shortText(),
    ...storageFields(),
  };
}
type TechniqueSchema = ReturnType<typeof techniqueSchema>;

/** Throws the message for effect fields that contradict how the technique is used. */
export function checkTechniqueJoint(data: Record<string, unknown>): void {
  const use = data["use"];
  const onHit = data["onHit"] as Record<string, unknown> | undefined;
  const attackOnly =
    (typeof data["energyRefund"] === "number" && data["energyRefund"] > 0) ||
    Object.values(onHit ?? {}).some((v) => v === true);
  if (attackOnly && use !== undefined && use !== "attack") {
    throw new Error(say("FRAY.Worldlines.Item.Invalid.AttackOnly"));
  }
  for (const [field, key] of [
    ["interrupt", "FRAY.Worldlines.Item.Invalid.InterruptAction"],
    ["stealsMomentum", "FRAY.Worldlines.Item.Invalid.MomentumAction"],
  ] as const) {
    if (data[field] === true && use !== undefined && use !== "action") {
      throw new Error(say(key));
    }
  }
}

export class WorldlinesTechniqueData extends foundry.abstract.TypeDataModel<
  TechniqueSchema,
  Item.Implementation
> {
  static override defineSchema(): TechniqueSchema {
    return techniqueSchema();
  }

  /** A technique stored before `use` existed keeps working as it did: used on its own. */
  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    if (!("use" in source)) source["use"] = "action";
    return super.migrateData(source);
  }

  static override validateJoint(data: Record<string, unknown>): void {
    checkTechniqueJoint(data);
  }
}

function gearSchema() {
  const { StringField } = foundry.data.fields;
  return {
    description: htmlField(),
    kind: choiceField(GEAR_KINDS, "other"),
    quantity: integerField(1, { min: 0, max: LIMITS.quantity }),
    /** One line saying what it does. */
    effect: shortText(),
    /** Made to be set up with the Build action (a sentry, a barricade); and whether it is. */
    deployable: flagField(),
    deployed: flagField(),
    /** Needs emergency repairs (the Build action). */
    damaged: flagField(),
    /** Health a stim or a first-aid kit restores (Use Item, First Aid); 0: none. */
    heals: integerField(0, { min: 0, max: LIMITS.resource }),
    /** A grenade's blast radius in feet around the point of impact (DEFAULT_BLAST_FEET). */
    blast: integerField(DEFAULT_BLAST_FEET, { min: 0, max: LIMITS.feet }),
    /** Damage of a grenade or similar; blank when it deals none. */
    damage: new StringField({
      required: true,
      nullable: false,
      blank: true,
      initial: "",
      validate: (value: unknown) => {
        if (value !== "") validateDamage(value);
      },
    }),
    ...storageFields(),
  };
}
type GearSchema = ReturnType<typeof gearSchema>;

export class WorldlinesGearData extends foundry.abstract.TypeDataModel<
  GearSchema,
  Item.Implementation
> {
  static override defineSchema(): GearSchema {
    return gearSchema();
  }
}

/**
 * The models init.ts registers when the world plays Worldlines. Health and Energy, and a
 * weapon's loaded rounds, never exceed their maximum (validateJoint, see data/migrate.ts).
 */
export const WORLDLINES_DATA_MODELS = wireSystemModels(
  "worldlines",
  {
    Actor: { character: WorldlinesCharacterData, npc: WorldlinesNpcData },
    Item: {
      weapon: WorldlinesWeaponData,
      armor: WorldlinesArmorData,
      gear: WorldlinesGearData,
      technique: WorldlinesTechniqueData,
    },
  },
  { Actor: ["health", "energy"], "Item.weapon": ["ammo"] },
);
