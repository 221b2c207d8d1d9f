/**
 * The two-dice sheet's actions a macro runs and a user drags to the hotbar (api/types.ts
 * SheetAction): Aim, Take Cover and Move, each the turn's one action as its button declares it
 * (table/self.ts, recorded by the referee), and Hide, the card the GM settles (table/hide.ts).
 */
import type { ActionKind } from "../../../rules/twodice/model.ts";
import type { SheetAction } from "../../api/types.ts";
import { twodiceHide } from "./table/hide.ts";
import { twodiceDeclare } from "./table/self.ts";

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
    // Hiding is a card the GM settles (table/hide.ts); the plain button, not Move and hide.
    id: "hide",
    label: "FRAY.Twodice.Action.hide",
    img: "icons/svg/invisible.svg",
    button: { action: "hide", data: { move: "0" } },
    run: async (actor) => (await twodiceHide(actor)).ok,
  },
  declared("takeCover", "icons/svg/shield.svg"),
  declared("move", "icons/svg/wingfoot.svg"),
];
