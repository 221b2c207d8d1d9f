/**
 * The two-dice sheet's actions a macro runs and a user drags to the hotbar (api/types.ts
 * SheetAction and RowAction), each what its button does (sheets/actor-sheet.ts calls the same
 * functions):
 * - the turn's one action as its button declares it (table/self.ts, recorded by the referee):
 *   Aim, Take Cover, Move, Move to cover; Wait, with the row's select as it opens (a melee
 *   attack); Cut in, the action a waiting character declared;
 * - Hide and Move and hide, the card the GM settles (table/hide.ts);
 * - Sneak past the one targeted token, having moved the meters the row's field opens with (0);
 *   no target is the sheet's own warning;
 * - Recovery and Bleed, cards of the referee (table/checks.ts), and Medicine, its dialog;
 * - a weapon row's Auto (the attack dialog set for automatic fire), Ready and Reload, for the
 *   row's weapon.
 * A weapon row's Attack is its row's item: the hotbar drags the row.
 */
import type { ActionKind } from "../../../rules/twodice/model.ts";
import type { RowAction, SheetAction } from "../../api/types.ts";
import { targetedActors } from "../../shared/actors.ts";
import { warnTwodiceRefusal } from "./adapter.ts";
import { openTwodiceAttack } from "./attack/dialog.ts";
import { twodiceNow } from "./budget.ts";
import { openTwodiceMedicine } from "./sheets/medicine.ts";
import { twodiceBleed, twodiceRecovery, twodiceSneak } from "./table/checks.ts";
import { twodiceHide } from "./table/hide.ts";
import { twodiceDeclare, twodiceReload } from "./table/self.ts";

/** Waits, ready to take `kind` (the Wait row's select) when the awaited moment comes. */
export async function twodiceWait(actor: Actor.Implementation, kind: ActionKind): Promise<boolean> {
  return (await twodiceDeclare(actor, kind, { wait: true })).ok;
}

/** A waiting character takes the action it declared, cutting in before what it answers. */
export async function twodiceCutIn(actor: Actor.Implementation): Promise<boolean> {
  const waiting = twodiceNow(actor).turn.waiting;
  return waiting !== null && (await twodiceDeclare(actor, waiting, { cutIn: true })).ok;
}

/** Sneaks past the one targeted token's actor, having moved `moved` meters (the row's field). */
export async function twodiceSneakPast(
  actor: Actor.Implementation,
  moved: number,
): Promise<boolean> {
  const observer = targetedActors()[0];
  if (observer === undefined) {
    warnTwodiceRefusal({ reason: "noTarget" });
    return false;
  }
  return (await twodiceSneak(actor, observer, moved)).ok;
}

function declared(kind: ActionKind, img: string): SheetAction {
  return {
    id: kind,
    label: `FRAY.Twodice.Action.${kind}`,
    img,
    button: { action: "declare", data: { kind } },
    run: async (actor) => (await twodiceDeclare(actor, kind)).ok,
  };
}

export const TWODICE_SHEET_ACTIONS: readonly SheetAction[] = [
  declared("aim", "icons/svg/target.svg"),
  {
    // Hiding is a card the GM settles (table/hide.ts).
    id: "hide",
    label: "FRAY.Twodice.Action.hide",
    img: "icons/svg/invisible.svg",
    button: { action: "hide", data: { move: "0" } },
    run: async (actor) => (await twodiceHide(actor)).ok,
  },
  declared("takeCover", "icons/svg/shield.svg"),
  declared("move", "icons/svg/wingfoot.svg"),
  {
    id: "moveHide",
    label: "FRAY.Twodice.Sheet.MoveHide",
    img: "icons/svg/blind.svg",
    button: { action: "hide", data: { move: "1" } },
    run: async (actor) => (await twodiceHide(actor, true)).ok,
  },
  declared("moveAndCover", "icons/svg/mage-shield.svg"),
  {
    id: "cutIn",
    label: "FRAY.Twodice.Sheet.CutIn",
    img: "icons/svg/lightning.svg",
    button: { action: "cutIn" },
    run: twodiceCutIn,
  },
  {
    id: "wait",
    label: "FRAY.Twodice.Sheet.Wait",
    img: "icons/svg/clockwork.svg",
    button: { action: "declare", data: { kind: "wait" } },
    // The Wait row's select as it opens: ready for a melee attack.
    run: (actor) => twodiceWait(actor, "meleeAttack"),
  },
  {
    id: "sneak",
    label: "FRAY.Twodice.Sheet.Sneak",
    img: "icons/svg/pawprint.svg",
    button: { action: "sneak" },
    // The row's meters field as it opens: 0 (sneaking without moving).
    run: (actor) => twodiceSneakPast(actor, 0),
  },
  {
    id: "recovery",
    label: "FRAY.Twodice.Sheet.Recovery",
    img: "icons/svg/regen.svg",
    button: { action: "recovery" },
    run: async (actor) => (await twodiceRecovery(actor)).ok,
  },
  {
    id: "medicine",
    label: "FRAY.Twodice.Sheet.Medicine",
    img: "icons/svg/heal.svg",
    button: { action: "medicine" },
    run: async (actor) => (await openTwodiceMedicine(actor))?.ok === true,
  },
  {
    id: "bleed",
    label: "FRAY.Twodice.Sheet.Bleed",
    img: "icons/svg/blood.svg",
    button: { action: "bleed" },
    run: async (actor) => (await twodiceBleed(actor)).ok,
  },
];

export const TWODICE_ROW_ACTIONS: readonly RowAction[] = [
  {
    id: "autoFire",
    label: "FRAY.Twodice.Card.Auto",
    button: { action: "autoFire" },
    run: async (actor, weapon) => (await openTwodiceAttack(actor, weapon, "auto")) !== null,
  },
  {
    id: "ready",
    label: "FRAY.Twodice.Sheet.Ready",
    button: { action: "ready" },
    run: async (actor, weapon) =>
      (await twodiceDeclare(actor, "ready", { weaponId: weapon.id ?? "" })).ok,
  },
  {
    id: "reload",
    label: "FRAY.Twodice.Action.reload",
    button: { action: "reload" },
    run: async (actor, weapon) => (await twodiceReload(actor, weapon)).ok,
  },
];
