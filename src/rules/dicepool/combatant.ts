/**
 * The one way the dice-pool rules make a changed combatant: `changedCombatant(c, { damage })` is
 * `{ ...c, damage }`, built field by field in the model's order (model.ts).
 *
 * Why not the spread: each object spread gives its copy a fresh hidden class, so after a few rules
 * a fight's combatants wear several shapes with the same fields and every rule that reads one
 * falls back to V8's slow (megamorphic) path. Built here in one order they share one shape (as in
 * the Worldlines rules, worldlines/combatant.ts). Not exported from index.ts: an internal.
 */
import type { DicepoolCombatant } from "./model.ts";

/** A combatant being built by a rule: a fresh copy, written only until the rule hands it back. */
export type CombatantDraft = { -readonly [K in keyof DicepoolCombatant]: DicepoolCombatant[K] };

/** `c` with `patch` laid over it (a new object; `c` is left as it was). */
export function changedCombatant(
  c: DicepoolCombatant,
  patch: Partial<DicepoolCombatant>,
): DicepoolCombatant {
  return Object.assign(copyCombatant(c), patch);
}

/** A fresh copy of `c` for a rule to set a field or two on before handing it back. */
export function copyCombatant(c: DicepoolCombatant): CombatantDraft {
  return {
    id: c.id,
    physical: c.physical,
    mental: c.mental,
    skills: c.skills,
    size: c.size,
    speed: c.speed,
    armorRating: c.armorRating,
    energy: c.energy,
    damage: c.damage,
    nonLethalDamage: c.nonLethalDamage,
    woundPenalty: c.woundPenalty,
    incapacitated: c.incapacitated,
    dead: c.dead,
    stabilized: c.stabilized,
    initiative: c.initiative,
    droppedWeaponId: c.droppedWeaponId,
    powers: c.powers,
  };
}

/** `c` with its Energy at `value` (its maximum kept). */
export function withEnergy(c: DicepoolCombatant, value: number): DicepoolCombatant {
  const next = copyCombatant(c);
  next.energy = { value, max: c.energy.max };
  return next;
}
