import { ACTOR_TYPES } from "../constants.ts";
import type { TrackableAttributes } from "../rulesets/types.ts";

/** Token bars for health and Energy on every actor type, as every ruleset offers them today. */
export const HEALTH_AND_ENERGY_BARS: TrackableAttributes = Object.fromEntries(
  ACTOR_TYPES.map((type) => [type, { bar: ["health", "energy"], value: [] }]),
);
