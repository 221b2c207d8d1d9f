/**
 * The rules module of "tiny", a test-only sixth ruleset (no Foundry global, as in src/rules):
 * a hit deals its d6 in health, never below 0; each team acts in the order listed, Energy comes
 * back and everybody standing catches 1 health at the end of the round.
 */
import { teamPhases } from "../../../src/rules/combat/order.ts";
import type { TurnOrder } from "../../../src/rules/combat/order.ts";
import { checkDieFace, checkNumber } from "../../../src/rules/core/guard.ts";
import { ok } from "../../../src/rules/core/result.ts";
import type { Result } from "../../../src/rules/core/result.ts";
import type { RulesetModule } from "../../../src/rules/types.ts";

export const TINY_ID = "tiny";

export interface TinyHit {
  readonly dealt: number;
  readonly healthAfter: number;
}

export function tinyHit(health: unknown, d6: unknown): Result<TinyHit> {
  const refusal =
    checkNumber("health", health, { whole: true, min: 0 }) ?? checkDieFace("d6", d6, 6);
  if (refusal !== undefined) return refusal;
  const before = health as number;
  const dealt = Math.min(before, d6 as number);
  return ok({ dealt, healthAfter: before - dealt });
}

/** Round end: 1 health back for whoever is standing, up to the maximum. */
export function catchBreath(health: { value: number; max: number }): number {
  return health.value > 0 ? Math.min(health.max, health.value + 1) : health.value;
}

export const tinyTurnOrder: TurnOrder = {
  mode: "team",
  source: "teamRoll",
  roundPlan: (order) => teamPhases(order.order, ["energyRefresh", "roundEnd"]),
};

export const tinyRules: RulesetModule = {
  id: TINY_ID,
  label: "Tiny",
  summary: "Teams in the order listed",
  turnOrder: tinyTurnOrder,
};
