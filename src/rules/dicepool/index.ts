import type { RulesetModule } from "../types.ts";

export const ruleset: RulesetModule = {
  id: "dicepool",
  label: "FRAY.Ruleset.dicepool.Name",
  summary: "FRAY.Ruleset.dicepool.Summary",
};
