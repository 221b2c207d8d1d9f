/**
 * Round events (Energy refresh, status resolution, upkeep, round end): what they change, as data,
 * and how the active GM writes it. Whatever the number of combatants, one round's events cost one
 * batched Actor update (plus one Token update per scene for unlinked tokens).
 */
import type { RoundEvent, RoundEventRun } from "../../rules/combat/types.ts";
import { isDefeated } from "./like.ts";
import type { CombatLike } from "./like.ts";

/** A field's new value: a scalar, or a small record (WWN's screening: { allyId, blocksLeft }). */
export type FieldValue =
  number | string | boolean | null | { readonly [key: string]: string | number | boolean | null };

/**
 * What a round event does to one combatant: its actor's fields (path → new value) and, where the
 * ruleset keeps GM-owned state for it (action budgets, grapples held), the referee's ledger
 * entries (key → whole value, see combat/ledger.ts), written in the transition's Combat update.
 */
export interface ActorChange {
  readonly combatantId: string;
  readonly changes: Readonly<Record<string, FieldValue>>;
  readonly ledger?: Readonly<Record<string, unknown>>;
}

/** What a round event reads about one combatant. */
export interface EventCombatant {
  readonly combatantId: string;
  readonly defeated: boolean;
  /** The actor's `system` data, or null for a combatant without an actor. */
  readonly system: unknown;
}

type EventHandler = (combatants: readonly EventCombatant[]) => ActorChange[];

function resource(system: unknown, key: string): { value: number; max: number } | null {
  if (typeof system !== "object" || system === null) return null;
  const field = (system as Record<string, unknown>)[key];
  if (typeof field !== "object" || field === null) return null;
  const { value, max } = field as { value?: unknown; max?: unknown };
  return typeof value === "number" && typeof max === "number" ? { value, max } : null;
}

/**
 * Energy refresh: every combatant's Energy back to its maximum. The defeated stay as they are
 * (the shell's stand-in for Worldlines' "the dead do not refresh" until actors carry a life state).
 */
export function energyRefresh(combatants: readonly EventCombatant[]): ActorChange[] {
  return combatants.flatMap((c) => {
    const energy = resource(c.system, "energy");
    if (c.defeated || energy === null || energy.value === energy.max) return [];
    return [{ combatantId: c.combatantId, changes: { "system.energy.value": energy.max } }];
  });
}

/**
 * The round events, by name. Status resolution, upkeep and round end get their content with the
 * issues that bring statuses and counters; they are called at the right moment already, and what
 * they return is written in the same batch.
 */
export const ROUND_EVENT_HANDLERS: Record<RoundEvent, EventHandler> = {
  energyRefresh,
  statusResolution: () => [],
  upkeep: () => [],
  roundEnd: () => [],
};

/** Every change the given events make, merged per combatant, in order. */
export function roundEventChanges(
  events: readonly RoundEventRun[],
  combatants: readonly EventCombatant[],
  handlers: Record<RoundEvent, EventHandler> = ROUND_EVENT_HANDLERS,
): ActorChange[] {
  const merged = new Map<string, Record<string, FieldValue>>();
  let current = combatants;
  for (const run of events) {
    const changes = handlers[run.event](current);
    for (const change of changes) {
      merged.set(change.combatantId, { ...merged.get(change.combatantId), ...change.changes });
    }
    // Later events see what earlier ones changed.
    current = current.map((c) => {
      const done = changes.find((change) => change.combatantId === c.combatantId);
      return done === undefined ? c : { ...c, system: applyPaths(c.system, done.changes) };
    });
  }
  return [...merged].map(([combatantId, changes]) => ({ combatantId, changes }));
}

function applyPaths(system: unknown, changes: Readonly<Record<string, FieldValue>>): unknown {
  const copy = structuredClone(system) as Record<string, unknown>;
  for (const [path, value] of Object.entries(changes)) {
    const keys = path.replace(/^system\./, "").split(".");
    let target: Record<string, unknown> = copy;
    keys.slice(0, -1).forEach((key) => {
      const next = target[key];
      if (typeof next !== "object" || next === null) target[key] = {};
      target = target[key] as Record<string, unknown>;
    });
    const last = keys[keys.length - 1];
    if (last !== undefined) target[last] = value;
  }
  return copy;
}

export function eventCombatants(combat: CombatLike): EventCombatant[] {
  return combat.combatants.contents.map((c) => ({
    combatantId: c.id ?? "",
    defeated: isDefeated(c),
    system: c.actor?.system ?? null,
  }));
}

/**
 * Writes actor changes in batches: one update for all world actors, and one Token update per
 * scene for unlinked tokens (their actor lives in the token's delta).
 */
export async function writeActorChanges(
  combat: CombatLike,
  changes: readonly ActorChange[],
): Promise<void> {
  const worldUpdates: Record<string, unknown>[] = [];
  const tokenUpdates = new Map<Scene.Implementation, Record<string, unknown>[]>();
  for (const change of changes) {
    const combatant = combat.combatants.get(change.combatantId);
    const actor = combatant?.actor;
    if (actor === null || actor === undefined) continue;
    const token = actor.isToken ? actor.token : null;
    const scene = token?.parent ?? null;
    if (token !== null && scene !== null) {
      const list = tokenUpdates.get(scene) ?? [];
      const delta = Object.fromEntries(
        Object.entries(change.changes).map(([path, value]) => [`delta.${path}`, value]),
      );
      list.push({ _id: token.id, ...delta });
      tokenUpdates.set(scene, list);
    } else {
      worldUpdates.push({ _id: actor.id, ...change.changes });
    }
  }
  if (worldUpdates.length > 0) {
    await Actor.implementation.updateDocuments(worldUpdates);
  }
  for (const [scene, updates] of tokenUpdates) {
    await scene.updateEmbeddedDocuments("Token", updates);
  }
}
