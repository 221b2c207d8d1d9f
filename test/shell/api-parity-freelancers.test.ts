/**
 * Issue 26's "Done when", for Freelancers (parity.support.ts): a move, a knife attack (the GM
 * rolls the defense and applies) and a stun counter through `game.system.api` make the same
 * writes, cards and hooks as the token drag, the sheet's Attack and the token HUD; each hook told
 * once with its documented data; a module stopping `fray.preAttack` stops it; a free move is told
 * with no cost.
 */
import { GM } from "../fake-foundry/index.ts";
import { describeParity } from "./parity.support.ts";

let dialog: typeof import("../../src/foundry/rulesets/freelancers/attack/dialog.ts");

describeParity(
  {
    ruleset: "freelancers",
    grid: { size: 100, distance: 1.5, units: "m" },
    attacker: {
      name: "Kara",
      type: "character",
      prototypeToken: { disposition: 1 },
      system: { attributes: { agility: 8 }, skills: { finesse: 3 } },
      items: [
        {
          name: "Knife",
          type: "weapon",
          system: { skill: "finesse", attribute: "agility", damage: "1d6+2", reach: 1 },
        },
      ],
    },
    target: {
      name: "Rook",
      type: "npc",
      prototypeToken: { disposition: -1 },
      system: { attributes: { agility: 7 }, armor: 1 },
    },
    spaces: [
      { col: 0, row: 0 },
      { col: 1, row: 0 },
    ],
    move: { to: { col: 0, row: 2 } },
    // Every die a 9 on the d20 (a 3 on the d6): the knife passes, the dodge does not.
    random: 0.45,
    // The dialog as it opens, closed with Roll.
    sheetAttack: (attacker, weapon) =>
      dialog.flAttack(attacker, weapon, { cover: "none", as: "base", targetEngaged: false }),
    // The GM's fighter defends on the referee's own (the world's default for the GM's), the GM
    // applies.
    presses: [{ step: "apply", user: GM.id }],
    status: "stun",
    // Ending Kara's turn passes the round to the other side's phase.
    phases: 3,
  },
  async () => {
    dialog = await import("../../src/foundry/rulesets/freelancers/attack/dialog.ts");
  },
);
