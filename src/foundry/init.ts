import { ACTOR_TYPES, ITEM_TYPES, SYSTEM_ID, TEMPLATES } from "./constants.ts";
import { CharacterData, NpcData } from "./data/actor.ts";
import { ArmorData, GearData, TechniqueData, WeaponData } from "./data/item.ts";
import { WORLDLINES_DATA_MODELS } from "./rulesets/worldlines/data.ts";
import { registerWorldlinesPlay } from "./rulesets/worldlines/register.ts";
import { registerWwn } from "./rulesets/wwn/register.ts";
import { COMBAT_QUERY, handleCombatQuery } from "./combat/actions.ts";
import { FrayCombatTracker } from "./combat/tracker.ts";
import { TeamData } from "./data/team.ts";
import { FrayActor } from "./documents/actor.ts";
import { FrayCombat, FrayCombatant, FrayCombatantGroup } from "./documents/combat.ts";
import { FrayItem } from "./documents/item.ts";
import { activeRuleset, registerSettings } from "./settings.ts";
import { registerDataHooks } from "./migration.ts";
import { registerTokenBars, tokenBarsFor } from "./token-bars.ts";
import { FrayActorSheet } from "./sheets/actor-sheet.ts";
import { FrayItemSheet } from "./sheets/item-sheet.ts";
import { WorldlinesActorSheet } from "./rulesets/worldlines/sheets/actor-sheet.ts";
import { WorldlinesItemSheet } from "./rulesets/worldlines/sheets/item-sheet.ts";

/**
 * The `init` hook: everything Foundry must know before the world loads. Registration only; no
 * document is read or written here.
 */
export function init(): void {
  registerSettings();
  registerDataHooks(); // the GM's data migration at ready, the ruleset-switch warning

  CONFIG.Actor.documentClass = FrayActor;
  CONFIG.Item.documentClass = FrayItem;
  CONFIG.Combat.documentClass = FrayCombat;
  CONFIG.Combatant.documentClass = FrayCombatant;
  CONFIG.CombatantGroup.documentClass = FrayCombatantGroup;
  CONFIG.ui.combat = FrayCombatTracker;
  // A player's "activate me" / "end my turn" is run by the active GM (see combat/actions.ts).
  (CONFIG.queries as unknown as Record<string, unknown>)[COMBAT_QUERY] = handleCombatQuery;

  // The actor and item data of the ruleset the world plays (the setting needs a reload, so this
  // choice holds for the session); rulesets without their own models yet use the generic ones.
  if (activeRuleset().id === "worldlines") {
    Object.assign(CONFIG.Actor.dataModels, WORLDLINES_DATA_MODELS.Actor);
    Object.assign(CONFIG.Item.dataModels, WORLDLINES_DATA_MODELS.Item);
    // Status effects for the token HUD, the attack cards' GM query and their buttons.
    registerWorldlinesPlay();
  } else {
    const generic: Record<string, unknown> = CONFIG.Actor.dataModels;
    Object.assign(generic, { character: CharacterData, npc: NpcData });
    const genericItems: Record<string, unknown> = CONFIG.Item.dataModels;
    Object.assign(genericItems, {
      weapon: WeaponData,
      armor: ArmorData,
      gear: GearData,
      technique: TechniqueData,
    });
  }
  CONFIG.CombatantGroup.dataModels.team = TeamData;

  registerTokenBars(tokenBarsFor(activeRuleset().id));

  const { Actors, Items } = foundry.documents.collections;
  Actors.unregisterSheet("core", foundry.appv1.sheets.ActorSheet);
  Items.unregisterSheet("core", foundry.appv1.sheets.ItemSheet);
  // Sheets of the ruleset the world plays; the generic ones for rulesets without their own yet.
  if (activeRuleset().id === "worldlines") {
    Actors.registerSheet(SYSTEM_ID, WorldlinesActorSheet, {
      types: [...ACTOR_TYPES],
      makeDefault: true,
      label: "FRAY.Worldlines.Sheet.Actor",
    });
    Items.registerSheet(SYSTEM_ID, WorldlinesItemSheet, {
      types: [...ITEM_TYPES],
      makeDefault: true,
      label: "FRAY.Worldlines.Sheet.Item",
    });
  } else {
    Actors.registerSheet(SYSTEM_ID, FrayActorSheet, {
      types: [...ACTOR_TYPES],
      makeDefault: true,
      label: "FRAY.Sheet.Actor",
    });
    Items.registerSheet(SYSTEM_ID, FrayItemSheet, {
      types: [...ITEM_TYPES],
      makeDefault: true,
      label: "FRAY.Sheet.Item",
    });
  }

  // WWN's own data, sheets, cards and combat hooks, over the generic ones registered above.
  if (activeRuleset().id === "wwn") registerWwn();

  // Preloading only warms the cache: a sheet still loads its template when it first renders.
  foundry.applications.handlebars
    .loadTemplates(Object.values(TEMPLATES))
    .catch((error: unknown) => {
      console.error(`${SYSTEM_ID} | could not preload templates`, error);
    });

  console.info(`${SYSTEM_ID} | initialised with the ${activeRuleset().id} ruleset`);
}
