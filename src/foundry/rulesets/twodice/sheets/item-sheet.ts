/**
 * The two-dice item sheet: a weapon's kind (melee or ranged), Attack, Defense, Damage, Range and
 * Type (C, Cn, An or none) and the rounds loaded; an armor layer's Coverage (20: sealed) and
 * Protection, worn or not; gear's quantity. Fields edit in place; the DataModel refuses bad values.
 */
import { SYSTEM_PATH } from "../../../constants.ts";
import { rulesetItemSheet, weaponKindsContext } from "../../../sheets/base.ts";
import { TWODICE_WEAPON_KINDS } from "../data.ts";
import type { TwodiceArmorSystem, TwodiceWeaponSystem } from "../data.ts";

export const TWODICE_ITEM_SHEET_TEMPLATE = `${SYSTEM_PATH}/templates/twodice/item/item-sheet.hbs`;

/** Everything the item sheet template shows, from the item alone. */
export async function twodiceItemSheetContext(item: Item.Implementation) {
  const { system, context } = await weaponKindsContext<TwodiceWeaponSystem, TwodiceArmorSystem>(
    item,
    TWODICE_WEAPON_KINDS,
    (id) => `FRAY.Twodice.Kind.${id}`,
  );
  return { ...context, quantity: item.type === "gear" ? (system["quantity"] as number) : null };
}

export type TwodiceItemSheetContext = Awaited<ReturnType<typeof twodiceItemSheetContext>>;

export class TwodiceItemSheet extends rulesetItemSheet({
  rulesetClass: "twodice",
  width: 480,
  height: 560,
  template: TWODICE_ITEM_SHEET_TEMPLATE,
  context: twodiceItemSheetContext,
}) {}
