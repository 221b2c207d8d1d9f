import { ruleset as dicepool } from "./dicepool/index.ts";
import { ruleset as freelancers } from "./freelancers/index.ts";
import { ruleset as twodice } from "./twodice/index.ts";
import { DEFAULT_RULESET, RULESET_IDS, isRulesetId } from "./types.ts";
import type { RulesetId, RulesetModule } from "./types.ts";
import { ruleset as worldlines } from "./worldlines/index.ts";
import { ruleset as wwn } from "./wwn/index.ts";

/** Every ruleset, by id. Adding a ruleset means adding one line here. */
export const RULESETS: Readonly<Record<RulesetId, RulesetModule>> = {
  worldlines,
  wwn,
  freelancers,
  dicepool,
  twodice,
};

/**
 * The rules module for a ruleset id. An unknown id (a world saved by a newer Fray, a hand-edited
 * setting) falls back to the default ruleset rather than leaving the world unplayable.
 */
export function getRuleset(id: unknown): RulesetModule {
  return isRulesetId(id) ? RULESETS[id] : RULESETS[DEFAULT_RULESET];
}

export { DEFAULT_RULESET, RULESET_IDS, isRulesetId };
export type { RulesetId, RulesetModule };
