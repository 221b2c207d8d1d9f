/**
 * The WWN state at the engine boundary: what the entry points check before they compute, with the
 * number guard of core/guard.ts. A NaN or an infinity anywhere, hit points outside 0..max, a
 * negative count (wounds, speed, minutes, actions used) comes back as a named refusal naming the
 * field, and nothing changes.
 */
import { checkAllNumbers, checkNumber, checkPool, NUMBER_RULES } from "../core/guard.ts";
import type { NumberRefusal } from "../core/guard.ts";
import type { ActionState } from "./actions.ts";
import type { WwnCombatant, WwnWeapon } from "./model.ts";
import type { WwnOptions } from "./options.ts";

/** Checks one combatant: every number finite and in its range. */
export function checkWwnCombatant(field: string, actor: WwnCombatant): NumberRefusal | undefined {
  return (
    checkAllNumbers(field, actor) ??
    checkPool(`${field}.hp`, actor.hp.value, actor.hp.max) ??
    checkNumber(`${field}.wounds`, actor.wounds, NUMBER_RULES.count) ??
    checkNumber(`${field}.speed`, actor.speed, NUMBER_RULES.count) ??
    checkNumber(`${field}.ac`, actor.ac, NUMBER_RULES.modifier) ??
    checkNumber(`${field}.attackBonus`, actor.attackBonus, NUMBER_RULES.modifier) ??
    checkAllNumbers(`${field}.attributes`, actor.attributes, NUMBER_RULES.modifier) ??
    checkAllNumbers(`${field}.skills`, actor.skills, NUMBER_RULES.modifier) ??
    checkAllNumbers(`${field}.saves`, actor.saves, NUMBER_RULES.modifier) ??
    checkAllNumbers(`${field}.actions`, actor.actions, NUMBER_RULES.count) ??
    (actor.downMinutes === undefined
      ? undefined
      : checkNumber(`${field}.downMinutes`, actor.downMinutes, NUMBER_RULES.count))
  );
}

/** Checks every combatant of a list (`field.0`, `field.1` …): the first refusal. */
export function checkWwnCombatants(
  field: string,
  list: readonly WwnCombatant[],
): NumberRefusal | undefined {
  for (const [i, actor] of list.entries()) {
    const bad = checkWwnCombatant(`${field}.${String(i)}`, actor);
    if (bad) return bad;
  }
  return undefined;
}

/** Checks a weapon: every number finite, Shock, magic bonus and counted ammunition in range. */
export function checkWwnWeapon(field: string, weapon: WwnWeapon): NumberRefusal | undefined {
  return (
    checkAllNumbers(field, weapon) ??
    checkNumber(`${field}.magicBonus`, weapon.magicBonus ?? 0, NUMBER_RULES.modifier) ??
    checkNumber(`${field}.shock.damage`, weapon.shock?.damage ?? 0, NUMBER_RULES.count) ??
    checkNumber(`${field}.shock.ac`, weapon.shock?.ac ?? 0, NUMBER_RULES.modifier) ??
    (weapon.ammo === undefined
      ? undefined
      : (checkNumber(`${field}.ammo.max`, weapon.ammo.max, NUMBER_RULES.count) ??
        checkPool(`${field}.ammo`, weapon.ammo.value, weapon.ammo.max)))
  );
}

/** Checks a round's action state: every count (moves, feet, actions, blocks) whole and not negative. */
export function checkWwnActions(field: string, actions: ActionState): NumberRefusal | undefined {
  return checkAllNumbers(field, actions, NUMBER_RULES.count);
}

/** Checks whoever makes a check: attribute modifiers and skill levels finite and in range. */
export function checkWwnCheckUser(
  field: string,
  user: Pick<WwnCombatant, "attributes" | "skills">,
): NumberRefusal | undefined {
  return (
    checkAllNumbers(`${field}.attributes`, user.attributes, NUMBER_RULES.modifier) ??
    checkAllNumbers(`${field}.skills`, user.skills, NUMBER_RULES.modifier)
  );
}

const checkedOptions = new WeakMap<WwnOptions, NumberRefusal | null>();

/** Checks the GM's options once per options object: every number finite. */
export function checkWwnOptions(options: WwnOptions): NumberRefusal | undefined {
  let known = checkedOptions.get(options);
  if (known === undefined) {
    known = checkAllNumbers("options", options) ?? null;
    checkedOptions.set(options, known);
  }
  return known ?? undefined;
}
