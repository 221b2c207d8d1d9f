/**
 * The dice-pool game at the table, as the shell installs it when the world plays it: its actor
 * and item DataModels and sheet over the generic ones (gear and technique stay generic), its
 * settings (the book's plugins, the NPC's default defense), its cards and declarations on the one
 * card protocol (the attack: attack/declare.ts and attack/referee.ts; the table acts: table/*.ts;
 * the referee's line card), its part of the combat (initiative pool, Simple / Free / Interrupt
 * chips, grapple, falling and dying marks, bleeding, grapple upkeep and falls at the turn start,
 * fresh budgets in the ledger: combat.ts, budget.ts), and how the encounter simulator reads a
 * combatant (sim.ts), and vehicles (vehicle/: their model, sheet, Drive and Refuel). It registers no referee action of its own: everything a player asks of the
 * referee is a declaration or a card's press.
 */
import { dicepoolMovement } from "./movement.ts";
import { overGeneric } from "../generic/index.ts";
import type { ShellRuleset } from "../types.ts";
import { dicepoolApi } from "./api.ts";
import { attackCard, attackDeclaration } from "./attack/referee.ts";
import { lineCard } from "./cards/line-card.ts";
import { DICEPOOL_COMBAT_HOOKS } from "./combat.ts";
import { DICEPOOL_DATA_MODELS } from "./data.ts";
import { registerDicepoolSettings } from "./settings.ts";
import { dicepoolSimFighter } from "./sim.ts";
import { DicepoolActorSheet } from "./sheets/actor-sheet.ts";
import { DicepoolItemSheet } from "./sheets/item-sheet.ts";
import { careDeclaration } from "./table/care.ts";
import { conductDeclaration, registerConductSettings } from "./table/conduct.ts";
import { joinDeclaration } from "./table/join.ts";
import { grappleDeclaration } from "./table/grapple.ts";
import { moveDeclaration } from "./table/move.ts";
import { weaponDeclaration } from "./table/weapon.ts";
import { DICEPOOL_VEHICLE_MODELS } from "./vehicle/data.ts";
import { vehicleDeclaration } from "./vehicle/drive.ts";
import { DicepoolVehicleSheet } from "./vehicle/sheet.ts";

const rulesetParts = overGeneric(
  DICEPOOL_DATA_MODELS,
  { sheet: DicepoolActorSheet, label: "FRAY.Dicepool.Sheet.Actor" },
  { sheet: DicepoolItemSheet, label: "FRAY.Dicepool.Sheet.Item" },
);

export const shellRuleset: ShellRuleset = {
  // Vehicles (vehicle/): the pilot's rolls drive them, and they spend their own Energy.
  actorTypes: ["character", "npc", "vehicle"],
  dataModels: {
    Actor: { ...rulesetParts.dataModels.Actor, ...DICEPOOL_VEHICLE_MODELS.Actor },
    Item: rulesetParts.dataModels.Item,
  },
  sheets: [
    ...rulesetParts.sheets,
    {
      documentName: "Actor",
      sheetClass: DicepoolVehicleSheet,
      types: ["vehicle"],
      label: "FRAY.Dicepool.Vehicle.Sheet",
    },
  ],
  // Health is damage taken against a total, not a value/max pool: Energy is the bar.
  tokenBars: {
    trackable: { bar: ["energy"], value: ["health.damage", "woundPenalty"] },
    secondary: "energy",
  },
  registerSettings: () => {
    registerDicepoolSettings();
    registerConductSettings();
  },
  combat: DICEPOOL_COMBAT_HOOKS,
  cards: [attackCard, lineCard],
  declarations: [
    attackDeclaration,
    grappleDeclaration,
    moveDeclaration,
    careDeclaration,
    weaponDeclaration,
    conductDeclaration,
    joinDeclaration,
    vehicleDeclaration,
  ],
  simFighter: dicepoolSimFighter,
  api: dicepoolApi,
  movement: dicepoolMovement,
};
