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

/**
 * A ruleset's id. The registry (registry.ts) is the one list of the ids there are: a ruleset is
 * known once its module is registered there, so the type is a string, checked at the registry.
 */
export type RulesetId = string;
export const DEFAULT_RULESET: RulesetId = "worldlines";
