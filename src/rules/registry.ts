import { ruleset as dicepool } from "./dicepool/index.ts";
import { ruleset as freelancers } from "./freelancers/index.ts";
import { ruleset as twodice } from "./twodice/index.ts";
import { DEFAULT_RULESET } from "./types.ts";
import type { RulesetId, RulesetModule } from "./types.ts";
import { ruleset as worldlines } from "./worldlines/index.ts";
import { ruleset as wwn } from "./wwn/index.ts";

const RULESETS = new Map<RulesetId, RulesetModule>();

/**
 * Adds a rules module under its id (a second module with the same id replaces the first). The
 * registry's own lines below use it; a test may add a tiny ruleset the same way, before init.
 */
export function registerRuleset(module: RulesetModule): void {
  RULESETS.set(module.id, module);
}

// Every ruleset, in the order the setting lists them. Adding a ruleset means adding one line here.
registerRuleset(worldlines);
registerRuleset(wwn);
registerRuleset(freelancers);
registerRuleset(dicepool);
registerRuleset(twodice);

/** The ids of every registered ruleset, in registration order. */
export function rulesetIds(): readonly RulesetId[] {
  return [...RULESETS.keys()];
}

export function isRulesetId(value: unknown): value is RulesetId {
  return typeof value === "string" && RULESETS.has(value);
}

/**
 * The rules module for a ruleset id. An unknown id (a world saved by a newer Fray, a hand-edited
 * setting) falls back to the default ruleset rather than leaving the world unplayable.
 */
export function getRuleset(id: unknown): RulesetModule {
  // The default ruleset is Worldlines, registered above; `?? worldlines` only satisfies the type.
  return RULESETS.get(isRulesetId(id) ? id : DEFAULT_RULESET) ?? worldlines;
}

export { DEFAULT_RULESET };
export type { RulesetId, RulesetModule };
