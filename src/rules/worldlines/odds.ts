/**
 * Exact odds of an attack, by enumeration and convolution (no sampling): the chance to hit, to
 * crit, to kill with a headshot, and the whole distribution of damage after armor. It follows
 * resolveAttack step by step, so the two always agree (a test checks it against a simulation).
 */
import { stepDie } from "../core/dice.ts";
import {
  combine,
  constant,
  dieDistribution,
  entries,
  fromWeights,
  map,
  mean,
  mix,
  shift,
} from "../core/distribution.ts";
import type { Distribution } from "../core/distribution.ts";
import { formulaDistribution } from "../core/formula.ts";
import { ownValue } from "../core/names.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { checkAttackInput } from "./attack-checks.ts";
import {
  attackModifierList,
  attackRule,
  bandFor,
  critDamageOf,
  critFaceOf,
  evasionModifierList,
  evasionRefusal,
  extraEvasionRefusal,
  headshotFaceOf,
  sum,
} from "./attack-rules.ts";
import type {
  AttackInput,
  AttackRefusal,
  Decide,
  DefenseChoice,
  DefenseView,
} from "./attack-types.ts";
import { atValue, changed } from "./combatant.ts";
import { DEFAULT_OPTIONS } from "./options.ts";
import type { WorldlinesOptions } from "./options.ts";
import { checkOptions } from "./valid.ts";

export interface AttackOdds {
  /** The attack gets through (evasion failed or was not tried). */
  readonly hit: number;
  /** A critical hit (these always get through). */
  readonly critical: number;
  /** The attack was evaded. */
  readonly evaded: number;
  /** A headshot that kills outright (minor targets). */
  readonly headshotKill: number;
  /** A headshot that triples the damage. */
  readonly headshotTriple: number;
  /**
   * Damage after armor for one attack: 0 on a miss, the damage left after the Armor die on a hit,
   * and the target's remaining health on a killing headshot.
   */
  readonly damage: Distribution;
  readonly expectedDamage: number;
}

function decide(choice: Decide | undefined, view: DefenseView): boolean {
  if (choice === undefined) return false;
  return typeof choice === "boolean" ? choice : choice(view);
}

/** The lower of two dice of `sides` faces. */
function lowerOfTwo(sides: number): Distribution {
  return combine(dieDistribution(sides), dieDistribution(sides), (a, b) => Math.min(a, b));
}

/** Exact odds of `input` against its defender, with the defender's choices as in resolveAttack. */
export function attackOdds(
  input: AttackInput,
  defense: DefenseChoice = {},
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<AttackOdds, AttackRefusal> {
  // The input check bounds every number the distributions span: health, the formula, band
  // damage and the options' multipliers (limits.ts), so the largest accepted input answers fast.
  const bad = checkOptions(options);
  if (bad) return bad;
  const checked = checkAttackInput(input);
  if (!checked.ok) return checked;
  const allowed = attackRule(input, options);
  if (!allowed.ok) return allowed;
  const { formula } = allowed.value;
  const { attacker, weapon } = input;
  const s = input.situation ?? {};
  const zone = s.zone ?? "torso";
  const ranged = weapon.kind !== "melee";
  // The defender as it stands when evading: the attacker has paid, the defender has not yet.
  const defender = input.defender;

  const attackBonus = sum(attackModifierList(input, options));
  const evasionBonus = sum(evasionModifierList(input, options));
  const threshold = critFaceOf(attacker, weapon, options);
  const critValue = critDamageOf(formula, options);
  const evasionDie = defender.disabledLimbs.legs
    ? lowerOfTwo(defender.traits.combat)
    : dieDistribution(defender.traits.combat);
  const evasionFaces = entries(evasionDie);

  // Damage after armor, for a critical or not and a multiplier.
  const armorDie = stepDie(
    ownValue(defender.armor, zone) ?? null,
    defender.defensivePosture ? 1 : 0,
  );
  const armor =
    armorDie === null
      ? constant(0)
      : map(dieDistribution(armorDie), (r) => Math.max(0, r + defender.armorBonus));
  const rangeBonus = ranged ? bandFor(weapon, s.range ?? "short", options).damage : 0;
  const cache = new Map<string, Distribution>();
  const afterArmor = (critDamage: boolean, multiplier: number): Distribution => {
    const key = `${critDamage}:${multiplier}`;
    let dist = cache.get(key);
    if (dist === undefined) {
      const weaponDamage = critDamage ? constant(critValue) : formulaDistribution(formula);
      const total = map(shift(weaponDamage, rangeBonus), (v) => v * multiplier);
      dist = combine(total, armor, (d, a) => Math.max(0, d - a));
      cache.set(key, dist);
    }
    return dist;
  };
  const headshotRoll = zone === "head" && ranged;
  const from = headshotFaceOf(attacker, weapon, options);
  const pHeadshot = headshotRoll ? Math.min(1, Math.max(0, (21 - from) / 20)) : 0;
  const headEffect = options.headshotEffect[defender.rank];
  const onHitUncached = (critical: boolean): Distribution => {
    const critDamage = critical || defender.statuses.vulnerable !== undefined;
    const plain = afterArmor(critDamage, 1);
    if (pHeadshot === 0 || headEffect === "none") return plain;
    const special =
      headEffect === "kill"
        ? constant(defender.health.value)
        : afterArmor(critDamage, options.headshotMultiplier);
    return mix([
      { weight: 1 - pHeadshot, dist: plain },
      { weight: pHeadshot, dist: special },
    ]);
  };
  // The same two distributions (critical or not) serve every face of the attack die.
  const hitCache = new Map<boolean, Distribution>();
  const onHit = (critical: boolean): Distribution => {
    let dist = hitCache.get(critical);
    if (dist === undefined) {
      dist = onHitUncached(critical);
      hitCache.set(critical, dist);
    }
    return dist;
  };

  let hit = 0;
  let critical = 0;
  let missed = 0;
  const die = attacker.traits.combat;
  for (let natural = 1; natural <= die; natural++) {
    const p = 1 / die;
    const total = natural + attackBonus;
    const isCrit = threshold !== null && natural >= threshold;
    const view: DefenseView = { attackTotal: total, critical: isCrit };
    let pHit = 1;
    if (decide(defense.evade, view)) {
      if (evasionRefusal(defender, isCrit, options) === undefined) {
        const paid = changed(defender, {
          energy: atValue(defender.energy, defender.energy.value - options.costs.evade),
        });
        const extraAllowed = extraEvasionRefusal(paid, options) === undefined;
        pHit = 0;
        for (const [face, pe] of evasionFaces) {
          const evTotal = face + evasionBonus;
          if (evTotal >= total) continue;
          if (extraAllowed && decide(defense.extraEvasion, { ...view, evasionTotal: evTotal })) {
            let pSecondFails = 0;
            for (const [face2, pe2] of evasionFaces) {
              if (face2 + evasionBonus < total) pSecondFails += pe2;
            }
            pHit += pe * pSecondFails;
          } else {
            pHit += pe;
          }
        }
      }
    }
    hit += p * pHit;
    if (isCrit) critical += p * pHit;
    missed += p * (1 - pHit);
  }
  // Every face that hits adds its weight to one of two damage distributions: mix each once.
  const damage = fromWeights(
    entries(
      mix(
        [
          { weight: missed, crit: null },
          { weight: hit - critical, crit: false },
          { weight: critical, crit: true },
        ]
          .filter((part) => part.weight > 0)
          .map(({ weight, crit }) => ({ weight, dist: crit === null ? constant(0) : onHit(crit) })),
      ),
    ),
  );
  return ok({
    hit,
    critical,
    evaded: 1 - hit,
    headshotKill: headEffect === "kill" ? hit * pHeadshot : 0,
    headshotTriple: headEffect === "triple" ? hit * pHeadshot : 0,
    damage,
    expectedDamage: mean(damage),
  });
}
