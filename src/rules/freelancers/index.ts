/**
 * Freelancers. Pure rules, one concern per module:
 * - initiative.ts: the GM picks the team that takes initiative; surprise stuns; the Upkeep phase;
 * - checks.ts: roll-under d20 checks, modifiers to the die or the attribute, favorable and
 *   unfavorable, critical fumbles, and their exact chance;
 * - range.ts: reach, nominal and maximum range, the penalty beyond the maximum;
 * - shapes.ts: the targets a cone, line, radius or touch hits;
 * - attack.ts: attack against defense (rolled or static), cover, size, engaged targets, Dodge,
 *   Two-Weapon Fighting, damage − AR, weapon degradation;
 * - odds.ts: exact attack odds;
 * - situational.ts: an attacker's situational modifiers (to the die, to the attribute,
 *   favorable and unfavorable sources) within the table's caps;
 * - actions.ts: the turn's actions (Long, Base, Move, Quick, reaction, free; trading down,
 *   Dodge, Disengage, readied actions, targets of opportunity);
 * - engaged.ts: the opponents within whose melee reach an entity stands;
 * - counters.ts: named stacks (stun, stress, bleed …) and how the Upkeep drops them;
 * - abilities.ts: abilities that recharge on a d10 at the Upkeep;
 * - health.ts: health, armor, Dying, death checks, stabilizing, healing;
 * - care.ts: Help and Medicine on a Dying ally, as the helper's Base-action;
 * - stealth.ts: Hide and Search (Move-actions), and what being hidden does to an attack;
 * - upkeep.ts: the Upkeep as one function from combatants and dice to changes;
 * - changes.ts: outcomes as document changes (the field paths the shell writes);
 * - options.ts: every number a GM may change, with its default;
 * - guard.ts: the checks every entry point runs on an actor or weapon first (limits.ts: the
 *   bounds of every number, shared with the sheet's DataModels);
 * - actor.ts (internal): changed actors, actions and weapons built field by field;
 * - model.ts / factory.ts: the state the rules read, and defaults for it.
 */
import type { RulesetModule } from "../types.ts";
import { freelancersTurnOrder } from "./initiative.ts";

export const ruleset: RulesetModule = {
  id: "freelancers",
  label: "FRAY.Ruleset.freelancers.Name",
  summary: "FRAY.Ruleset.freelancers.Summary",
  turnOrder: freelancersTurnOrder,
};

export * from "./abilities.ts";
export * from "./actions.ts";
export * from "./attack.ts";
export * from "./care.ts";
export * from "./changes.ts";
export * from "./checks.ts";
export * from "./counters.ts";
export * from "./engaged.ts";
export * from "./factory.ts";
export * from "./guard.ts";
export * from "./health.ts";
export * from "./initiative.ts";
export * from "./limits.ts";
export * from "./model.ts";
export * from "./odds.ts";
export * from "./options.ts";
export * from "./range.ts";
export * from "./shapes.ts";
export * from "./situational.ts";
export * from "./stealth.ts";
export * from "./upkeep.ts";
