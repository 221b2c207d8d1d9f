/**
 * Freelancers at the table, as the shell installs it when the world plays Freelancers: its actor
 * and item DataModels and sheets over the generic ones (gear is the plain model, wired as Freelancers'; the `technique` item
 * type carries a Freelancers ability), its setting, the referee's actions and the buttons of its
 * attack cards, and its part of the team combat (tracker chips, turn start, the Upkeep card).
 */
import { ACTOR_TYPES } from "../../constants.ts";
import { registerRefereeAction } from "../../shared/referee.ts";
import { shellRuleset as generic } from "../generic/index.ts";
import type { ShellRuleset } from "../types.ts";
import {
  FL_CARD_STEP,
  FL_DECLARE,
  refereeFlCardStep,
  refereeFlDeclare,
  wireFlCard,
} from "./attack/workflow.ts";
import { FL_CARE, refereeFlCare } from "./care.ts";
import { FL_COMBAT_HOOKS } from "./combat.ts";
import { FL_DATA_MODELS } from "./data.ts";
import { FlActorSheet } from "./sheets/actor-sheet.ts";
import { FlItemSheet } from "./sheets/item-sheet.ts";
import { registerFlSettings } from "./settings.ts";
import { freelancersSimFighter } from "./sim.ts";

/** The world settings (settings.ts), and the referee's actions (see the note below). */
function registerFreelancers(): void {
  registerFlSettings();
  // The seam's `refereeActions` still carries the older query signature on this branch; these
  // handlers take the referee's (intent, sender), so they register with the referee directly.
  registerRefereeAction(FL_DECLARE, refereeFlDeclare);
  registerRefereeAction(FL_CARD_STEP, refereeFlCardStep);
  registerRefereeAction(FL_CARE, refereeFlCare);
}

export const shellRuleset: ShellRuleset = {
  dataModels: {
    Actor: { ...generic.dataModels.Actor, ...FL_DATA_MODELS.Actor },
    Item: { ...generic.dataModels.Item, ...FL_DATA_MODELS.Item },
  },
  sheets: [
    ...generic.sheets,
    {
      documentName: "Actor",
      sheetClass: FlActorSheet,
      types: ACTOR_TYPES,
      label: "FRAY.Freelancers.Sheet.Actor",
    },
    {
      documentName: "Item",
      sheetClass: FlItemSheet,
      types: Object.keys(FL_DATA_MODELS.Item),
      label: "FRAY.Freelancers.Sheet.Item",
    },
  ],
  // Health is the one pool; nothing goes on a new token's second bar.
  tokenBars: { trackable: { bar: ["health"], value: [] }, secondary: null },
  registerSettings: registerFreelancers,
  combat: FL_COMBAT_HOOKS,
  wireChatCard: wireFlCard,
  simFighter: freelancersSimFighter,
};
