/**
 * Writing the document changes a ruleset's rules return (`{ actorId, itemId?, changes }`), in as
 * few round-trips as core allows: every world actor in one `updateDocuments`, each token actor on
 * its own (it lives in its scene), and each actor's items in one `updateEmbeddedDocuments`.
 */
import { resolveActor } from "./actors.ts";
import type { ActorResolver } from "./actors.ts";

export interface RuleUpdate {
  readonly actorId: string;
  /** Set when the update is to one of the actor's items. */
  readonly itemId?: string;
  /** Field path → new value. */
  readonly changes: Readonly<Record<string, unknown>>;
}

/** Writes the updates; ids no actor answers to come back in `missing`. */
export async function applyRuleUpdates(
  updates: readonly RuleUpdate[],
  resolve: ActorResolver = resolveActor,
): Promise<{ missing: string[] }> {
  const missing: string[] = [];
  const actorChanges = new Map<string, { actor: Actor.Implementation; changes: object }>();
  const itemChanges = new Map<string, { actor: Actor.Implementation; rows: object[] }>();
  for (const update of updates) {
    const actor = resolve(update.actorId);
    if (!actor) {
      missing.push(update.actorId);
      continue;
    }
    if (update.itemId !== undefined) {
      const entry = itemChanges.get(update.actorId) ?? { actor, rows: [] };
      entry.rows.push({ _id: update.itemId, ...update.changes });
      itemChanges.set(update.actorId, entry);
    } else {
      const entry = actorChanges.get(update.actorId) ?? { actor, changes: {} };
      entry.changes = { ...entry.changes, ...update.changes };
      actorChanges.set(update.actorId, entry);
    }
  }
  const world: Record<string, unknown>[] = [];
  const tokens: Promise<unknown>[] = [];
  for (const { actor, changes } of actorChanges.values()) {
    if (actor.isToken) tokens.push(actor.update(changes));
    else world.push({ _id: actor.id, ...changes });
  }
  if (world.length > 0) await CONFIG.Actor.documentClass.updateDocuments(world);
  await Promise.all(tokens);
  await Promise.all(
    [...itemChanges.values()].map(({ actor, rows }) =>
      actor.updateEmbeddedDocuments("Item", rows as never),
    ),
  );
  return { missing };
}

/**
 * The updates without their changes under `prefix` (state a ruleset keeps in the referee's ledger,
 * not on the documents); an update left with no change goes.
 */
export function withoutPath<U extends RuleUpdate>(
  updates: readonly (U | null)[],
  prefix: string,
): U[] {
  return updates.flatMap((update) => {
    if (update === null) return [];
    const changes = Object.fromEntries(
      Object.entries(update.changes).filter(([path]) => !path.startsWith(`${prefix}.`)),
    );
    return Object.keys(changes).length === 0 ? [] : [{ ...update, changes }];
  });
}
