/**
 * A ruleset's combat hooks work on actors and hand back changes by combatant: the members with
 * an actor, and rule updates (addressed to actors) turned into changes addressed to combatants.
 * Shared by the rulesets' combat.ts.
 */
import type { ActorChange, FieldValue } from "../combat/events.ts";
import type { CombatLike } from "../combat/state.ts";
import { combatantId } from "./actors.ts";

/** The combat's members that have an actor, with their combatant ids. */
export function combatMembers(
  combat: CombatLike,
): { combatantId: string; actor: Actor.Implementation }[] {
  return combat.combatants.contents.flatMap((c) =>
    c.actor === null ? [] : [{ combatantId: c.id ?? "", actor: c.actor }],
  );
}

/** Rule updates addressed to actors, as changes addressed to their combatants (items left out). */
export function changesByCombatant(
  combat: CombatLike,
  updates: readonly {
    readonly actorId: string;
    readonly itemId?: string;
    readonly changes: Readonly<Record<string, FieldValue>>;
  }[],
): ActorChange[] {
  const byActor = new Map(combatMembers(combat).map((m) => [combatantId(m.actor), m.combatantId]));
  return updates.flatMap((u) => {
    const id = byActor.get(u.actorId);
    return id === undefined || u.itemId !== undefined
      ? []
      : [{ combatantId: id, changes: u.changes }];
  });
}
