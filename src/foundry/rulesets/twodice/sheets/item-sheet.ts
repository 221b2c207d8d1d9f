/**
 * The two-dice item sheet: a weapon's kind (melee or ranged), Attack, Defense, Damage, Range and
 * Type (C, Cn, An or none) and the rounds loaded; an armor layer's Coverage (20: sealed) and
 * Protection, worn or not; gear's quantity. Fields edit in place; the DataModel refuses bad values.
 */
import { SYSTEM_ID, SYSTEM_PATH } from "../../../constants.ts";
import { HandlebarsItemSheet, itemSheetHeader } from "../../../sheets/base.ts";
import type { TemplatePart } from "../../../sheets/base.ts";
import { TWODICE_WEAPON_KINDS } from "../data.ts";
import type { TwodiceArmorSystem, TwodiceWeaponSystem } from "../data.ts";

import DocumentSheetV2 = foundry.applications.api.DocumentSheetV2;

export const TWODICE_ITEM_SHEET_TEMPLATE = `${SYSTEM_PATH}/templates/twodice/item/item-sheet.hbs`;

/** Everything the item sheet template shows, from the item alone. */
export async function twodiceItemSheetContext(item: Item.Implementation) {
  const system = item.system as unknown as Record<string, unknown> & { description: string };
  const weapon = item.type === "weapon" ? (system as unknown as TwodiceWeaponSystem) : null;
  const armor = item.type === "armor" ? (system as unknown as TwodiceArmorSystem) : null;
  return {
    ...(await itemSheetHeader(item, system.description)),
    weapon:
      weapon === null
        ? null
        : {
            ...weapon,
            kinds: TWODICE_WEAPON_KINDS.map((id) => ({
              value: id,
              label: `FRAY.Twodice.Kind.${id}`,
              selected: id === weapon.kind,
            })),
          },
    armor,
    quantity: item.type === "gear" ? (system["quantity"] as number) : null,
  };
}

export type TwodiceItemSheetContext = Awaited<ReturnType<typeof twodiceItemSheetContext>>;

export class TwodiceItemSheet extends HandlebarsItemSheet {
  static override DEFAULT_OPTIONS = {
    classes: [SYSTEM_ID, "item-sheet", "twodice"],
    position: { width: 480, height: 560 },
    window: { resizable: true },
    form: { submitOnChange: true },
  };

  static PARTS: Record<string, TemplatePart> = {
    sheet: { template: TWODICE_ITEM_SHEET_TEMPLATE, scrollable: [".sheet-body"] },
  };

  override async _prepareContext(
    options: Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0],
  ): Promise<DocumentSheetV2.RenderContext<Item.Implementation> & TwodiceItemSheetContext> {
    const base = await super._prepareContext(options);
    return Object.assign(base, await twodiceItemSheetContext(this.item));
  }
}
