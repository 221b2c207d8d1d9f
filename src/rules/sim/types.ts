/**
 * The encounter simulator's shared vocabulary: teams, a fighter's simple tactic, and the seam a
 * ruleset plugs into (a {@link SimAdapter}). Everything here is plain data, so a request and its
 * report cross a Worker boundary (structured clone) unchanged.
 */
import type { DiceSource } from "../core/dice.ts";
import type { Refusal } from "../core/result.ts";

export interface SimTeam {
  readonly id: string;
  readonly name: string;
  readonly isPlayerSide: boolean;
}

/** How a fighter picks whom to attack among the foes still standing. */
export type TargetRule = "nearest" | "weakest" | "random";
export const TARGET_RULES: readonly TargetRule[] = ["nearest", "weakest", "random"];

/**
 * A fighter's simple tactic. What `defend` and `reserve` mean is the ruleset's (its adapter says):
 * in Worldlines `defend` is "evade every attack while Energy allows" and `reserve` the Energy kept
 * back for that after attacking; in WWN `defend` is "Total Defense instead of attacking once at
 * half hit points or less", and there is no reserve.
 */
export interface SimTactic {
  readonly target: TargetRule;
  readonly defend: boolean;
  readonly reserve: number;
}

/** Where a fighter stands on the map (any unit: only distances are compared). */
export interface SimPosition {
  readonly x: number;
  readonly y: number;
}

/** What one fighter looks like at the end of a fight. */
export interface FighterEnd {
  /** Out of the fight but alive (dying, unconscious, helpless …). */
  readonly down: boolean;
  readonly dead: boolean;
  /** The adapter's resources, in the order of {@link SimAdapter.resources}. */
  readonly resources: readonly number[];
}

/** One fight in progress, as the generic runner drives it. */
export interface Arena {
  /** Resets every fighter to the starting state and settles the order (rolls it if needed). */
  start(dice: DiceSource): void;
  /** Plays round `round` (1-based) with the ruleset's real engine functions. */
  playRound(dice: DiceSource, round: number): void;
  /** Index (in the request's team list) of every team with a fighter still up. */
  standingTeams(): number[];
  /** How fighter `index` (in the request's fighter list) stands now. */
  fighterEnd(index: number): FighterEnd;
}

/**
 * What a settled order lists, as the ruleset's engine settles it: team ids (team initiative:
 * Worldlines, WWN, Freelancers, two-dice) or fighter ids (individual initiative: the dice-pool
 * game), first first.
 */
export type SimOrderMode = "team" | "individual";

/**
 * Where a running combat stands inside its round, so that the first round of every fight goes on
 * from there: the phase being played (an index into the round's plan of the settled order) and
 * the fighters who have already taken their turn this round (by fighter id). Only with a settled
 * order.
 */
export interface SimResume {
  readonly phaseIndex: number;
  readonly acted: readonly string[];
}

/** What a request tells an adapter's arena besides the fighters. */
export interface ArenaSettings {
  /** The settled order (ids as the adapter's {@link SimAdapter.orderMode}), already validated. */
  readonly order?: readonly string[];
  readonly resume?: SimResume;
}

/** A resource the report averages (health, Energy, hit points …), read at the start and the end. */
export interface ResourceSpec {
  /** Stable key; the shell localizes FRAY.Simulator.Resource.<key>. */
  readonly key: string;
}

/** Common fields of a fighter, whatever the ruleset. */
export interface SimFighterBase {
  readonly tactic?: Partial<SimTactic>;
  readonly position?: SimPosition;
}

/**
 * A ruleset's seam into the simulator. It checks its fighters' numbers and builds an arena that
 * plays rounds with the ruleset's own engine functions; the generic runner does the rest.
 */
export interface SimAdapter<F> {
  readonly ruleset: string;
  /**
   * What a request's settled `order` lists for this ruleset: every team id once ("team") or every
   * fighter id once ("individual"); the runner refuses any other order as "badOrder".
   */
  readonly orderMode: SimOrderMode;
  readonly resources: readonly ResourceSpec[];
  /** The tactic a fighter plays when its request gives none (or only part of one). */
  readonly defaultTactic: SimTactic;
  /**
   * The most a fighter may keep in reserve (the shell's tactic control goes up to it); 0 when
   * `reserve` means nothing in this ruleset. The shell localizes what `defend` and `reserve` mean
   * as FRAY.Simulator.Tactic.<ruleset>.Defend / .Reserve.
   */
  readonly reserveMax: number;
  /** A named refusal for the first bad fighter, or undefined. */
  validate(fighters: readonly F[]): Refusal | undefined;
  /** The starting value and maximum of each resource of a fighter. */
  startResources(fighter: F): readonly { readonly value: number; readonly max: number }[];
  fighterInfo(fighter: F): { readonly id: string; readonly name: string; readonly teamId: string };
  arena(teams: readonly SimTeam[], fighters: readonly F[], settings: ArenaSettings): Arena;
}
