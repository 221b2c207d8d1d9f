/**
 * Ready-made two-dice simulator requests (for tests and `npm run bench`): four against four, the
 * two teams mirror images of each other (a swordsman, a spearman, a shooter with a two-shot gun
 * and one with an automatic weapon, some in armor), and a hopeless fight: one untrained, unarmored
 * fighter with a knife against that squad.
 */
import { makeTwodiceCombatant, makeTwodiceWeapon } from "../twodice/factory.ts";
import type { SimRequest } from "./simulate.ts";
import { FIXTURE_TEAMS } from "./fixtures.ts";
import type { TwodiceSimFighter } from "./twodice.ts";

const sword = makeTwodiceWeapon({ id: "sword", name: "Sword", attack: 13, defense: 7, damage: 2 });
const spear = makeTwodiceWeapon({ id: "spear", name: "Spear", attack: 12, defense: 8, damage: 3 });
const shotgun = makeTwodiceWeapon({
  id: "shotgun",
  name: "Shotgun",
  kind: "ranged",
  attack: 13,
  defense: 8,
  damage: 4,
  range: 2,
  type: { kind: "capacity", rounds: 2 },
});
const carbine = makeTwodiceWeapon({
  id: "carbine",
  name: "Carbine",
  kind: "ranged",
  attack: 12,
  defense: 7,
  damage: 3,
  range: 5,
  type: { kind: "auto", threshold: 14 },
});
const vest = { id: "vest", name: "Vest", coverage: 12, protection: 3 };
const helmet = { id: "helmet", name: "Helmet", coverage: 4, protection: 2 };

/** Four two-dice fighters for `teamId`, names prefixed (mirror images whatever the team). */
export function twodiceSquad(teamId: string, prefix: string): TwodiceSimFighter[] {
  const kit = [
    { weapon: sword, armor: [helmet, vest], toughness: 11 },
    { weapon: spear, armor: [vest], toughness: 10 },
    { weapon: shotgun, armor: [], toughness: 9 },
    { weapon: carbine, armor: [vest], toughness: 10 },
  ];
  return kit.map((k, i) => ({
    combatant: makeTwodiceCombatant({
      id: `${teamId}-${i}`,
      name: `${prefix} ${i + 1}`,
      traits: { agility: 10, toughness: k.toughness, perception: 10, stealth: 8, medicine: 6 },
      unarmedDefense: 3,
      armor: k.armor,
    }),
    teamId,
    weapon: k.weapon,
    surpriseBonus: i === 0 ? 1 : 0,
    situation: k.weapon.kind === "ranged" ? { distance: 12 } : {},
    position: { x: i, y: teamId === FIXTURE_TEAMS[0]?.id ? 0 : 10 },
  }));
}

export function twodiceFourVsFour(fights: number, seed: number | string): SimRequest {
  return {
    ruleset: "twodice",
    teams: FIXTURE_TEAMS,
    fighters: [...twodiceSquad("blue", "Blue"), ...twodiceSquad("red", "Red")],
    fights,
    seed,
  };
}

/** One untrained fighter with a knife, no armor and a low Toughness, against the red squad. */
export function twodiceHopeless(fights: number, seed: number | string): SimRequest {
  const loner: TwodiceSimFighter = {
    combatant: makeTwodiceCombatant({
      id: "loner",
      name: "Loner",
      traits: { agility: 8, toughness: 5, perception: 8, stealth: 8, medicine: 4 },
    }),
    teamId: "blue",
    weapon: makeTwodiceWeapon({ id: "knife", name: "Knife", attack: 6, defense: 2, damage: 0 }),
  };
  return { ...twodiceFourVsFour(fights, seed), fighters: [loner, ...twodiceSquad("red", "Red")] };
}
