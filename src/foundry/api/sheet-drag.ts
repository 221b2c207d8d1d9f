/**
 * The sheet's actions a macro can run (`RulesetApi.sheetActions`), dragged to the hotbar: each
 * time an actor sheet renders (core v13 calls `renderActorSheetV2` for every actor sheet, with
 * its element), each button of such an action becomes draggable, carrying the drag data
 * `{ type: "fray.action", action: id }` (as text, what core's hotbar reads from a drop); the
 * `hotbarDrop` handler (api/hotbar.ts) makes it a macro of `game.system.api.act(id)`. The button
 * still does its work on a click. A button of an item row's action (`RulesetApi.rowActions`:
 * Reload, Charge …) carries its row's item too, `{ type: "fray.action", action: id, uuid }` (the
 * row's `data-item-id`, an item of the sheet's actor): its macro names that item.
 */
import { shellRuleset } from "../rulesets/registry.ts";
import { activeRuleset } from "../settings.ts";
import type { RowAction, SheetAction } from "./types.ts";

/** The CSS selector of an action's button: its data-action and the data telling it apart. */
export function buttonSelector(action: SheetAction | RowAction): string {
  const data = Object.entries(action.button.data ?? {}).map(
    ([key, value]) => `[data-${key}="${value}"]`,
  );
  return `[data-action="${action.button.action}"]${data.join("")}`;
}

/** The drag data of a sheet action, as the hotbar's drop reads it. */
export function actionDragData(action: SheetAction): { type: "fray.action"; action: string } {
  return { type: "fray.action", action: action.id };
}

/** Makes the buttons of these actions under `root` draggable to the hotbar. */
export function makeActionsDraggable(root: ParentNode, actions: readonly SheetAction[]): void {
  for (const action of actions) {
    for (const button of root.querySelectorAll<HTMLElement>(buttonSelector(action))) {
      button.draggable = true;
      button.addEventListener("dragstart", (event) => {
        event.stopPropagation();
        event.dataTransfer?.setData("text/plain", JSON.stringify(actionDragData(action)));
      });
    }
  }
}

/**
 * Makes the buttons of these row actions under `root` draggable to the hotbar, each carrying the
 * uuid of its row's item of `actor` (a button outside a row of the actor's items stays as it is).
 */
export function makeRowActionsDraggable(
  root: ParentNode,
  actor: Actor.Implementation,
  actions: readonly RowAction[],
): void {
  for (const action of actions) {
    for (const button of root.querySelectorAll<HTMLElement>(buttonSelector(action))) {
      const itemId = button.closest<HTMLElement>("[data-item-id]")?.dataset["itemId"] ?? "";
      const item = actor.items.get(itemId);
      if (item === undefined) continue;
      button.draggable = true;
      button.addEventListener("dragstart", (event) => {
        event.stopPropagation();
        const data = { type: "fray.action", action: action.id, uuid: item.uuid };
        event.dataTransfer?.setData("text/plain", JSON.stringify(data));
      });
    }
  }
}

/** Registers the render hook. Call once, at init. */
export function registerSheetDrag(): void {
  const hooks = Hooks as unknown as {
    on(hook: string, fn: (app: unknown, element: unknown) => void): number;
  };
  hooks.on("renderActorSheetV2", (app, element) => {
    const api = shellRuleset(activeRuleset().id).api;
    const actions = api?.sheetActions ?? [];
    // Core hands the sheet's element (an HTMLElement); anything else has no buttons to drag.
    const root = element as { querySelectorAll?: unknown } | null;
    if (typeof root?.querySelectorAll !== "function") return;
    if (actions.length > 0) makeActionsDraggable(element as ParentNode, actions);
    // The sheet's document (core's DocumentSheetV2#document): the actor whose rows these are.
    const actor = (app as { document?: unknown } | null)?.document;
    const rows = api?.rowActions ?? [];
    if (actor instanceof Actor && rows.length > 0) {
      makeRowActionsDraggable(element as ParentNode, actor as Actor.Implementation, rows);
    }
  });
}
