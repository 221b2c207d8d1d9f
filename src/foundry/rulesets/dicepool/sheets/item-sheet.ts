/**
 * The dice-pool item sheet: a weapon's kind (close or ranged), its extra damage and its mods
 * (non-lethal, disarming, grappling) and the defenses it rules out; an armor's rating and whether
 * it is worn; a power's action type and Energy; gear's count and whether it is restraints. Fields edit in
 * place; the DataModel refuses bad values.
 */
import { SYSTEM_PATH } from "../../../constants.ts";
import { choices, itemSheetHeader, itemSystems, rulesetItemSheet } from "../../../sheets/base.ts";
import type { DicepoolArmorSystem, DicepoolWeaponSystem } from "../adapter.ts";
import { DICEPOOL_WEAPON_KINDS } from "../data.ts";
import { ACTION_TYPES } from "../../../../rules/dicepool/actions.ts";
import { powerType } from "../table/conduct.ts";

export const DICEPOOL_ITEM_SHEET_TEMPLATE = `${SYSTEM_PATH}/templates/dicepool/item-sheet.hbs`;

/** Everything the item sheet template shows, from the item alone. */
export async function dicepoolItemSheetContext(item: Item.Implementation) {
  const { system, weapon, armor } = itemSystems<DicepoolWeaponSystem, DicepoolArmorSystem>(item);
  return {
    ...(await itemSheetHeader(item, system.description)),
    weapon:
      weapon === null
        ? null
        : {
            ...weapon,
            kinds: choices(
              DICEPOOL_WEAPON_KINDS,
              weapon.kind,
              (id) => `FRAY.Dicepool.WeaponKind.${id}`,
            ),
          },
    armor,
    power:
      item.type === "technique"
        ? {
            energyCost: (item.system as { energyCost?: number }).energyCost ?? 0,
            types: choices(ACTION_TYPES, powerType(item), (id) => `FRAY.Dicepool.ActionType.${id}`),
          }
        : null,
    gear:
      item.type === "gear"
        ? {
            quantity: (item.system as { quantity?: number }).quantity ?? 0,
            restraints: (item.system as { restraints?: boolean }).restraints === true,
          }
        : null,
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
