/**
 * A small ready-made fight (used by `npm run demo`, the bench and tests): a two-person crew
 * against three raiders.
 */
import type { EncounterFighter, EncounterTeam } from "./encounter.ts";
import { makeCombatant } from "./factory.ts";
import type { WorldlinesWeapon } from "./model.ts";

const pistol: WorldlinesWeapon = {
  id: "pistol",
  name: "Pistol",
  kind: "ranged",
  skill: "firearms",
  damage: "1d6+1",
};
const stunBaton: WorldlinesWeapon = {
  id: "stun-baton",
  name: "Stun baton",
  kind: "melee",
  skill: "melee",
  damage: "1d6+2",
  nonLethal: true,
};
const smg: WorldlinesWeapon = {
  id: "smg",
  name: "SMG",
  kind: "ranged",
  skill: "firearms",
  damage: "1d8",
};
const knife: WorldlinesWeapon = {
  id: "knife",
  name: "Knife",
  kind: "melee",
  skill: "melee",
  damage: "1d4+1",
  onHit: [{ status: "bleeding" }],
};

export const SAMPLE_TEAMS: readonly EncounterTeam[] = [
  { id: "crew", name: "Crew", isPlayerSide: true },
  { id: "raiders", name: "Raiders", isPlayerSide: false },
];

export function sampleFighters(): EncounterFighter[] {
  return [
    {
      combatant: makeCombatant({
        id: "maya",
        name: "Maya",
        teamId: "crew",
        rank: "hero",
        traits: { combat: 8, spirit: 6, mind: 6 },
        skills: { firearms: 2, evasion: 1, medicine: 1 },
        armor: { torso: 6, arms: 4, legs: 4 },
        health: 24,
      }),
      weapon: pistol,
      situation: { zone: "head", range: "short" },
    },
    {
      combatant: makeCombatant({
        id: "jun",
        name: "Jun",
        teamId: "crew",
        rank: "hero",
        traits: { combat: 10, spirit: 8, mind: 8 },
        skills: { melee: 2, evasion: 2, medicine: 2 },
        armor: { torso: 8, head: 4 },
        health: 22,
      }),
      weapon: stunBaton,
      situation: { nonLethal: true, flanked: true },
    },
    {
      combatant: makeCombatant({
        id: "rook",
        name: "Rook",
        teamId: "raiders",
        rank: "elite",
        traits: { combat: 8, spirit: 6 },
        skills: { firearms: 1, evasion: 1 },
        armor: { torso: 6, legs: 4 },
        health: 18,
      }),
      weapon: smg,
      situation: { zone: "legs", range: "medium" },
      tactic: { reserve: 0 },
    },
    {
      combatant: makeCombatant({
        id: "vex",
        name: "Vex",
        teamId: "raiders",
        rank: "minor",
        traits: { combat: 6, spirit: 4 },
        skills: { melee: 1 },
        armor: { torso: 4 },
        health: 10,
      }),
      weapon: knife,
    },
    {
      combatant: makeCombatant({
        id: "ash",
        name: "Ash",
        teamId: "raiders",
        rank: "minor",
        traits: { combat: 6, spirit: 4 },
        skills: { firearms: 1 },
        health: 10,
      }),
      weapon: smg,
      situation: { cover: "half", range: "long" },
      tactic: { reserve: 0 },
    },
  ];
}
