/**
 * The Freelancers state checks every entry point runs before it reads a number: one NaN,
 * infinite or out-of-range number anywhere on an actor or weapon refuses the whole call by name
 * (e.g. "attacker.attributes.agility"), even one the call would not have read, so a corrupt
 * document is noticed at its first use rather than where it finally matters.
 */
import { NUMBER_RULES, checkAllNumbers, checkNumber, checkPool } from "../core/guard.ts";
import type { NumberRefusal } from "../core/guard.ts";
import { checkAbility } from "./abilities.ts";
import { checkCounters } from "./counters.ts";
import { checkBody } from "./health.ts";
import type { ActionState, FreelancersActor, FreelancersWeapon } from "./model.ts";

/** The turn's action counts must be whole numbers from 0 up: a stored NaN grants no action. */
export function checkActions(actions: ActionState): NumberRefusal | undefined {
  // Field by field rather than through checkNumbers: every attack runs this, so nothing is
  // allocated unless a number is refused.
  const count = NUMBER_RULES.count;
  return (
    checkNumber("actions.base", actions.base, count) ??
    checkNumber("actions.move", actions.move, count) ??
    checkNumber("actions.quick", actions.quick, count) ??
    checkNumber("actions.reaction", actions.reaction, count)
  );
}

/** Every number of an actor: finite everywhere, then each in its own range. */
export function checkFreelancer(
  actor: FreelancersActor,
  role = "actor",
): NumberRefusal | undefined {
  return (
    checkAllNumbers(role, actor) ??
    checkBody(actor) ??
    checkNumber(`${role}.armor`, actor.armor, { min: 0 }) ??
    checkCounters(actor.counters) ??
    checkActions(actor.actions) ??
    actor.abilities.map(checkAbility).find((refusal) => refusal !== undefined)
  );
}

/** Every number of a weapon: finite everywhere, integrity within 0..max. */
export function checkFlWeapon(weapon: FreelancersWeapon): NumberRefusal | undefined {
  return (
    checkAllNumbers("weapon", weapon) ??
    checkPool("weapon.integrity", weapon.integrity.value, weapon.integrity.max)
  );
}
