import { PARTIALS, SYSTEM_ID, TEMPLATES } from "./constants.ts";
import { COMBAT_TURN_ACTION, handleTurnIntent } from "./combat/actions.ts";
import { FrayCombatTracker } from "./combat/tracker.ts";
import { registerTeamCombat } from "./combat/setup.ts";
import { TeamData } from "./data/team.ts";
import { FrayActor } from "./documents/actor.ts";
import { FrayCombat, FrayCombatant, FrayCombatantGroup } from "./documents/combat.ts";
import { FrayItem } from "./documents/item.ts";
import { installRuleset, migrateRuleset } from "./rulesets/install.ts";
import { shellRuleset } from "./rulesets/registry.ts";
import { hideRefereeRequest, registerReferee, registerRefereeAction } from "./shared/referee.ts";
import { registerCardProtocol } from "./cards/protocol.ts";
import { activeRuleset, registerSettings } from "./settings.ts";
import { registerDataHooks } from "./migration.ts";
import { registerPackScope } from "./packs.ts";
import { registerApi } from "./api/index.ts";
import { FRAY_HOOKS, announce } from "./api/hooks.ts";
import { registerKeybindings } from "./api/keybindings.ts";
import { registerHotbar } from "./api/hotbar.ts";
import { registerStatusHooks } from "./api/statuses.ts";
import { registerHud } from "./hud/index.ts";
import { registerMovement } from "./movement/register.ts";
import { registerSceneAreas } from "./scene/area-effect.ts";
import { attackOddsOf } from "./scene/ruler-odds.ts";
import { registerSettingsMenu } from "./settings-menu.ts";

/**
 * The `init` hook: everything Foundry must know before the world loads. Registration only; no
 * document is read or written here.
 */
export function init(): void {
  registerSettings();
  // Team combat: seconds per round (its default follows the ruleset setting) and its hooks.
  registerTeamCombat();
  registerDataHooks(); // the GM's data migration at ready, the ruleset-switch warning
  registerPackScope(); // other rulesets' packs: hidden in the sidebar, their documents refused

  CONFIG.Actor.documentClass = FrayActor;
  CONFIG.Item.documentClass = FrayItem;
  CONFIG.Combat.documentClass = FrayCombat;
  CONFIG.Combatant.documentClass = FrayCombatant;
  CONFIG.CombatantGroup.documentClass = FrayCombatantGroup;
  CONFIG.CombatantGroup.dataModels.team = TeamData;
  CONFIG.ui.combat = FrayCombatTracker;
  // The referee: the active GM carries out what lands on others' documents (shared/referee.ts).
  registerReferee();
  Hooks.on("renderChatMessageHTML", (message, html) => {
    hideRefereeRequest(message, html);
  });
  // Every chat card of every ruleset: one protocol, each ruleset a strategy (cards/protocol.ts).
  registerCardProtocol();
  // A player's "activate me" / "end my turn" is run by the active GM (see combat/actions.ts).
  registerRefereeAction(COMBAT_TURN_ACTION, handleTurnIntent);

  const { Actors, Items } = foundry.documents.collections;
  Actors.unregisterSheet("core", foundry.appv1.sheets.ActorSheet);
  Items.unregisterSheet("core", foundry.appv1.sheets.ItemSheet);

  // What the ruleset the world plays brings to the table (the setting needs a reload, so this
  // choice holds for the session): its data, sheets, statuses, combat, cards and referee actions.
  installRuleset(shellRuleset(activeRuleset().id), activeRuleset().id);
  // For macros and modules: the API at game.system.api, keybindings, the fray.* hooks (api/).
  registerApi();
  registerKeybindings();
  registerHotbar(); // a weapon or a Fray action dropped on the hotbar: a macro of the API
  registerStatusHooks();
  registerHud(); // the ruleset's own statuses as core's status effects, on the token HUD
  // Dragging a token costs (issue 24); its ruler shows the odds against the target (issue 25).
  const shell = shellRuleset(activeRuleset().id);
  registerMovement(shell.movement, attackOddsOf(shell.api));
  registerSceneAreas(); // an instant area's Region goes when the turn changes (issue 25)
  // The ruleset's options, registered above, in one form (settings-menu.ts) for the GM.
  registerSettingsMenu();

  // Preloading warms the cache (a sheet still loads its template when it first renders) and
  // registers the partials cards include, which nothing loads on demand.
  foundry.applications.handlebars
    .loadTemplates([...Object.values(TEMPLATES), ...Object.values(PARTIALS)])
    .catch((error: unknown) => {
      console.error(`${SYSTEM_ID} | could not preload templates`, error);
    });

  console.info(`${SYSTEM_ID} | initialised with the ${activeRuleset().id} ruleset`);
}

/**
 * The `ready` hook: the active GM brings the ruleset's stored data up to date; then every client
 * tells modules Fray is ready (`fray.ready`).
 */
export async function ready(): Promise<void> {
  await migrateRuleset(shellRuleset(activeRuleset().id)).catch((error: unknown) => {
    console.error(`${SYSTEM_ID} | could not migrate the world's data`, error);
  });
  const version = (game.system as { version?: string } | undefined)?.version ?? "";
  announce(FRAY_HOOKS.ready, { ruleset: activeRuleset().id, version });
}
