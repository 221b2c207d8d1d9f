/**
 * What an arm hit does to what the defender holds: when its Spirit check fails (the attack card's
 * limb check, effect "droppedItem"), the referee takes every drawn weapon out of its hand
 * (`drawn` off) and records it dropped. A dropped weapon makes no attack until its owner draws it
 * again (table/self.ts: the Draw, on the referee, pays its Energy and clears the mark).
 *
 * The mark settles whether an attack on someone else may be made, so it is the referee's: it
 * lives in the ledger of the combat the defender fights in (combat/ledger.ts, key `dropped`: the
 * ids of its dropped weapons), never on the player's own item, which they may rewrite from the
 * console. Outside a running combat there is no turn to spend on drawing: nothing is recorded
 * (like budget.ts). The items' old `system.dropped` stays in the model so stored items load, and
 * nothing reads it.
 */
import type { AttackOutcome } from "../../../../rules/worldlines/index.ts";
import { actorLedgerEntry, recordForActors } from "../../../combat/ledger.ts";

const DROPPED_KEY = "dropped";

const isDrawn = (item: Item.Implementation) =>
  (item.system as unknown as { drawn?: boolean }).drawn === true;

/** The ids of the actor's weapons the referee recorded as dropped (none outside a fight). */
function droppedIds(actor: Actor.Implementation): string[] {
  const stored = actorLedgerEntry(actor, DROPPED_KEY);
  return Array.isArray(stored)
    ? (stored as unknown[]).filter((id): id is string => typeof id === "string")
    : [];
}

/** Whether the actor's weapon of this id lies where the actor dropped it, as the referee recorded. */
export function isDropped(actor: Actor.Implementation, weaponId: string | null): boolean {
  return weaponId !== null && droppedIds(actor).includes(weaponId);
}

/** The referee records the weapon picked up again (its Draw): no longer dropped. */
export async function pickUp(actor: Actor.Implementation, weaponId: string): Promise<void> {
  if (!isDropped(actor, weaponId)) return;
  const value = droppedIds(actor).filter((id) => id !== weaponId);
  await recordForActors([{ actor, key: DROPPED_KEY, value }]);
}

/** After an applied hit (on the referee): the defender drops what it holds when the limb check says so. */
export async function dropOnArmHit(
  defender: Actor.Implementation,
  limbCheck: AttackOutcome["limbCheck"] | null | undefined,
): Promise<void> {
  if (limbCheck?.effect !== "droppedItem") return;
  const held = defender.items.contents.filter((i) => i.type === "weapon" && isDrawn(i));
  if (held.length === 0) return;
  await defender.updateEmbeddedDocuments(
    "Item",
    held.map((i) => ({ _id: i.id, "system.drawn": false })),
  );
  const value = [...new Set([...droppedIds(defender), ...held.map((i) => i.id ?? "")])];
  await recordForActors([{ actor: defender, key: DROPPED_KEY, value }]);
}
