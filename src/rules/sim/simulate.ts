/**
 * The encounter simulator's generic runner: N fights of the same starting state with one seeded
 * random stream, each played round by round by the ruleset's adapter until at most one team is
 * left standing or the round limit is reached; then the report (win chances with Wilson 95%
 * intervals, the rounds it took, each fighter's chance to be down or dead, the resources left).
 *
 * Fights run in order from one stream, so running them in chunks (the worker does, to report
 * progress and hear a Cancel) gives exactly the report of one run: the same seed, the same report.
 */
import type { DiceSource } from "../core/dice.ts";
import { checkNumber, shown } from "../core/guard.ts";
import type { NumberRefusalReason } from "../core/guard.ts";
import { seededRandom } from "../core/random.ts";
import { ok, refuse } from "../core/result.ts";
import type { Refusal, Result } from "../core/result.ts";
import { proportion } from "./stats.ts";
import type { Proportion } from "./stats.ts";
import { TARGET_RULES } from "./types.ts";
import type {
  Arena,
  ResourceSpec,
  SimAdapter,
  SimFighterBase,
  SimResume,
  SimTactic,
  SimTeam,
} from "./types.ts";
import { dicepoolSimAdapter } from "./dicepool.ts";
import { freelancersSimAdapter } from "./freelancers.ts";
import { twodiceSimAdapter } from "./twodice.ts";
import { worldlinesSimAdapter } from "./worldlines.ts";
import { wwnSimAdapter } from "./wwn.ts";

/** The most fights one request may ask for, and the most rounds one fight may last. */
export const MAX_FIGHTS = 1_000_000;
export const MAX_ROUNDS = 1000;
export const DEFAULT_MAX_ROUNDS = 20;

/**
 * The rulesets the simulator can play, by id. A ruleset joins by adding its adapter here; one
 * that has none is refused by name ("noSimAdapter"), never guessed at.
 */
const ADAPTERS: Readonly<Partial<Record<string, SimAdapter<SimFighterBase>>>> = {
  worldlines: worldlinesSimAdapter,
  wwn: wwnSimAdapter,
  dicepool: dicepoolSimAdapter,
  freelancers: freelancersSimAdapter,
  twodice: twodiceSimAdapter,
};

export function simulatedRulesets(): string[] {
  return Object.keys(ADAPTERS);
}

/** What the shell needs to offer a ruleset's tactics: its default, the reserve's cap, its resources. */
export interface SimAdapterInfo {
  readonly defaultTactic: SimTactic;
  readonly reserveMax: number;
  readonly resources: readonly ResourceSpec[];
}

/**
 * The adapter of `ruleset`, if it has one: an own entry only, so a name every object answers to
 * ("constructor", "__proto__") is no adapter.
 */
function adapterOf(ruleset: string): SimAdapter<SimFighterBase> | undefined {
  return Object.hasOwn(ADAPTERS, ruleset) ? ADAPTERS[ruleset] : undefined;
}

/** The tactic facts of `ruleset`'s adapter, or undefined when the simulator cannot play it. */
export function simAdapterInfo(ruleset: string): SimAdapterInfo | undefined {
  const adapter = adapterOf(ruleset);
  return adapter === undefined
    ? undefined
    : {
        defaultTactic: adapter.defaultTactic,
        reserveMax: adapter.reserveMax,
        resources: adapter.resources,
      };
}

export interface SimRequest<F extends SimFighterBase = SimFighterBase> {
  readonly ruleset: string;
  readonly teams: readonly SimTeam[];
  /** The ruleset's fighters (its adapter's fighter type), each with its team id inside. */
  readonly fighters: readonly F[];
  readonly fights: number;
  readonly seed: number | string;
  readonly maxRounds?: number;
  /**
   * An order already settled (mid-fight): kept instead of rolled, first first. What it lists is
   * the adapter's `orderMode`: team ids for team initiative, fighter ids for individual initiative
   * (the dice-pool game); anything else is refused as "badOrder" (teams) or "badFighterOrder".
   */
  readonly order?: readonly string[];
  /** Where the combat stands in its round (with `order`): the first round goes on from there. */
  readonly resume?: SimResume;
}

export type SimRefusalReason =
  | NumberRefusalReason
  | "noSimAdapter"
  | "needTwoTeams"
  | "duplicateTeam"
  | "duplicateFighter"
  | "unknownFighter"
  | "unknownTeam"
  | "emptyTeam"
  | "badTactic"
  | "badSeed"
  | "badOrder"
  | "badFighterOrder"
  | "badDie"
  | "badFormula";

export interface FighterReport {
  readonly id: string;
  readonly name: string;
  readonly teamId: string;
  /** Up at the end. */
  readonly standing: Proportion;
  /** Down but alive at the end. */
  readonly down: Proportion;
  readonly dead: Proportion;
  /** Each resource: its value at the start, its maximum and its mean at the end. */
  readonly resources: readonly {
    readonly key: string;
    readonly start: number;
    readonly max: number;
    readonly mean: number;
  }[];
}

export interface SimReport {
  readonly ruleset: string;
  readonly fights: number;
  readonly seed: number | string;
  readonly maxRounds: number;
  readonly teams: readonly (SimTeam & { readonly win: Proportion })[];
  /** Everyone down at once. */
  readonly draw: Proportion;
  /** Still more than one team standing after maxRounds. */
  readonly unresolved: Proportion;
  readonly rounds: {
    /** histogram[r]: fights that ended after r rounds (r = 0 … maxRounds). */
    readonly histogram: readonly number[];
    readonly mean: number;
  };
  readonly fighters: readonly FighterReport[];
}

export interface Simulation {
  readonly total: number;
  /** Fights played so far. */
  readonly done: number;
  /** Plays up to `count` more fights; returns how many have been played in all. */
  run(count: number): number;
  /** The report of the fights played so far (all of them once done === total). */
  report(): SimReport;
}

function validate(
  request: SimRequest,
  adapter: SimAdapter<SimFighterBase>,
): Refusal<SimRefusalReason> | undefined {
  const numbers =
    checkNumber("fights", request.fights, { min: 1, max: MAX_FIGHTS, whole: true }) ??
    (request.maxRounds === undefined
      ? undefined
      : checkNumber("maxRounds", request.maxRounds, { min: 1, max: MAX_ROUNDS, whole: true }));
  if (numbers) return numbers;
  const seed = request.seed as unknown;
  if (typeof seed === "number" ? !Number.isFinite(seed) : typeof seed !== "string") {
    return refuse("badSeed", { value: shown(seed) });
  }
  const teamIds = request.teams.map((t) => t.id);
  if (new Set(teamIds).size !== teamIds.length) return refuse("duplicateTeam");
  if (teamIds.length < 2) return refuse("needTwoTeams");
  const seen = new Set<string>();
  const members = new Map<string, number>();
  for (const fighter of request.fighters) {
    const info = adapter.fighterInfo(fighter);
    if (seen.has(info.id)) return refuse("duplicateFighter", { id: info.id });
    seen.add(info.id);
    if (!teamIds.includes(info.teamId)) return refuse("unknownTeam", { team: info.teamId });
    members.set(info.teamId, (members.get(info.teamId) ?? 0) + 1);
    const t = fighter.tactic ?? {};
    if (t.target !== undefined && !TARGET_RULES.includes(t.target)) {
      return refuse("badTactic", { id: info.id, target: t.target });
    }
    const bad =
      (t.reserve === undefined
        ? undefined
        : checkNumber(`${info.id}.reserve`, t.reserve, { min: 0, max: 100, whole: true })) ??
      (fighter.position === undefined
        ? undefined
        : (checkNumber(`${info.id}.x`, fighter.position.x) ??
          checkNumber(`${info.id}.y`, fighter.position.y)));
    if (bad) return bad;
  }
  const empty = teamIds.find((id) => !members.has(id));
  if (empty !== undefined) return refuse("emptyTeam", { team: empty });
  // The settled order lists what the adapter's engine orders: every team or every fighter, once.
  const individual = adapter.orderMode === "individual";
  const ordered = individual ? [...seen] : teamIds;
  if (request.order !== undefined) {
    const order = request.order;
    if (order.length !== ordered.length || !ordered.every((id) => order.includes(id))) {
      return refuse(individual ? "badFighterOrder" : "badOrder");
    }
  }
  if (request.resume !== undefined) {
    // The round's plan has a phase per fighter (individual) or per team and two events (team).
    const bad = checkNumber("resume.phaseIndex", request.resume.phaseIndex, {
      min: 0,
      max: individual ? ordered.length - 1 : teamIds.length + 2,
      whole: true,
    });
    if (bad) return bad;
    if (request.order === undefined) return refuse("badOrder");
    const unknown = request.resume.acted.find((id) => !seen.has(id));
    if (unknown !== undefined) return refuse("unknownFighter", { id: unknown });
  }
  return adapter.validate(request.fighters) as Refusal<SimRefusalReason> | undefined;
}

/**
 * Sets up a simulation (nothing is played yet). Refused, by name, when the ruleset has no adapter
 * or any input is bad (NaN, ±Infinity, an unknown team …).
 */
export function createSimulation(
  request: SimRequest,
  /** Where the dice come from; by default the request's seeded stream (the bench counts them). */
  dice?: DiceSource,
): Result<Simulation, SimRefusalReason> {
  // Each adapter reads its own ruleset's fighters: their shape is trusted (the shell builds them
  // with the ruleset's adapter), their numbers are checked by validate below.
  const adapter = adapterOf(request.ruleset);
  if (adapter === undefined) return refuse("noSimAdapter", { ruleset: request.ruleset });
  const refusal = validate(request, adapter);
  if (refusal) return refusal;

  const { teams, fighters } = request;
  const total = request.fights;
  const maxRounds = request.maxRounds ?? DEFAULT_MAX_ROUNDS;
  const rng = dice ?? seededRandom(request.seed);
  const arena: Arena = adapter.arena(teams, fighters, {
    ...(request.order === undefined ? {} : { order: request.order }),
    ...(request.resume === undefined ? {} : { resume: request.resume }),
  });
  const resourceCount = adapter.resources.length;
  const wins = new Array<number>(teams.length).fill(0);
  const histogram = new Array<number>(maxRounds + 1).fill(0);
  const down = new Array<number>(fighters.length).fill(0);
  const dead = new Array<number>(fighters.length).fill(0);
  const sums = new Float64Array(fighters.length * resourceCount);
  let draws = 0;
  let unresolved = 0;
  let roundSum = 0;
  let done = 0;

  function playOne(): void {
    arena.start(rng);
    let round = 0;
    let standing = arena.standingTeams();
    while (standing.length > 1 && round < maxRounds) {
      round++;
      arena.playRound(rng, round);
      standing = arena.standingTeams();
    }
    const [only] = standing;
    if (standing.length === 1 && only !== undefined) wins[only] = (wins[only] ?? 0) + 1;
    else if (standing.length === 0) draws++;
    else unresolved++;
    histogram[round] = (histogram[round] ?? 0) + 1;
    roundSum += round;
    for (let i = 0; i < fighters.length; i++) {
      const end = arena.fighterEnd(i);
      if (end.dead) dead[i] = (dead[i] ?? 0) + 1;
      else if (end.down) down[i] = (down[i] ?? 0) + 1;
      for (let r = 0; r < resourceCount; r++) {
        sums[i * resourceCount + r] = (sums[i * resourceCount + r] ?? 0) + (end.resources[r] ?? 0);
      }
    }
  }

  const simulation: Simulation = {
    total,
    get done() {
      return done;
    },
    run(count: number): number {
      const until = Math.min(total, done + Math.max(0, Math.floor(count)));
      while (done < until) {
        playOne();
        done++;
      }
      return done;
    },
    report(): SimReport {
      const n = Math.max(1, done);
      return {
        ruleset: request.ruleset,
        fights: done,
        seed: request.seed,
        maxRounds,
        teams: teams.map((team, i) => ({ ...team, win: proportion(wins[i] ?? 0, n) })),
        draw: proportion(draws, n),
        unresolved: proportion(unresolved, n),
        rounds: { histogram: [...histogram], mean: roundSum / n },
        fighters: fighters.map((fighter, i) => {
          const info = adapter.fighterInfo(fighter);
          const gone = (down[i] ?? 0) + (dead[i] ?? 0);
          const start = adapter.startResources(fighter);
          return {
            ...info,
            standing: proportion(done - gone, n),
            down: proportion(down[i] ?? 0, n),
            dead: proportion(dead[i] ?? 0, n),
            resources: adapter.resources.map((spec, r) => ({
              key: spec.key,
              start: start[r]?.value ?? 0,
              max: start[r]?.max ?? 0,
              mean: (sums[i * resourceCount + r] ?? 0) / n,
            })),
          };
        }),
      };
    },
  };
  return ok(simulation);
}

/** Runs every fight of the request and returns the report. */
export function simulate(request: SimRequest): Result<SimReport, SimRefusalReason> {
  const created = createSimulation(request);
  if (!created.ok) return created;
  created.value.run(created.value.total);
  return ok(created.value.report());
}
