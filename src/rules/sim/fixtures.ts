/**
 * Ready-made simulator requests (for tests, `npm run bench` and the README's screenshot): four
 * against four in Worldlines and in WWN, the two teams mirror images of each other.
 */
import { makeCombatant } from "../worldlines/factory.ts";
import type { WorldlinesWeapon } from "../worldlines/model.ts";
import { makeWwnCombatant, makeWwnWeapon } from "../wwn/factory.ts";
import type { SimRequest } from "./simulate.ts";
import type { SimTeam } from "./types.ts";
import type { WorldlinesSimFighter } from "./worldlines.ts";
import type { WwnSimFighter } from "./wwn.ts";

export const FIXTURE_TEAMS: readonly SimTeam[] = [
  { id: "blue", name: "Blue", isPlayerSide: true },
  { id: "red", name: "Red", isPlayerSide: false },
];

const rifle: WorldlinesWeapon = {
  id: "rifle",
  name: "Rifle",
  kind: "ranged",
  skill: "firearms",
  damage: "1d8+1",
};
const blade: WorldlinesWeapon = {
  id: "blade",
  name: "Blade",
  kind: "melee",
  skill: "melee",
  damage: "1d6+1",
  onHit: [{ status: "bleeding" }],
};

/** Four Worldlines fighters for `teamId`, names prefixed (mirror images whatever the team). */
export function worldlinesSquad(teamId: string, prefix: string): WorldlinesSimFighter[] {
  return [0, 1, 2, 3].map((k) => ({
    combatant: makeCombatant({
      id: `${teamId}-${k}`,
      name: `${prefix} ${k + 1}`,
      teamId,
      traits: { combat: k === 0 ? 10 : 8, spirit: 6 },
      skills: { firearms: 1, melee: 1, evasion: 1, medicine: 1 },
      armor: { torso: 6, legs: 4 },
      health: 18,
    }),
    weapon: k % 2 === 0 ? rifle : blade,
    situation: k % 2 === 0 ? { range: "medium" } : {},
    position: { x: k, y: teamId === FIXTURE_TEAMS[0]?.id ? 0 : 10 },
  }));
}

/** Four WWN fighters for `teamId`. */
export function wwnSquad(teamId: string, prefix: string): WwnSimFighter[] {
  return [0, 1, 2, 3].map((k) => ({
    combatant: makeWwnCombatant({
      id: `${teamId}-${k}`,
      name: `${prefix} ${k + 1}`,
      teamId,
      hp: 12,
      ac: 13,
      attackBonus: 1,
      attributes: { str: 1, dex: 0 },
      skills: { stab: 1 },
    }),
    weapon: makeWwnWeapon({
      id: "spear",
      name: "Spear",
      damage: "1d6+1",
      shock: { damage: 2, ac: 13 },
    }),
    position: { x: k, y: teamId === FIXTURE_TEAMS[0]?.id ? 0 : 10 },
  }));
}

export function worldlinesFourVsFour(fights: number, seed: number | string): SimRequest {
  return {
    ruleset: "worldlines",
    teams: FIXTURE_TEAMS,
    fighters: [...worldlinesSquad("blue", "Blue"), ...worldlinesSquad("red", "Red")],
    fights,
    seed,
  };
}

export function wwnFourVsFour(fights: number, seed: number | string): SimRequest {
  return {
    ruleset: "wwn",
    teams: FIXTURE_TEAMS,
    fighters: [...wwnSquad("blue", "Blue"), ...wwnSquad("red", "Red")],
    fights,
    seed,
  };
}
