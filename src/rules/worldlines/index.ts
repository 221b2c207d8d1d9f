import type { RulesetModule } from "../types.ts";

export const ruleset: RulesetModule = {
  id: "worldlines",
  label: "FRAY.Ruleset.worldlines.Name",
  summary: "FRAY.Ruleset.worldlines.Summary",
};
