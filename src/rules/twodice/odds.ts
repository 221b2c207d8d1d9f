/**
 * Exact odds of one attack, by counting faces (no sampling): the chance a die succeeds and hits,
 * that the attack hits, that both dice hit, the damage digit of a hit, the damage after armor and
 * rolling with it, and the chance the wound takes the defender out of the fight.
 *
 * The dice are independent. When the white die hits, the digit is always the black die's (both
 * hit, or the black missed), so the damage is the black die's digit over all its faces; when the
 * white die misses, the black must hit and the digit is the white's. The white die also decides
 * the armor, so it is taken face by face. A test checks every number against all 400 pairs read
 * by resolveAttack.
 */
import { dieDistribution, entries, fromWeights, map, mean, mix } from "../core/distribution.ts";
import type { Distribution } from "../core/distribution.ts";
import { checkNumber } from "../core/guard.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { attackSetup } from "./attack.ts";
import type { AttackInput, AttackRefusal, AttackSetup } from "./attack.ts";
import { damageLeft, struckLayers } from "./damage.ts";
import { SHEET_MODIFIER, trait } from "./model.ts";
import { DEFAULT_TWODICE_OPTIONS, checkTwodiceOptions } from "./options.ts";
import type { TwodiceCheckReason, TwodiceOptions } from "./options.ts";
import { damageDigit, dieHits, dieSucceeds } from "./roll.ts";
import { woundCircle } from "./wounds.ts";

/** The odds of the two dice against an attack value and a defense (or range step). */
export interface HitOdds {
  /** One die succeeds / hits. */
  readonly dieSuccess: number;
  readonly dieHit: number;
  /** The attack hits (either die), and both dice hit. */
  readonly hit: number;
  readonly bothHit: number;
  /** The damage digit, given a hit (sums to 1 when a hit is possible, else empty). */
  readonly digitOnHit: Distribution;
}

export interface AttackOdds extends HitOdds {
  readonly setup: AttackSetup;
  /** The damage after armor and rolling with it, 0 on a miss (sums to 1). */
  readonly damage: Distribution;
  readonly expectedDamage: number;
  /** The wound lands above the defender's Toughness (taking it out of the fight). */
  readonly incapacitate: number;
}

/** `hitOdds` without the checks, for callers that checked already. */
function oddsOfDice(value: number, defense: number, sides: number): HitOdds {
  const die = dieDistribution(sides);
  const faces = entries(die).map(([face]) => face);
  const p = 1 / sides;
  const dieSuccess = faces.filter((f) => dieSucceeds(f, value)).length * p;
  const dieHit = faces.filter((f) => dieHits(f, value, defense)).length * p;
  const hit = 1 - (1 - dieHit) ** 2;
  const bothHit = dieHit * dieHit;
  // The digit: the black die's over all its faces when the white hits, the white's missing face
  // when only the black hits.
  const missDigit = map(
    { min: 1, probs: faces.map((f) => (dieHits(f, value, defense) ? 0 : p)) },
    damageDigit,
  );
  const digitJoint = mix([
    { weight: dieHit, dist: map(die, damageDigit) },
    { weight: dieHit, dist: missDigit },
  ]);
  const digitOnHit: Distribution =
    hit === 0
      ? { min: 0, probs: [] }
      : { ...digitJoint, probs: digitJoint.probs.map((q) => q / hit) };
  return { dieSuccess, dieHit, hit, bothHit, digitOnHit };
}

/**
 * The exact odds of one roll against an attack value and a defense: the melee defense, or the
 * range step of a ranged attack. The options are checked first: a die of 0 faces gave NaN odds, a
 * d2³¹ never answered.
 */
export function hitOdds(
  value: number,
  defense: number,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): Result<HitOdds, TwodiceCheckReason> {
  const bad =
    checkTwodiceOptions(options) ??
    checkNumber("value", value, SHEET_MODIFIER) ??
    checkNumber("defense", defense, SHEET_MODIFIER);
  return bad ?? ok(oddsOfDice(value, defense, options.dieSides));
}

/** Exact odds of `input` (ammunition and the action economy are not checked: odds show any time). */
export function attackOdds(
  input: AttackInput,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): Result<AttackOdds, AttackRefusal> {
  // attackSetup checks the whole input first, the options included.
  const setup = attackSetup(input, options);
  if (!setup.ok) return setup;
  const { value, defense } = setup.value;
  const sides = options.dieSides;
  const die = dieDistribution(sides);
  const faces = entries(die).map(([face]) => face);
  const p = 1 / sides;
  const dice = oddsOfDice(value, defense, sides);
  const { dieHit } = dice;
  const blackDigit = map(die, damageDigit);

  const { defender, weapon } = input;
  const rolled = input.situation?.rollWithIt === true;
  const blackDigits = entries(blackDigit);
  const pairs: [number, number][] = [];
  for (const w of faces) {
    const struck = struckLayers(defender.armor, w);
    const left = (digit: number) => damageLeft(digit + weapon.damage, struck, rolled, options);
    if (dieHits(w, value, defense)) {
      for (const [digit, q] of blackDigits) pairs.push([left(digit), p * q]);
    } else {
      pairs.push([left(damageDigit(w)), p * dieHit], [0, p * (1 - dieHit)]);
    }
  }
  const damage = fromWeights(pairs);
  const toughness = trait(defender, "toughness");
  let incapacitate = 0;
  for (const [dealt, q] of entries(damage)) {
    if (dealt >= 1 && woundCircle(defender.wounds.marked, dealt, options) > toughness) {
      incapacitate += q;
    }
  }
  return ok({
    ...dice,
    setup: setup.value,
    damage,
    expectedDamage: mean(damage),
    incapacitate,
  });
}
