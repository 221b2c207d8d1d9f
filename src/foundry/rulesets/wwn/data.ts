/**
 * Worlds Without Number actor and item data (the `system` of each document). Registered at init
 * when the world plays WWN (see ./index.ts); the item type `technique` keeps the generic model
 * (WWN has no use for it).
 *
 * Field paths are the contract with the rules (src/rules/wwn/changes.ts FIELD_PATHS and
 * ITEM_FIELD_PATHS): system.health.value, system.wounds, system.life, system.prone,
 * system.downMinutes; on items system.broken, system.loaded, system.readied. The rules' grapple
 * (system.grappling) and round of actions (system.actions.<ActionState key>) are the referee's
 * record in its ledger instead (budget.ts): the two fields stay in the schema so that actors an
 * older version stored still load, and nothing reads or writes them. Every field validates; a bad
 * value is refused with a message and never stored.
 *
 * Where the combat chapter is silent, these are the sheet's documented defaults:
 * - attributes are stored as scores (3–18) and their modifier derived with WWN's usual table
 *   (3: −2, 4–7: −1, 8–13: 0, 14–17: +1, 18: +2) — see `attributeModifier`;
 * - a skill is a level from −1 (untrained) to 4;
 * - Armor Class: the better of the actor's natural AC and its best equipped armor; an equipped,
 *   unbroken shield raises that to the shield's AC, or adds its bonus when the armor is already
 *   at least as good; then the Dexterity modifier and a free bonus (see `armorClass`);
 * - an NPC's hit bonus is its stat block's total (`hitBonus`, +1 for a new NPC: an ordinary
 *   trained fighter, see WWN_NPC_HIT_BONUS), which replaces skill, class bonus and attribute on its
 *   hit rolls; blank, it hits as a PC does. NPCs stored before the field keep hitting as they did.
 */
import { ATTRIBUTE_SCORE, attributeModifier } from "../../../rules/wwn/defense.ts";
import type { Result } from "../../../rules/core/result.ts";
import { cachedFormula } from "../../../rules/core/formula.ts";
import { FRESH_ACTIONS } from "../../../rules/wwn/actions.ts";
import { ATTRIBUTES } from "../../../rules/wwn/model.ts";
import { WWN_LIMITS } from "../../../rules/wwn/limits.ts";
import { MORALE_DEFAULT, MORALE_MAX, MORALE_MIN } from "../../../rules/wwn/morale.ts";
import type { Attribute, WwnLife } from "../../../rules/wwn/model.ts";
import {
  choiceField,
  damageField,
  damageValidator,
  flagField,
  htmlField,
  integerField,
  nullableIdField,
} from "../../data/fields.ts";
import { storageFields, wireSystemModels } from "../../data/migrate.ts";
import { actorModel, itemModel } from "../../data/model.ts";
import { PlainTechniqueModel } from "../../data/item.ts";

/* ------------------------------------------------------------------------------------------ */
/*  Fixed lists and documented defaults                                                        */
/* ------------------------------------------------------------------------------------------ */

export const WWN_ATTRIBUTES: readonly Attribute[] = ATTRIBUTES;

/** The combat skills a weapon may use. */
export const WWN_COMBAT_SKILLS = ["stab", "shoot", "punch"] as const;

/** Every skill an actor carries: the combat skills, then WWN's other skills. */
export const WWN_SKILLS = [
  ...WWN_COMBAT_SKILLS,
  "administer",
  "connect",
  "convince",
  "craft",
  "exert",
  "heal",
  "know",
  "lead",
  "magic",
  "notice",
  "perform",
  "pray",
  "ride",
  "sail",
  "sneak",
  "survive",
  "trade",
  "work",
] as const;
export type WwnSkillId = (typeof WWN_SKILLS)[number];

/** Skill levels: −1 is untrained (the rules then apply their unskilled terms). */
export const SKILL_MIN = -1;
export const SKILL_MAX = 4;

export const WWN_LIFE_STATES: readonly WwnLife[] = [
  "active",
  "dying",
  "unconscious",
  "helpless",
  "dead",
];
export const WWN_WEAPON_MODES = ["melee", "ranged", "thrown"] as const;
export const WWN_RELOADS = ["none", "bow", "slow"] as const;
export const WWN_ARMOR_KINDS = ["armor", "shield"] as const;

/** Hit points of a new actor (a first-level PC rolls about this much). */
export const WWN_HP_MAX = 8;
/** Natural AC of an unarmored human. */
export const WWN_NATURAL_AC = 10;
/** A saving throw target of a new actor (15 at first level). */
export const WWN_SAVE = 15;
/**
 * The stat-block hit bonus of a newly made NPC: an ordinary trained fighter's. The GM enters the
 * stat block's own on the sheet; blank makes the NPC roll skill + class bonus + attribute.
 */
export const WWN_NPC_HIT_BONUS = 1;
/** Human combat movement, feet. */
export const WWN_SPEED = 30;

/**
 * What token bars may show for a WWN actor: hit points as the bar, wounds as a number. WWN has
 * no Energy, so a new token gets no second bar (see src/foundry/token-bars.ts).
 */
export const WWN_TOKEN_BARS = {
  trackable: { bar: ["health"], value: ["wounds"] },
  secondary: null,
} as const;

/** The rules' own bounds (WWN_LIMITS): every value a sheet can store is one the rules compute with. */
const LIMITS = WWN_LIMITS;

/* ------------------------------------------------------------------------------------------ */
/*  Validation                                                                                 */
/* ------------------------------------------------------------------------------------------ */

/** Whether both Foundry (for the roll) and the rules (for the floor and maximum) can read it. */
export function isWwnDamageFormula(formula: string): boolean {
  return Roll.validate(formula) && cachedFormula(formula) !== null;
}

const validateDamage = damageValidator(isWwnDamageFormula, "FRAY.Wwn.Item.Invalid.Damage");

/* ------------------------------------------------------------------------------------------ */
/*  Field builders                                                                             */
/* ------------------------------------------------------------------------------------------ */

/**
 * The round's action state (rules/wwn/actions.ts ActionState), one field per key, as older versions
 * stored it on the actor. Kept so those actors load; the round is the referee's ledger now.
 */
function actionsField() {
  const { ObjectField, SchemaField } = foundry.data.fields;
  const f = FRESH_ACTIONS;
  const count = (initial: number) => integerField(initial, { min: 0, max: 999 });
  return new SchemaField({
    mainUsed: flagField(f.mainUsed),
    mainAsMove: flagField(f.mainAsMove),
    movesUsed: count(f.movesUsed),
    moveFeet: count(f.moveFeet),
    moveLimit: count(f.moveLimit),
    moveOpen: flagField(f.moveOpen),
    moveSplit: flagField(f.moveSplit),
    onTurn: count(f.onTurn),
    instants: count(f.instants),
    holding: flagField(f.holding),
    delayingFor: nullableIdField(),
    totalDefense: flagField(f.totalDefense),
    shockProof: flagField(f.shockProof),
    charged: flagField(f.charged),
    withdrawn: flagField(f.withdrawn),
    /** { allyId, blocksLeft } while screening an ally, else null. */
    screening: new ObjectField({ required: true, nullable: true, initial: null }),
  });
}

function attributesField() {
  const { SchemaField } = foundry.data.fields;
  const score = () => integerField(10, { min: ATTRIBUTE_SCORE.min, max: ATTRIBUTE_SCORE.max });
  return new SchemaField({
    str: score(),
    dex: score(),
    con: score(),
    int: score(),
    wis: score(),
    cha: score(),
  });
}

function skillsField() {
  const { SchemaField } = foundry.data.fields;
  return new SchemaField(
    Object.fromEntries(
      WWN_SKILLS.map((skill) => [
        skill,
        integerField(SKILL_MIN, { min: SKILL_MIN, max: SKILL_MAX }),
      ]),
    ) as Record<WwnSkillId, ReturnType<typeof integerField>>,
  );
}

/* ------------------------------------------------------------------------------------------ */
/*  Actors                                                                                     */
/* ------------------------------------------------------------------------------------------ */

function actorSchema() {
  const { NumberField, SchemaField } = foundry.data.fields;
  return {
    health: new SchemaField({
      value: integerField(WWN_HP_MAX, { min: 0, max: LIMITS.hp }),
      max: integerField(WWN_HP_MAX, { min: 0, max: LIMITS.hp }),
    }),
    /** Unarmored AC (an NPC's listed AC goes here) and a free bonus (spells, Foci). */
    ac: new SchemaField({
      natural: integerField(WWN_NATURAL_AC, { min: 0, max: LIMITS.ac }),
      bonus: integerField(0, { min: -LIMITS.bonus, max: LIMITS.bonus }),
    }),
    attackBonus: integerField(0, { min: -LIMITS.bonus, max: LIMITS.bonus }),
    attributes: attributesField(),
    skills: skillsField(),
    saves: new SchemaField({
      physical: integerField(WWN_SAVE, { min: 0, max: LIMITS.save }),
      evasion: integerField(WWN_SAVE, { min: 0, max: LIMITS.save }),
      mental: integerField(WWN_SAVE, { min: 0, max: LIMITS.save }),
    }),
    speed: integerField(WWN_SPEED, { min: 0, max: LIMITS.feet }),
    life: choiceField(WWN_LIFE_STATES, "active"),
    wounds: integerField(0, { min: 0, max: LIMITS.wounds }),
    prone: flagField(),
    /** Where older versions kept whom the actor grapples; kept so they load, never read. */
    grappling: nullableIdField(),
    /** Minutes left unconscious or helpless; null when up. */
    downMinutes: new NumberField({
      required: true,
      nullable: true,
      integer: true,
      min: 0,
      max: LIMITS.minutes,
      initial: null,
    }),
    /** Spell slots left of the class's count (Cast a Spell spends one); 0 of 0: no caster. */
    spellSlots: new SchemaField({
      value: integerField(0, { min: 0, max: LIMITS.save }),
      max: integerField(0, { min: 0, max: LIMITS.save }),
    }),
    /** A Focus (or similar) makes it immune to ordinary Shock. */
    shockImmune: flagField(),
    actions: actionsField(),
    biography: htmlField(),
    ...storageFields(),
  };
}

/** What the sheet and the tools read without recomputing (set in prepareDerivedData). */
export interface WwnActorDerived {
  modifiers: Record<Attribute, number>;
}

/**
 * A rules number computed from stored data, or NaN when the rule refuses it. The schema's bounds
 * are the rule's own (a score field takes ATTRIBUTE_SCORE), so only a value no sheet could save
 * gets here; every rules entry point that then reads the NaN refuses it by name, so the user sees
 * a localized warning when acting and nothing changes.
 */
export function storedNumber(result: Result<number>): number {
  return result.ok ? result.value : Number.NaN;
}

/** The attribute modifiers of these scores (rules: attributeModifier). */
export function modifiersOfScores(
  scores: Readonly<Record<Attribute, number>>,
): Record<Attribute, number> {
  return Object.fromEntries(
    WWN_ATTRIBUTES.map((a) => [a, storedNumber(attributeModifier(scores[a]))]),
  ) as Record<Attribute, number>;
}

function deriveActor(system: { attributes: Record<Attribute, number> }): WwnActorDerived {
  return { modifiers: modifiersOfScores(system.attributes) };
}

/**
 * What the shell does with an actor write before it is sent (set by marks.ts, which the ruleset's
 * index imports; kept as a slot so the models need not import the ledger code that reads them).
 */
export const wwnActorWrites: {
  hpLowered?: (actor: Actor.Implementation, changes: Record<string, unknown>) => Promise<void>;
} = {};

type PreUpdateArgs = Parameters<foundry.abstract.TypeDataModel.Any["_preUpdate"]>;

/**
 * What both WWN actor models do before a write is sent (core runs a type DataModel's `_preUpdate`
 * on the writing client): hit points lost this round stop a spell, however they were lost.
 */
async function beforeActorWrite(actor: unknown, [changes]: PreUpdateArgs): Promise<void> {
  await wwnActorWrites.hpLowered?.(actor as Actor.Implementation, changes);
}

export class WwnCharacterData extends actorModel({ schema: actorSchema, derive: deriveActor }) {
  override async _preUpdate(...args: PreUpdateArgs) {
    const allowed = await super._preUpdate(...args);
    if (allowed !== false) await beforeActorWrite(this.parent, args);
    return allowed;
  }
}

function npcSchema() {
  const { NumberField } = foundry.data.fields;
  return {
    ...actorSchema(),
    /** The stat block's Morale score (2–12): a Morale check above it breaks the NPC. */
    morale: integerField(MORALE_DEFAULT, { min: MORALE_MIN, max: MORALE_MAX }),
    /** A named, notable NPC (may make Snap Attacks under the default option). */
    named: flagField(),
    /** The stat block's total hit bonus; null: skill + class bonus + attribute, as a PC. */
    hitBonus: new NumberField({
      required: true,
      nullable: true,
      integer: true,
      min: -LIMITS.bonus,
      max: LIMITS.bonus,
      initial: WWN_NPC_HIT_BONUS,
    }),
  };
}

export class WwnNpcData extends actorModel({ schema: npcSchema, derive: deriveActor }) {
  override async _preUpdate(...args: PreUpdateArgs) {
    const allowed = await super._preUpdate(...args);
    if (allowed !== false) await beforeActorWrite(this.parent, args);
    return allowed;
  }

  /**
   * NPCs stored before the stat-block hit bonus (their data has the class attack bonus every
   * stored actor carries, and no hit bonus) keep rolling skill + class bonus + attribute: blank.
   * A new NPC's data has neither and takes the default.
   */
  static override migrateData(source: Record<string, unknown>) {
    if (!Object.hasOwn(source, "hitBonus") && Object.hasOwn(source, "attackBonus")) {
      source["hitBonus"] = null;
    }
    return super.migrateData(source);
  }
}

/* ------------------------------------------------------------------------------------------ */
/*  Items                                                                                      */
/* ------------------------------------------------------------------------------------------ */

function weaponSchema() {
  const { SchemaField } = foundry.data.fields;
  return {
    description: htmlField(),
    damage: damageField(validateDamage),
    skill: choiceField(WWN_COMBAT_SKILLS, "stab"),
    /** The attributes it may use; the better modifier applies. */
    attributes: new SchemaField({ str: flagField(true), dex: flagField() }),
    /** Shock points and the highest AC they reach ("Shock 2/15"); off: no Shock. */
    shock: new SchemaField({
      enabled: flagField(),
      damage: integerField(1, { min: 0, max: LIMITS.bonus }),
      ac: integerField(13, { min: 0, max: LIMITS.ac }),
    }),
    mode: choiceField(WWN_WEAPON_MODES, "melee"),
    /** A melee weapon that can also be thrown (a dagger, a spear). */
    throwable: flagField(),
    twoHanded: flagField(),
    magicBonus: integerField(0, { min: 0, max: LIMITS.bonus }),
    unarmed: flagField(),
    /** Crushes or hews (axes, maces): can shatter shields. */
    crushing: flagField(),
    nonLethal: flagField(),
    reload: choiceField(WWN_RELOADS, "none"),
    loaded: flagField(true),
    /**
     * Counted ammunition (max 0: not counted). A bow or crossbow draws one per reload from it (its
     * readied quiver or case); any other weapon spends one per attack (its magazine).
     */
    ammo: new SchemaField({
      value: integerField(0, { min: 0, max: LIMITS.ammo }),
      max: integerField(0, { min: 0, max: LIMITS.ammo }),
    }),
    /** In hand or at the belt; a stowed weapon cannot attack. */
    readied: flagField(true),
    ...storageFields(),
  };
}

export class WwnWeaponData extends itemModel({
  schema: weaponSchema,
  /** Weapons stored before ammunition was counted do not count it (0 of 0). */
  migrate: (source) => {
    const ammo = source["ammo"];
    if (typeof ammo !== "object" || ammo === null) source["ammo"] = { value: 0, max: 0 };
    return source;
  },
}) {}

function armorSchema() {
  return {
    description: htmlField(),
    /** Body armor, or a shield. */
    kind: choiceField(WWN_ARMOR_KINDS, "armor"),
    /** Armor: the AC it gives. Shield: the AC it gives someone with worse armor (13). */
    ac: integerField(13, { min: 0, max: LIMITS.ac }),
    /** Shield only: added to AC when the armor is already at least its AC. */
    bonus: integerField(1, { min: 0, max: LIMITS.bonus }),
    equipped: flagField(true),
    /** Shield only: shattered (Shatter a Shield); it no longer counts. */
    broken: flagField(),
    /** Shield only: magical shields cannot be shattered. */
    magical: flagField(),
    ...storageFields(),
  };
}

export class WwnArmorData extends itemModel({ schema: armorSchema }) {}

function gearSchema() {
  return {
    description: htmlField(),
    quantity: integerField(1, { min: 0, max: 999 }),
    readied: flagField(),
    ...storageFields(),
  };
}

export class WwnGearData extends itemModel({ schema: gearSchema }) {}

/**
 * The plain technique model, played in this ruleset (its data is stamped as this ruleset's), with
 * what makes one a spell: Cast a Spell offers it, and its card shows its level and text.
 */
export class WwnTechniqueData extends PlainTechniqueModel {
  static override defineSchema() {
    return {
      ...super.defineSchema(),
      spell: flagField(),
      spellLevel: integerField(1, { min: 0, max: 9 }),
    };
  }
}

/**
 * The models registered when the world plays WWN (technique keeps the generic one). Hit points
 * never exceed their maximum, nor a weapon's ammunition its capacity (validateJoint, see
 * data/migrate.ts).
 */
export const WWN_DATA_MODELS = wireSystemModels(
  "wwn",
  {
    Actor: { character: WwnCharacterData, npc: WwnNpcData },
    Item: {
      weapon: WwnWeaponData,
      armor: WwnArmorData,
      gear: WwnGearData,
      technique: WwnTechniqueData,
    },
  },
  { Actor: ["health", "spellSlots"], "Item.weapon": ["ammo"] },
);
