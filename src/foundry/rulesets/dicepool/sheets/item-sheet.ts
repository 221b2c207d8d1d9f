/**
 * The dice-pool item sheet: a weapon's kind (close or ranged), its extra damage and its mods
 * (non-lethal, disarming, grappling); an armor's rating and whether it is worn. Fields edit in
 * place; the DataModel refuses bad values.
 */
import { SYSTEM_ID, SYSTEM_PATH } from "../../../constants.ts";
import { HandlebarsItemSheet, itemSheetHeader } from "../../../sheets/base.ts";
import type { TemplatePart } from "../../../sheets/base.ts";
import type { DicepoolArmorSystem, DicepoolWeaponSystem } from "../adapter.ts";
import { DICEPOOL_WEAPON_KINDS } from "../data.ts";

import DocumentSheetV2 = foundry.applications.api.DocumentSheetV2;

export const DICEPOOL_ITEM_SHEET_TEMPLATE = `${SYSTEM_PATH}/templates/dicepool/item-sheet.hbs`;

/** Everything the item sheet template shows, from the item alone. */
export async function dicepoolItemSheetContext(item: Item.Implementation) {
  const system = item.system as unknown as { description: string };
  const weapon = item.type === "weapon" ? (system as unknown as DicepoolWeaponSystem) : null;
  const armor = item.type === "armor" ? (system as unknown as DicepoolArmorSystem) : null;
  return {
    ...(await itemSheetHeader(item, system.description)),
    weapon:
      weapon === null
        ? null
        : {
            ...weapon,
            kinds: DICEPOOL_WEAPON_KINDS.map((id) => ({
              value: id,
              label: `FRAY.Dicepool.WeaponKind.${id}`,
              selected: id === weapon.kind,
            })),
          },
    armor,
  };
}

export type DicepoolItemSheetContext = Awaited<ReturnType<typeof dicepoolItemSheetContext>>;

export class DicepoolItemSheet extends HandlebarsItemSheet {
  static override DEFAULT_OPTIONS = {
    classes: [SYSTEM_ID, "item-sheet", "dicepool"],
    position: { width: 460, height: 520 },
    window: { resizable: true },
    form: { submitOnChange: true },
  };

  static PARTS: Record<string, TemplatePart> = {
    sheet: { template: DICEPOOL_ITEM_SHEET_TEMPLATE, scrollable: [".sheet-body"] },
  };

  override async _prepareContext(
    options: Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0],
  ): Promise<DocumentSheetV2.RenderContext<Item.Implementation> & DicepoolItemSheetContext> {
    const base = await super._prepareContext(options);
    return Object.assign(base, await dicepoolItemSheetContext(this.item));
  }
}
