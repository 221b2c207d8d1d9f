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
  /**
   * How much world time one round takes, in seconds, when the GM has not set their own (the
   * shell's `fray.secondsPerRound` setting). Absent: DEFAULT_SECONDS_PER_ROUND.
   */
  readonly secondsPerRound?: number;
}

/**
 * Six seconds a round. WWN says a round is about six seconds; the other books do not say, and
 * Fray takes the same for each (Worldlines' and the two-dice game's rounds are one quick exchange
 * each; Freelancers' team turns and the dice-pool game's individual turns are one action and a
 * move, as long as a WWN round's).
 */
export const DEFAULT_SECONDS_PER_ROUND = 6;

/**
 * A ruleset's id. The registry (registry.ts) is the one list of the ids there are: a ruleset is
 * known once its module is registered there, so the type is a string, checked at the registry.
 */
export type RulesetId = string;
export const DEFAULT_RULESET: RulesetId = "worldlines";
