/**
 * Issue 26's "Done when", for the dice-pool game (parity.support.ts): a move, an attack (the GM
 * defends with Dodge, the player applies) and core's prone through `game.system.api` make the
 * same writes, cards and hooks as the token drag, the sheet's Attack and the token HUD; each hook
 * told once with its documented data; a module stopping `fray.preAttack` stops it; a free move is
 * told with no cost.
 */
import { GM, PLAYER } from "../fake-foundry/index.ts";
import { describeParity } from "./parity.support.ts";

let declare: typeof import("../../src/foundry/rulesets/dicepool/attack/declare.ts");

describeParity(
  {
    ruleset: "dicepool",
    grid: { size: 100, distance: 5, units: "ft" },
    attacker: {
      name: "Ana",
      type: "character",
      system: { attributes: { physical: 3 }, skills: { closeCombat: 2 }, speed: 6 },
      items: [{ name: "Knife", type: "weapon", system: { kind: "close" } }],
    },
    target: {
      name: "Brute",
      type: "npc",
      system: { attributes: { physical: 2 }, skills: { mobility: 1, closeCombat: 2 } },
      items: [{ name: "Jacket", type: "armor", system: { rating: 1, equipped: true } }],
    },
    // A close attack needs the foe's own space.
    spaces: [
      { col: 0, row: 0 },
      { col: 0, row: 0 },
    ],
    move: { to: { col: 0, row: 2 } },
    // The dialog as it opens (no cover, damage), closed with Roll.
    sheetAttack: (attacker, weapon, target) =>
      declare.declareDicepoolAttack(attacker, weapon, [target]),
    presses: [
      { step: "defend", user: GM.id, choices: { defense: "dodge" } },
      { step: "apply", user: PLAYER.id },
    ],
    status: "prone",
    // Ending Ana's turn starts the Brute's: a third phase and turn.
    phases: 3,
    turns: 3,
  },
  async () => {
    declare = await import("../../src/foundry/rulesets/dicepool/attack/declare.ts");
  },
);
