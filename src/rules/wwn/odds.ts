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
import { checkWwnAttackInput } from "./attack.ts";
import type { AttackInput, AttackRefusal } from "./attack.ts";
import {
  checkAttackRules,
  damageBonuses,
  damageTotalOf,
  dealtDamageOf,
  effectiveAc,
  hitModifiers,
  shockFor,
} from "./attack-rules.ts";
import { DEFAULT_WWN_OPTIONS } from "./options.ts";
import type { WwnOptions } from "./options.ts";
import { checkedWwnOptions } from "./valid.ts";

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
  // Checked once; the steps of the attack then take the checked input. Hit points, the formula
  // and every bonus are bounded, so the distributions stay small (core/formula.ts, limits.ts).
  const opts = checkedWwnOptions(options);
  if (!opts.ok) return opts;
  const checked = checkWwnAttackInput(input);
  if (!checked.ok) return checked;
  const allowed = checkAttackRules(checked.value, opts.value);
  if (!allowed.ok) return allowed;
  const formula = allowed.value;
  const bonus = sumModifiers(hitModifiers(checked.value, opts.value));
  const ac = effectiveAc(checked.value.defender as never, opts.value);
  const hit = Math.min(1, Math.max(0, (21 - (ac - bonus)) / 20));
  const shock = shockFor(checked.value, opts.value);
  const bonuses = damageBonuses(checked.value, opts.value);
  const onHit = map(formulaDistribution(formula), (rolled) =>
    dealtDamageOf(true, damageTotalOf(formula, rolled, bonuses), shock),
  );
  const onMiss = constant(dealtDamageOf(false, 0, shock));
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
