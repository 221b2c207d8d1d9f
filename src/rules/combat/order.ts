/**
 * How a ruleset orders a round, seen from the shell: one small interface (`TurnOrder`) and the
 * order it settles at the start of a combat (`SettledOrder`). Each ruleset's own ordering (from
 * momentum, side initiative, the GM's pick, individual rolls …) lives in its folder and produces
 * a `SettledOrder`; the turn machine only ever sees the round plans derived from it.
 */
import type { NumberRefusalReason } from "../core/guard.ts";
import type { NameRefusalReason } from "../core/names.ts";
import type { CombatantId, Phase, RoundEvent, RoundPlan, TeamId } from "./types.ts";

/** Teams act as blocks, or each combatant acts alone (individual initiative). */
export type TurnMode = "team" | "individual";

/**
 * What the shell has to gather before round 1, so the tracker offers the right button:
 * - teamRoll: a roll per team (momentum, side initiative);
 * - combatantRoll: a roll per combatant (individual initiative);
 * - gmChoice: the GM picks the team that takes initiative;
 * - surpriseOrTeamRoll: the GM names the surprising side, or asks for a roll per team, or neither.
 */
export type OrderSource = "teamRoll" | "combatantRoll" | "gmChoice" | "surpriseOrTeamRoll";

/** The order a ruleset settled for a combat; kept, with the combat, until the combat ends. */
export interface SettledOrder {
  readonly mode: TurnMode;
  /** Team ids (team mode) or combatant ids (individual mode), first to act first. */
  readonly order: readonly string[];
  /** The value the tracker shows next to each id (momentum, initiative total …), if any. */
  readonly values: Readonly<Record<string, number>>;
  /** Teams that play one free round on their own before the normal order (surprise). */
  readonly surpriseRound: readonly TeamId[];
}

/** The interface a ruleset offers the combat shell. */
export interface TurnOrder {
  readonly mode: TurnMode;
  readonly source: OrderSource;
  /**
   * Whether a team may open the combat by surprise (a free round first, as in WWN). Rulesets
   * whose source already offers surprise (surpriseOrTeamRoll) need not say so.
   */
  readonly surprise?: boolean;
  /** The phases of the given round (1 = first) under a settled order. */
  roundPlan(order: SettledOrder, round: number): RoundPlan;
}

/** Something a ruleset asks the shell to do once when the order is settled. */
export interface SetupEffect {
  readonly kind: "addCounter";
  readonly combatantId: CombatantId;
  readonly counter: "stun";
  readonly amount: number;
}

export type OrderRefusal =
  | "noTeams"
  | "duplicateId"
  | "unknownTeam"
  | "invalidDie"
  | "invalidBonus"
  | "missingRoll"
  | "notATiedGroup"
  | "surprisedCannotLead";

export type OrderOutcome =
  | {
      readonly ok: true;
      readonly order: SettledOrder;
      /**
       * Groups of ids still tied after the ruleset's tie rules, in order; each group must reroll
       * (and the ordering be called again with the new rolls) before the combat starts.
       */
      readonly tied: readonly (readonly string[])[];
      /** One-time effects of settling the order (stun counters for the surprised …). */
      readonly effects: readonly SetupEffect[];
    }
  | {
      readonly ok: false;
      readonly reason: OrderRefusal | NumberRefusalReason | NameRefusalReason;
      /** For a number, name or choice refusal: the field and value (core/guard.ts, names.ts). */
      readonly detail?: Readonly<Record<string, string | number | boolean>>;
    };

/** How to treat a tie that no tie-break separates. */
export type ResidualTie = "reroll" | "stable";

export interface RankEntry {
  readonly id: string;
  readonly value: number;
  /** Tie-breaks, compared in turn, higher first (e.g. [isPlayerSide ? 1 : 0]). */
  readonly tiebreak?: readonly number[];
}

const NO_TIEBREAK: readonly number[] = [];

/** Higher first: by value, then each tie-break in turn (a missing one counts 0). */
function compareEntries(a: RankEntry, b: RankEntry): number {
  if (a.value !== b.value) return a.value < b.value ? 1 : -1;
  const x = a.tiebreak ?? NO_TIEBREAK;
  const y = b.tiebreak ?? NO_TIEBREAK;
  const length = x.length > y.length ? x.length : y.length;
  for (let i = 0; i < length; i += 1) {
    const p = x[i] ?? 0;
    const q = y[i] ?? 0;
    if (p !== q) return p < q ? 1 : -1;
  }
  return 0;
}

/**
 * `entries` by compareEntries, equal ones in their given order. A handful (a combat's teams or
 * combatants, ranked at every start) is sorted by insertion, which skips the built-in sort's
 * calls back into the comparator; more go to the built-in (stable) sort.
 */
function sortStable(entries: readonly RankEntry[]): RankEntry[] {
  const sorted = [...entries];
  if (sorted.length > 16) return sorted.sort(compareEntries);
  for (let i = 1; i < sorted.length; i++) {
    const entry = sorted[i];
    if (entry === undefined) continue;
    let j = i - 1;
    for (; j >= 0; j--) {
      const before = sorted[j];
      if (before === undefined || compareEntries(before, entry) <= 0) break;
      sorted[j + 1] = before;
    }
    sorted[j + 1] = entry;
  }
  return sorted;
}

/**
 * Highest value first; equal values go by the tie-breaks; what is still tied keeps the input
 * order, and with "reroll" is also reported as a group that must roll again.
 */
export function rankByValue(
  entries: readonly RankEntry[],
  residual: ResidualTie,
): { order: string[]; tied: string[][] } {
  const sorted = sortStable(entries);
  const tied: string[][] = [];
  if (residual === "reroll") {
    let group: RankEntry[] = [];
    for (const entry of sorted) {
      const last = group[group.length - 1];
      if (last !== undefined && compareEntries(last, entry) === 0) {
        group.push(entry);
        continue;
      }
      if (group.length > 1) tied.push(group.map((e) => e.id));
      group = [entry];
    }
    if (group.length > 1) tied.push(group.map((e) => e.id));
  }
  return { order: sorted.map((e) => e.id), tied };
}

/**
 * Settles one tied group with its reroll (new results by id): only the group's own places are
 * rearranged, highest reroll first; the values shown stay the first results. Members that tie
 * again form a new group to reroll.
 */
export function settleTie(
  order: SettledOrder,
  tied: readonly (readonly string[])[],
  group: readonly string[],
  rerolls: Readonly<Record<string, number>>,
): OrderOutcome {
  const at = tied.findIndex(
    (g) => g.length === group.length && g.every((id) => group.includes(id)),
  );
  const existing = tied[at];
  if (existing === undefined) return { ok: false, reason: "notATiedGroup" };
  // Own entries only: a member named "toString" has no reroll by inheritance.
  if (existing.some((id) => !Object.hasOwn(rerolls, id)))
    return { ok: false, reason: "missingRoll" };
  if (existing.some((id) => !Number.isFinite(rerolls[id])))
    return { ok: false, reason: "invalidDie" };
  const inPlace = order.order.filter((id) => existing.includes(id));
  const sub = rankByValue(
    inPlace.map((id) => ({ id, value: rerolls[id] ?? 0 })),
    "reroll",
  );
  const ids = [...order.order];
  let next = 0;
  ids.forEach((id, i) => {
    if (!existing.includes(id)) return;
    ids[i] = sub.order[next] ?? id;
    next += 1;
  });
  return {
    ok: true,
    order: { ...order, order: ids },
    tied: [...tied.slice(0, at), ...sub.tied, ...tied.slice(at + 1)],
    effects: [],
  };
}

/** True when no id appears twice. */
export function allDistinct(ids: readonly string[]): boolean {
  return new Set(ids).size === ids.length;
}

/** Team phases in the given order, followed by the given round events. */
export function teamPhases(
  teamIds: readonly TeamId[],
  events: readonly RoundEvent[] = [],
): Phase[] {
  return [
    ...teamIds.map((teamId): Phase => ({ kind: "team", teamId })),
    ...events.map((event): Phase => ({ kind: "event", event })),
  ];
}

/**
 * Someone joins a running combat without anybody rerolling. In team mode a new team goes last.
 * In individual mode the newcomer takes its place by its roll, after everybody it ties with;
 * without a value it goes last. An id already in the order changes nothing.
 */
export function addToOrder(order: SettledOrder, id: string, given?: number): SettledOrder {
  if (order.order.includes(id)) return order;
  // A value that is no finite number (a NaN read from storage) is no value: the newcomer goes last.
  const value = given !== undefined && Number.isFinite(given) ? given : undefined;
  const values = value === undefined ? order.values : { ...order.values, [id]: value };
  if (order.mode === "team" || value === undefined) {
    return { ...order, order: [...order.order, id], values };
  }
  // Own entries only: an id named "constructor" has no value by inheritance.
  const valueOf = (other: string) =>
    Object.hasOwn(order.values, other) ? (order.values[other] ?? -Infinity) : -Infinity;
  const at = order.order.findIndex((other) => valueOf(other) < value);
  const ids = [...order.order];
  ids.splice(at < 0 ? ids.length : at, 0, id);
  return { ...order, order: ids, values };
}

/** Someone leaves a running combat; the others keep their places. */
export function removeFromOrder(order: SettledOrder, id: string): SettledOrder {
  if (!order.order.includes(id)) return order;
  const values = Object.fromEntries(Object.entries(order.values).filter(([key]) => key !== id));
  return {
    ...order,
    order: order.order.filter((other) => other !== id),
    values,
    surpriseRound: order.surpriseRound.filter((other) => other !== id),
  };
}

/** The `planFor` of the turn machine, for a ruleset's turn order and a settled order. */
export function planSource(
  turnOrder: TurnOrder,
  order: SettledOrder,
): (round: number) => RoundPlan {
  return (round) => turnOrder.roundPlan(order, round);
}
