/**
 * What every arena keeps about its fighters besides their rules state: which team each is on,
 * how targets see it, and whether one team or none is left standing.
 */
import { idRanks } from "./targets.ts";
import type { TargetView } from "./targets.ts";
import type { Refusal } from "../core/result.ts";
import type { FighterEnd, SimPosition, SimTeam } from "./types.ts";

export interface Roster {
  /** Each fighter's team, as an index into the request's teams. */
  readonly teamOf: readonly number[];
  readonly views: readonly TargetView[];
  /** Indices of the teams with a fighter still up. */
  standingTeams(isUp: (i: number) => boolean): number[];
  /** At most one team has a fighter up. */
  oneTeamLeft(isUp: (i: number) => boolean): boolean;
}

export function roster(
  teams: readonly SimTeam[],
  fighters: readonly {
    readonly combatant: { readonly id: string; readonly teamId: string };
    readonly position?: SimPosition;
  }[],
): Roster {
  const teamOf = fighters.map((f) => teams.findIndex((t) => t.id === f.combatant.teamId));
  const ranks = idRanks(fighters.map((f) => f.combatant.id));
  const views: TargetView[] = fighters.map((f, i) => ({
    idRank: ranks[i] ?? i,
    ...(f.position === undefined ? {} : { position: f.position }),
  }));
  const n = fighters.length;
  return {
    teamOf,
    views,
    standingTeams(isUp) {
      const up: number[] = [];
      for (let i = 0; i < n; i++) {
        const team = teamOf[i] ?? -1;
        if (isUp(i) && !up.includes(team)) up.push(team);
      }
      return up;
    },
    oneTeamLeft(isUp) {
      let first = -1;
      for (let i = 0; i < n; i++) {
        if (!isUp(i)) continue;
        const team = teamOf[i] ?? -1;
        if (first < 0) first = team;
        else if (team !== first) return false;
      }
      return true;
    },
  };
}

/**
 * Who is up, kept as each fighter's state changes: the arena tells it every new state
 * ({@link UpCounts.set}), and "is the fight over" and "which teams stand" are read off counts
 * instead of a walk over every fighter after every attack and every turn.
 */
export class UpCounts {
  /** 1 for a fighter up, 0 otherwise (by fighter index). */
  readonly up: Uint8Array;
  /** Fighters up in each team (by team index + 1, so that an unknown team, -1, has a slot). */
  private readonly inTeam: Int32Array;
  private teamsUp = 0;

  constructor(
    private readonly teamOf: readonly number[],
    private readonly teamCount: number,
  ) {
    this.up = new Uint8Array(teamOf.length);
    this.inTeam = new Int32Array(teamCount + 1);
  }

  /** Everyone down (before a fight sets its fighters up again). */
  clear(): void {
    this.up.fill(0);
    this.inTeam.fill(0);
    this.teamsUp = 0;
  }

  /** Fighter `i` is now up or not. */
  set(i: number, isUp: boolean): void {
    const now = isUp ? 1 : 0;
    if (now === this.up[i]) return;
    this.up[i] = now;
    const team = (this.teamOf[i] ?? -1) + 1;
    const before = this.inTeam[team] ?? 0;
    this.inTeam[team] = before + (now === 1 ? 1 : -1);
    if (now === 1 && before === 0) this.teamsUp++;
    else if (now === 0 && before === 1) this.teamsUp--;
  }

  /** At most one team has a fighter up. */
  over(): boolean {
    return this.teamsUp <= 1;
  }

  /** Indices of the teams with a fighter still up, in team order. */
  standingTeams(): number[] {
    const standing: number[] = [];
    for (let team = 0; team < this.teamCount; team++) {
      if ((this.inTeam[team + 1] ?? 0) > 0) standing.push(team);
    }
    return standing;
  }
}

/** A fighter's end from its life state: "active" is up, "dead" is dead, anything else is down. */
export function endOf(life: string | undefined, resources: readonly number[]): FighterEnd {
  const state = life ?? "dead";
  return { dead: state === "dead", down: state !== "active" && state !== "dead", resources };
}

/**
 * The first fighter the check refuses, as that refusal: how every adapter checks its fighters
 * once when a simulation is created, so its fights play the engine's rules on what passed
 * (checked input, core/checked.ts) without checking it again.
 */
export function firstFighterRefusal<F>(
  fighters: readonly F[],
  check: (fighter: F) => Refusal | undefined,
): Refusal | undefined {
  for (const f of fighters) {
    const refusal = check(f);
    if (refusal) return refusal;
  }
  return undefined;
}
