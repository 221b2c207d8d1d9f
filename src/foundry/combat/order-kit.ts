/**
 * What every ruleset's order-settling at the start of a combat composes (its `rollOrder` combat
 * hook): the GM's start choice, the settled outcome, the members and sides it reads, a roll with
 * core Roll (every ruleset's order dice go through `rollOrderDice` or `rollTotal`, which keep them
 * to be posted to the chat with the order: order-card.ts), and the rerolls of what stays tied. A
 * ruleset writes only how it gathers its rolls and which of its rules' ordering functions it hands
 * them to.
 */
import { settleTie } from "../../rules/combat/order.ts";
import type { OrderOutcome } from "../../rules/combat/order.ts";
import { dispositionFromNumber } from "../../rules/combat/teams.ts";
import type { TeamId } from "../../rules/combat/types.ts";
import { SYSTEM_ID } from "../constants.ts";
import { serializedBy } from "../shared/referee.ts";
import { combatHooks } from "./ruleset-hooks.ts";
import type { OrderInput, Settled } from "./ruleset-hooks.ts";
import { ableToFight } from "./out-of-fight.ts";
import { teamIdOf, teamsOf } from "./state.ts";
import type { CombatLike, CombatantLike, TeamLike } from "./state.ts";

export type { Settled, StartChoice } from "./ruleset-hooks.ts";

const MAX_REROLLS = 20;

/** A die rolled for the order: whose it is (a team's or combatant's id, when known), a tie's? */
export interface OrderRoll {
  readonly roll: Roll;
  readonly whose: string | null;
  /** Rolled again to break a tie (settleTies). */
  readonly reroll: boolean;
}

/** One order settles at a time on a client (its rolls are collected while it does). */
const ORDER_QUEUE = `${SYSTEM_ID}.order`;

/** The order being settled on this client: the rolls made so far (see collectOrderRolls). */
let collecting: { rolls: OrderRoll[]; reroll: boolean } | null = null;

/**
 * Rolls a formula for the combat's order with core Roll and returns the roll; while an order is
 * being settled (collectOrderRolls) the roll is kept, to be posted to the chat with the order
 * (order-card.ts). `whose`: the team or combatant it is rolled for, when the caller knows.
 */
export async function rollOrderDice(formula: string, whose?: string) {
  const roll = await new Roll(formula).evaluate();
  collecting?.rolls.push({ roll, whose: whose ?? null, reroll: collecting.reroll });
  return roll;
}

/** Rolls a formula for the order (rollOrderDice) and returns its total. */
export async function rollTotal(formula: string, whose?: string): Promise<number> {
  return (await rollOrderDice(formula, whose)).total;
}

/**
 * Runs `settle`, keeping every roll it makes for the order (one settling at a time on this
 * client, so no other order's dice mix in), and returns what it settled with those rolls.
 */
export function collectOrderRolls<T>(
  settle: () => Promise<T>,
): Promise<{ readonly value: T; readonly rolls: readonly OrderRoll[] }> {
  return serializedBy(ORDER_QUEUE, async () => {
    const rolls: OrderRoll[] = [];
    collecting = { rolls, reroll: false };
    try {
      return { value: await settle(), rolls };
    } finally {
      collecting = null;
    }
  });
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

/** The team's members still standing: neither defeated nor out of the fight by its rules. */
export function membersOf(combat: CombatLike, teamId: TeamId): CombatantLike[] {
  return combat.combatants.contents.filter((c) => teamIdOf(c) === teamId && ableToFight(c));
}

/** A side of the combat as the order reads it: its team, whether it is the players' side, and
 * the order input (die, modifier) of each of its members still standing. */
export interface OrderSide {
  readonly teamId: TeamId;
  readonly isPlayerSide: boolean;
  readonly inputs: readonly OrderInput[];
}

/** Every side of the combat, in the combat's team order, as the order reads it. */
export function orderSides(combat: CombatLike): OrderSide[] {
  return teamsOf(combat).map((team) => {
    const teamId = team.id ?? "";
    return {
      teamId,
      isPlayerSide: isPlayerSide(team),
      inputs: membersOf(combat, teamId).map(orderInputOf),
    };
  });
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
    if (collecting !== null) collecting.reroll = true;
    for (const id of group) rolls[id] = await reroll(id);
    const next = settleTie(order, tied, group, rolls);
    if (!next.ok) return next;
    order = next.order;
    tied = next.tied;
  }
  return { ok: true, order, effects: outcome.effects };
}
