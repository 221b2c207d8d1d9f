/**
 * The Freelancers sheet's actions a macro runs and a user drags to the hotbar (api/types.ts
 * SheetAction): Dodge and Disengage, as their buttons (table/self.ts, through the referee).
 */
import type { SheetAction } from "../../api/types.ts";
import { flDisengage, flDodge } from "./table/self.ts";

export const FL_SHEET_ACTIONS: readonly SheetAction[] = [
  {
    id: "dodge",
    label: "FRAY.Freelancers.Sheet.Dodge",
    img: "icons/svg/wingfoot.svg",
    button: { action: "dodge" },
    run: flDodge,
  },
  {
    id: "disengage",
    label: "FRAY.Freelancers.Sheet.Disengage",
    img: "icons/svg/back.svg",
    button: { action: "disengage" },
    run: flDisengage,
  },
];
