/**
 * The dice-pool sheet's actions a macro runs and a user drags to the hotbar (api/types.ts
 * SheetAction), each what its button does when clicked with the row as the sheet opens it
 * (sheets/actor-sheet.ts tableAct): the same request through the table's declaration
 * (table/kit.ts: checked here, then by the referee, who writes and posts the line):
 * - Ready Weapon and Pick Up (the weapon a disarm knocked away; dropped.ts), Surrender;
 * - Take Cover, with the first kind the row's list offers (light cover);
 * - Defend Other, Stabilize and Issue Command, for the one targeted character;
 * - Quick Communication, Social Action, Complex Action (and Issue Command) with no words typed,
 *   as the words row's buttons with its field left empty;
 * - Roll In (a fighter added to a fight under way: table/join.ts);
 * - Attack bare-handed, at the one targeted token with the dialog's defaults (the API's attack).
 * A power's Use is its row's item (`dicepoolItemUse`): the hotbar drags the row.
 * The rows that need a number or another fighter the sheet names (a move's spaces, a grapple's
 * points, the GM's fall and rest) stay on the sheet and the map.
 */
import { refuse } from "../../../rules/core/result.ts";
import { COVER_KINDS } from "../../../rules/dicepool/options.ts";
import type { ItemUse, SheetAction } from "../../api/types.ts";
import { targetedActors } from "../../shared/actors.ts";
import { warnDicepoolRefusal } from "./adapter.ts";
import { declareDicepoolAttack } from "./attack/declare.ts";
import { requestDicepoolAct } from "./table/kit.ts";
import type { TableAct } from "./table/kit.ts";
import { rollIn } from "./table/join.ts";

/** The cover the Take Cover row offers first (its select's first option). */
const FIRST_COVER = COVER_KINDS.find((kind) => kind !== "none") ?? "light";

/** The one targeted character, or the table's refusal (warned) and null. */
function theTarget(): Actor.Implementation | null {
  const target = targetedActors()[0] ?? null;
  if (target === null) warnDicepoolRefusal(refuse("noTarget"));
  return target;
}

/** A table act's button: `data-action="act"` with its `data-act`. */
function tableAct(
  act: TableAct,
  label: string,
  img: string,
  how: { readonly targeted?: boolean; readonly choice?: string } = {},
): SheetAction {
  return {
    id: act,
    label,
    img,
    button: { action: "act", data: { act } },
    run: async (actor) => {
      const other = how.targeted === true ? theTarget() : null;
      if (how.targeted === true && other === null) return false;
      return requestDicepoolAct(act, actor, other, 0, "ground", how.choice ?? "");
    },
  };
}

export const DICEPOOL_SHEET_ACTIONS: readonly SheetAction[] = [
  {
    id: "attackUnarmed",
    label: "FRAY.Api.Hotbar.AttackUnarmed",
    img: "icons/svg/combat.svg",
    button: { action: "attackUnarmed" },
    run: async (actor) => {
      const target = theTarget();
      if (target === null) return false;
      return (await declareDicepoolAttack(actor, null, [target])) !== null;
    },
  },
  tableAct("readyWeapon", "FRAY.Api.Hotbar.ReadyWeapon", "icons/svg/sword.svg"),
  tableAct("pickUpWeapon", "FRAY.Api.Hotbar.PickUpWeapon", "icons/svg/item-bag.svg"),
  tableAct("takeCover", "FRAY.Dicepool.Sheet.TakeCover", "icons/svg/shield.svg", {
    choice: FIRST_COVER,
  }),
  tableAct("defendOther", "FRAY.Dicepool.Sheet.DefendOther", "icons/svg/mage-shield.svg", {
    targeted: true,
  }),
  tableAct("stabilize", "FRAY.Dicepool.Sheet.Stabilize", "icons/svg/heal.svg", {
    targeted: true,
  }),
  tableAct("surrender", "FRAY.Dicepool.Sheet.Surrender", "icons/svg/cancel.svg"),
  tableAct("issueCommand", "FRAY.Dicepool.Sheet.IssueCommand", "icons/svg/sound.svg", {
    targeted: true,
  }),
  tableAct("quickCommunication", "FRAY.Dicepool.Sheet.QuickCommunication", "icons/svg/sound.svg"),
  tableAct("socialAction", "FRAY.Dicepool.Sheet.SocialAction", "icons/svg/village.svg"),
  tableAct("complexAction", "FRAY.Dicepool.Sheet.ComplexAction", "icons/svg/book.svg"),
  {
    id: "rollIn",
    label: "FRAY.Dicepool.Sheet.RollIn",
    img: "icons/svg/d20-grey.svg",
    button: { action: "rollIn" },
    run: rollIn,
  },
];

/** A power's Use (its row's button: `usePower` with the item's id), for the hotbar's macro. */
const usePower: ItemUse = (actor, item) =>
  requestDicepoolAct("usePower", actor, null, 0, "ground", item.id ?? "");

/** The sheet's use of a non-weapon item: a power (the technique item) is used; others none. */
export function dicepoolItemUse(item: Item.Implementation): ItemUse | null {
  return item.type === "technique" ? usePower : null;
}
