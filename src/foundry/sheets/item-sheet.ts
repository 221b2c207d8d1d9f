import { TEMPLATES } from "../constants.ts";
import { WEAPON_KINDS } from "../data/item.ts";
import { itemSheetHeader, rulesetItemSheet } from "./base.ts";

export interface ItemSheetContext {
  itemName: string;
  img: string;
  itemType: string;
  typeLabel: string;
  /** The item's own fields, already shaped for the template's inputs. */
  fields: ItemFieldView[];
  description: string;
  enrichedDescription: string;
}

/** One editable field of an item; the template renders it by `input`. */
export type ItemFieldView =
  | { input: "number"; name: string; label: string; value: number; min: number }
  | { input: "text"; name: string; label: string; value: string }
  | { input: "checkbox"; name: string; label: string; checked: boolean }
  | {
      input: "select";
      name: string;
      label: string;
      options: { value: string; label: string; selected: boolean }[];
    };

/** The sheet for every item type: name and picture, the type's fields, the description. */
export class FrayItemSheet extends rulesetItemSheet({
  width: 480,
  height: 520,
  template: TEMPLATES.itemSheet,
  context: itemSheetContext,
}) {}

/** Everything the item sheet template shows, from the item alone. */
export async function itemSheetContext(item: Item.Implementation): Promise<ItemSheetContext> {
  const description = (item.system as unknown as { description: string }).description;
  return {
    ...(await itemSheetHeader(item, description)),
    fields: itemFields(item),
  };
}

function isOfType<T extends Item.SubType>(
  item: Item.Implementation,
  type: T,
): item is Item.OfType<T> {
  return item.type === type;
}

function itemFields(item: Item.Implementation): ItemFieldView[] {
  if (isOfType(item, "weapon"))
    return [
      {
        input: "text",
        name: "system.damage",
        label: "FRAY.Item.Weapon.Damage",
        value: item.system.damage,
      },
      {
        input: "select",
        name: "system.kind",
        label: "FRAY.Item.Weapon.Kind",
        options: WEAPON_KINDS.map((kind) => ({
          value: kind,
          label: `FRAY.Item.Weapon.Kinds.${kind}`,
          selected: kind === item.system.kind,
        })),
      },
    ];
  if (isOfType(item, "armor"))
    return [
      {
        input: "checkbox",
        name: "system.equipped",
        label: "FRAY.Item.Armor.Equipped",
        checked: item.system.equipped,
      },
    ];
  if (isOfType(item, "gear"))
    return [
      {
        input: "number",
        name: "system.quantity",
        label: "FRAY.Item.Gear.Quantity",
        value: item.system.quantity,
        min: 0,
      },
    ];
  if (isOfType(item, "technique"))
    return [
      {
        input: "number",
        name: "system.energyCost",
        label: "FRAY.Item.Technique.EnergyCost",
        value: item.system.energyCost,
        min: 0,
      },
      {
        input: "checkbox",
        name: "system.interrupt",
        label: "FRAY.Item.Technique.Interrupt",
        checked: item.system.interrupt,
      },
    ];
  return [];
}
