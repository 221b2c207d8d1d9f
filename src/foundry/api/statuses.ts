/**
 * `fray.statusChanged` (api/hooks.ts) for statuses kept as ActiveEffects, as core's token HUD
 * toggles them in every ruleset and as Worldlines keeps its own: when an effect carrying status
 * ids is created, deleted, enabled or disabled on an actor, each of its statuses the actor
 * gained or lost is told, once, on the client that wrote it (core runs the document hooks on
 * every client and names the writer: only the writer's client fires). A status another enabled
 * effect of the actor still carries did not change. A status a ruleset keeps in its own state
 * (`RulesetApi.statuses`: WWN's prone …) is told by hud/statuses.ts when that state changes.
 */
import { FRAY_HOOKS, announce } from "./hooks.ts";
import { combatantId } from "../shared/actors.ts";
import { currentUser } from "../shared/env.ts";
import { bindingOf, registerBoundStatusHooks } from "../hud/statuses.ts";

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
    // A bound status is the rules' own state (hud/statuses.ts tells it), not the effect's.
    if (heldElsewhere(actor, effect, statusId) || bindingOf(statusId) !== null) continue;
    announce(FRAY_HOOKS.statusChanged, { actorId: combatantId(actor), statusId, active, userId });
  }
}

/** Registers the effect hooks that fire `fray.statusChanged`. Call once, at init. */
export function registerStatusHooks(): void {
  registerBoundStatusHooks();
  const hooks = Hooks as unknown as { on(hook: string, fn: (...args: never[]) => void): number };
  hooks.on("createActiveEffect", (effect: EffectLike, _options: unknown, userId: string) => {
    if (!effect.disabled) tell(effect, true, userId);
  });
  hooks.on("deleteActiveEffect", (effect: EffectLike, _options: unknown, userId: string) => {
    if (!effect.disabled) tell(effect, false, userId);
  });
  hooks.on(
    "updateActiveEffect",
    (effect: EffectLike, changes: { disabled?: unknown }, _options: unknown, userId: string) => {
      if (typeof changes.disabled === "boolean") tell(effect, !changes.disabled, userId);
    },
  );
}
