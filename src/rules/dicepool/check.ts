/**
 * The dice-pool state's numbers at the engine boundary: every entry point that reads a combatant,
 * a weapon, a turn or a grapple checks it here first, so a NaN rating, an infinite Energy or a
 * fractional damage from a document comes back as a named refusal naming the field, instead of
 * flowing into a pool or an outcome.
 *
 * Ranges: ratings, speed and the powers' counts are whole and 0..maxPool; Size may be 0..maxPool;
 * damage, Energy and the wound penalty are whole and 0..MAX_STATE; initiative (which the
 * Initiative Damage plugin may push below 0) is whole within ±maxPool.
 */
import { checkNumber, checkNumbers, NUMBER_RULES } from "../core/guard.ts";
import type { NumberRefusal } from "../core/guard.ts";
import type { TurnActions } from "./actions.ts";
import type { DicepoolCombatant, DicepoolWeapon } from "./model.ts";
import type { DicepoolOptions } from "./options.ts";

/** The largest damage, Energy or wound penalty a stored state may carry. */
export const MAX_STATE = 1_000_000;

/** Checks every number of a combatant; `field` names it in the refusal ("attacker", …). */
export function checkDicepoolCombatant(
  field: string,
  c: DicepoolCombatant,
  options: DicepoolOptions,
): NumberRefusal | undefined {
  if (combatantFine(c, options.maxPool)) return undefined;
  const rating = { ...NUMBER_RULES.count, max: options.maxPool };
  const state = { ...NUMBER_RULES.count, max: MAX_STATE };
  const at = (name: string) => `${field}.${name}`;
  return (
    checkNumbers({
      [at("physical")]: [c.physical, rating],
      [at("mental")]: [c.mental, rating],
      [at("size")]: [c.size, rating],
      [at("speed")]: [c.speed, rating],
      [at("armorRating")]: [c.armorRating, rating],
      [at("energy.value")]: [c.energy.value, state],
      [at("energy.max")]: [c.energy.max, state],
      [at("damage")]: [c.damage, state],
      [at("nonLethalDamage")]: [c.nonLethalDamage, state],
      [at("woundPenalty")]: [c.woundPenalty, state],
      [at("initiative")]: [
        c.initiative,
        { min: -options.maxPool, max: options.maxPool, whole: true },
      ],
      [at("powers.woundPenaltyResistance")]: [c.powers.woundPenaltyResistance, rating],
      [at("powers.multiGrapple")]: [c.powers.multiGrapple, rating],
      [at("powers.antiLargeGrappling")]: [c.powers.antiLargeGrappling, rating],
    }) ??
    Object.entries(c.skills)
      .map(([key, value]) => checkNumber(at(`skills.${key}`), value, rating))
      .find((bad) => bad !== undefined)
  );
}

/** A whole number from `min` to `max` (the rules checkDicepoolCombatant names). */
function whole(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

/**
 * Every number of the combatant passes checkDicepoolCombatant, by plain comparisons: every
 * guarded rule asks this, and a passing check builds no rule object or field name. A false
 * sends the caller to the full check, which names the refusal.
 */
function combatantFine(c: DicepoolCombatant, maxPool: number): boolean {
  const rating = Math.min(maxPool, NUMBER_RULES.count.max);
  const state = Math.min(MAX_STATE, NUMBER_RULES.count.max);
  const { powers } = c;
  if (!(
    whole(c.physical, 0, rating) &&
    whole(c.mental, 0, rating) &&
    whole(c.size, 0, rating) &&
    whole(c.speed, 0, rating) &&
    whole(c.armorRating, 0, rating) &&
    whole(c.energy.value, 0, state) &&
    whole(c.energy.max, 0, state) &&
    whole(c.damage, 0, state) &&
    whole(c.nonLethalDamage, 0, state) &&
    whole(c.woundPenalty, 0, state) &&
    whole(c.initiative, -maxPool, maxPool) &&
    whole(powers.woundPenaltyResistance, 0, rating) &&
    whole(powers.multiGrapple, 0, rating) &&
    whole(powers.antiLargeGrappling, 0, rating)
  )) {
    return false;
  }
  for (const key in c.skills) {
    const value = c.skills[key as keyof typeof c.skills];
    if (value === undefined || !whole(value, 0, rating)) return false;
  }
  return true;
}

/** Checks a weapon's extra damage (whole, within ±maxPool). */
export function checkDicepoolWeapon(
  field: string,
  weapon: DicepoolWeapon,
  options: DicepoolOptions,
): NumberRefusal | undefined {
  return checkNumber(`${field}.damage`, weapon.damage, {
    min: -options.maxPool,
    max: options.maxPool,
    whole: true,
  });
}

/** A whole count from 0 to 99 (the rule checkTurnActions names). */
function turnCount(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= 99;
}

/** Checks a turn's action counts (whole, 0..99). */
export function checkTurnActions(state: TurnActions): NumberRefusal | undefined {
  // Plain comparisons first (every attack the simulator plays asks): nothing built when all pass.
  if (turnCount(state.simpleUsed) && turnCount(state.freeUsed) && turnCount(state.moves)) {
    return undefined;
  }
  const count = { ...NUMBER_RULES.count, max: 99 };
  return checkNumbers({
    "turn.simpleUsed": [state.simpleUsed, count],
    "turn.freeUsed": [state.freeUsed, count],
    "turn.moves": [state.moves, count],
  });
}
