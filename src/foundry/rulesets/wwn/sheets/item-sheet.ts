/**
 * The WWN item sheet: a weapon's damage, combat skill, attributes, Shock (points / AC), how it
 * attacks (melee, ranged, thrown), two-handed, readied or stowed, reload and magic bonus; an
 * armor's or shield's AC; gear's quantity; whether a technique is a spell, and its level. Fields edit in place; the DataModel refuses bad values.
 */
import { SYSTEM_PATH } from "../../../constants.ts";
import { choices, rulesetItemSheet } from "../../../sheets/base.ts";
import type { WwnArmorSystem, WwnWeaponSystem } from "../adapter.ts";
import { WWN_ARMOR_KINDS, WWN_COMBAT_SKILLS, WWN_RELOADS, WWN_WEAPON_MODES } from "../data.ts";

export const WWN_ITEM_SHEET_TEMPLATE = `${SYSTEM_PATH}/templates/wwn/item/item-sheet.hbs`;

/** Everything the item sheet template shows, from the item alone. */
export async function wwnItemSheetContext(item: Item.Implementation) {
  const system = item.system as unknown as Record<string, unknown> & { description: string };
  const weapon = item.type === "weapon" ? (system as unknown as WwnWeaponSystem) : null;
  const armor = item.type === "armor" ? (system as unknown as WwnArmorSystem) : null;
  const enrichedDescription = await foundry.applications.ux.TextEditor.implementation.enrichHTML(
    system.description,
    { relativeTo: item },
  );
  return {
    itemName: item.name,
    img: item.img ?? "",
    itemType: item.type,
    typeLabel: `TYPES.Item.${item.type}`,
    weapon:
      weapon === null
        ? null
        : {
            ...weapon,
            skills: choices(WWN_COMBAT_SKILLS, weapon.skill, (id) => `FRAY.Wwn.Skill.${id}`),
            modes: choices(WWN_WEAPON_MODES, weapon.mode, (id) => `FRAY.Wwn.Mode.${id}`),
            reloads: choices(WWN_RELOADS, weapon.reload, (id) => `FRAY.Wwn.Reload.${id}`),
          },
    armor:
      armor === null
        ? null
        : {
            ...armor,
            isShield: armor.kind === "shield",
            kinds: choices(WWN_ARMOR_KINDS, armor.kind, (id) => `FRAY.Wwn.ArmorKind.${id}`),
          },
    quantity: item.type === "gear" ? (system["quantity"] as number) : null,
    spell:
      item.type === "technique"
        ? { isSpell: system["spell"] === true, level: system["spellLevel"] as number }
        : null,
    description: system.description,
    enrichedDescription,
  };
}

export type WwnItemSheetContext = Awaited<ReturnType<typeof wwnItemSheetContext>>;

export class WwnItemSheet extends rulesetItemSheet({
  rulesetClass: "wwn",
  width: 500,
  height: 600,
  template: WWN_ITEM_SHEET_TEMPLATE,
  context: wwnItemSheetContext,
}) {}
