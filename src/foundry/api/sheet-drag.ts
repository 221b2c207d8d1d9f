/**
 * The sheet's actions a macro can run (`RulesetApi.sheetActions`), dragged to the hotbar: each
 * time an actor sheet renders (core v13 calls `renderActorSheetV2` for every actor sheet, with
 * its element), each button of such an action becomes draggable, carrying the drag data
 * `{ type: "fray.action", action: id }` (as text, what core's hotbar reads from a drop); the
 * `hotbarDrop` handler (api/hotbar.ts) makes it a macro of `game.system.api.act(id)`. The button
 * still does its work on a click.
 */
import { shellRuleset } from "../rulesets/registry.ts";
import { activeRuleset } from "../settings.ts";
import type { SheetAction } from "./types.ts";

/** The CSS selector of an action's button: its data-action and the data telling it apart. */
export function buttonSelector(action: SheetAction): string {
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

/** Registers the render hook. Call once, at init. */
export function registerSheetDrag(): void {
  const hooks = Hooks as unknown as {
    on(hook: string, fn: (app: unknown, element: unknown) => void): number;
  };
  hooks.on("renderActorSheetV2", (_app, element) => {
    const actions = shellRuleset(activeRuleset().id).api?.sheetActions ?? [];
    // Core hands the sheet's element (an HTMLElement); anything else has no buttons to drag.
    const root = element as { querySelectorAll?: unknown } | null;
    if (typeof root?.querySelectorAll === "function" && actions.length > 0) {
      makeActionsDraggable(element as ParentNode, actions);
    }
  });
}
