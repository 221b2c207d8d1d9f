/**
 * The two-dice sheet's actions a macro runs and a user drags to the hotbar (api/types.ts
 * SheetAction): Aim, Hide, Take Cover and Move, each the turn's one action as its button
 * declares it (table/self.ts, recorded by the referee).
 */
import type { ActionKind } from "../../../rules/twodice/model.ts";
import type { SheetAction } from "../../api/types.ts";
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
  declared("hide", "icons/svg/invisible.svg"),
  declared("takeCover", "icons/svg/shield.svg"),
  declared("move", "icons/svg/wingfoot.svg"),
];
