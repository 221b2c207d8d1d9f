/**
 * Worldlines: the default Fray ruleset. Pure rules, one concern per module:
 * - momentum.ts: team momentum, order, ties, stealing it;
 * - phases.ts: the round plan and who may act in a phase;
 * - energy.ts: action costs, spending, the Energy refresh;
 * - ammo.ts: rounds spent by attacks, Reload;
 * - attack.ts: attack and Evasion rolls, criticals, damage and armor, headshots, limb hits;
 * - gear.ts: Build (deploy or repair) and Throw (range limit, a blast on an area);
 * - health.ts: losing health, dying, non-lethal knock-outs;
 * - statuses.ts: statuses, their timing and the recovery table;
 * - treatment.ts: First Aid and limb treatment;
 * - use-item.ts: Use Item (stim, antidote, device) and First Aid in full (every cure, a kit's healing);
 * - interruptions.ts: Covering Fire, extra Evasion, Opportunity Attack;
 * - covering-fire.ts: Covering Fire in its two moments at the table (the roll, the answer);
 * - techniques.ts: what a technique does (attack, action, interruption, passive) and costs;
 * - checks.ts: Spirit / Medicine checks against a TD;
 * - skill-check.ts: a skill check of its own (stance advantage, a hobbled leg);
 * - odds.ts: exact attack odds;
 * - changes.ts: outcomes as document changes (the field paths the shell writes);
 * - options.ts: every number a GM may change, with its default;
 * - model.ts / factory.ts: the state the rules read, and defaults for it;
 * - encounter.ts / sample.ts: a headless fight (npm run demo).
 */
import type { RulesetModule } from "../types.ts";
import { worldlinesTurnOrder } from "./order.ts";

export const ruleset: RulesetModule = {
  id: "worldlines",
  label: "FRAY.Ruleset.worldlines.Name",
  summary: "FRAY.Ruleset.worldlines.Summary",
  turnOrder: worldlinesTurnOrder,
};

export * from "./ammo.ts";
export * from "./attack.ts";
export * from "./changes.ts";
export * from "./checks.ts";
export * from "./covering-fire.ts";
export * from "./encounter.ts";
export * from "./energy.ts";
export * from "./factory.ts";
export * from "./gear.ts";
export * from "./health.ts";
export * from "./interruptions.ts";
export * from "./model.ts";
export * from "./momentum.ts";
export * from "./odds.ts";
export * from "./options.ts";
export * from "./phases.ts";
export * from "./sample.ts";
export * from "./skill-check.ts";
export * from "./statuses.ts";
export * from "./techniques.ts";
export * from "./treatment.ts";
export * from "./use-item.ts";
export * from "./valid.ts";
export * from "./limits.ts";
