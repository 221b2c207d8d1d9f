/**
 * Dragging a sheet's row to the hotbar as core does: core's ActorSheetV2 drags a
 * `.draggable[data-item-id]` row as its item's drag data (`Item#toDragData`), and the hotbar's
 * drop runs the `hotbarDrop` hook (test/fake-foundry/hotbar.ts). The browser sheet tests check
 * each sheet's rows are such rows.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { vi } from "vitest";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { Macro, installHotbarFakes } from "../fake-foundry/hotbar.ts";

/** `userId` drags the item's row to `slot`; the macro once it is in the slot. */
export async function dragRowToHotbar(
  fake: FakeFoundry,
  hotbar: ReturnType<typeof installHotbarFakes>,
  userId: string,
  item: Item.Implementation,
  slot: number,
): Promise<Macro> {
  fake.setUser(userId);
  const data = (item as unknown as { toDragData(): Record<string, unknown> }).toDragData();
  await hotbar.drop(data, slot);
  return vi.waitFor(() => {
    const macro = hotbar.hotbarOf(userId)[slot];
    if (macro === undefined) throw new Error("no macro yet");
    return macro;
  });
}

/** A button of a sheet's template, as its attributes say (a stand-in for the rendered element). */
interface StandInButton {
  readonly attrs: Readonly<Record<string, string>>;
  draggable: boolean;
  readonly listeners: Map<string, (event: unknown) => void>;
  addEventListener(type: string, fn: (event: unknown) => void): void;
}

/** Every `<button>` of the template with a `data-action`, with its literal attributes. */
function templateButtons(templatePath: string): StandInButton[] {
  const source = readFileSync(resolve(process.cwd(), templatePath), "utf8");
  return [...source.matchAll(/<button\b([^>]*)>/g)].flatMap((match) => {
    const attrs = Object.fromEntries(
      [...(match[1] ?? "").matchAll(/([\w-]+)="([^"{}]*)"/g)].map((a) => [a[1] ?? "", a[2] ?? ""]),
    );
    if (attrs["data-action"] === undefined) return [];
    const listeners = new Map<string, (event: unknown) => void>();
    return [
      {
        attrs,
        draggable: false,
        listeners,
        addEventListener: (type: string, fn: (event: unknown) => void) => {
          listeners.set(type, fn);
        },
      },
    ];
  });
}

/** Whether the button has every `[name="value"]` the selector asks for. */
function matches(button: StandInButton, selector: string): boolean {
  return [...selector.matchAll(/\[([\w-]+)="([^"]*)"\]/g)].every(
    ([, name, value]) => button.attrs[name ?? ""] === value,
  );
}

/**
 * The actor sheet rendered from `templatePath` (its buttons as the template writes them): core
 * calls `renderActorSheetV2` with the sheet's element, then `userId` drags each draggable button
 * to the hotbar, one slot after another from `firstSlot` (the drag data as the button's
 * dragstart sets it, what core's hotbar reads). The macros by the button's data-action (and
 * `data-kind`, where one action has several buttons).
 */
export async function dragSheetActionsToHotbar(
  fake: FakeFoundry,
  hotbar: ReturnType<typeof installHotbarFakes>,
  userId: string,
  templatePath: string,
  firstSlot: number,
): Promise<Map<string, Macro>> {
  fake.setUser(userId);
  const buttons = templateButtons(templatePath);
  const root = {
    querySelectorAll: (selector: string) => buttons.filter((b) => matches(b, selector)),
  };
  fake.hooks.callAll("renderActorSheetV2", {}, root, {}, {});
  const macros = new Map<string, Macro>();
  let slot = firstSlot;
  for (const button of buttons.filter((b) => b.draggable)) {
    let text = "";
    const dataTransfer = { setData: (_type: string, value: string) => (text = value) };
    button.listeners.get("dragstart")?.({ dataTransfer, stopPropagation: () => undefined });
    const here = slot++;
    await hotbar.drop(JSON.parse(text) as Record<string, unknown>, here);
    const macro = await vi.waitFor(() => {
      const made = hotbar.hotbarOf(userId)[here];
      if (made === undefined) throw new Error("no macro yet");
      return made;
    });
    // What tells the button from its siblings: its kind, or the table act it is.
    const kind = button.attrs["data-kind"] ?? button.attrs["data-act"];
    macros.set(
      `${button.attrs["data-action"] ?? ""}${kind === undefined ? "" : `:${kind}`}`,
      macro,
    );
  }
  return macros;
}
