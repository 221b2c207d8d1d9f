/**
 * The shell's side of every ruleset, by the id its rules module carries (src/rules/registry.ts).
 * Adding a ruleset means one folder under src/foundry/rulesets/ plus one line here.
 */
import { shellRuleset as dicepool } from "./dicepool/index.ts";
import { shellRuleset as freelancers } from "./freelancers/index.ts";
import { shellRuleset as twodice } from "./twodice/index.ts";
import type { ShellRuleset } from "./types.ts";
import { shellRuleset as worldlines } from "./worldlines/index.ts";
import { shellRuleset as wwn } from "./wwn/index.ts";

const SHELL_RULESETS = new Map<string, ShellRuleset>();

/**
 * Adds a ruleset's shell side under a rules id (a second registration replaces the first). The
 * registry's own lines below use it; a test may add a tiny ruleset the same way, before init.
 */
export function registerShellRuleset(id: string, ruleset: ShellRuleset): void {
  SHELL_RULESETS.set(id, ruleset);
}

registerShellRuleset("worldlines", worldlines);
registerShellRuleset("wwn", wwn);
registerShellRuleset("freelancers", freelancers);
registerShellRuleset("dicepool", dicepool);
registerShellRuleset("twodice", twodice);

/** The ids with a shell side, in registration order. */
export function shellRulesetIds(): readonly string[] {
  return [...SHELL_RULESETS.keys()];
}

/**
 * The shell side of a rules id. Every rules module has one (a test checks both registries hold
 * the same ids), so a miss is a developer's mistake and fails loudly at init.
 */
export function shellRuleset(id: string): ShellRuleset {
  const ruleset = SHELL_RULESETS.get(id);
  if (ruleset === undefined) throw new Error(`Fray has no shell side for the ruleset "${id}"`);
  return ruleset;
}
