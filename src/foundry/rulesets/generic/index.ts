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
import type { ShellRuleset } from "../types.ts";

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
