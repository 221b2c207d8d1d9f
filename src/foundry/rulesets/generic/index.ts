/**
 * The generic shell ruleset: the plain actor and item DataModels (src/foundry/data) and sheets
 * (src/foundry/sheets), for the rulesets that have no models or sheets of their own yet. It adds
 * no statuses, cards, referee actions or combat hooks: the combat runs on the generic events.
 */
import { ACTOR_TYPES, ITEM_TYPES } from "../../constants.ts";
import { CharacterData, NpcData } from "../../data/actor.ts";
import { ArmorData, GearData, TechniqueData, WeaponData } from "../../data/item.ts";
import { FrayActorSheet } from "../../sheets/actor-sheet.ts";
import { FrayItemSheet } from "../../sheets/item-sheet.ts";
import { GENERIC_TOKEN_BARS } from "../../data/actor.ts";
import type { ShellRuleset, SheetClass, SheetRegistration } from "../types.ts";

export const shellRuleset: ShellRuleset = {
  dataModels: {
    Actor: { character: CharacterData, npc: NpcData },
    Item: { weapon: WeaponData, armor: ArmorData, gear: GearData, technique: TechniqueData },
  },
  sheets: [
    {
      documentName: "Actor",
      sheetClass: FrayActorSheet,
      types: ACTOR_TYPES,
      label: "FRAY.Sheet.Actor",
    },
    {
      documentName: "Item",
      sheetClass: FrayItemSheet,
      types: ITEM_TYPES,
      label: "FRAY.Sheet.Item",
    },
  ],
  tokenBars: GENERIC_TOKEN_BARS,
};

/** A ruleset's sheet class and the localization key of its name in the sheet configuration. */
export interface NamedSheet {
  readonly sheet: SheetClass;
  readonly label: string;
}

/**
 * A ruleset's actor sheet (for every actor type) and item sheet (for `itemTypes`), registered as
 * the defaults.
 */
export function rulesetSheets(
  actor: NamedSheet,
  item: NamedSheet,
  itemTypes: readonly string[],
): SheetRegistration[] {
  return [
    { documentName: "Actor", sheetClass: actor.sheet, types: ACTOR_TYPES, label: actor.label },
    { documentName: "Item", sheetClass: item.sheet, types: itemTypes, label: item.label },
  ];
}

/**
 * A ruleset's DataModels and sheets laid over the generic ones: its models replace the generic
 * model of each type it defines (the other types keep theirs), and its two sheets become the
 * defaults (its item sheet for the item types it defines), the generic sheets staying selectable.
 */
export function overGeneric(
  models: ShellRuleset["dataModels"],
  actor: NamedSheet,
  item: NamedSheet,
): Pick<ShellRuleset, "dataModels" | "sheets"> {
  return {
    dataModels: {
      Actor: { ...shellRuleset.dataModels.Actor, ...models.Actor },
      Item: { ...shellRuleset.dataModels.Item, ...models.Item },
    },
    sheets: [...shellRuleset.sheets, ...rulesetSheets(actor, item, Object.keys(models.Item))],
  };
}
