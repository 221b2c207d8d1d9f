/**
 * `fray.statusChanged` (api/hooks.ts) for statuses kept as ActiveEffects, as core's token HUD
 * toggles them in every ruleset and as Worldlines keeps its own: when an effect carrying status
 * ids is created, deleted, enabled or disabled on an actor, each of its statuses the actor
 * gained or lost is told, once, on the client that wrote it (core runs the document hooks on
 * every client and names the writer: only the writer's client fires). A status another enabled
 * effect of the actor still carries did not change. A status a ruleset keeps in a boolean field
 * of its own (`RulesetApi.statusFields`: WWN's prone) is told when an actor update writes that
 * field, on the writer's client too (core hands `updateActor` the changed fields only).
 */
import { FRAY_HOOKS, announce } from "./hooks.ts";
import { combatantId } from "../shared/actors.ts";
import { currentUser } from "../shared/env.ts";
import { shellRuleset } from "../rulesets/registry.ts";
import { activeRuleset } from "../settings.ts";

interface EffectLike {
  readonly id: string | null;
  readonly parent: unknown;
  readonly statuses: ReadonlySet<string>;
  readonly disabled: boolean;
}

/** Whether another enabled effect of the actor carries the status. */
function heldElsewhere(actor: Actor.Implementation, effect: EffectLike, statusId: string): boolean {
  return actor.effects.contents.some(
    (other) => other.id !== effect.id && !other.disabled && other.statuses.has(statusId),
  );
}

function tell(effect: EffectLike, active: boolean, userId: string): void {
  if (userId !== currentUser().id || !(effect.parent instanceof Actor)) return;
  const actor = effect.parent as Actor.Implementation;
  for (const statusId of effect.statuses) {
    if (heldElsewhere(actor, effect, statusId)) continue;
    announce(FRAY_HOOKS.statusChanged, { actorId: combatantId(actor), statusId, active, userId });
  }
}

/** A field's value in an update's changes, given flat ("system.prone") or nested. */
function changed(changes: Record<string, unknown>, path: string): unknown {
  if (path in changes) return changes[path];
  return path
    .split(".")
    .reduce<unknown>(
      (at, key) =>
        typeof at === "object" && at !== null ? (at as Record<string, unknown>)[key] : undefined,
      changes,
    );
}

/** The ruleset's own status fields an actor update wrote, told once on the writer's client. */
function tellFields(actor: unknown, changes: Record<string, unknown>, userId: string): void {
  if (userId !== currentUser().id || !(actor instanceof Actor)) return;
  const fields = shellRuleset(activeRuleset().id).api?.statusFields ?? {};
  for (const [statusId, path] of Object.entries(fields)) {
    const active = changed(changes, path);
    if (typeof active !== "boolean") continue;
    const actorId = combatantId(actor as Actor.Implementation);
    announce(FRAY_HOOKS.statusChanged, { actorId, statusId, active, userId });
  }
}

/** Registers the effect hooks that fire `fray.statusChanged`. Call once, at init. */
export function registerStatusHooks(): void {
  const hooks = Hooks as unknown as { on(hook: string, fn: (...args: never[]) => void): number };
  hooks.on("createActiveEffect", (effect: EffectLike, _options: unknown, userId: string) => {
    if (!effect.disabled) tell(effect, true, userId);
  });
  hooks.on("deleteActiveEffect", (effect: EffectLike, _options: unknown, userId: string) => {
    if (!effect.disabled) tell(effect, false, userId);
  });
  hooks.on(
    "updateActor",
    (actor: unknown, changes: Record<string, unknown>, _options: unknown, userId: string) => {
      tellFields(actor, changes, userId);
    },
  );
  hooks.on(
    "updateActiveEffect",
    (effect: EffectLike, changes: { disabled?: unknown }, _options: unknown, userId: string) => {
      if (typeof changes.disabled === "boolean") tell(effect, !changes.disabled, userId);
    },
  );
}
