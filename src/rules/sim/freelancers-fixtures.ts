/**
 * Ready-made Freelancers simulator requests (for tests and `npm run bench`): four against four,
 * the two teams mirror images of each other, and a hopeless fight of one raw recruit against them.
 *
 * Each squad: a knife fighter and a brawler in melee reach (1 m), a rifle at 12 m (within its
 * nominal range), and a large, armored hauler with a static defense.
 */
import { makeFreelancer, makeFreelancersWeapon } from "../freelancers/factory.ts";
import type { FreelancersWeapon } from "../freelancers/model.ts";
import { FIXTURE_TEAMS } from "./fixtures.ts";
import type { FreelancersSimFighter } from "./freelancers.ts";
import type { SimRequest } from "./simulate.ts";

const knife = makeFreelancersWeapon({
  id: "knife",
  name: "Knife",
  skill: "finesse",
  damage: "1d6+3",
  reach: 1.5,
});
const club = makeFreelancersWeapon({
  id: "club",
  name: "Club",
  attribute: "might",
  skill: "brawl",
  damage: "1d8+2",
  reach: 1.5,
});
const rifle = makeFreelancersWeapon({
  id: "rifle",
  name: "Rifle",
  kind: "ranged",
  skill: "marksman",
  damage: "2d6+1",
  range: { nominal: 30, max: 90 },
  integrity: { value: 2, max: 2 },
});

/** Four Freelancers fighters for `teamId`, names prefixed (mirror images whatever the team). */
export function freelancersSquad(teamId: string, prefix: string): FreelancersSimFighter[] {
  const y = teamId === FIXTURE_TEAMS[0]?.id ? 0 : 12;
  const fighter = (
    k: number,
    weapon: FreelancersWeapon,
    distance: number,
    more: Partial<Parameters<typeof makeFreelancer>[0]> = {},
  ): FreelancersSimFighter => ({
    combatant: makeFreelancer({
      id: `${teamId}-${k}`,
      name: `${prefix} ${k + 1}`,
      attributes: { agility: 8, might: 8, fortitude: 9 },
      skills: { finesse: 5, brawl: 4, marksman: 5 },
      armor: 1,
      health: 10,
      ...more,
    }),
    teamId,
    weapon,
    situation: { distance },
    position: { x: k, y },
  });
  return [
    fighter(0, knife, 1),
    fighter(1, club, 1),
    fighter(2, rifle, 12),
    fighter(3, club, 1, {
      size: "large",
      defense: "static",
      armor: 3,
      health: 14,
      attributes: { agility: 4, might: 11, fortitude: 11 },
    }),
  ];
}

/** Four against four, mirror images. */
export function freelancersFourVsFour(fights: number, seed: number | string): SimRequest {
  return {
    ruleset: "freelancers",
    teams: FIXTURE_TEAMS,
    fighters: [...freelancersSquad("blue", "Blue"), ...freelancersSquad("red", "Red")],
    fights,
    seed,
  };
}

/** One raw recruit with a pocket knife against the whole Red squad. */
export function freelancersHopeless(fights: number, seed: number | string): SimRequest {
  const recruit: FreelancersSimFighter = {
    combatant: makeFreelancer({
      id: "recruit",
      name: "Recruit",
      attributes: { agility: 4, fortitude: 4 },
      skills: { finesse: 1 },
      health: 5,
    }),
    teamId: "blue",
    weapon: makeFreelancersWeapon({ id: "pocket-knife", skill: "finesse", damage: "1d4" }),
    situation: { distance: 1 },
  };
  return {
    ...freelancersFourVsFour(fights, seed),
    fighters: [recruit, ...freelancersSquad("red", "Red")],
  };
}
