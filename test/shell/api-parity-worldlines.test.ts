/**
 * Issue 26's "Done when", for Worldlines (parity.support.ts): a move, a pistol shot (the GM's NPC
 * takes it, the GM applies) and dropping prone (the stance, its Energy paid) through
 * `game.system.api` make the same writes, cards and hooks as the token drag, the sheet's Attack
 * and the token HUD; each hook told once with its documented data; a module stopping
 * `fray.preAttack` stops it; a free move is told with no cost.
 */
import { GM } from "../fake-foundry/index.ts";
import { describeParity } from "./parity.support.ts";

let declare: typeof import("../../src/foundry/rulesets/worldlines/attack/declare.ts");

const STATS = {
  health: { value: 20, max: 20 },
  energy: { value: 10, max: 10 },
  traits: { combat: 8, spirit: 6, mind: 6 },
  skills: { firearms: 2, evasion: 1 },
};
const PISTOL = {
  name: "Pistol",
  type: "weapon",
  system: { damage: "1d6+1", skill: "firearms", kind: "ranged" },
};

describeParity(
  {
    ruleset: "worldlines",
    grid: { size: 100, distance: 5, units: "ft" },
    attacker: { name: "Maya", type: "character", system: STATS, items: [PISTOL] },
    target: { name: "Vex", type: "npc", system: STATS, items: [PISTOL] },
    spaces: [
      { col: 0, row: 0 },
      { col: 4, row: 0 },
    ],
    move: { to: { col: 1, row: 0 } },
    // The dialog as it opens on this scene, closed with Roll.
    sheetAttack: (attacker, weapon) =>
      declare.attack(attacker, weapon, {
        zone: "torso",
        cover: "none",
        range: "short",
        flanked: false,
        poorVisibility: false,
      }),
    // The GM's NPC takes the shot (the referee's own step), the GM applies it.
    presses: [{ step: "apply", user: GM.id }],
    status: "prone",
  },
  async () => {
    declare = await import("../../src/foundry/rulesets/worldlines/attack/declare.ts");
  },
);
