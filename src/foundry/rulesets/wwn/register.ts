/**
 * WWN at the table: what init registers when the world plays WWN — its actor and item DataModels
 * and sheets, the GM-side query and the button of its attack cards, and its part of the team
 * combat (the tracker's Main / Move / On Turn, round start, turn start, grapple damage).
 */
import { ACTOR_TYPES, SYSTEM_ID } from "../../constants.ts";
import { registerCombatHooks } from "../../combat/ruleset-hooks.ts";
import { WWN_ATTACK_QUERY, handleWwnAttackQuery, wireWwnCard } from "./attack/workflow.ts";
import { WWN_COMBAT_HOOKS } from "./combat.ts";
import { WWN_DATA_MODELS } from "./data.ts";
import { WwnActorSheet } from "./sheets/actor-sheet.ts";
import { WwnItemSheet } from "./sheets/item-sheet.ts";

export function registerWwn(): void {
  Object.assign(CONFIG.Actor.dataModels, WWN_DATA_MODELS.Actor);
  Object.assign(CONFIG.Item.dataModels, WWN_DATA_MODELS.Item);
  const { Actors, Items } = foundry.documents.collections;
  Actors.registerSheet(SYSTEM_ID, WwnActorSheet, {
    types: [...ACTOR_TYPES],
    makeDefault: true,
    label: "FRAY.Wwn.Sheet.Actor",
  });
  Items.registerSheet(SYSTEM_ID, WwnItemSheet, {
    types: Object.keys(WWN_DATA_MODELS.Item),
    makeDefault: true,
    label: "FRAY.Wwn.Sheet.Item",
  });
  (CONFIG.queries as unknown as Record<string, unknown>)[WWN_ATTACK_QUERY] = handleWwnAttackQuery;
  Hooks.on("renderChatMessageHTML", (message, html) => {
    wireWwnCard(message, html);
  });
  registerCombatHooks(WWN_COMBAT_HOOKS);
  console.info(`${SYSTEM_ID} | WWN data, sheets, cards and combat registered`);
}
