/**
 * Every row and button of a rendered actor sheet on the hotbar (issue 26): what a user can drag
 * from the sheet as core and Fray make it draggable (sheet-dom.support.ts renders it), dropped on
 * the hotbar through core's `hotbarDrop` (test/fake-foundry/hotbar.ts), and what the click and the
 * macro each change, recorded alike so the two compare equal when the macro did what the click did.
 */
import { vi } from "vitest";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { Macro, installHotbarFakes } from "../fake-foundry/hotbar.ts";
import { named } from "./parity.support.ts";
import { buttonKey, dragData } from "./sheet-dom.support.ts";
import type { RenderedSheet, StandInElement } from "./sheet-dom.support.ts";

/** How a button of the sheet reaches the hotbar. */
export type Reach =
  /** The button itself drags its action. */
  | { readonly by: "button"; readonly data: Record<string, unknown> }
  /** It is its row's own use (Attack, Cast): the row drags its item, core's drag data. */
  | { readonly by: "row"; readonly data: Record<string, unknown> }
  /** Neither. */
  | { readonly by: "none" };

/** The row (a `data-item-id` element) of the button, if any. */
export const rowOf = (button: StandInElement) => button.closest("[data-item-id]");

/**
 * The button's name for the tests: its data-action and the data telling it from its siblings,
 * and the name of its row's item (`@ Crossbow`).
 */
export function keyOf(actor: Actor.Implementation, button: StandInElement): string {
  const row = rowOf(button);
  const item = row === null ? null : actor.items.get(row.dataset["itemId"] ?? "");
  return `${buttonKey(button)}${item ? ` @ ${item.name}` : ""}`;
}

/**
 * How the button reaches the hotbar: dragged itself, or (for `rowUses`, its row's own use) by
 * dragging its row, which core's ActorSheetV2 drags when the row is `.draggable[data-item-id]`
 * (`Item#toDragData`).
 */
export function reachOf(
  actor: Actor.Implementation,
  button: StandInElement,
  rowUses: readonly string[],
): Reach {
  if (button.draggable) return { by: "button", data: dragData(button) };
  const row = rowOf(button);
  const item = row === null ? undefined : actor.items.get(row.dataset["itemId"] ?? "");
  const draggableRow = row?.matches(".draggable[data-item-id]") === true;
  if (draggableRow && item && rowUses.includes(button.attrs["data-action"] ?? "")) {
    return { by: "row", data: item.toDragData() as unknown as Record<string, unknown> };
  }
  return { by: "none" };
}

/** The user drops `data` on slot 1 of their hotbar (emptied first); the macro once it is there. */
export async function dropOnHotbar(
  fake: FakeFoundry,
  hotbar: ReturnType<typeof installHotbarFakes>,
  userId: string,
  data: Record<string, unknown>,
): Promise<Macro> {
  fake.setUser(userId);
  const user = fake.game.users.get(userId) as unknown as {
    assignHotbarMacro(macro: null, slot: number): Promise<unknown>;
  };
  await user.assignHotbarMacro(null, 1);
  await hotbar.drop(data, 1);
  return vi.waitFor(() => {
    const macro = hotbar.hotbarOf(userId)[1];
    if (macro === undefined) throw new Error("no macro yet");
    return macro;
  });
}

/** A document the record reads: its data as stored. */
interface Stored {
  readonly id: string | null;
  toObject(): unknown;
}

/**
 * What happened since `mark` (the messages, warnings and dialogs then), with the ids of the
 * run's documents named by role: every message posted (content and flags), every warning, every
 * dialog opened (its title and content), the documents as stored now, and `more` (where the
 * tokens stand).
 */
export function recordSince(
  fake: FakeFoundry,
  mark: ReturnType<typeof markNow>,
  documents: Readonly<Record<string, Stored>>,
  roles: ReadonlyMap<string, string>,
  more: Readonly<Record<string, unknown>> = {},
): unknown {
  const messages = fake.game.messages.contents.slice(mark.messages).map((m) => {
    const { content, flags, whisper } = m as unknown as Record<string, unknown>;
    return { content, flags, whisper };
  });
  const stored = Object.fromEntries(
    Object.entries(documents).map(([role, doc]) => {
      const { _stats: _s, ...data } = doc.toObject() as Record<string, unknown>;
      return [role, data];
    }),
  );
  return named(
    {
      messages,
      warnings: fake.notifications.slice(mark.warnings).map((n) => n.message),
      dialogs: fake.dialogs.asked.slice(mark.dialogs),
      stored,
      ...more,
    },
    roles,
  );
}

/** Where the record starts: the messages, warnings and dialogs so far. */
export const markNow = (fake: FakeFoundry) => ({
  messages: fake.game.messages.size,
  warnings: fake.notifications.length,
  dialogs: fake.dialogs.asked.length,
});

/** The buttons of these renders, one of each key (the first rendered). */
export function distinctButtons(
  renders: readonly { readonly actor: Actor.Implementation; readonly sheet: RenderedSheet }[],
): Map<string, { actor: Actor.Implementation; button: StandInElement }> {
  const found = new Map<string, { actor: Actor.Implementation; button: StandInElement }>();
  for (const { actor, sheet } of renders) {
    for (const button of sheet.buttons) {
      const key = keyOf(actor, button);
      if (!found.has(key)) found.set(key, { actor, button });
    }
  }
  return found;
}
