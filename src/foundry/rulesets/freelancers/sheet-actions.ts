/**
 * The Freelancers sheet's actions a macro runs and a user drags to the hotbar (api/types.ts
 * SheetAction), each what its button does, through the same table action (the referee's where
 * the button goes there): each attribute's and skill's check (a skill's listed first: its button
 * names its attribute too), Move and Quick, Hide and Search (the card the GM settles), Dodge and
 * Disengage, Ready Base and Ready Move (the trigger asked in the button's dialog), Help and
 * Medicine on the one targeted dying ally, Aid on the targeted ally. A weapon's Attack and an
 * ability's Use are the row itself, dragged as its item (`game.system.api.useItem`). The counters
 * (a number kept by hand) stay on the sheet.
 */
import type { SheetAction } from "../../api/types.ts";
import { FL_ATTRIBUTES, FL_SKILLS, FL_SKILL_ATTRIBUTE } from "./data.ts";
import { flAid } from "./table/aid.ts";
import { flHelp, flMedicine } from "./table/care.ts";
import { flRollCheck } from "./table/checks.ts";
import { flReadyFromSheet } from "./table/ready.ts";
import { flStealth } from "./table/stealth.ts";
import { flDisengage, flDodge, flSpend } from "./table/self.ts";

/** A button whose work posts a card: carried out when it posted one. */
function posting(
  id: string,
  label: string,
  img: string,
  button: SheetAction["button"],
  post: (actor: Actor.Implementation) => Promise<unknown>,
): SheetAction {
  return { id, label, img, button, run: async (actor) => (await post(actor)) !== null };
}

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
  ...(["move", "quick"] as const).map((kind): SheetAction => ({
    id: `spend.${kind}`,
    label: `FRAY.Freelancers.Sheet.${kind === "move" ? "Move" : "Quick"}`,
    img: kind === "move" ? "icons/svg/walk.svg" : "icons/svg/lightning.svg",
    button: { action: "spend", data: { kind } },
    run: (actor) => flSpend(actor, kind),
  })),
  posting(
    "stealth.hide",
    "FRAY.Freelancers.Sheet.Hide",
    "icons/svg/invisible.svg",
    { action: "stealth", data: { kind: "hide" } },
    (actor) => flStealth(actor, "hide"),
  ),
  posting(
    "stealth.search",
    "FRAY.Freelancers.Sheet.Search",
    "icons/svg/eye.svg",
    { action: "stealth", data: { kind: "search" } },
    (actor) => flStealth(actor, "search"),
  ),
  posting(
    "ready.base",
    "FRAY.Freelancers.Sheet.ReadyBase",
    "icons/svg/clockwork.svg",
    { action: "ready", data: { held: "base" } },
    (actor) => flReadyFromSheet(actor, "base"),
  ),
  posting(
    "ready.move",
    "FRAY.Freelancers.Sheet.ReadyMove",
    "icons/svg/clockwork.svg",
    { action: "ready", data: { held: "move" } },
    (actor) => flReadyFromSheet(actor, "move"),
  ),
  posting(
    "care.help",
    "FRAY.Freelancers.Sheet.Help",
    "icons/svg/heal.svg",
    { action: "care", data: { kind: "help" } },
    flHelp,
  ),
  posting(
    "care.medicine",
    "FRAY.Freelancers.Sheet.Medicine",
    "icons/svg/pill.svg",
    { action: "care", data: { kind: "medicine" } },
    flMedicine,
  ),
  posting("aid", "FRAY.Freelancers.Sheet.Aid", "icons/svg/angel.svg", { action: "aid" }, (actor) =>
    flAid(actor),
  ),
  // A skill's check first: its button names its attribute too.
  ...FL_SKILLS.map((skill): SheetAction => ({
    ...posting(
      `check.${skill}`,
      "FRAY.Freelancers.Hotbar.SkillCheck",
      "icons/svg/d20-grey.svg",
      { action: "check", data: { attribute: FL_SKILL_ATTRIBUTE[skill], skill } },
      (actor) => flRollCheck(actor, FL_SKILL_ATTRIBUTE[skill], skill),
    ),
    labelArgs: { skill: `FRAY.Freelancers.Skill.${skill}` },
  })),
  ...FL_ATTRIBUTES.map((attribute): SheetAction => ({
    ...posting(
      `check.${attribute}`,
      "FRAY.Freelancers.Hotbar.Check",
      "icons/svg/d20-black.svg",
      { action: "check", data: { attribute } },
      (actor) => flRollCheck(actor, attribute, null),
    ),
    labelArgs: { attribute: `FRAY.Freelancers.Attribute.${attribute}` },
  })),
];
