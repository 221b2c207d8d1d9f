import type { TurnOrder } from "./combat/order.ts";

/**
 * What every ruleset module offers the shell. The shell only ever talks to a ruleset through this
 * interface, found by id in the registry; later issues extend it (turn order, attacks, statuses).
 */
export interface RulesetModule {
  /** Stable id, stored in the `fray.ruleset` world setting. */
  readonly id: RulesetId;
  /** Localization key of the ruleset's display name. */
  readonly label: string;
  /** Localization key of a one-line summary of how a round runs. */
  readonly summary: string;
  /** How a round is ordered: teams or individuals, what to gather before round 1, the phases. */
  readonly turnOrder: TurnOrder;
}

export const RULESET_IDS = ["worldlines", "wwn", "freelancers", "dicepool", "twodice"] as const;
export type RulesetId = (typeof RULESET_IDS)[number];
export const DEFAULT_RULESET: RulesetId = "worldlines";

export function isRulesetId(value: unknown): value is RulesetId {
  return typeof value === "string" && (RULESET_IDS as readonly string[]).includes(value);
}
