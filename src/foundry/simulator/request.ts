/**
 * A combat as the simulator's request: every team that has someone in it, every combatant as its
 * ruleset's adapter reads it now (health, Energy, statuses …: toCombatant / toWwnCombatant), with
 * the weapon it would fight with, its token's place and a default tactic; and, once the order is
 * settled, that order, so the fights go on from here instead of from a fresh roll.
 */
import type { SimRequest } from "../../rules/sim/simulate.ts";
import type { SimFighterBase, SimTeam } from "../../rules/sim/types.ts";
import type { WorldlinesSimFighter } from "../../rules/sim/worldlines.ts";
import type { WwnSimFighter } from "../../rules/sim/wwn.ts";
import type { WorldlinesWeapon } from "../../rules/worldlines/model.ts";
import type { RulesetModule } from "../../rules/types.ts";
import { currentOrder, frayFlags, teamIdOf, teamsOf } from "../combat/state.ts";
import type { CombatLike, CombatantLike } from "../combat/state.ts";
import { teamData } from "../combat/teams.ts";
import { toCombatant, toWeapon } from "../rulesets/worldlines/adapter.ts";
import { toWwnCombatant, toWwnWeapon, unarmedOf } from "../rulesets/wwn/adapter.ts";
import type { WwnWeaponSystem } from "../rulesets/wwn/adapter.ts";

/** How many fights a GM's simulation plays. */
export const DEFAULT_FIGHTS = 10_000;

/**
 * A Worldlines combatant with no weapon item fights with its fists. Product decision of this
 * simulator, not a rule from the book: 1d4 on the melee skill.
 */
export const WORLDLINES_FISTS: WorldlinesWeapon = {
  id: "fists",
  name: "Fists",
  kind: "melee",
  skill: "melee",
  damage: "1d4",
};

type FighterOf = (actor: Actor.Implementation, teamId: string) => SimFighterBase;

/**
 * Each ruleset's way of reading a combatant into a fighter, through its own adapter. A ruleset
 * missing here sends no fighters, and the rules refuse it by name (noSimAdapter).
 */
const FIGHTERS: Readonly<Record<string, FighterOf>> = {
  worldlines: (actor, teamId): WorldlinesSimFighter => {
    const item = actor.items.contents.find((i) => i.type === "weapon");
    return {
      combatant: toCombatant(actor, teamId),
      weapon: item === undefined ? WORLDLINES_FISTS : toWeapon(item),
    };
  },
  wwn: (actor, teamId): WwnSimFighter => {
    const item = actor.items.contents.find(
      (i) => i.type === "weapon" && (i.system as unknown as WwnWeaponSystem).readied,
    );
    return {
      combatant: toWwnCombatant(actor, teamId),
      weapon: item === undefined ? unarmedOf(actor) : toWwnWeapon(item),
    };
  },
};

function positionOf(combatant: CombatantLike): { x: number; y: number } | undefined {
  const token = combatant.token as { x?: unknown; y?: unknown } | null;
  return typeof token?.x === "number" && typeof token.y === "number"
    ? { x: token.x, y: token.y }
    : undefined;
}

/** The request that plays `combat` as it stands, `fights` times from `seed`. */
export function simulationRequest(
  combat: CombatLike,
  ruleset: RulesetModule,
  fights: number = DEFAULT_FIGHTS,
  seed: string = `${combat.id ?? "combat"}:${combat.round}:${combat.turn ?? 0}`,
): SimRequest {
  const read = FIGHTERS[ruleset.id];
  const fighters: SimFighterBase[] = [];
  const withMembers = new Set<string>();
  for (const combatant of combat.combatants.contents) {
    const actor = combatant.actor;
    const teamId = teamIdOf(combatant);
    if (actor === null || teamId === "" || read === undefined) continue;
    const position = positionOf(combatant);
    fighters.push({ ...read(actor, teamId), ...(position === undefined ? {} : { position }) });
    withMembers.add(teamId);
  }
  const teams: SimTeam[] = teamsOf(combat)
    .map(teamData)
    .filter((team) => read === undefined || withMembers.has(team.id))
    .map((team) => ({ id: team.id, name: team.name, isPlayerSide: team.isPlayerSide }));
  const settled =
    frayFlags(combat).order !== undefined && ruleset.turnOrder.mode === "team"
      ? currentOrder(combat, ruleset.turnOrder).order.filter((id) => withMembers.has(id))
      : undefined;
  return {
    ruleset: ruleset.id,
    teams,
    fighters,
    fights,
    seed,
    ...(settled === undefined || settled.length !== teams.length ? {} : { order: settled }),
  };
}
