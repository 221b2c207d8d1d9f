/**
 * The WWN sheet's actions a macro runs and a user drags to the hotbar (api/types.ts
 * SheetAction): Total Defense, Fighting Withdrawal, Run (the full move rate), Hold and Go Prone /
 * Stand Up, each as its button (table/self.ts: checked here, then the referee in a fight).
 */
import type { SheetAction } from "../../api/types.ts";
import {
  wwnFightingWithdrawal,
  wwnHold,
  wwnRun,
  wwnToggleProne,
  wwnTotalDefense,
} from "./table/self.ts";

export const WWN_SHEET_ACTIONS: readonly SheetAction[] = [
  {
    id: "totalDefense",
    label: "FRAY.Wwn.Sheet.TotalDefense",
    img: "icons/svg/shield.svg",
    button: { action: "totalDefense" },
    run: wwnTotalDefense,
  },
  {
    id: "fightingWithdrawal",
    label: "FRAY.Wwn.Sheet.FightingWithdrawal",
    img: "icons/svg/back.svg",
    button: { action: "fightingWithdrawal" },
    run: wwnFightingWithdrawal,
  },
  {
    id: "run",
    label: "FRAY.Wwn.Sheet.Run",
    img: "icons/svg/wingfoot.svg",
    button: { action: "run" },
    run: (actor) => wwnRun(actor),
  },
  {
    id: "hold",
    label: "FRAY.Wwn.Sheet.Hold",
    img: "icons/svg/clockwork.svg",
    button: { action: "hold" },
    run: wwnHold,
  },
  {
    id: "prone",
    label: "FRAY.Hud.Status.prone",
    img: "icons/svg/falling.svg",
    button: { action: "prone" },
    run: wwnToggleProne,
  },
];
