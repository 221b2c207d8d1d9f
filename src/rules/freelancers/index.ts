import type { RulesetModule } from "../types.ts";
import { freelancersTurnOrder } from "./initiative.ts";

export const ruleset: RulesetModule = {
  id: "freelancers",
  label: "FRAY.Ruleset.freelancers.Name",
  summary: "FRAY.Ruleset.freelancers.Summary",
  turnOrder: freelancersTurnOrder,
};
