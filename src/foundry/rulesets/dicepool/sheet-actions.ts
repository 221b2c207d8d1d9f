/**
 * The dice-pool sheet's actions a macro runs and a user drags to the hotbar (api/types.ts
 * SheetAction), each what its button does when clicked with the row as the sheet opens it
 * (sheets/actor-sheet.ts tableAct): the same request through the table's declaration
 * (table/kit.ts: checked here, then by the referee, who writes and posts the line):
 * - Ready Weapon and Pick Up (the weapon a disarm knocked away; dropped.ts), Surrender;
 * - Take Cover, with the first kind the row's list offers (light cover); Move, as its row opens
 *   (one space, on the ground);
 * - Defend Other, Stabilize and Issue Command, for the one targeted character;
 * - Quick Communication, Social Action, Complex Action (and Issue Command) with no words typed,
 *   as the words row's buttons with its field left empty;
 * - Roll In (a fighter added to a fight under way: table/join.ts);
 * - Attack bare-handed, at the one targeted token with the dialog's defaults (the API's attack);
 * - Blitz bare-handed, and a weapon row's Blitz: into the targeted token's space, then the attack
 *   dialog with Blitz ticked (movement.ts dicepoolBlitz);
 * - the vehicle sheet's Drive and Refuel, and each weapon's Fire (its row too): the vehicle's own,
 *   so the macro names the vehicle; Fire is the user's seat in its crew (the gunner if theirs,
 *   else the pilot) attacking through the dialog (vehicle/fire.ts), as the sheet's button.
 * A power's Use is its row's item (`dicepoolItemUse`): the hotbar drags the row.
 * The rows that need another fighter the sheet names (a grapple's points, escaping or resisting a
 * named grappler) and the GM's fall and rest stay on the sheet and the map.
 */
import { refuse } from "../../../rules/core/result.ts";
import { COVER_KINDS } from "../../../rules/dicepool/options.ts";
import type { ItemUse, RowAction, SheetAction } from "../../api/types.ts";
import { targetedActors } from "../../shared/actors.ts";
import { warnDicepoolRefusal } from "./adapter.ts";
import { declareDicepoolAttack } from "./attack/declare.ts";
import { requestDicepoolAct } from "./table/kit.ts";
import type { TableAct } from "./table/kit.ts";
import { rollIn } from "./table/join.ts";
import { dicepoolBlitz } from "./movement.ts";
import { isVehicle } from "./vehicle/data.ts";
import { requestVehicleAct } from "./vehicle/drive.ts";
import { fireVehicleWeapon } from "./vehicle/fire.ts";

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
  how: { readonly targeted?: boolean; readonly choice?: string; readonly amount?: number } = {},
): SheetAction {
  return {
    id: act,
    label,
    img,
    button: { action: "act", data: { act } },
    run: async (actor) => {
      const other = how.targeted === true ? theTarget() : null;
      if (how.targeted === true && other === null) return false;
      return requestDicepoolAct(act, actor, other, how.amount ?? 0, "ground", how.choice ?? "");
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
  // The move row as it opens: one space, on the ground (its first medium).
  tableAct("move", "FRAY.Dicepool.Sheet.Move", "icons/svg/walk.svg", { amount: 1 }),
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
  {
    id: "blitzUnarmed",
    label: "FRAY.Dicepool.Hotbar.BlitzUnarmed",
    img: "icons/svg/lightning.svg",
    button: { action: "blitzUnarmed" },
    run: async (actor) => (await dicepoolBlitz(actor, null)) !== null,
  },
  ...(["drive", "refuel"] as const).map((act): SheetAction => ({
    id: act,
    label: `FRAY.Dicepool.Vehicle.${act === "drive" ? "Drive" : "Refuel"}`,
    img: act === "drive" ? "icons/svg/wingfoot.svg" : "icons/svg/fire.svg",
    button: { action: act },
    run: (vehicle) => requestVehicleAct(vehicle, act),
    sheetActor: true,
  })),
];

/** A weapon's on its row: Blitz with it; a vehicle's weapon's Fire (the row itself too). */
export const DICEPOOL_ROW_ACTIONS: readonly RowAction[] = [
  {
    id: "blitz",
    label: "FRAY.Dicepool.Hotbar.Blitz",
    button: { action: "blitz" },
    run: async (actor, weapon) => (await dicepoolBlitz(actor, weapon)) !== null,
  },
  {
    id: "fire",
    label: "FRAY.Dicepool.Vehicle.Fire",
    button: { action: "fire" },
    run: async (vehicle, weapon) => (await fireVehicleWeapon(vehicle, weapon.id ?? "")) !== null,
    sheetActor: true,
    isRow: (item) =>
      item.type === "weapon" && item.parent instanceof Actor && isVehicle(item.parent),
  },
];

/** A power's Use (its row's button: `usePower` with the item's id), for the hotbar's macro. */
const usePower: ItemUse = (actor, item) =>
  requestDicepoolAct("usePower", actor, null, 0, "ground", item.id ?? "");

/** The sheet's use of a non-weapon item: a power (the technique item) is used; others none. */
export function dicepoolItemUse(item: Item.Implementation): ItemUse | null {
  return item.type === "technique" ? usePower : null;
}
