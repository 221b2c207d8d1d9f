/**
 * The Worldlines sheet's actions a macro runs and a user drags to the hotbar (api/types.ts
 * SheetAction): Defensive Posture, as its button (the referee pays its Energy and ends the turn).
 */
import type { SheetAction } from "../../api/types.ts";
import { defensivePosture } from "./table/posture.ts";

export const WORLDLINES_SHEET_ACTIONS: readonly SheetAction[] = [
  {
    id: "defensivePosture",
    label: "FRAY.Worldlines.Sheet.DefensivePosture",
    img: "icons/svg/shield.svg",
    button: { action: "defensivePosture" },
    run: defensivePosture,
  },
];
