import type { RulesetModule } from "../types.ts";
import { wwnTurnOrder } from "./initiative.ts";

export const ruleset: RulesetModule = {
  id: "wwn",
  label: "FRAY.Ruleset.wwn.Name",
  summary: "FRAY.Ruleset.wwn.Summary",
  turnOrder: wwnTurnOrder,
};
