/**
 * The one way the Freelancers rules make a changed actor, action state or weapon: each is built
 * field by field, always in the same order, instead of spread.
 *
 * Why not the spread: every object spread gives its copy a fresh hidden class, so after a few
 * rules a fight's actors wear many shapes with the same fields, and every rule that reads or copies
 * one falls back to V8's slowest (megamorphic) path; the encounter simulator runs these rules in
 * its inner loop. Built here, they share one shape (two, with and without a static defense).
 *
 * A copy of a checked value stays checked: the rules set only fields they keep within the checks
 * (the property suite, hostile.property.test.ts, holds every rule to that), so each helper hands
 * back the type it was given (a `Checked` actor for a `Checked` one).
 */
import type { ActionState, FreelancersActor, FreelancersLife, FreelancersWeapon } from "./model.ts";

/** An actor being built by a rule: a fresh copy, written only until the rule hands it back. */
export type ActorDraft = { -readonly [K in keyof FreelancersActor]: FreelancersActor[K] };

/** A fresh copy of `actor` for a rule to set a field or two on before handing it back. */
export function copyActor(actor: FreelancersActor): ActorDraft {
  const next: ActorDraft = {
    id: actor.id,
    name: actor.name,
    attributes: actor.attributes,
    skills: actor.skills,
    size: actor.size,
    defense: actor.defense,
    health: actor.health,
    armor: actor.armor,
    life: actor.life,
    deathFailures: actor.deathFailures,
    counters: actor.counters,
    immobilized: actor.immobilized,
    abilities: actor.abilities,
    actions: actor.actions,
  };
  // The optional field only when the actor has it (as the spread would copy it).
  if (actor.staticDefense !== undefined) next.staticDefense = actor.staticDefense;
  return next;
}

/** `actor` with its turn's actions replaced. */
export function withActions<A extends FreelancersActor>(actor: A, actions: ActionState): A {
  const next = copyActor(actor);
  next.actions = actions;
  return next as A;
}

/** `actor` at a new health value (its maximum kept) and life. */
export function withHealth<A extends FreelancersActor>(
  actor: A,
  value: number,
  life: FreelancersLife,
): A {
  const next = copyActor(actor);
  next.health = { value, max: actor.health.max };
  next.life = life;
  return next as A;
}

/** `actor` after a death check or a stabilization: its life and its failed death checks. */
export function withLife<A extends FreelancersActor>(
  actor: A,
  life: FreelancersLife,
  deathFailures: number,
): A {
  const next = copyActor(actor);
  next.life = life;
  next.deathFailures = deathFailures;
  return next as A;
}

/** An action state with some fields changed: `{ ...state, ...patch }`, built field by field. */
export function changedActions(state: ActionState, patch: Partial<ActionState>): ActionState {
  return {
    base: patch.base ?? state.base,
    move: patch.move ?? state.move,
    quick: patch.quick ?? state.quick,
    reaction: patch.reaction ?? state.reaction,
    long: patch.long ?? state.long,
    readied: patch.readied === undefined ? state.readied : patch.readied,
    dodging: patch.dodging ?? state.dodging,
    disengaging: patch.disengaging ?? state.disengaging,
    offhandPending: patch.offhandPending ?? state.offhandPending,
    triggered: patch.triggered ?? state.triggered,
  };
}

/** `weapon` at a new integrity value (its maximum kept). */
export function withIntegrity<W extends FreelancersWeapon>(weapon: W, value: number): W {
  const next: { -readonly [K in keyof FreelancersWeapon]: FreelancersWeapon[K] } = {
    id: weapon.id,
    name: weapon.name,
    kind: weapon.kind,
    attribute: weapon.attribute,
    skill: weapon.skill,
    damage: weapon.damage,
    integrity: { value, max: weapon.integrity.max },
  };
  if (weapon.reach !== undefined) next.reach = weapon.reach;
  if (weapon.range !== undefined) next.range = weapon.range;
  if (weapon.touch !== undefined) next.touch = weapon.touch;
  return next as W;
}
