/**
 * Exact odds of a WWN attack, by enumeration (no sampling): the chance to hit, and the whole
 * distribution of hit points dealt (Shock on a miss, the Shock floor on a hit, a Swarm's cap).
 * It follows resolveAttack step by step; a test checks the two agree over every die face.
 */
import { constant, fromWeights, entries, map, mean, mix } from "../core/distribution.ts";
import type { Distribution } from "../core/distribution.ts";
import { formulaDistribution } from "../core/formula.ts";
import { sumModifiers } from "../core/modifier.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import {
  checkAttackRules,
  damageBonusesPrechecked,
  damageTotalPrechecked,
  dealtDamagePrechecked,
  effectiveAcPrechecked,
  hitModifiersPrechecked,
  shockForPrechecked,
} from "./attack.ts";
import type { AttackInput, AttackRefusal } from "./attack.ts";
import { DEFAULT_WWN_OPTIONS } from "./options.ts";
import type { WwnOptions } from "./options.ts";

export interface WwnAttackOdds {
  readonly hit: number;
  /** The Shock this attack deals on a miss (0 when it does not reach the target). */
  readonly shockOnMiss: number;
  /** Hit points dealt by one attack. */
  readonly damage: Distribution;
  readonly expectedDamage: number;
  /** The chance the blow takes the target to 0 hit points from where it stands. */
  readonly drop: number;
}

/** Exact odds of `input` (the action economy is not checked: the dialog shows odds any time). */
export function wwnAttackOdds(
  input: AttackInput,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<WwnAttackOdds, AttackRefusal> {
  const allowed = checkAttackRules(input, options);
  if (!allowed.ok) return allowed;
  const formula = allowed.value;
  // checkAttackRules has checked every number: the steps of the attack run prechecked.
  const bonus = sumModifiers(hitModifiersPrechecked(input, options));
  const ac = effectiveAcPrechecked(input.defender, options);
  const hit = Math.min(1, Math.max(0, (21 - (ac - bonus)) / 20));
  const shock = shockForPrechecked(input, options);
  const bonuses = damageBonusesPrechecked(input, options);
  const onHit = map(formulaDistribution(formula), (rolled) =>
    dealtDamagePrechecked(true, damageTotalPrechecked(formula, rolled, bonuses), shock),
  );
  const onMiss = constant(dealtDamagePrechecked(false, 0, shock));
  const damage = fromWeights(
    entries(
      mix([
        { weight: hit, dist: onHit },
        { weight: 1 - hit, dist: onMiss },
      ]),
    ),
  );
  const hp = input.defender.hp.value;
  let drop = 0;
  for (const [value, p] of entries(damage)) if (value >= hp && value > 0) drop += p;
  return ok({
    hit,
    shockOnMiss: onMiss.min,
    damage,
    expectedDamage: mean(damage),
    drop,
  });
}
