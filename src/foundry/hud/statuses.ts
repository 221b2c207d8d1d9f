/**
 * The ruleset's statuses kept in its own state (`RulesetApi.statuses`, hud/types.ts), as core's
 * status effects:
 * - CONFIG.statusEffects has an entry for each (core's own where core has the id, so core's
 *   "prone" is the ruleset's prone; else the binding's name and icon);
 * - `Actor#toggleStatusEffect` (what core's token HUD and macros call; documents/actor.ts) sets
 *   it the way the sheet's button does, through the referee where the button goes, instead of
 *   creating an ActiveEffect the rules would not read;
 * - the token HUD shows it active from the rules' state (hud/token-hud.ts);
 * - `actor.statuses` has it while the rules say the actor has it (what modules read: core v13
 *   fills that Set in `Actor#applyActiveEffects` from the active effects' `statuses`, each time
 *   the actor's data is prepared; Fray's Actor adds the bound ones there, documents/actor.ts, and
 *   again for the statuses kept on a Combat when that Combat changes, which prepares no actor);
 * - `fray.statusChanged` is told once, on the client that wrote the change: core runs
 *   `preUpdate<Document>` on the writer's client only, with the operation's options, which the
 *   server hands back to `update<Document>` on every client; the writer's client notes each
 *   bound status of the actors the write touches before it (`options.frayStatuses`) and tells
 *   the ones that changed after it.
 */
import { FRAY_HOOKS, announce } from "../api/hooks.ts";
import { combatantId } from "../shared/actors.ts";
import { currentUser, i18n } from "../shared/env.ts";
import { shellRuleset } from "../rulesets/registry.ts";
import { activeRuleset } from "../settings.ts";
import type { StatusBinding } from "./types.ts";

/** The world's ruleset's bound statuses. */
export function statusBindings(): readonly StatusBinding[] {
  return shellRuleset(activeRuleset().id).api?.statuses ?? [];
}

/** The binding of a status id, or null when the status is a plain ActiveEffect. */
export function bindingOf(statusId: string): StatusBinding | null {
  return statusBindings().find((binding) => binding.id === statusId) ?? null;
}

/** A CONFIG.statusEffects entry, as far as Fray reads it. */
interface StatusEntry {
  readonly id: string;
  readonly name?: string;
  readonly img?: string;
}

/**
 * CONFIG.statusEffects with an entry for every bound status: core's own kept where core (or the
 * ruleset's list) has the id, the binding's added after the others.
 */
export function withBoundEntries(
  list: readonly StatusEntry[],
  bindings: readonly StatusBinding[],
): StatusEntry[] {
  const ids = new Set(list.map((entry) => entry.id));
  const added = bindings
    .filter((binding) => !ids.has(binding.id))
    .map(({ id, name, img }) => ({ id, name, img }));
  return [...list, ...added];
}

/**
 * CONFIG.statusEffects' entries: a list in v13, read with `Object.values` so that a record keyed
 * by id (v14, docs/compatibility.md) reads the same.
 */
export function statusEntries(): StatusEntry[] {
  return Object.values(CONFIG.statusEffects as unknown as Record<string, StatusEntry>);
}

/** Adds the bound statuses to CONFIG.statusEffects (init, after the ruleset's own list). */
export function registerStatusEntries(): void {
  const list = statusEntries();
  CONFIG.statusEffects = withBoundEntries(
    list,
    statusBindings(),
  ) as unknown as typeof CONFIG.statusEffects;
}

function statusName(statusId: string): string {
  const entry = statusEntries().find((e) => e.id === statusId);
  return i18n().localize(entry?.name ?? statusId);
}

/**
 * Core's `Actor#toggleStatusEffect` for a bound status: `active` forces it on or off (undefined:
 * the other way round), set the way the sheet does. Resolves to whether the actor has it now,
 * as core's answer for an effect that stays or goes. A status only the rules set is refused
 * with its reason, and a refusal of the sheet's own is its warning.
 */
export async function toggleBound(
  actor: Actor.Implementation,
  binding: StatusBinding,
  active?: boolean,
): Promise<boolean> {
  const now = binding.active(actor);
  const wanted = active ?? !now;
  if (wanted === now) return now;
  if (binding.set === undefined) {
    ui.notifications?.warn(
      i18n().format("FRAY.Hud.ReadOnly", {
        status: statusName(binding.id),
        why: i18n().localize(binding.why ?? "FRAY.Hud.Why.rules"),
      }),
    );
    return now;
  }
  return (await binding.set(actor, wanted)) ? binding.active(actor) : now;
}

/* ------------------------------------------------------------------------------------------ */
/*  actor.statuses for bound statuses                                                          */
/* ------------------------------------------------------------------------------------------ */

/** Whether the rules say the actor has it; false while its state cannot be read (world loading). */
function holds(binding: StatusBinding, actor: Actor.Implementation): boolean {
  try {
    return binding.active(actor);
  } catch {
    return false;
  }
}

/** Whether an enabled effect of the actor carries the status (core's own reason to list it). */
function carriedByEffect(actor: Actor.Implementation, statusId: string): boolean {
  return actor.effects.contents.some((effect) => !effect.disabled && effect.statuses.has(statusId));
}

/** Whether a write of that document (the actor, the Combat) may change the binding's state. */
function keptOn(binding: StatusBinding, on: StatusBinding["on"]): boolean {
  return binding.on === on || binding.on === "both";
}

/**
 * Puts the bound statuses (those kept `on` the actor or the combat; all when absent) in the
 * actor's `statuses` as the rules read them now: added when the actor has one, taken out when it
 * has not and no effect of its carries it.
 */
export function markBoundStatuses(actor: Actor.Implementation, on?: StatusBinding["on"]): void {
  const statuses = (actor as { statuses?: Set<string> }).statuses;
  if (statuses === undefined) return;
  for (const binding of statusBindings()) {
    if (on !== undefined && !keptOn(binding, on)) continue;
    if (holds(binding, actor)) statuses.add(binding.id);
    else if (!carriedByEffect(actor, binding.id)) statuses.delete(binding.id);
  }
}

/* ------------------------------------------------------------------------------------------ */
/*  fray.statusChanged for bound statuses                                                      */
/* ------------------------------------------------------------------------------------------ */

/** What the writer noted before its write: actor (its combatant id) → status id → active. */
type Noted = Record<string, Record<string, boolean>>;

interface NotingOptions {
  frayStatuses?: Noted;
}

function stateOf(actor: Actor.Implementation, bindings: readonly StatusBinding[]) {
  return Object.fromEntries(bindings.map((binding) => [binding.id, binding.active(actor)]));
}

/** Notes the bound statuses of these actors before the write (the writer's client only). */
function note(
  actors: readonly Actor.Implementation[],
  on: StatusBinding["on"],
  options: NotingOptions,
): void {
  const bindings = statusBindings().filter((binding) => keptOn(binding, on));
  if (bindings.length === 0) return;
  const noted: Noted = { ...options.frayStatuses };
  for (const actor of actors) noted[combatantId(actor)] = stateOf(actor, bindings);
  options.frayStatuses = noted;
}

/** Tells the bound statuses that changed since they were noted, on the writer's client. */
function tellChanged(
  actors: readonly Actor.Implementation[],
  options: NotingOptions,
  userId: string,
): void {
  if (userId !== currentUser().id || options.frayStatuses === undefined) return;
  for (const actor of actors) {
    const actorId = combatantId(actor);
    const before = options.frayStatuses[actorId];
    if (before === undefined) continue;
    for (const binding of statusBindings()) {
      const was = before[binding.id];
      if (was === undefined) continue;
      const active = binding.active(actor);
      if (active !== was) {
        announce(FRAY_HOOKS.statusChanged, { actorId, statusId: binding.id, active, userId });
      }
    }
  }
}

function combatActors(combat: unknown): Actor.Implementation[] {
  const combatants = (combat as { combatants?: { contents: Combatant.Implementation[] } })
    .combatants;
  return (combatants?.contents ?? []).flatMap((c) => (c.actor === null ? [] : [c.actor]));
}

type AnyHandler = (...args: never[]) => unknown;

/** Registers the document hooks that tell bound statuses. Call once, at init. */
export function registerBoundStatusHooks(): void {
  const hooks = Hooks as unknown as { on(hook: string, fn: AnyHandler): number };
  hooks.on("preUpdateActor", (actor: Actor.Implementation, _c: unknown, options: NotingOptions) => {
    note([actor], "actor", options);
  });
  hooks.on(
    "updateActor",
    (actor: Actor.Implementation, _c: unknown, options: NotingOptions, userId: string) => {
      tellChanged([actor], options, userId);
    },
  );
  hooks.on("preUpdateCombat", (combat: unknown, _c: unknown, options: NotingOptions) => {
    note(combatActors(combat), "combat", options);
  });
  hooks.on(
    "updateCombat",
    (combat: unknown, _c: unknown, options: NotingOptions, userId: string) => {
      // Every client: the statuses kept on the Combat, in its actors' `statuses`.
      for (const actor of combatActors(combat)) markBoundStatuses(actor, "combat");
      tellChanged(combatActors(combat), options, userId);
    },
  );
  // A combat that ends, or a fighter that leaves it, holds no one any more.
  hooks.on("deleteCombat", (combat: unknown) => {
    for (const actor of combatActors(combat)) markBoundStatuses(actor, "combat");
  });
  hooks.on("deleteCombatant", (combatant: { actor?: Actor.Implementation | null }) => {
    if (combatant.actor) markBoundStatuses(combatant.actor, "combat");
  });
}
