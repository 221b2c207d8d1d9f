/**
 * The Worldlines sheet's actions a macro runs and a user drags to the hotbar (api/types.ts
 * SheetAction, RowAction), each what its button does, through the same table action (the
 * referee's where the button goes there):
 * - the actor's own: Defensive Posture (the referee pays its Energy and ends the turn), First Aid
 *   (on the targeted actor, else oneself), Break free and Escape, each stance button (in a fight
 *   the referee's: table/stance.ts), each skill's check, and Recover from each status the book
 *   lets the actor recover from (a status it does not have is the button's refusal);
 * - an item row's: Reload, Draw and Covering Fire on a weapon's row; Use Item, Throw, Restrain and
 *   Build on a gear row. A weapon's Attack and a technique's Use are the row itself, dragged as
 *   its item (`game.system.api.useItem`).
 */
import { DEFAULT_OPTIONS as RULES } from "../../../rules/worldlines/options.ts";
import { STATUS_IDS } from "../../../rules/worldlines/model.ts";
import type { RowAction, SheetAction } from "../../api/types.ts";
import { SKILLS, STANCES } from "./data.ts";
import { firstAid, useItem } from "./table/care.ts";
import { coveringFire } from "./table/cover.ts";
import { drawWeapon } from "./table/draw.ts";
import { build, throwGrenade } from "./table/gear.ts";
import { defensivePosture } from "./table/posture.ts";
import { escapeFrom, restrain } from "./table/restraints.ts";
import { recoveryCheck, reload, skillCheck } from "./table/self.ts";
import { changeStance } from "./table/stance.ts";

export const WORLDLINES_SHEET_ACTIONS: readonly SheetAction[] = [
  {
    id: "defensivePosture",
    label: "FRAY.Worldlines.Sheet.DefensivePosture",
    img: "icons/svg/shield.svg",
    button: { action: "defensivePosture" },
    run: defensivePosture,
  },
  {
    id: "firstAid",
    label: "FRAY.Worldlines.Sheet.FirstAid",
    img: "icons/svg/heal.svg",
    button: { action: "firstAid" },
    run: firstAid,
  },
  {
    id: "breakFree",
    label: "FRAY.Worldlines.Hotbar.BreakFree",
    img: "icons/svg/net.svg",
    button: { action: "breakFree" },
    run: (actor) => escapeFrom(actor, "breakFree"),
  },
  {
    id: "escape",
    label: "FRAY.Worldlines.Hotbar.Escape",
    img: "icons/svg/door-exit.svg",
    button: { action: "escape" },
    run: (actor) => escapeFrom(actor, "escape"),
  },
  ...STANCES.map((stance): SheetAction => ({
    id: `stance.${stance}`,
    label: "FRAY.Worldlines.Hotbar.Stance",
    labelArgs: { stance: `FRAY.Worldlines.Actor.Stance.${stance}` },
    img: stance === "prone" ? "icons/svg/falling.svg" : "icons/svg/down.svg",
    button: { action: "stance", data: { stance } },
    run: (actor) => changeStance(actor, stance),
  })),
  ...SKILLS.map((skill): SheetAction => ({
    id: `skillCheck.${skill}`,
    label: "FRAY.Worldlines.Hotbar.SkillCheck",
    labelArgs: { skill: `FRAY.Worldlines.Actor.Skill.${skill}` },
    img: "icons/svg/d20-grey.svg",
    button: { action: "skillCheck", data: { skill } },
    run: (actor) => skillCheck(actor, skill),
  })),
  ...STATUS_IDS.filter((status) => RULES.recovery[status] !== undefined).map(
    (status): SheetAction => ({
      id: `recover.${status}`,
      label: "FRAY.Worldlines.Hotbar.Recover",
      labelArgs: { status: `FRAY.Worldlines.Status.${status}.Name` },
      img: "icons/svg/regen.svg",
      button: { action: "recover", data: { status } },
      run: (actor) => recoveryCheck(actor, status),
    }),
  ),
];

/** A row action whose button is its `data-action` alone. */
function rowAction(id: string, label: string, run: RowAction["run"]): RowAction {
  return { id, label: `FRAY.Worldlines.Hotbar.${label}`, button: { action: id }, run };
}

export const WORLDLINES_ROW_ACTIONS: readonly RowAction[] = [
  rowAction("reload", "Reload", reload),
  rowAction("draw", "Draw", drawWeapon),
  rowAction("coveringFire", "CoveringFire", coveringFire),
  rowAction("useItem", "UseItem", useItem),
  rowAction("throwItem", "Throw", throwGrenade),
  rowAction("restrain", "Restrain", restrain),
  rowAction("build", "Build", build),
];
