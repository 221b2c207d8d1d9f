/**
 * The dice-pool item sheet: a weapon's kind (close or ranged), its extra damage and its mods
 * (non-lethal, disarming, grappling); an armor's rating and whether it is worn. Fields edit in
 * place; the DataModel refuses bad values.
 */
import { SYSTEM_PATH } from "../../../constants.ts";
import {
  choices,
  itemSheetHeader,
  itemSystems,
  partWith,
  rulesetItemSheet,
} from "../../../sheets/base.ts";
import type { DicepoolArmorSystem, DicepoolWeaponSystem } from "../adapter.ts";
import { DICEPOOL_WEAPON_KINDS } from "../data.ts";

export const DICEPOOL_ITEM_SHEET_TEMPLATE = `${SYSTEM_PATH}/templates/dicepool/item-sheet.hbs`;

/** Everything the item sheet template shows, from the item alone. */
export async function dicepoolItemSheetContext(item: Item.Implementation) {
  const { system, weapon, armor } = itemSystems<DicepoolWeaponSystem, DicepoolArmorSystem>(item);
  return {
    ...(await itemSheetHeader(item, system.description)),
    weapon: partWith(weapon, (w) => ({
      kinds: choices(DICEPOOL_WEAPON_KINDS, w.kind, (id) => `FRAY.Dicepool.WeaponKind.${id}`),
    })),
    armor,
  };
}

export type DicepoolItemSheetContext = Awaited<ReturnType<typeof dicepoolItemSheetContext>>;

export class DicepoolItemSheet extends rulesetItemSheet({
  rulesetClass: "dicepool",
  width: 460,
  height: 520,
  template: DICEPOOL_ITEM_SHEET_TEMPLATE,
  context: dicepoolItemSheetContext,
}) {}
