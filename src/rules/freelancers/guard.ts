/**
 * The Freelancers state checks every entry point runs before it reads a value: one NaN, infinite
 * or out-of-bounds number anywhere on an actor or weapon, a name every object answers to
 * ("toString", "__proto__") where a name keys a table, or a value outside its list (a size, a
 * life state, a weapon kind) refuses the whole call by name (e.g. "attacker.attributes.agility"),
 * even one the call would not have read, so a corrupt document is noticed at its first use rather
 * than where it finally matters. The bounds are limits.ts's, which the DataModels share.
 *
 * A check that passes allocates nothing. What passed may be branded `Checked` (checkedFreelancer,
 * checkedWeapon): the rules that callers run many times (the encounter simulator) take those.
 */
import { checkedAs } from "../core/checked.ts";
import type { Checked } from "../core/checked.ts";
import { checkAllNumbers, checkNumber, checkPool } from "../core/guard.ts";
import type { NumberRefusalReason } from "../core/guard.ts";
import { checkChoice, checkName, checkNames, isBuiltInName } from "../core/names.ts";
import type { NameRefusalReason } from "../core/names.ts";
import { ok } from "../core/result.ts";
import type { Refusal, Result } from "../core/result.ts";
import { FL_LIMITS, FL_MAX_DIE, FL_MAX_TOTAL_ARMOR } from "./limits.ts";
import type {
  ActionState,
  FreelancersAbility,
  FreelancersActor,
  FreelancersWeapon,
} from "./model.ts";
import { FL_DEFENSES, FL_LIFE_STATES, FL_WEAPON_KINDS } from "./model.ts";
import { SIZE_CLASSES } from "./options.ts";

/** Why a Freelancers value was refused at the boundary. */
export type FlCheckReason = NumberRefusalReason | NameRefusalReason;
export type FlCheckRefusal = Refusal<FlCheckReason>;

const ACTION_COUNT = { min: 0, max: FL_LIMITS.actions, whole: true } as const;
const STACKS = { min: 0, max: FL_LIMITS.count, whole: true } as const;
const SCORE = { min: -FL_LIMITS.score, max: FL_LIMITS.score } as const;
const READIED: readonly unknown[] = [null, "base", "move"];

/** `role.key`, as a path (joined only if a refusal names it). */
const at = (role: string, key: string): readonly string[] => [role, key];

/** A whole count from 0 to `max`, as a plain test (the hot path of the action checks). */
function isCount(value: unknown, max: number): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= max;
}

/** The turn's action counts must be whole numbers from 0 to the sheet's bound: NaN grants none. */
export function checkActions(actions: ActionState, role?: string): FlCheckRefusal | undefined {
  // Plain comparisons first: every attack runs this, so nothing is allocated unless it refuses.
  const max = FL_LIMITS.actions;
  if (
    isCount(actions.base, max) &&
    isCount(actions.move, max) &&
    isCount(actions.quick, max) &&
    isCount(actions.reaction, max) &&
    READIED.includes(actions.readied)
  ) {
    return undefined;
  }
  const f = role === undefined ? "actions" : `${role}.actions`;
  return (
    checkNumber([f, "base"], actions.base, ACTION_COUNT) ??
    checkNumber([f, "move"], actions.move, ACTION_COUNT) ??
    checkNumber([f, "quick"], actions.quick, ACTION_COUNT) ??
    checkNumber([f, "reaction"], actions.reaction, ACTION_COUNT) ??
    checkChoice([f, "readied"], actions.readied, READIED)
  );
}

/** Every stack count a whole number from 0 to the sheet's bound, under a name a table may hold. */
export function checkCounters(
  counters: Readonly<Record<string, number>>,
  field = "counters",
): FlCheckRefusal | undefined {
  for (const kind in counters) {
    if (!Object.hasOwn(counters, kind)) continue;
    if (kind.trim() === "" || isBuiltInName(kind)) return checkNames(field, counters);
    if (!isCount(counters[kind], FL_LIMITS.count)) {
      return checkNumber([field, kind], counters[kind], STACKS);
    }
  }
  return undefined;
}

/** An ability's recharge number: none, or a face of a recharge die (or one past it: never). */
export function checkAbility(
  ability: FreelancersAbility,
  field = "ability",
): FlCheckRefusal | undefined {
  return ability.recharge === null
    ? undefined
    : checkNumber([field, "recharge"], ability.recharge, {
        min: 0,
        max: FL_MAX_DIE + 1,
        whole: true,
      });
}

/** Health within 0..max (max at most the sheet's bound), failed death checks a small count. */
export function checkBody(
  body: Pick<FreelancersActor, "health" | "deathFailures">,
  role?: string,
): FlCheckRefusal | undefined {
  const { value, max } = body.health;
  if (
    isCount(max, FL_LIMITS.health) &&
    typeof value === "number" &&
    value >= 0 &&
    value <= max &&
    isCount(body.deathFailures, FL_LIMITS.count)
  ) {
    return undefined;
  }
  const health = role === undefined ? "health" : `${role}.health`;
  return (
    checkNumber([health, "max"], max, { min: 0, max: FL_LIMITS.health, whole: true }) ??
    checkPool(health, value, max) ??
    checkNumber(
      role === undefined ? "deathFailures" : at(role, "deathFailures"),
      body.deathFailures,
      STACKS,
    )
  );
}

/** Every value of an actor: finite everywhere, each in its bounds, names and choices from their lists. */
export function checkFreelancer(
  actor: FreelancersActor,
  role = "actor",
): FlCheckRefusal | undefined {
  const bad =
    checkAllNumbers(role, actor) ??
    checkScores(at(role, "attributes"), actor.attributes) ??
    checkScores(at(role, "skills"), actor.skills) ??
    checkChoice(at(role, "size"), actor.size, SIZE_CLASSES) ??
    checkChoice(at(role, "defense"), actor.defense, FL_DEFENSES) ??
    checkChoice(at(role, "life"), actor.life, FL_LIFE_STATES) ??
    (actor.staticDefense === undefined
      ? undefined
      : checkNumber(at(role, "staticDefense"), actor.staticDefense, SCORE)) ??
    checkBody(actor, role) ??
    checkNumber(at(role, "armor"), actor.armor, { min: 0, max: FL_MAX_TOTAL_ARMOR, whole: true }) ??
    checkCounters(actor.counters, `${role}.counters`) ??
    checkActions(actor.actions, role);
  if (bad) return bad;
  for (let i = 0; i < actor.abilities.length; i++) {
    const ability = actor.abilities[i];
    const refusal = ability && checkAbility(ability, `${role}.abilities.${i}`);
    if (refusal) return refusal;
  }
  return undefined;
}

/** Attributes or skills: names a table may hold, each a score within the sheet's bounds. */
function checkScores(
  field: readonly string[],
  scores: Readonly<Record<string, number>>,
): FlCheckRefusal | undefined {
  const bad = checkNames(field, scores);
  if (bad) return bad;
  for (const name in scores) {
    const refusal = checkNumber([...field, name], scores[name], SCORE);
    if (refusal) return refusal;
  }
  return undefined;
}

/** Every value of a weapon: its kind, the names it reads, integrity and reach within bounds. */
export function checkFlWeapon(
  weapon: FreelancersWeapon,
  field = "weapon",
): FlCheckRefusal | undefined {
  const meters = { min: 0, max: FL_LIMITS.meters } as const;
  return (
    checkAllNumbers(field, weapon) ??
    checkChoice(at(field, "kind"), weapon.kind, FL_WEAPON_KINDS) ??
    checkName(at(field, "attribute"), weapon.attribute) ??
    checkName(at(field, "skill"), weapon.skill) ??
    checkNumber([field, "integrity", "max"], weapon.integrity.max, {
      min: 0,
      max: FL_LIMITS.integrity,
      whole: true,
    }) ??
    checkPool(at(field, "integrity"), weapon.integrity.value, weapon.integrity.max) ??
    checkNumber([field, "integrity", "value"], weapon.integrity.value, { whole: true }) ??
    (weapon.reach === undefined
      ? undefined
      : checkNumber(at(field, "reach"), weapon.reach, meters)) ??
    (weapon.range === undefined
      ? undefined
      : (checkNumber([field, "range", "nominal"], weapon.range.nominal, meters) ??
        checkNumber([field, "range", "max"], weapon.range.max, {
          min: weapon.range.nominal,
          max: FL_LIMITS.meters,
        })))
  );
}

/** The actor, branded as checked, or the first refusal. */
export function checkedFreelancer(
  actor: FreelancersActor,
  role = "actor",
): Result<Checked<FreelancersActor>, FlCheckReason> {
  return checkFreelancer(actor, role) ?? ok(checkedAs(actor));
}

/** The weapon, branded as checked, or the first refusal. */
export function checkedWeapon(
  weapon: FreelancersWeapon,
  field = "weapon",
): Result<Checked<FreelancersWeapon>, FlCheckReason> {
  return checkFlWeapon(weapon, field) ?? ok(checkedAs(weapon));
}
