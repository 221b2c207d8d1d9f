/**
 * The Worldlines state at the engine boundary: what every entry point checks before it computes,
 * with the number guard of core/guard.ts. A NaN or an infinity anywhere, health or Energy outside
 * 0..max, a trait or Armor die off the ladder, a negative cost or count comes back as a named
 * refusal ("not-a-number", "not-whole", "out-of-range") naming the field, and nothing changes.
 */
import {
  checkAllNumbers,
  checkNumber,
  checkPool,
  checkStepDie,
  NUMBER_RULES,
} from "../core/guard.ts";
import type { Field, NumberRefusal } from "../core/guard.ts";
import { isStepDie } from "../core/dice.ts";
import type { WorldlinesCombatant, WorldlinesWeapon, Zone } from "./model.ts";
import type { WorldlinesOptions } from "./options.ts";

/** A whole modifier: the Armor bonus adds to a die's faces, so the odds need it whole. */
const WHOLE_MODIFIER = { ...NUMBER_RULES.modifier, whole: true } as const;

/** Checks one combatant: every number finite, health and Energy in range, dice on the ladder. */
export function checkCombatant(
  field: string,
  actor: WorldlinesCombatant,
): NumberRefusal | undefined {
  const finite = checkAllNumbers(field, actor);
  if (finite) return finite;
  const pools =
    checkPool([field, "health"], actor.health.value, actor.health.max) ??
    checkPool([field, "energy"], actor.energy.value, actor.energy.max) ??
    checkNumber([field, "armorBonus"], actor.armorBonus, WHOLE_MODIFIER);
  if (pools) return pools;
  for (const name in actor.traits) {
    const die = actor.traits[name];
    if (!isStepDie(die)) return checkStepDie([field, "traits", name], die);
  }
  for (const zone in actor.armor) {
    const die = actor.armor[zone as Zone];
    if (die !== null && die !== undefined && !isStepDie(die)) {
      return checkStepDie([field, "armor", zone], die);
    }
  }
  const skills = checkAllNumbers([field, "skills"], actor.skills, NUMBER_RULES.modifier);
  if (skills) return skills;
  const s = actor.statuses;
  return (
    optionalCount([field, "critWiden"], actor.critWiden) ??
    optionalCount([field, "headshotWiden"], actor.headshotWiden) ??
    optionalCount([field, "unconsciousMinutes"], actor.unconsciousMinutes) ??
    optionalCount([field, "statuses", "bleeding", "hpPerTurn"], s.bleeding?.hpPerTurn) ??
    optionalCount([field, "statuses", "poisoned", "hpPerTurn"], s.poisoned?.hpPerTurn) ??
    optionalCount([field, "statuses", "staggered", "turnsLeft"], s.staggered?.turnsLeft) ??
    optionalCount([field, "statuses", "blinded", "turnsLeft"], s.blinded?.turnsLeft ?? undefined) ??
    optionalCount([field, "statuses", "exhausted", "points"], s.exhausted?.points)
  );
}

/** Checks a weapon: every number finite, accuracy a modifier, widenings whole and not negative. */
export function checkWeapon(field: string, weapon: WorldlinesWeapon): NumberRefusal | undefined {
  return (
    checkAllNumbers(field, weapon) ??
    checkNumber([field, "accuracy"], weapon.accuracy ?? 0, NUMBER_RULES.modifier) ??
    optionalCount([field, "critWiden"], weapon.critWiden) ??
    optionalCount([field, "headshotWiden"], weapon.headshotWiden)
  );
}

const checkedOptions = new WeakMap<WorldlinesOptions, NumberRefusal | null>();

/**
 * Checks the GM's options: every number finite, every cost a whole number from 0 up. Options are
 * read-only values, so each object is checked once.
 */
export function checkOptions(options: WorldlinesOptions): NumberRefusal | undefined {
  let known = checkedOptions.get(options);
  if (known === undefined) {
    known =
      checkAllNumbers("options", options) ??
      checkAllNumbers("options.costs", options.costs, NUMBER_RULES.count) ??
      null;
    checkedOptions.set(options, known);
  }
  return known ?? undefined;
}

/** A whole number from 0 up, when present. */
export function optionalCount(field: Field, value: number | undefined): NumberRefusal | undefined {
  return value === undefined ? undefined : checkNumber(field, value, NUMBER_RULES.count);
}
