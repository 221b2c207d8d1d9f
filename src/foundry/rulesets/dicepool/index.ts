/**
 * The dice-pool game at the table, as the shell installs it when the world plays it: its actor
 * and item DataModels and sheet over the generic ones (gear and technique stay generic), its
 * settings (the book's plugins, the NPC's default defense), the referee's side and the buttons of
 * its attack card, and its part of the combat (initiative pool, Simple / Free / Interrupt chips,
 * grapple, falling and dying marks, bleeding, grapple upkeep and falls at the turn start), its
 * table actions (table.ts: grapple spends, escapes, restraints, Stabilize, moves, falls), and how
 * the encounter simulator reads a combatant (sim.ts).
 */
import { ACTOR_TYPES } from "../../constants.ts";
import { registerRefereeAction } from "../../shared/referee.ts";
import { shellRuleset as generic } from "../generic/index.ts";
import type { ShellRuleset } from "../types.ts";
import {
  DICEPOOL_APPLY,
  DICEPOOL_DECLARE,
  DICEPOOL_DEFEND,
  refereeDicepoolApply,
  refereeDicepoolDeclare,
  refereeDicepoolDefend,
  wireDicepoolCard,
} from "./attack/workflow.ts";
import { DICEPOOL_COMBAT_HOOKS } from "./combat.ts";
import { DICEPOOL_DATA_MODELS } from "./data.ts";
import { registerDicepoolSettings } from "./settings.ts";
import { dicepoolSimFighter } from "./sim.ts";
import { DICEPOOL_ACT, refereeDicepoolAct } from "./table.ts";
import { DicepoolActorSheet } from "./sheets/actor-sheet.ts";
import { DicepoolItemSheet } from "./sheets/item-sheet.ts";

export const shellRuleset: ShellRuleset = {
  dataModels: {
    Actor: { ...generic.dataModels.Actor, ...DICEPOOL_DATA_MODELS.Actor },
    Item: { ...generic.dataModels.Item, ...DICEPOOL_DATA_MODELS.Item },
  },
  sheets: [
    ...generic.sheets,
    {
      documentName: "Actor",
      sheetClass: DicepoolActorSheet,
      types: ACTOR_TYPES,
      label: "FRAY.Dicepool.Sheet.Actor",
    },
    {
      documentName: "Item",
      sheetClass: DicepoolItemSheet,
      types: Object.keys(DICEPOOL_DATA_MODELS.Item),
      label: "FRAY.Dicepool.Sheet.Item",
    },
  ],
  // Health is damage taken against a total, not a value/max pool: Energy is the bar.
  tokenBars: {
    trackable: { bar: ["energy"], value: ["health.damage", "woundPenalty"] },
    secondary: "energy",
  },
  registerSettings: () => {
    registerDicepoolSettings();
    // The referee's actions travel on the referee transport (shared/referee.ts), which knows who
    // sent each request; registered on every client, run only on the active GM's.
    registerRefereeAction(DICEPOOL_DECLARE, refereeDicepoolDeclare);
    registerRefereeAction(DICEPOOL_DEFEND, refereeDicepoolDefend);
    registerRefereeAction(DICEPOOL_APPLY, refereeDicepoolApply);
    registerRefereeAction(DICEPOOL_ACT, refereeDicepoolAct);
  },
  combat: DICEPOOL_COMBAT_HOOKS,
  wireChatCard: wireDicepoolCard,
  simFighter: dicepoolSimFighter,
};
