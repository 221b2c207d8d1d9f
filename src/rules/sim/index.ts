/**
 * The encounter simulator: how an encounter is likely to go, from N seeded fights played with the
 * rulesets' own engines.
 * - simulate.ts: the generic runner, its request, report and refusals, and the adapter registry;
 * - worldlines.ts, wwn.ts, freelancers.ts, dicepool.ts, twodice.ts: the per-ruleset adapters (one
 *   round with the real engine functions), each with its fixtures (fixtures.ts, <id>-fixtures.ts);
 * - targets.ts: the target rules of a tactic; stats.ts: the Wilson interval;
 * - types.ts: teams, tactics and the adapter seam.
 */
export * from "./simulate.ts";
export * from "./stats.ts";
export * from "./types.ts";
export { WORLDLINES_TACTIC, worldlinesSimAdapter } from "./worldlines.ts";
export type { WorldlinesSimFighter } from "./worldlines.ts";
export { WWN_TACTIC, wwnSimAdapter } from "./wwn.ts";
export type { WwnSimFighter } from "./wwn.ts";
export { DICEPOOL_TACTIC, dicepoolSimAdapter } from "./dicepool.ts";
export type { DicepoolSimFighter } from "./dicepool.ts";
export { FREELANCERS_TACTIC, freelancersSimAdapter } from "./freelancers.ts";
export type { FreelancersSimFighter } from "./freelancers.ts";
export { TWODICE_TACTIC, twodiceSimAdapter } from "./twodice.ts";
export type { TwodiceSimFighter } from "./twodice.ts";
