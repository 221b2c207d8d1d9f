/**
 * Where a Fray combat is, read from and written to its documents. The turn machine's state and
 * the settled order live in the Combat's `flags.fray` (one document write per transition); the
 * roster (team, defeated, hidden) is read fresh from the Combatant documents every time.
 */
import { NOT_STARTED } from "../../rules/combat/machine.ts";
import type { TurnContext } from "../../rules/combat/machine.ts";
import { addToOrder, planSource, removeFromOrder } from "../../rules/combat/order.ts";
import type { SettledOrder, TurnMode, TurnOrder } from "../../rules/combat/order.ts";
import type { RosterMember, TeamId, TurnState } from "../../rules/combat/types.ts";
import { SYSTEM_ID } from "../constants.ts";
import { isDefeated } from "./like.ts";
import type { CombatLike, CombatantLike, TeamLike } from "./like.ts";
import { keepOutOfFight, skipReasonOf } from "./out-of-fight.ts";

/** The order as stored: the values shown live on the documents (team order, initiative). */
export interface StoredOrder {
  readonly mode: TurnMode;
  readonly order: readonly string[];
  readonly surpriseRound: readonly TeamId[];
}

/** Fray's flags on a Combat. */
export interface CombatFlags {
  turn?: TurnState;
  order?: StoredOrder;
}

export type { CombatLike, CombatantLike, TeamLike } from "./like.ts";
export { isDefeated } from "./like.ts";

export function frayFlags(combat: CombatLike): CombatFlags {
  const flags = combat.flags as unknown as Record<string, CombatFlags | undefined>;
  return flags[SYSTEM_ID] ?? {};
}

function isTurnState(value: unknown): value is TurnState {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v["round"] === "number" &&
    Array.isArray(v["plan"]) &&
    typeof v["phaseIndex"] === "number" &&
    Array.isArray(v["acted"]) &&
    Array.isArray(v["history"])
  );
}

/** The turn machine's state; a combat that never started (or hand-edited flags) is not started. */
export function turnStateOf(combat: CombatLike): TurnState {
  const turn = frayFlags(combat).turn;
  return isTurnState(turn) ? turn : NOT_STARTED;
}

/** A combatant's team: the id of its CombatantGroup, or "" when it has none yet. */
export function teamIdOf(combatant: CombatantLike): TeamId {
  const group = combatant.group as unknown;
  if (typeof group === "string") return group;
  if (typeof group === "object" && group !== null && "id" in group) {
    return String(group.id);
  }
  const source = combatant._source as unknown as { group?: unknown };
  return typeof source.group === "string" ? source.group : "";
}

/** Every combatant as the turn machine sees it, with its ruleset's reason if it is out. */
export function rosterOf(combat: CombatLike): RosterMember[] {
  return combat.combatants.contents.map((c) => ({
    id: c.id ?? "",
    teamId: teamIdOf(c),
    defeated: isDefeated(c),
    hidden: c.hidden,
    outOfFight: skipReasonOf(c),
  }));
}

export function teamsOf(combat: CombatLike): TeamLike[] {
  return combat.groups.contents.filter((group) => group.type === "team");
}

/** A team's order value (momentum, side initiative …), or null before it is rolled. */
export function teamOrderValue(team: TeamLike): number | null {
  const value = (team.system as unknown as { order?: unknown }).order;
  return typeof value === "number" ? value : null;
}

/**
 * The settled order as it stands now: the stored order, with teams (or combatants) that joined
 * since added in their place without anybody rerolling, and those that left removed. Before the
 * order is settled, the tracker's order: teams as listed, combatants by initiative.
 */
export function currentOrder(
  combat: CombatLike,
  turnOrder: TurnOrder,
  stored: StoredOrder | undefined = frayFlags(combat).order,
): SettledOrder {
  const mode = turnOrder.mode;
  const values: Record<string, number> = {};
  let ids: string[];
  if (mode === "team") {
    const teams = teamsOf(combat);
    for (const team of teams) {
      const value = teamOrderValue(team);
      if (value !== null) values[team.id ?? ""] = value;
    }
    ids = teams.map((team) => team.id ?? "");
  } else {
    const combatants = combat.combatants.contents;
    for (const c of combatants)
      if (typeof c.initiative === "number") values[c.id ?? ""] = c.initiative;
    ids = combatants
      .map((c, index) => ({ id: c.id ?? "", value: values[c.id ?? ""], index }))
      .sort((a, b) => (b.value ?? -Infinity) - (a.value ?? -Infinity) || a.index - b.index)
      .map((entry) => entry.id);
  }
  if (stored === undefined || stored.mode !== mode) {
    return { mode, order: ids, values, surpriseRound: [] };
  }
  let order: SettledOrder = {
    mode,
    order: stored.order,
    values,
    surpriseRound: stored.surpriseRound,
  };
  for (const id of stored.order) if (!ids.includes(id)) order = removeFromOrder(order, id);
  for (const id of ids) order = addToOrder(order, id, values[id]);
  return { ...order, values };
}

/** Where a combatant stands in an order of turns, or null (nobody, or not in it). */
export function turnIndexOf(turns: readonly CombatantLike[], id: string | null): number | null {
  if (id === null) return null;
  const index = turns.findIndex((c) => c.id === id);
  return index >= 0 ? index : null;
}

export function storedOrder(order: SettledOrder): StoredOrder {
  return { mode: order.mode, order: [...order.order], surpriseRound: [...order.surpriseRound] };
}

/** What the turn machine needs for this combat, now. */
export function turnContext(combat: CombatLike, turnOrder: TurnOrder): TurnContext {
  return {
    roster: rosterOf(combat),
    planFor: planSource(turnOrder, currentOrder(combat, turnOrder)),
    options: { keepOut: keepOutOfFight() },
  };
}

/**
 * Fray's order of `combat.turns`, derived from stored data only (so every client, connected or
 * just reloaded, derives the same): team by team in the settled order (or combatant by combatant
 * in individual mode), members in the order of the combatants collection.
 */
export function frayTurns(
  combat: CombatLike,
  turnOrder: TurnOrder,
  stored: StoredOrder | undefined = frayFlags(combat).order,
): CombatantLike[] {
  const order = currentOrder(combat, turnOrder, stored);
  const rank = new Map(order.order.map((id, index) => [id, index]));
  const last = order.order.length;
  const key = (c: CombatantLike) => (order.mode === "team" ? teamIdOf(c) : (c.id ?? ""));
  return combat.combatants.contents
    .map((c, index) => ({ c, index, rank: rank.get(key(c)) ?? last }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.c);
}

/**
 * The document changes for a new turn state, in one Combat update: the state itself, and the
 * core `round`/`turn` fields kept in step so core and modules see the round and the active
 * combatant. `turn` indexes Fray's order as it stands after this update (with the new settled
 * order when there is one); null while nobody is acting.
 */
export function turnStateUpdate(
  combat: CombatLike,
  state: TurnState,
  turnOrder: TurnOrder,
  order?: SettledOrder,
): Record<string, unknown> {
  const stored = order === undefined ? frayFlags(combat).order : storedOrder(order);
  const update: Record<string, unknown> = {
    round: state.round,
    turn: turnIndexOf(frayTurns(combat, turnOrder, stored), state.active),
    [`flags.${SYSTEM_ID}.turn`]: state,
  };
  if (order !== undefined) update[`flags.${SYSTEM_ID}.order`] = storedOrder(order);
  return update;
}
