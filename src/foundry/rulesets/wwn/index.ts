/**
 * WWN at the table, as the shell installs it when the world plays WWN: its actor and item
 * DataModels and sheets over the generic ones (the technique item is the plain model, wired as its own), the referee's
 * side and the button of its attack cards, and its part of the team combat (the tracker's Main /
 * Move / On Turn, round start, turn start, grapple damage).
 */
import { ACTOR_TYPES } from "../../constants.ts";
import { shellRuleset as generic } from "../generic/index.ts";
import type { ShellRuleset } from "../types.ts";
import { wwnSimFighter } from "./sim.ts";
import {
  WWN_APPLY,
  WWN_DECLARE,
  refereeWwnApply,
  refereeWwnDeclare,
  wireWwnCard,
} from "./attack/workflow.ts";
import { WWN_COMBAT_HOOKS } from "./combat.ts";
import { WWN_DATA_MODELS, WWN_TOKEN_BARS } from "./data.ts";
import { WWN_MANEUVER, refereeWwnManeuver } from "./maneuvers.ts";
import { WwnActorSheet } from "./sheets/actor-sheet.ts";
import { WwnItemSheet } from "./sheets/item-sheet.ts";

export const shellRuleset: ShellRuleset = {
  dataModels: {
    Actor: { ...generic.dataModels.Actor, ...WWN_DATA_MODELS.Actor },
    Item: { ...generic.dataModels.Item, ...WWN_DATA_MODELS.Item },
  },
  sheets: [
    ...generic.sheets,
    {
      documentName: "Actor",
      sheetClass: WwnActorSheet,
      types: ACTOR_TYPES,
      label: "FRAY.Wwn.Sheet.Actor",
    },
    {
      documentName: "Item",
      sheetClass: WwnItemSheet,
      types: Object.keys(WWN_DATA_MODELS.Item),
      label: "FRAY.Wwn.Sheet.Item",
    },
  ],
  tokenBars: WWN_TOKEN_BARS,
  combat: WWN_COMBAT_HOOKS,
  wireChatCard: wireWwnCard,
  simFighter: wwnSimFighter,
  refereeActions: {
    [WWN_DECLARE]: refereeWwnDeclare,
    [WWN_APPLY]: refereeWwnApply,
    [WWN_MANEUVER]: refereeWwnManeuver,
  },
};
