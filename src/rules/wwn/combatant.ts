/**
 * The one way the WWN rules make a changed combatant, action state or weapon:
 * `changed(actor, { prone: true })` is `{ ...actor, prone: true }` for every field of the model
 * (model.ts, actions.ts), built field by field; likewise `changedActions` and `changedWeapon`.
 *
 * Why not the spread: every object spread gives its copy a fresh hidden class, so after a few
 * rules a fight's combatants wear many shapes with the same fields, and every rule that reads or
 * copies one falls back to V8's slowest (megamorphic) path. Built here in one order, they share
 * one shape (a few once an optional field is set). Not exported from index.ts: an internal of the
 * rules.
 */
import type { ActionState } from "./model.ts";
import type { WwnCombatant, WwnWeapon } from "./model.ts";

/** A combatant being built by a rule: a fresh copy, written only until the rule hands it back. */
export type Draft = { -readonly [K in keyof WwnCombatant]: WwnCombatant[K] };

/** An action state being built by a rule. */
export type ActionsDraft = { -readonly [K in keyof ActionState]: ActionState[K] };

/** A weapon being built by a rule. */
export type WeaponDraft = { -readonly [K in keyof WwnWeapon]: WwnWeapon[K] };

/** `actor` with `patch` laid over it (a new object; `actor` is left as it was). */
export function changed(actor: WwnCombatant, patch: Partial<WwnCombatant>): WwnCombatant {
  return Object.assign(copyOf(actor), patch);
}

/**
 * A fresh copy of `actor` for a rule to set a field or two on (`next.hp = …`) before handing it
 * back: {@link changed} without the patch object, for the rules the simulator runs most.
 */
export function copyOf(actor: WwnCombatant): Draft {
  const next: Draft = {
    id: actor.id,
    name: actor.name,
    teamId: actor.teamId,
    isPC: actor.isPC,
    life: actor.life,
    hp: actor.hp,
    wounds: actor.wounds,
    ac: actor.ac,
    attackBonus: actor.attackBonus,
    attributes: actor.attributes,
    skills: actor.skills,
    saves: actor.saves,
    speed: actor.speed,
    prone: actor.prone,
    grappling: actor.grappling,
    shield: actor.shield,
    actions: actor.actions,
  };
  // The optional fields only when the actor has them (as the spread would copy them).
  if ("named" in actor) next.named = actor.named;
  if ("shockImmune" in actor) next.shockImmune = actor.shockImmune;
  if ("downMinutes" in actor) next.downMinutes = actor.downMinutes;
  if ("hitBonus" in actor) next.hitBonus = actor.hitBonus;
  return next;
}

export { atValue } from "../core/pool.ts";

/** `state` with `patch` laid over it: `{ ...state, ...patch }`, built field by field. */
export function changedActions(state: ActionState, patch: Partial<ActionState>): ActionState {
  return Object.assign(copyActions(state), patch);
}

/** A fresh copy of an action state for a rule to set a field or two on. */
export function copyActions(state: ActionState): ActionsDraft {
  return {
    mainUsed: state.mainUsed,
    mainAsMove: state.mainAsMove,
    movesUsed: state.movesUsed,
    moveFeet: state.moveFeet,
    moveLimit: state.moveLimit,
    moveOpen: state.moveOpen,
    moveSplit: state.moveSplit,
    onTurn: state.onTurn,
    instants: state.instants,
    holding: state.holding,
    delayingFor: state.delayingFor,
    totalDefense: state.totalDefense,
    shockProof: state.shockProof,
    charged: state.charged,
    withdrawn: state.withdrawn,
    screening: state.screening,
  };
}

/** `weapon` with `patch` laid over it: `{ ...weapon, ...patch }`, built field by field. */
export function changedWeapon(weapon: WwnWeapon, patch: Partial<WwnWeapon>): WwnWeapon {
  return Object.assign(copyWeapon(weapon), patch);
}

/** A fresh copy of a weapon for a rule to set a field or two on. */
export function copyWeapon(weapon: WwnWeapon): WeaponDraft {
  const next: WeaponDraft = {
    id: weapon.id,
    name: weapon.name,
    skill: weapon.skill,
    attributes: weapon.attributes,
    damage: weapon.damage,
    mode: weapon.mode,
    readied: weapon.readied,
  };
  // The optional fields only when the weapon has them (as the spread would copy them).
  if ("shock" in weapon) next.shock = weapon.shock;
  if ("magicBonus" in weapon) next.magicBonus = weapon.magicBonus;
  if ("throwable" in weapon) next.throwable = weapon.throwable;
  if ("twoHandedRanged" in weapon) next.twoHandedRanged = weapon.twoHandedRanged;
  if ("unarmed" in weapon) next.unarmed = weapon.unarmed;
  if ("lethalUnarmed" in weapon) next.lethalUnarmed = weapon.lethalUnarmed;
  if ("crushing" in weapon) next.crushing = weapon.crushing;
  if ("nonLethal" in weapon) next.nonLethal = weapon.nonLethal;
  if ("reload" in weapon) next.reload = weapon.reload;
  if ("loaded" in weapon) next.loaded = weapon.loaded;
  if ("ammo" in weapon) next.ammo = weapon.ammo;
  return next;
}
