/**
 * Exact odds of a Freelancers attack, by enumeration (no sampling): the chance to hit, the
 * chance of a critical fumble, and the distribution of health lost. It follows resolveAttack
 * step by step (the same planAttack, passes and attackHits); a test checks the two agree over
 * every die face, and another checks the hit chance against a simulation.
 */
import { constant, entries, fromWeights, map, mean, mix } from "../core/distribution.ts";
import type { Distribution } from "../core/distribution.ts";
import { formulaDistribution } from "../core/formula.ts";
import { checkedAs } from "../core/checked.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { planAttack } from "./attack.ts";
import type { AttackInput, AttackRefusal } from "./attack.ts";
import { checkFaces } from "./checks.ts";
import { afterArmor } from "./health.ts";
import { DEFAULT_FREELANCERS_OPTIONS } from "./options.ts";
import type { FreelancersOptions } from "./options.ts";

export interface FreelancersAttackOdds {
  readonly hit: number;
  /** The attacker passes its own check. */
  readonly attackPasses: number;
  /** The defender passes its check (1 for a static defense, which never fails). */
  readonly defensePasses: number;
  /** The attack is a critical fumble (the weapon loses integrity). */
  readonly fumble: number;
  /** Health the defender loses to one attack (after armor). */
  readonly damage: Distribution;
  readonly expectedDamage: number;
}

/** Exact odds of `input` (the action economy is not checked: the dialog shows odds any time). */
export function freelancersAttackOdds(
  input: AttackInput,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): Result<FreelancersAttackOdds, AttackRefusal> {
  const plan = planAttack(input, options);
  if (!plan.ok) return plan;
  // planAttack checked the options.
  const checked = checkedAs(options);
  const { attack, defense } = plan.value;
  const attackFaces = checkFaces(attack, checked);
  let hit = 0;
  let attackPasses = 0;
  let fumble = 0;
  let defensePasses = 1;
  if (defense.kind === "static") {
    for (const a of attackFaces) {
      if (a.passed) attackPasses += a.p;
      if (a.natural === options.fumbleFace) fumble += a.p;
      if (a.passed && a.roll < defense.value) hit += a.p;
    }
  } else {
    const defenseFaces = checkFaces(defense.spec, checked);
    defensePasses = 0;
    let defenseFails = 0;
    for (const d of defenseFaces) {
      if (d.passed) defensePasses += d.p;
      else defenseFails += d.p;
    }
    for (const a of attackFaces) {
      if (a.natural === options.fumbleFace) fumble += a.p;
      if (!a.passed) continue;
      attackPasses += a.p;
      // A passing attack hits a failed defense, or a passed one it rolls under.
      let beats = defenseFails;
      for (const d of defenseFaces) if (d.passed && a.roll < d.roll) beats += d.p;
      hit += a.p * beats;
    }
  }
  // Sums of floating-point chances may stray past 1 by an ulp.
  hit = Math.min(1, hit);
  const armor = input.defender.armor;
  const onHit = map(
    formulaDistribution(plan.value.damage),
    (rolled) => afterArmor(rolled, armor).dealt,
  );
  const damage = fromWeights(
    entries(
      mix([
        { weight: hit, dist: onHit },
        { weight: 1 - hit, dist: constant(0) },
      ]),
    ),
  );
  return ok({
    hit,
    attackPasses: Math.min(1, attackPasses),
    defensePasses: Math.min(1, defensePasses),
    fumble: Math.min(1, fumble),
    damage,
    expectedDamage: mean(damage),
  });
}
