/**
 * What every ruleset's order-settling at the start of a combat composes (its `rollOrder` combat
 * hook): the GM's start choice, the settled outcome, the members and sides it reads, a roll with
 * core Roll, and the rerolls of what stays tied. A ruleset writes only how it gathers its rolls
 * and which of its rules' ordering functions it hands them to.
 */
import { settleTie } from "../../rules/combat/order.ts";
import type { OrderOutcome, SetupEffect, SettledOrder } from "../../rules/combat/order.ts";
import { dispositionFromNumber } from "../../rules/combat/teams.ts";
import type { TeamId } from "../../rules/combat/types.ts";
import { combatHooks } from "./ruleset-hooks.ts";
import type { OrderInput } from "./ruleset-hooks.ts";
import { isDefeated, teamIdOf } from "./state.ts";
import type { CombatLike, CombatantLike, TeamLike } from "./state.ts";

/** What the GM chose on the tracker before round 1. */
export interface StartChoice {
  /** Freelancers: the team that takes initiative (default: the first team listed). */
  readonly initiative?: TeamId;
  /** Teams that surprise the others (WWN free round, two-dice first side, Freelancers). */
  readonly surprising?: readonly TeamId[];
  /** Two-dice: roll d20 per team instead of a declared surprise or players-first. */
  readonly roll?: boolean;
}

export type Settled =
  | { readonly ok: true; readonly order: SettledOrder; readonly effects: readonly SetupEffect[] }
  | {
      readonly ok: false;
      readonly reason: string;
      readonly detail?: Readonly<Record<string, string | number | boolean>>;
    };

const MAX_REROLLS = 20;

/** Rolls a formula with core Roll (Dice So Nice shows it) and returns its total. */
export async function rollTotal(formula: string): Promise<number> {
  const roll = await new Roll(formula).evaluate();
  return roll.total;
}

/** The players' side: a team marked so, or one of friendly disposition. */
export function isPlayerSide(team: TeamLike): boolean {
  const system = team.system as unknown as { playerSide?: unknown; disposition?: unknown };
  if (typeof system.playerSide === "boolean" && system.playerSide) return true;
  return (
    typeof system.disposition === "number" &&
    dispositionFromNumber(system.disposition) === "friendly"
  );
}

/** The member's own order die and modifier, as the active ruleset reads them from its actor. */
export function orderInputOf(member: CombatantLike): OrderInput {
  const hooks = combatHooks();
  return member.actor !== null ? (hooks.orderInput?.(member.actor) ?? {}) : {};
}

/** The team's members still standing. */
export function membersOf(combat: CombatLike, teamId: TeamId): CombatantLike[] {
  return combat.combatants.contents.filter((c) => teamIdOf(c) === teamId && !isDefeated(c));
}

/** Rerolls every group still tied with `reroll(id)` until none is, or gives up after a while. */
export async function settleTies(
  outcome: OrderOutcome,
  reroll: (id: string) => Promise<number>,
): Promise<Settled> {
  if (!outcome.ok) return outcome;
  let { order, tied } = outcome;
  for (let i = 0; tied.length > 0 && i < MAX_REROLLS; i += 1) {
    const group = tied[0] ?? [];
    const rolls: Record<string, number> = {};
    for (const id of group) rolls[id] = await reroll(id);
    const next = settleTie(order, tied, group, rolls);
    if (!next.ok) return next;
    order = next.order;
    tied = next.tied;
  }
  return { ok: true, order, effects: outcome.effects };
}
