/**
 * Ready-made dice-pool simulator requests (for tests and `npm run bench`): four against four, the
 * two teams mirror images of each other, and a hopeless fight (one untrained bystander against
 * four of them).
 */
import { makeDicepoolCombatant, makeDicepoolWeapon } from "../dicepool/factory.ts";
import type { DicepoolSimFighter } from "./dicepool.ts";
import { FIXTURE_TEAMS } from "./fixtures.ts";
import type { SimRequest } from "./simulate.ts";

const pistol = makeDicepoolWeapon({ id: "pistol", kind: "ranged" });
const baton = makeDicepoolWeapon({ id: "baton", kind: "close" });

/**
 * Four dice-pool fighters for `teamId`, names prefixed (mirror images whatever the team): two
 * shooters at 2 spaces (Ranged Combat, Mobility to Dodge) and two brawlers in the same space
 * (Close Combat 3, so Blitz Attack; armor to Soak).
 */
export function dicepoolSquad(teamId: string, prefix: string): DicepoolSimFighter[] {
  return [0, 1, 2, 3].map((k) => {
    const shooter = k % 2 === 0;
    return {
      combatant: makeDicepoolCombatant({
        id: `${teamId}-${k}`,
        physical: 3,
        mental: 2,
        skills: shooter
          ? { rangedCombat: 3, mobility: 2, awareness: 1 }
          : { closeCombat: 3, protection: 1, awareness: 1 },
        armorRating: shooter ? 0 : 2,
      }),
      name: `${prefix} ${k + 1}`,
      teamId,
      weapon: shooter ? pistol : baton,
      situation: shooter ? { distance: 2 } : {},
      position: { x: k, y: teamId === FIXTURE_TEAMS[0]?.id ? 0 : 10 },
    };
  });
}

export function dicepoolFourVsFour(fights: number, seed: number | string): SimRequest {
  return {
    ruleset: "dicepool",
    teams: FIXTURE_TEAMS,
    fighters: [...dicepoolSquad("blue", "Blue"), ...dicepoolSquad("red", "Red")],
    fights,
    seed,
  };
}

/** One untrained bystander (Physical 1, no skills, empty hands) against the red four. */
export function dicepoolHopeless(fights: number, seed: number | string): SimRequest {
  const bystander: DicepoolSimFighter = {
    combatant: makeDicepoolCombatant({ id: "bystander", physical: 1, mental: 1 }),
    name: "Bystander",
    teamId: "blue",
    weapon: makeDicepoolWeapon({ id: "" }),
  };
  return {
    ...dicepoolFourVsFour(fights, seed),
    fighters: [bystander, ...dicepoolSquad("red", "Red")],
  };
}
