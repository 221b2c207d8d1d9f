/**
 * Issue 26's "Done when", for the two-dice game (parity.support.ts): a move, a sword attack (the
 * GM's NPC answers with Apply) and core's prone through `game.system.api` make the same writes,
 * cards and hooks as the token drag, the sheet's Attack and the token HUD; each hook told once
 * with its documented data; a module stopping `fray.preAttack` stops it; a free move is told with
 * no cost.
 */
import { GM } from "../fake-foundry/index.ts";
import { describeParity } from "./parity.support.ts";

let declare: typeof import("../../src/foundry/rulesets/twodice/attack/declare.ts");

const SWORD = {
  name: "Sword",
  type: "weapon",
  system: { kind: "melee", attack: 12, defense: 6, damage: 2 },
};

describeParity(
  {
    ruleset: "twodice",
    grid: { size: 100, distance: 1, units: "m" },
    // The drag moves the token at once (the world's option; by default the GM carries declared
    // moves out at the turn's end, movement-twodice tests both).
    settings: { "fray.twodiceMovesAtTurnEnd": false },
    attacker: {
      name: "Kara",
      type: "character",
      system: { traits: { toughness: 8, agility: 6 }, unarmedDefense: 4 },
      items: [SWORD],
    },
    target: { name: "Brute", type: "npc", system: { traits: { toughness: 9 } }, items: [SWORD] },
    spaces: [
      { col: 0, row: 0 },
      { col: 1, row: 0 },
    ],
    move: { to: { col: 0, row: 3 } },
    random: 0.001,
    // The dialog as it opens (a single attack), closed with Roll.
    sheetAttack: (attacker, weapon, target) =>
      declare.declareTwodiceAttack(attacker, weapon, target, { mode: "single" }),
    presses: [{ step: "apply", user: GM.id }],
    status: "prone",
  },
  async () => {
    declare = await import("../../src/foundry/rulesets/twodice/attack/declare.ts");
  },
);
