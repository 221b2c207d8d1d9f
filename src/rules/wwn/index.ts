import type { RulesetModule } from "../types.ts";

export const ruleset: RulesetModule = {
  id: "wwn",
  label: "FRAY.Ruleset.wwn.Name",
  summary: "FRAY.Ruleset.wwn.Summary",
};
