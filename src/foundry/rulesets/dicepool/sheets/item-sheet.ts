/**
 * The dice-pool item sheet: a weapon's kind (close or ranged), its extra damage and its mods
 * (non-lethal, disarming, grappling); an armor's rating and whether it is worn. Fields edit in
 * place; the DataModel refuses bad values.
 */
import { SYSTEM_PATH } from "../../../constants.ts";
import { rulesetItemSheet, weaponKindsContext } from "../../../sheets/base.ts";
import type { DicepoolArmorSystem, DicepoolWeaponSystem } from "../adapter.ts";
import { DICEPOOL_WEAPON_KINDS } from "../data.ts";

export const DICEPOOL_ITEM_SHEET_TEMPLATE = `${SYSTEM_PATH}/templates/dicepool/item-sheet.hbs`;

/** Everything the item sheet template shows, from the item alone. */
export async function dicepoolItemSheetContext(item: Item.Implementation) {
  const { context } = await weaponKindsContext<DicepoolWeaponSystem, DicepoolArmorSystem>(
    item,
    DICEPOOL_WEAPON_KINDS,
    (id) => `FRAY.Dicepool.WeaponKind.${id}`,
  );
  return context;
}

export type DicepoolItemSheetContext = Awaited<ReturnType<typeof dicepoolItemSheetContext>>;

export class DicepoolItemSheet extends rulesetItemSheet({
  rulesetClass: "dicepool",
  width: 460,
  height: 520,
  template: DICEPOOL_ITEM_SHEET_TEMPLATE,
  context: dicepoolItemSheetContext,
}) {}
