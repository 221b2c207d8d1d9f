/**
 * A combat as the simulator's request: every team that has someone in it, every combatant as its
 * ruleset's seam reads it now (`simFighter`: health, resources, statuses …), with the weapon it
 * would fight with, its token's place and the tactic the GM chose (tactics.ts); and, once the
 * order is settled, that order (team ids, or fighter ids for individual initiative) and where the
 * round stands, so the fights go on from here instead of from a fresh roll.
 */
import type { SimRequest } from "../../rules/sim/simulate.ts";
import type { SimFighterBase, SimTactic, SimTeam } from "../../rules/sim/types.ts";
import type { RulesetModule } from "../../rules/types.ts";
import { phaseKey } from "../../rules/combat/types.ts";
import type { SimResume } from "../../rules/sim/types.ts";
import { currentOrder, frayFlags, teamIdOf, teamsOf, turnStateOf } from "../combat/state.ts";
import type { CombatLike, CombatantLike } from "../combat/state.ts";
import { teamData } from "../combat/teams.ts";
import { shellRuleset, shellRulesetIds } from "../rulesets/registry.ts";
import { combatantId } from "../shared/actors.ts";
import type { SetupFighter } from "./tactics.ts";

/** How many fights a GM's simulation plays. */
export const DEFAULT_FIGHTS = 10_000;

function positionOf(combatant: CombatantLike): { x: number; y: number } | undefined {
  const token = combatant.token as { x?: unknown; y?: unknown } | null;
  return typeof token?.x === "number" && typeof token.y === "number"
    ? { x: token.x, y: token.y }
    : undefined;
}

/** The seed a combat's simulation starts from unless the GM gives another: where it stands now. */
export function defaultSeed(combat: CombatLike): string {
  return `${combat.id ?? "combat"}:${combat.round}:${combat.turn ?? 0}`;
}

/** Who fights in a simulation of `combat`: every combatant with an actor and a team, in order. */
export function setupFighters(combat: CombatLike): SetupFighter[] {
  return combat.combatants.contents.flatMap((combatant) => {
    const teamId = teamIdOf(combatant);
    if (combatant.actor === null || teamId === "" || combatant.id === null) return [];
    const name = combatant.name ?? combatant.actor.name;
    return [{ combatantId: combatant.id, name, teamId }];
  });
}

/**
 * The request that plays `combat` as it stands, `fights` times from `seed`, each fighter with its
 * tactic from `tactics` (by combatant id; the adapter's default where none).
 */
export function simulationRequest(
  combat: CombatLike,
  ruleset: RulesetModule,
  fights: number = DEFAULT_FIGHTS,
  seed: string = defaultSeed(combat),
  tactics: Readonly<Record<string, Partial<SimTactic>>> = {},
): SimRequest {
  const read = shellRulesetIds().includes(ruleset.id)
    ? shellRuleset(ruleset.id).simFighter
    : undefined;
  const fighters: SimFighterBase[] = [];
  const withMembers = new Set<string>();
  /** Fighter id (the actor's, as the adapters read it) by combatant id. */
  const fighterIds = new Map<string, string>();
  for (const combatant of combat.combatants.contents) {
    const actor = combatant.actor;
    const teamId = teamIdOf(combatant);
    if (actor === null || teamId === "" || read === undefined) continue;
    const position = positionOf(combatant);
    const fighter = read(actor, teamId);
    const tactic = combatant.id === null ? undefined : tactics[combatant.id];
    fighters.push({
      ...fighter,
      ...(position === undefined ? {} : { position }),
      ...(tactic === undefined ? {} : { tactic }),
    });
    if (combatant.id !== null) fighterIds.set(combatant.id, fighterIdOf(fighter));
    withMembers.add(teamId);
  }
  const teams: SimTeam[] = teamsOf(combat)
    .map(teamData)
    .filter((team) => read === undefined || withMembers.has(team.id))
    .map((team) => ({ id: team.id, name: team.name, isPlayerSide: team.isPlayerSide }));
  // The settled order as the tracker holds it (team ids, or combatant ids in individual mode),
  // with only who is in the request; the simulator's order names fighters by their fighter ids.
  const individual = ruleset.turnOrder.mode === "individual";
  const tracked =
    frayFlags(combat).order === undefined
      ? undefined
      : currentOrder(combat, ruleset.turnOrder).order.filter((id) =>
          individual ? fighterIds.has(id) : withMembers.has(id),
        );
  const complete = tracked?.length === (individual ? fighters.length : teams.length);
  const settled = complete ? tracked : undefined;
  const order = individual ? settled?.map((id) => fighterIds.get(id) ?? "") : settled;
  const resume = settled === undefined ? undefined : resumeOf(combat, ruleset, settled, fighterIds);
  return {
    ruleset: ruleset.id,
    teams,
    fighters,
    fights,
    seed,
    ...(order === undefined ? {} : { order }),
    ...(resume === undefined ? {} : { resume }),
  };
}

function fighterIdOf(fighter: SimFighterBase): string {
  return (fighter as { readonly combatant?: { readonly id?: string } }).combatant?.id ?? "";
}

/**
 * Each fighter's name by the id the rules know it by (shared/actors.ts combatantId), so a refusal that names a
 * fighter by id can be shown with its name.
 */
export function fighterNames(combat: CombatLike): Record<string, string> {
  return Object.fromEntries(
    combat.combatants.contents.flatMap((c) =>
      c.actor === null ? [] : [[combatantId(c.actor), c.name ?? c.actor.name]],
    ),
  );
}

/**
 * Where the live combat stands in its round, as the simulator's plan counts it: the phase being
 * played (found by what it is, in the round plan of `order`, the tracker's ids of who is in the
 * request: teams, or combatants in individual mode, whose plan has a phase per combatant) and the
 * fighters who have taken their turn this round. Before the first round, or at a phase the plan lacks, nothing: the
 * fights start at the round's beginning.
 */
function resumeOf(
  combat: CombatLike,
  ruleset: RulesetModule,
  order: readonly string[],
  fighterIds: ReadonlyMap<string, string>,
): SimResume | undefined {
  const state = turnStateOf(combat);
  const phase = state.plan[state.phaseIndex];
  if (state.round < 1 || phase === undefined) return undefined;
  const settled = { ...currentOrder(combat, ruleset.turnOrder), order };
  const plan = ruleset.turnOrder.roundPlan(settled, state.round);
  const phaseIndex = plan.findIndex((p) => phaseKey(p) === phaseKey(phase));
  if (phaseIndex < 0) return undefined;
  const acted = state.acted.flatMap((id) => {
    const fighterId = fighterIds.get(id);
    return fighterId === undefined ? [] : [fighterId];
  });
  return { phaseIndex, acted };
}
