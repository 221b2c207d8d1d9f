/**
 * How much world time a combat round takes, per ruleset: a world setting whose default is the
 * ruleset's. Each round the active GM advances the world clock by it, the way core's
 * Combat#nextRound does (its `worldTime.delta` update option).
 */
import type { RulesetId } from "../../rules/registry.ts";
import { SYSTEM_ID } from "../constants.ts";
import { activeRuleset } from "../settings.ts";

/**
 * Seconds per round when the GM has not set their own. WWN says a round is about six seconds;
 * the other books do not say, and Fray takes the same six seconds for each (Worldlines' and the
 * two-dice game's rounds are one quick exchange each; Freelancers' team turns and the dice-pool
 * game's individual turns are one action and a move, as long as a WWN round's).
 */
export const DEFAULT_SECONDS_PER_ROUND: Readonly<Record<RulesetId, number>> = {
  worldlines: 6,
  wwn: 6,
  freelancers: 6,
  dicepool: 6,
  twodice: 6,
};

export const SECONDS_PER_ROUND_SETTING = "secondsPerRound";

/** Registers the world setting (after the ruleset setting, whose value picks the default). */
export function registerRoundTimeSetting(): void {
  game.settings.register(SYSTEM_ID, SECONDS_PER_ROUND_SETTING, {
    name: "FRAY.Combat.Settings.SecondsPerRound.Name",
    hint: "FRAY.Combat.Settings.SecondsPerRound.Hint",
    scope: "world",
    config: true,
    type: Number,
    default: DEFAULT_SECONDS_PER_ROUND[activeRuleset().id],
  });
}

/** The seconds a round adds to the world time: the setting, or the default when it is unusable. */
export function secondsPerRound(): number {
  const value: unknown = game.settings.get(SYSTEM_ID, SECONDS_PER_ROUND_SETTING);
  if (typeof value === "number" && Number.isFinite(value) && value >= 0) return value;
  return DEFAULT_SECONDS_PER_ROUND[activeRuleset().id];
}
