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

export class GearData extends foundry.abstract.TypeDataModel<GearSchema, Item.Implementation> {
  static override defineSchema(): GearSchema {
    return gearSchema();
  }
}

function techniqueSchema() {
  const { BooleanField } = foundry.data.fields;
  return {
    ...describedItem(),
    energyCost: integerField(1, { min: 0 }),
    interrupt: new BooleanField({ required: true, initial: false }),
  };
}
type TechniqueSchema = ReturnType<typeof techniqueSchema>;

export class TechniqueData extends foundry.abstract.TypeDataModel<
  TechniqueSchema,
  Item.Implementation
> {
  static override defineSchema(): TechniqueSchema {
    return techniqueSchema();
  }
}

/** The generic item models (rulesets without their own; WWN's techniques). */
export const GENERIC_ITEM_MODELS = wireSystemModels("generic", {
  Item: { weapon: WeaponData, armor: ArmorData, gear: GearData, technique: TechniqueData },
});
