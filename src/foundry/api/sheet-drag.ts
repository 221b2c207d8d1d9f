/**
 * The sheet's actions a macro can run (`RulesetApi.sheetActions`), dragged to the hotbar: each
 * time an actor sheet renders (core v13 calls `renderActorSheetV2` for every actor sheet, with
 * its element), each button of such an action becomes draggable, carrying the drag data
 * `{ type: "fray.action", action: id }` (as text, what core's hotbar reads from a drop); the
 * `hotbarDrop` handler (api/hotbar.ts) makes it a macro of `game.system.api.act(id)`. The button
 * still does its work on a click.
 *
 * The buttons of an item row's actions (`RulesetApi.rowActions`: Reload, Draw …) carry the row's
 * item too (`{ type: "fray.action", action: id, uuid }`, the item of the sheet's actor whose row,
 * `[data-item-id]`, holds the button): the macro runs the action with that item. A button takes
 * the first action whose selector it matches (a ruleset lists the narrower ones first: a skill's
 * check before its attribute's).
 */
import { shellRuleset } from "../rulesets/registry.ts";
import { activeRuleset } from "../settings.ts";
import type { RowAction, SheetAction } from "./types.ts";

/** The CSS selector of an action's button: its data-action and the data telling it apart. */
export function buttonSelector(action: Pick<SheetAction, "button">): string {
  const data = Object.entries(action.button.data ?? {}).map(
    ([key, value]) => `[data-${key}="${value}"]`,
  );
  return `[data-action="${action.button.action}"]${data.join("")}`;
}

/** The drag data of a sheet action, as the hotbar's drop reads it. */
export function actionDragData(action: SheetAction): { type: "fray.action"; action: string } {
  return { type: "fray.action", action: action.id };
}

/** Makes the button draggable with this drag data, unless an action took it already. */
function dragsAs(button: HTMLElement, data: object, taken: Set<HTMLElement>): void {
  if (taken.has(button)) return;
  taken.add(button);
  button.draggable = true;
  button.addEventListener("dragstart", (event) => {
    event.stopPropagation();
    event.dataTransfer?.setData("text/plain", JSON.stringify(data));
  });
}

/** Makes the buttons of these actions under `root` draggable to the hotbar. */
export function makeActionsDraggable(
  root: ParentNode,
  actions: readonly SheetAction[],
  taken = new Set<HTMLElement>(),
  actor: Actor.Implementation | null = null,
): void {
  for (const action of actions) {
    // An action of the sheet's actor's own (a vehicle's) carries that actor.
    const data =
      action.sheetActor === true && actor !== null
        ? { ...actionDragData(action), uuid: actor.uuid }
        : actionDragData(action);
    for (const button of root.querySelectorAll<HTMLElement>(buttonSelector(action))) {
      dragsAs(button, data, taken);
    }
  }
}

/** Makes the buttons of these row actions under `root` draggable, each with its row's item. */
export function makeRowActionsDraggable(
  root: ParentNode,
  actor: Actor.Implementation,
  actions: readonly RowAction[],
  taken = new Set<HTMLElement>(),
): void {
  for (const action of actions) {
    for (const button of root.querySelectorAll<HTMLElement>(buttonSelector(action))) {
      const itemId = button.closest<HTMLElement>("[data-item-id]")?.dataset["itemId"] ?? "";
      const item = actor.items.get(itemId);
      if (item === undefined) continue;
      dragsAs(button, { type: "fray.action", action: action.id, uuid: item.uuid }, taken);
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
    const rowActions = api?.rowActions ?? [];
    // Core hands the sheet's element (an HTMLElement); anything else has no buttons to drag.
    const root = element as { querySelectorAll?: unknown } | null;
    if (typeof root?.querySelectorAll !== "function") return;
    const taken = new Set<HTMLElement>();
    // The sheet's actor (an actor sheet's document), whose items the rows are.
    const document = (app as { document?: unknown } | null)?.document;
    const actor = document instanceof Actor ? (document as Actor.Implementation) : null;
    if (actions.length > 0) makeActionsDraggable(element as ParentNode, actions, taken, actor);
    if (rowActions.length > 0 && actor !== null) {
      makeRowActionsDraggable(element as ParentNode, actor, rowActions, taken);
    }
  });
}
