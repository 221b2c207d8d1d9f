import type { RulesetModule } from "../types.ts";
import { twodiceTurnOrder } from "./initiative.ts";

export const ruleset: RulesetModule = {
  id: "twodice",
  label: "FRAY.Ruleset.twodice.Name",
  summary: "FRAY.Ruleset.twodice.Summary",
  turnOrder: twodiceTurnOrder,
};
