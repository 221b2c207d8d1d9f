import { choiceField, htmlField, integerField } from "./fields.ts";
import { storageFields, wireSystemModels } from "./migrate.ts";

export const WEAPON_KINDS = ["melee", "ranged", "thrown"] as const;

function describedItem() {
  return { description: htmlField(), ...storageFields() };
}

function weaponSchema() {
  const { StringField } = foundry.data.fields;
  return {
    ...describedItem(),
    damage: new StringField({ required: true, nullable: false, blank: false, initial: "1d6" }),
    kind: choiceField(WEAPON_KINDS, "melee"),
  };
}
type WeaponSchema = ReturnType<typeof weaponSchema>;

export class WeaponData extends foundry.abstract.TypeDataModel<WeaponSchema, Item.Implementation> {
  static override defineSchema(): WeaponSchema {
    return weaponSchema();
  }
}

function armorSchema() {
  const { BooleanField } = foundry.data.fields;
  return { ...describedItem(), equipped: new BooleanField({ required: true, initial: false }) };
}
type ArmorSchema = ReturnType<typeof armorSchema>;

export class ArmorData extends foundry.abstract.TypeDataModel<ArmorSchema, Item.Implementation> {
  static override defineSchema(): ArmorSchema {
    return armorSchema();
  }
}

function gearSchema() {
  return { ...describedItem(), quantity: integerField(1, { min: 0 }) };
}
type GearSchema = ReturnType<typeof gearSchema>;

/**
 * The plain gear model, not wired to a ruleset: a ruleset that plays gear this way extends it
 * with a class of its own, wired under its id, so its gear's data is stamped as its own and kept
 * out of the other rulesets' way like the rest of its data.
 */
export class PlainGearModel extends foundry.abstract.TypeDataModel<
  GearSchema,
  Item.Implementation
> {
  static override defineSchema(): GearSchema {
    return gearSchema();
  }
}

export class GearData extends PlainGearModel {}

function techniqueSchema() {
  const { BooleanField } = foundry.data.fields;
  return {
    ...describedItem(),
    energyCost: integerField(1, { min: 0 }),
    interrupt: new BooleanField({ required: true, initial: false }),
  };
}
type TechniqueSchema = ReturnType<typeof techniqueSchema>;

/** The plain technique model, not wired to a ruleset (see PlainGearModel). */
export class PlainTechniqueModel extends foundry.abstract.TypeDataModel<
  TechniqueSchema,
  Item.Implementation
> {
  static override defineSchema(): TechniqueSchema {
    return techniqueSchema();
  }
}

export class TechniqueData extends PlainTechniqueModel {}

/** The generic item models (rulesets without their own; WWN's techniques). */
export const GENERIC_ITEM_MODELS = wireSystemModels("generic", {
  Item: { weapon: WeaponData, armor: ArmorData, gear: GearData, technique: TechniqueData },
});
