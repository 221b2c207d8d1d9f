/**
 * Hotbar macros (core's `hotbarDrop` hook, registered at init): what a user drags from a sheet to
 * the hotbar becomes a script macro that calls Fray's public API, so running it goes through the
 * same checks and referee as the sheet's button.
 * - An item of an actor a macro can use (core's drag data `{ type: "Item", uuid }`, the uuid an
 *   actor's item): a weapon, or an item its sheet has a use for (api/index.ts usableItem):
 *   `game.system.api.useItem(name)`, the item by that name of the selected token's actor (else
 *   the user's character); a weapon attacks the user's one target. Other items, and items
 *   outside an actor, keep core's own macro (it opens the sheet).
 * - A Fray action (drag data `{ type: "fray.action", action }`): one of HOTBAR_ACTIONS, or an
 *   action of the ruleset's sheet (`RulesetApi.sheetActions`, made draggable on the sheet by
 *   api/sheet-drag.ts): `game.system.api.act(id)`, for the selected token's actor (else the
 *   user's character).
 * - An action of an item's row (drag data `{ type: "fray.action", action, uuid }`, the uuid the
 *   row's item of an actor: `RulesetApi.rowActions`, made draggable by api/sheet-drag.ts):
 *   `game.system.api.act(id, { item: name })`, the item by that name of the selected token's
 *   actor (else the user's character), named after the item and the action ("Pistol: Reload");
 *   an action that is the sheet's actor's own (`sheetActor`: a vehicle's weapon) names that
 *   actor. A row whose drag is such an action (`isRow`) makes the same macro as its button.
 * Core's hotbar waits for no hook: the handler answers false at once (core then makes no macro of
 * its own), then makes the macro, or reuses the same one this user made before, and puts it in
 * the slot (`User#assignHotbarMacro`).
 */
import { shellRuleset } from "../rulesets/registry.ts";
import { activeRuleset } from "../settings.ts";
import { combatantId } from "../shared/actors.ts";
import { i18n } from "../shared/env.ts";
import type { RowAction } from "./types.ts";
import { rowActionOf, sheetActionName, sheetActionOf, usableItem } from "./index.ts";
import { registerSheetDrag } from "./sheet-drag.ts";

/** The actions a sheet may offer to drag to the hotbar: the macro's name, icon and command. */
export const HOTBAR_ACTIONS = {
  endTurn: {
    name: "FRAY.Api.Hotbar.EndTurn",
    img: "icons/svg/clockwork.svg",
    command: "return game.system.api.endTurn();",
  },
} as const;

type HotbarAction = keyof typeof HOTBAR_ACTIONS;

/** The macro a drop makes: its name, icon and the API call it runs. */
interface MacroSpec {
  readonly name: string;
  readonly img: string | null;
  readonly command: string;
}

/** An owned item's uuid: its actor's uuid (a world actor's or a token actor's), then the item's. */
const OWNED_ITEM =
  /^(?<actor>(?:Scene\.[^.]+\.Token\.[^.]+\.)?Actor\.[^.]+)\.Item\.(?<item>[^.]+)$/;

/** An actor's uuid: a world actor's or a token actor's. */
const ACTOR = /^(?:Scene\.[^.]+\.Token\.[^.]+\.)?Actor\.[^.]+$/;

function actorAt(actorUuid: string): Actor.Implementation | null {
  if (!ACTOR.test(actorUuid)) return null;
  const actor = actorUuid.startsWith("Actor.")
    ? game.actors?.get(actorUuid.slice("Actor.".length))
    : (fromUuidSync(actorUuid as `Actor.${string}`) as Actor.Implementation | null);
  return actor ?? null;
}

function ownedItem(uuid: string): Item.Implementation | null {
  const match = OWNED_ITEM.exec(uuid)?.groups;
  if (match === undefined) return null;
  return actorAt(match["actor"] ?? "")?.items.get(match["item"] ?? "") ?? null;
}

function rowActions(): readonly RowAction[] {
  return shellRuleset(activeRuleset().id).api?.rowActions ?? [];
}

/**
 * The macro of an item row's action: the item by name, of the selected token's actor (else the
 * user's character), or of the sheet's actor for an action that is its (`sheetActor`).
 */
function rowMacro(action: RowAction, item: Item.Implementation): MacroSpec {
  const owner = item.parent instanceof Actor ? item.parent : null;
  const actor = action.sheetActor === true && owner !== null ? combatantId(owner) : null;
  // The names as JavaScript string literals: whatever they hold, they stay strings.
  const options = [
    ...(actor === null ? [] : [`actor: ${JSON.stringify(actor)}`]),
    `item: ${JSON.stringify(item.name)}`,
  ].join(", ");
  return {
    name: `${item.name}: ${i18n().localize(action.label)}`,
    img: item.img ?? null,
    command: `return game.system.api.act(${JSON.stringify(action.id)}, { ${options} });`,
  };
}

/** The Fray macro a drop asks for, or null for core's own. */
export function macroOf(data: unknown): MacroSpec | null {
  if (typeof data !== "object" || data === null) return null;
  const { type, uuid, action } = data as Record<string, unknown>;
  if (type === "Item" && typeof uuid === "string") {
    const item = ownedItem(uuid);
    const asRow = item === null ? undefined : rowActions().find((a) => a.isRow?.(item) === true);
    if (item !== null && asRow !== undefined) return rowMacro(asRow, item);
    if (item === null || !usableItem(item)) return null;
    // The name as a JavaScript string literal: whatever the name holds, it stays a string.
    return {
      name: item.name,
      img: item.img ?? null,
      command: `return game.system.api.useItem(${JSON.stringify(item.name)});`,
    };
  }
  const rowAction = type === "fray.action" && typeof uuid === "string" ? rowActionOf(action) : null;
  const rowItem = rowAction === null ? null : ownedItem(uuid as string);
  if (rowAction !== null && rowItem !== null) return rowMacro(rowAction, rowItem);
  if (type === "fray.action" && typeof action === "string" && action in HOTBAR_ACTIONS) {
    const spec = HOTBAR_ACTIONS[action as HotbarAction];
    return { name: i18n().localize(spec.name), img: spec.img, command: spec.command };
  }
  const sheetAction = type === "fray.action" ? sheetActionOf(action) : null;
  if (sheetAction !== null) {
    // An action of the sheet's actor's own names that actor (the drag carries its uuid).
    const own = sheetAction.sheetActor === true && typeof uuid === "string" ? actorAt(uuid) : null;
    const options = own === null ? "" : `, { actor: ${JSON.stringify(combatantId(own))} }`;
    return {
      name: sheetActionName(sheetAction),
      img: sheetAction.img,
      command: `return game.system.api.act(${JSON.stringify(sheetAction.id)}${options});`,
    };
  }
  return null;
}

/** The same macro this user made before, or a new one; put in the slot. */
async function assign(spec: MacroSpec, slot: number): Promise<void> {
  const user = game.user;
  if (!user) return;
  // (The stored author: a macro whose author was deleted has none.)
  const same = game.macros.find(
    (m) => m.name === spec.name && m.command === spec.command && m._source.author === user.id,
  );
  try {
    const macro =
      same ??
      (await Macro.implementation.create({
        name: spec.name,
        type: "script",
        command: spec.command,
        ...(spec.img === null ? {} : { img: spec.img }),
      }));
    if (macro) await user.assignHotbarMacro(macro, slot);
  } catch {
    // The server refused the macro (a user without MACRO_SCRIPT): say so, nothing else changes.
    ui.notifications?.warn(i18n().localize("FRAY.Api.Hotbar.NotCreated"));
  }
}

/** Core's hook: a Fray macro for what Fray knows how to use; core's own for anything else. */
export function onHotbarDrop(_bar: unknown, data: unknown, slot: unknown): boolean {
  const spec = macroOf(data);
  if (spec === null || typeof slot !== "number") return true;
  void assign(spec, slot);
  return false;
}

/** Registers the hotbar hook (init.ts, at init). */
export function registerHotbar(): void {
  Hooks.on("hotbarDrop", onHotbarDrop);
  registerSheetDrag(); // the sheet's actions, draggable to the hotbar
}
