/**
 * Issue 26's "Done when", for WWN (parity.support.ts): a move, an attack (Apply pressed by the GM)
 * and going prone through `game.system.api` make the same writes, cards and hooks as the token
 * drag, the sheet's Attack and the token HUD's prone; each hook told once with its documented
 * data; a module stopping `fray.preAttack` stops it; a free move is told with no cost.
 */
import { GM } from "../fake-foundry/index.ts";
import { describeParity } from "./parity.support.ts";

const SPEAR = {
  name: "Spear",
  type: "weapon",
  system: { damage: "1d6", skill: "stab", attributes: { str: true } },
};

let declare: typeof import("../../src/foundry/rulesets/wwn/attack/declare.ts");

describeParity(
  {
    ruleset: "wwn",
    grid: { size: 100, distance: 5, units: "ft" },
    attacker: {
      name: "Kara",
      type: "character",
      system: { health: { value: 10, max: 10 }, attributes: { str: 14 }, skills: { stab: 1 } },
      items: [SPEAR],
    },
    target: {
      name: "Bandit",
      type: "npc",
      system: { health: { value: 8, max: 8 } },
      items: [SPEAR],
    },
    spaces: [
      { col: 0, row: 0 },
      { col: 1, row: 0 },
    ],
    move: { to: { col: 0, row: 3 } },
    // The dialog as it opens on this scene (no cover, no other foe at hand), closed with Roll.
    sheetAttack: (attacker, weapon) =>
      declare.wwnAttack(attacker, weapon, { cover: "none", inMelee: false }),
    presses: [{ step: "apply", user: GM.id }],
    status: "prone",
  },
  async () => {
    declare = await import("../../src/foundry/rulesets/wwn/attack/declare.ts");
  },
);
