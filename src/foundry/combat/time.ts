/**
 * How much world time a combat round takes, per ruleset: a world setting whose default is the
 * ruleset's. Each round the active GM advances the world clock by it, the way core's
 * Combat#nextRound does (its `worldTime.delta` update option).
 */
import { DEFAULT_SECONDS_PER_ROUND } from "../../rules/types.ts";
import { SYSTEM_ID } from "../constants.ts";
import { activeRuleset } from "../settings.ts";

/** The ruleset's own length of a round, or the shared default. */
function rulesetSecondsPerRound(): number {
  return activeRuleset().secondsPerRound ?? DEFAULT_SECONDS_PER_ROUND;
}

export const SECONDS_PER_ROUND_SETTING = "secondsPerRound";

/** Registers the world setting (after the ruleset setting, whose value picks the default). */
export function registerRoundTimeSetting(): void {
  game.settings.register(SYSTEM_ID, SECONDS_PER_ROUND_SETTING, {
    name: "FRAY.Combat.Settings.SecondsPerRound.Name",
    hint: "FRAY.Combat.Settings.SecondsPerRound.Hint",
    scope: "world",
    config: true,
    type: Number,
    default: rulesetSecondsPerRound(),
  });
}

/** The seconds a round adds to the world time: the setting, or the default when it is unusable. */
export function secondsPerRound(): number {
  const value: unknown = game.settings.get(SYSTEM_ID, SECONDS_PER_ROUND_SETTING);
  if (typeof value === "number" && Number.isFinite(value) && value >= 0) return value;
  return rulesetSecondsPerRound();
}
