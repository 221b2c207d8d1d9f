/**
 * What an arm hit does to what the defender holds: when its Spirit check fails (the attack card's
 * limb check, effect "droppedItem"), the referee takes every drawn weapon out of its hand
 * (`drawn` off) and marks it dropped. A dropped weapon makes no attack until its owner draws it
 * again (table/self.ts drawWeapon: the weapon switch of the action table, which clears the mark).
 */
import type { AttackOutcome } from "../../../../rules/worldlines/index.ts";

interface HeldFlags {
  drawn?: boolean;
  dropped?: boolean;
}

const flagsOf = (item: Item.Implementation) => item.system as unknown as HeldFlags;

/** Whether the actor's weapon of this id lies where the actor dropped it. */
export function isDropped(actor: Actor.Implementation, weaponId: string | null): boolean {
  const item = weaponId === null ? undefined : actor.items.get(weaponId);
  return item !== undefined && flagsOf(item).dropped === true;
}

/** After an applied hit: the defender drops what it holds when the limb check says so. */
export async function dropOnArmHit(
  defender: Actor.Implementation,
  limbCheck: AttackOutcome["limbCheck"] | null | undefined,
): Promise<void> {
  if (limbCheck?.effect !== "droppedItem") return;
  const held = defender.items.contents.filter(
    (i) => i.type === "weapon" && flagsOf(i).drawn === true,
  );
  if (held.length === 0) return;
  await defender.updateEmbeddedDocuments(
    "Item",
    held.map((i) => ({ _id: i.id, "system.drawn": false, "system.dropped": true })),
  );
}
