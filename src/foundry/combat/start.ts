/**
 * Settling a combat's order when the GM starts it: the shell gathers what the active ruleset's
 * ordering asks for (team rolls, a pick, individual rolls), rolls the dice with Foundry's Roll,
 * rerolls what stays tied, and hands the rolls to the ruleset's pure ordering function.
 */
import type { DieRoll } from "../../rules/core/dice.ts";
import { settleTie } from "../../rules/combat/order.ts";
import type { OrderOutcome, SetupEffect, SettledOrder } from "../../rules/combat/order.ts";
import { dispositionFromNumber } from "../../rules/combat/teams.ts";
import type { TeamId } from "../../rules/combat/types.ts";
import { dicepoolInitiative } from "../../rules/dicepool/initiative.ts";
import { freelancersInitiative } from "../../rules/freelancers/initiative.ts";
import type { RulesetModule } from "../../rules/registry.ts";
import { twodiceInitiative } from "../../rules/twodice/initiative.ts";
import { worldlinesInitiative } from "../../rules/worldlines/order.ts";
import { wwnInitiative } from "../../rules/wwn/initiative.ts";
import { combatHooks } from "./ruleset-hooks.ts";
import type { OrderInput } from "./ruleset-hooks.ts";
import { isDefeated, teamIdOf, teamsOf } from "./state.ts";
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

/**
 * Dice for combatants whose actor does not say (no ruleset hook, no actor). Worldlines: the
 * Combat die of a fresh actor (d8); dice pool: a one-die pool.
 */
export const DEFAULT_DICE = {
  worldlinesCombat: "1d8",
  wwnSide: "1d8",
  dicepool: "1d10",
  d20: "1d20",
};

const MAX_REROLLS = 20;

async function rollTotal(formula: string): Promise<number> {
  const roll = await new Roll(formula).evaluate();
  return roll.total;
}

function isPlayerSide(team: TeamLike): boolean {
  const system = team.system as unknown as { playerSide?: unknown; disposition?: unknown };
  if (typeof system.playerSide === "boolean" && system.playerSide) return true;
  return (
    typeof system.disposition === "number" &&
    dispositionFromNumber(system.disposition) === "friendly"
  );
}

/** The member's own order die and modifier, as the active ruleset reads them from its actor. */
function orderInputOf(member: CombatantLike): OrderInput {
  const hooks = combatHooks();
  return member.actor !== null ? (hooks.orderInput?.(member.actor) ?? {}) : {};
}

function membersOf(combat: CombatLike, teamId: TeamId) {
  return combat.combatants.contents.filter((c) => teamIdOf(c) === teamId && !isDefeated(c));
}

/** Rerolls every group still tied with `reroll(id)` until none is, or gives up after a while. */
async function settleTies(
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

/** Settles the order of `combat` for the given ruleset, rolling what has to be rolled. */
export async function settleOrder(
  combat: CombatLike,
  ruleset: RulesetModule,
  choice: StartChoice = {},
): Promise<Settled> {
  const teams = teamsOf(combat);
  const teamIds = teams.map((team) => team.id ?? "");
  switch (ruleset.id) {
    case "worldlines": {
      const rollTeam = async (teamId: TeamId) => {
        const rolls: DieRoll[] = [];
        for (const member of membersOf(combat, teamId)) {
          const die = orderInputOf(member).die ?? DEFAULT_DICE.worldlinesCombat;
          // The rules check the face against its die ("1d8" → 8; anything else is refused).
          const sides = Number(/^1?d(\d+)$/.exec(die)?.[1] ?? NaN);
          rolls.push({ sides, value: await rollTotal(die) });
        }
        return rolls;
      };
      const input = [];
      for (const team of teams) {
        input.push({
          teamId: team.id ?? "",
          isPlayerSide: isPlayerSide(team),
          combatRolls: await rollTeam(team.id ?? ""),
        });
      }
      return settleTies(worldlinesInitiative(input), () =>
        rollTotal(DEFAULT_DICE.worldlinesCombat),
      );
    }
    case "wwn": {
      const sides = [];
      for (const team of teams) {
        sides.push({
          teamId: team.id ?? "",
          isPlayerSide: isPlayerSide(team),
          d8: await rollTotal(DEFAULT_DICE.wwnSide),
          dexModifiers: membersOf(combat, team.id ?? "").map(
            (member) => orderInputOf(member).modifier ?? 0,
          ),
        });
      }
      const outcome = wwnInitiative(sides, { surprise: choice.surprising ?? [] });
      return settleTies(outcome, () => rollTotal(DEFAULT_DICE.wwnSide));
    }
    case "freelancers": {
      const outcome = freelancersInitiative({
        teams: teams.map((team) => ({
          teamId: team.id ?? "",
          memberIds: membersOf(combat, team.id ?? "").map((c) => c.id ?? ""),
        })),
        initiative: choice.initiative ?? choice.surprising?.[0] ?? teamIds[0] ?? "",
        surprised: teamIds.filter(
          (id) => (choice.surprising ?? []).length > 0 && !(choice.surprising ?? []).includes(id),
        ),
      });
      return outcome.ok ? { ok: true, order: outcome.order, effects: outcome.effects } : outcome;
    }
    case "dicepool": {
      const rolls = [];
      for (const c of combat.combatants.contents) {
        const team = teams.find((t) => t.id === teamIdOf(c));
        rolls.push({
          combatantId: c.id ?? "",
          result:
            typeof c.initiative === "number"
              ? c.initiative
              : await rollTotal(DEFAULT_DICE.dicepool),
          pool: 1,
          isPlayerSide: team !== undefined && isPlayerSide(team),
        });
      }
      return settleTies(dicepoolInitiative(rolls), () => rollTotal(DEFAULT_DICE.dicepool));
    }
    case "twodice": {
      const rolls = [];
      if (choice.roll === true) {
        for (const team of teams) {
          rolls.push({
            teamId: team.id ?? "",
            d20: await rollTotal(DEFAULT_DICE.d20),
            // Each member's surprise bonus (the ruleset's orderInput: rules surpriseBonusOf).
            traitBonuses: membersOf(combat, team.id ?? "").map(
              (member) => orderInputOf(member).modifier ?? 0,
            ),
          });
        }
      }
      const outcome = twodiceInitiative({
        teams: teams.map((team) => ({ teamId: team.id ?? "", isPlayerSide: isPlayerSide(team) })),
        surprising: choice.surprising ?? [],
        rolls,
      });
      return settleTies(outcome, () => rollTotal(DEFAULT_DICE.d20));
    }
    default:
      // A registered ruleset this switch does not know yet: its teams act in the order listed.
      return {
        ok: true,
        order: { mode: "team", order: teamIds, values: {}, surpriseRound: [] },
        effects: [],
      };
  }
}
