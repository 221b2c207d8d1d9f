/**
 * The Freelancers item sheet: a weapon's kind, attribute and combat skill, damage, reach or
 * nominal/maximum range, integrity, Touch, the shape of its effect and traits; an armor's rating; an ability's recharge
 * number, the action it takes and whether it is charged. Fields edit in place; the DataModel
 * refuses bad values.
 */
import { SYSTEM_PATH } from "../../../constants.ts";
import { choices, itemSheetHeader, partWith, rulesetItemSheet } from "../../../sheets/base.ts";
import type { FlAbilitySystem, FlArmorSystem, FlWeaponSystem } from "../adapter.ts";
import {
  FL_ABILITY_ACTIONS,
  FL_ATTRIBUTES,
  FL_COMBAT_SKILLS,
  FL_WEAPON_KINDS,
  FL_WEAPON_SHAPES,
} from "../data.ts";

export const FL_ITEM_SHEET_TEMPLATE = `${SYSTEM_PATH}/templates/freelancers/item/item-sheet.hbs`;

/** Everything the item sheet template shows, from the item alone. */
export async function flItemSheetContext(item: Item.Implementation) {
  const system = item.system as unknown as Record<string, unknown> & { description: string };
  const weapon = item.type === "weapon" ? (system as unknown as FlWeaponSystem) : null;
  const armor = item.type === "armor" ? (system as unknown as FlArmorSystem) : null;
  const ability = item.type === "technique" ? (system as unknown as FlAbilitySystem) : null;
  return {
    ...(await itemSheetHeader(item, system.description)),
    typeLabel:
      item.type === "technique" ? "FRAY.Freelancers.Item.Ability" : `TYPES.Item.${item.type}`,
    weapon: partWith(weapon, (w) => ({
      ranged: w.kind === "ranged",
      kinds: choices(FL_WEAPON_KINDS, w.kind, (id) => `FRAY.Freelancers.WeaponKind.${id}`),
      attributes: choices(FL_ATTRIBUTES, w.attribute, (id) => `FRAY.Freelancers.Attribute.${id}`),
      skills: choices(FL_COMBAT_SKILLS, w.skill, (id) => `FRAY.Freelancers.Skill.${id}`),
      shapes: choices(
        FL_WEAPON_SHAPES,
        w.shape?.kind ?? "none",
        (id) => `FRAY.Freelancers.Shape.${id}`,
      ),
      shapeRange: w.shape?.range ?? 0,
    })),
    armor,
    ability: partWith(ability, (a) => ({
      actions: choices(FL_ABILITY_ACTIONS, a.action, (id) => `FRAY.Freelancers.Action.${id}`),
    })),
  };
}

export type FlItemSheetContext = Awaited<ReturnType<typeof flItemSheetContext>>;

export class FlItemSheet extends rulesetItemSheet({
  rulesetClass: "freelancers",
  width: 500,
  height: 600,
  template: FL_ITEM_SHEET_TEMPLATE,
  context: flItemSheetContext,
}) {}
