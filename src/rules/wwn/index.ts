/**
 * Worlds Without Number. Pure rules, one concern per module:
 * - initiative.ts: side initiative (1d8 + best Dex), ties to the players, the surprise round;
 * - surprise.ts: the opposed Dex/Sneak against Wis/Notice that decides who is surprised;
 * - actions.ts: the per-round action economy (Main, Move, On Turn, Instant, hold, delay);
 * - attack.ts: hit roll and its modifier table, damage, Shock, Snap, Charge, Swarm, free attacks;
 * - morale.ts: NPC Morale checks the GM presses;
 * - maneuvers.ts: shove, grapple, shatter, screen, execution, total defense, withdrawal, moving,
 *   prone, items, reload, swarming;
 * - checks.ts: skill checks, opposed checks, saving throws;
 * - health.ts: hit points and 0 HP (dying, dead, knocked out, helpless);
 * - odds.ts: exact attack odds;
 * - changes.ts: outcomes as document changes (the field paths the shell writes);
 * - options.ts: every number a GM may change, with its default;
 * - model.ts / factory.ts: the state the rules read, and defaults for it.
 */
import type { RulesetModule } from "../types.ts";
import { wwnTurnOrder } from "./initiative.ts";

export const ruleset: RulesetModule = {
  id: "wwn",
  label: "FRAY.Ruleset.wwn.Name",
  summary: "FRAY.Ruleset.wwn.Summary",
  turnOrder: wwnTurnOrder,
  // The book: a round lasts about six seconds.
  secondsPerRound: 6,
};

export * from "./actions.ts";
export * from "./attack.ts";
export * from "./changes.ts";
export * from "./checks.ts";
export * from "./factory.ts";
export * from "./health.ts";
export * from "./initiative.ts";
export * from "./maneuvers.ts";
export * from "./morale.ts";
export * from "./model.ts";
export * from "./odds.ts";
export * from "./options.ts";
export * from "./surprise.ts";
export * from "./defense.ts";
export * from "./valid.ts";
export * from "./limits.ts";
