/**
 * The dice-pool game. Pure rules, one concern per module:
 * - limits.ts: the bound of every stored number, pool and count (shared with the DataModels);
 * - options.ts: every number a GM may change (die, hit face, plugins, costs), with its default
 *   and its range, and their check;
 * - model.ts / factory.ts: the state the rules read, and defaults for it;
 * - pool.ts: building pools (never below 0, capped at maxPool), counting hits, static/flawless;
 * - odds.ts: exact hit and net-hit distributions, attack odds;
 * - initiative.ts: the initiative pool, its hits, the individual order;
 * - actions.ts: Complex / Simple / Free / Interrupt per turn, the action table, opportunity attacks;
 * - movement.ts: speed, sprinting, swimming, climbing, rough terrain, falling, distances, chases;
 * - attack.ts: contested attacks, Dodge / Parry / Soak, cover, size, intents, Blitz;
 * - grapple.ts: the Grappling Pool, holding, escaping, incapacitation, restraints;
 * - health.ts: damage, incapacitation, dying, Stabilize, Plot Armor, the wound penalty, healing;
 * - initiative-damage.ts: the Initiative Damage plugin and Finishing Moves;
 * - changes.ts: outcomes as document changes (the field paths the shell writes);
 * - check.ts: the state checked at the boundary (combatant, weapon, turn): what passes is
 *   `Checked` (core/checked.ts), and the rules that take it do not check again.
 * Imported by path, not re-exported here: conduct.ts (the table actions the action table names
 * without mechanics), vehicle.ts (a vehicle's own Energy, its pilot's roll, drives, rough terrain,
 * crew acts); each has its own hostile-input properties next to it.
 * Internal, not exported: roll.ts (scoring checked pools), damage.ts (damage on checked state).
 */
import type { RulesetModule } from "../types.ts";
import { dicepoolTurnOrder } from "./initiative.ts";

export const ruleset: RulesetModule = {
  id: "dicepool",
  label: "FRAY.Ruleset.dicepool.Name",
  summary: "FRAY.Ruleset.dicepool.Summary",
  turnOrder: dicepoolTurnOrder,
};

export * from "./actions.ts";
export * from "./attack.ts";
export * from "./changes.ts";
export * from "./check.ts";
export * from "./factory.ts";
export * from "./grapple.ts";
export * from "./health.ts";
export * from "./initiative.ts";
export * from "./initiative-damage.ts";
export * from "./limits.ts";
export * from "./model.ts";
export * from "./movement.ts";
export * from "./odds.ts";
export * from "./options.ts";
export * from "./pool.ts";
export * from "./weapons.ts";
