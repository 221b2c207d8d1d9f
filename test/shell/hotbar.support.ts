/**
 * Dragging a sheet's row to the hotbar as core does: core's ActorSheetV2 drags a
 * `.draggable[data-item-id]` row as its item's drag data (`Item#toDragData`), and the hotbar's
 * drop runs the `hotbarDrop` hook (test/fake-foundry/hotbar.ts). The browser sheet tests check
 * each sheet's rows are such rows.
 */
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
