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

/**
 * `c` with `patch` laid over it (a new object; `c` is left as it was). A checked combatant comes
 * back checked: every rule that calls it keeps the patch within DICEPOOL_LIMITS (clamping where a
 * sum could pass a bound), and the property suite (hostile.property.test.ts) checks each rule's
 * output against checkDicepoolCombatant.
 */
export function changedCombatant<C extends DicepoolCombatant>(
  c: C,
  patch: Partial<DicepoolCombatant>,
): C {
  return Object.assign(copyCombatant(c), patch) as C;
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
    controls: c.controls,
  };
}

/** `c` with its Energy at `value` (its maximum kept; the caller keeps 0 ≤ value ≤ max). */
export function withEnergy<C extends DicepoolCombatant>(c: C, value: number): C {
  const next = copyCombatant(c);
  next.energy = { value, max: c.energy.max };
  return next as C;
}
