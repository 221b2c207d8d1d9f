/**
 * The one way the Worldlines rules make a changed combatant: `changed(actor, { energy })` is
 * `{ ...actor, energy }` for every field of the model (model.ts), built field by field.
 *
 * Why not the spread: every object spread gives its copy a fresh hidden class, so after a few
 * rules a fight's combatants wear a dozen shapes with the same fields, and every rule that reads
 * or copies one falls back to V8's slowest (megamorphic) path. Built here in one order, they share
 * one shape (two once an optional field is set), which made the encounter simulator about twice
 * as fast. Not exported from index.ts: an internal of the rules.
 */
import type { StatusId, StatusState, WorldlinesCombatant } from "./model.ts";

/** A combatant being built by a rule: a fresh copy, written only until the rule hands it back. */
export type Draft = { -readonly [K in keyof WorldlinesCombatant]: WorldlinesCombatant[K] };

/** `actor` with `patch` laid over it (a new object; `actor` is left as it was). */
export function changed(
  actor: WorldlinesCombatant,
  patch: Partial<WorldlinesCombatant>,
): WorldlinesCombatant {
  return Object.assign(copyOf(actor), patch);
}

/**
 * A fresh copy of `actor` for a rule to set a field or two on (`next.energy = …`) before handing
 * it back: {@link changed} without the patch object, for the rules the simulator runs most.
 */
export function copyOf(actor: WorldlinesCombatant): Draft {
  const next: Draft = {
    id: actor.id,
    name: actor.name,
    teamId: actor.teamId,
    rank: actor.rank,
    life: actor.life,
    health: actor.health,
    energy: actor.energy,
    traits: actor.traits,
    skills: actor.skills,
    stance: actor.stance,
    armor: actor.armor,
    armorBonus: actor.armorBonus,
    statuses: actor.statuses,
    disabledLimbs: actor.disabledLimbs,
    defensivePosture: actor.defensivePosture,
    interruptUsed: actor.interruptUsed,
  };
  // The optional fields only when the actor has them (as the spread would copy them).
  if ("critWiden" in actor) next.critWiden = actor.critWiden;
  if ("headshotWiden" in actor) next.headshotWiden = actor.headshotWiden;
  if ("unconsciousMinutes" in actor) next.unconsciousMinutes = actor.unconsciousMinutes;
  return next;
}

export { atValue } from "../core/pool.ts";

/** The status state with `id` set to `data` (a new object): `{ ...statuses, [id]: data }`. */
export function withStatus<K extends StatusId>(
  statuses: StatusState,
  id: K,
  data: NonNullable<StatusState[K]>,
): StatusState {
  const copy = copyStatuses(statuses, null);
  copy[id] = data;
  return copy;
}

/**
 * A copy of the status state, leaving out `skip`. Built key by key rather than spread (and never
 * with `delete`, which turns an object into a slow dictionary): status states built the same way
 * share their hidden classes, so reading them stays fast in the simulator's inner loop.
 */
export function copyStatuses(
  statuses: StatusState,
  skip: StatusId | null,
): Record<string, unknown> {
  const from = statuses as Readonly<Record<string, unknown>>;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(from)) if (key !== skip) copy[key] = from[key];
  return copy;
}
