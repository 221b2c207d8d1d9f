import type { RulesetModule } from "../types.ts";
import { dicepoolTurnOrder } from "./initiative.ts";

export const ruleset: RulesetModule = {
  id: "dicepool",
  label: "FRAY.Ruleset.dicepool.Name",
  summary: "FRAY.Ruleset.dicepool.Summary",
  turnOrder: dicepoolTurnOrder,
};
