/**
 * Installs a ruleset's shell side into Foundry, once, from the init hook (DataModels, sheets,
 * statuses, token bars, settings, combat hooks, chat cards, referee actions), and runs its data
 * migration once the world is ready. Nothing here knows which ruleset it installs.
 */
import { registerCombatHooks } from "../combat/ruleset-hooks.ts";
import { ACTOR_TYPES, DECLARED_ACTOR_TYPES, SYSTEM_ID } from "../constants.ts";
import { inertActorModel } from "../data/inert.ts";
import { playActorTypes } from "../documents/actor.ts";
import { registerTokenBars } from "../token-bars.ts";
import { registerRefereeAction } from "../shared/referee.ts";
import { registerCards, registerDeclarations } from "../cards/protocol.ts";
import type { ShellRuleset } from "./types.ts";

/** The actor types a ruleset plays. */
export function playedActorTypes(ruleset: ShellRuleset): readonly string[] {
  return ruleset.actorTypes ?? ACTOR_TYPES;
}

/**
 * The actor models a ruleset (by id) installs: its real model for each type it plays, an inert
 * one (data/inert.ts) for every other declared type, so every stored actor loads.
 */
export function actorModelsOf(id: string, ruleset: ShellRuleset): Record<string, unknown> {
  const played = playedActorTypes(ruleset);
  return Object.fromEntries(
    DECLARED_ACTOR_TYPES.map((type) => [
      type,
      played.includes(type) ? ruleset.dataModels.Actor[type] : inertActorModel(id, type),
    ]),
  );
}

export function installRuleset(ruleset: ShellRuleset, id: string): void {
  const actorModels: Record<string, unknown> = CONFIG.Actor.dataModels;
  Object.assign(actorModels, actorModelsOf(id, ruleset));
  playActorTypes(playedActorTypes(ruleset));
  const itemModels: Record<string, unknown> = CONFIG.Item.dataModels;
  Object.assign(itemModels, ruleset.dataModels.Item);

  const { Actors, Items } = foundry.documents.collections;
  for (const sheet of ruleset.sheets) {
    const collection = sheet.documentName === "Actor" ? Actors : Items;
    collection.registerSheet(SYSTEM_ID, sheet.sheetClass, {
      types: [...sheet.types],
      makeDefault: true,
      label: sheet.label,
    });
  }

  if (ruleset.statusEffects !== undefined) {
    CONFIG.statusEffects = ruleset.statusEffects(
      CONFIG.statusEffects,
    ) as unknown as typeof CONFIG.statusEffects;
  }
  registerTokenBars(ruleset.tokenBars);
  ruleset.registerSettings?.();

  registerCombatHooks(ruleset.combat ?? {});
  // The card protocol (registered by init.ts) plays these kinds of card and declarations.
  registerCards(ruleset.cards ?? []);
  registerDeclarations(ruleset.declarations ?? []);
  // The referee (registered by init.ts) runs these on the active GM, told who sent each request.
  for (const [name, action] of Object.entries(ruleset.refereeActions ?? {})) {
    registerRefereeAction(name, action);
  }
  const wire = ruleset.wireChatCard;
  if (wire !== undefined) {
    Hooks.on("renderChatMessageHTML", (message, html) => {
      wire(message, html);
    });
  }
}

/** Runs the ruleset's data migration on the active GM's client (the one client that writes). */
export async function migrateRuleset(ruleset: ShellRuleset): Promise<void> {
  if (ruleset.migrateWorld === undefined || game.users?.activeGM?.isSelf !== true) return;
  await ruleset.migrateWorld();
}
