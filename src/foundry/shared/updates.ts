/**
 * Writing a ruleset's outcomes: every rules engine hands back its document changes as data, one
 * per actor or per item of an actor (field path → new value). Shared by the rulesets.
 */
import { resolveActor } from "./actors.ts";
import type { ActorResolver } from "./actors.ts";

/** One document change as the rules engines describe it. */
export interface RuleUpdate {
  readonly actorId: string;
  /** Set when the update is to one of the actor's items rather than the actor itself. */
  readonly itemId?: string;
  readonly changes: Readonly<Record<string, unknown>>;
}

/**
 * Writes rule outcomes: the field changes of every world actor in ONE Actor.updateDocuments call
 * (a token's own actor takes its own update), then the item changes in one embedded update per
 * actor. Updates for actors that cannot be found are skipped and returned.
 */
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
