/**
 * The two-dice d20 game. Pure rules, one concern per module:
 * - initiative.ts: which side acts first (surprise, or a d20 per team; players first otherwise);
 * - turns.ts: one combat action per turn, waiting and cutting in, counterattack eligibility,
 *   rolling with it, aiming and readying carried to the next turn, moves resolved at turn end;
 * - turn-end.ts: a declared move's destination, and the end of the turn (every move at once, then
 *   what was combined with moving, in the order declared);
 * - facing.ts: a shooter that turns more than 90° to fire (its token's rotation);
 * - roll.ts: the black and white dice: success, hit, the damage digit, a check's result;
 * - attack-input.ts: what an attack is handed, and its one check (checkAttackInput);
 * - attack.ts: melee and ranged attacks, melee exchanges (counterattacks), full Auto;
 * - damage.ts: armor layers and damage;
 * - range.ts: the range scale, and shooting beyond a weapon's Range;
 * - ammo.ts: ammunition by weapon Type (C, Cn, An) and reloading;
 * - wounds.ts: the wound track, incapacitation, the aftermath (bleeding, death), Medicine and
 *   Recovery;
 * - sneak.ts: sneaking past an observer, and a plain check;
 * - odds.ts: exact attack odds;
 * - changes.ts: outcomes as document changes (the field paths the shell writes);
 * - options.ts: every number a GM may change, with its default; option-settings.ts: the same as
 *   world settings, and their reader;
 * - model.ts / factory.ts: the state the rules read (combatants, weapons, armor, turn, wounds),
 *   weapon Types, and defaults for new state.
 */
import type { RulesetModule } from "../types.ts";
import { twodiceTurnOrder } from "./initiative.ts";

export const ruleset: RulesetModule = {
  id: "twodice",
  label: "FRAY.Ruleset.twodice.Name",
  summary: "FRAY.Ruleset.twodice.Summary",
  turnOrder: twodiceTurnOrder,
};

export * from "./ammo.ts";
export * from "./attack.ts";
export * from "./attack-input.ts";
export * from "./changes.ts";
export * from "./damage.ts";
export * from "./facing.ts";
export * from "./factory.ts";
export * from "./initiative.ts";
export * from "./model.ts";
export * from "./odds.ts";
export * from "./option-settings.ts";
export * from "./options.ts";
export * from "./range.ts";
export * from "./roll.ts";
export * from "./sneak.ts";
export * from "./turn-end.ts";
export * from "./turns.ts";
export * from "./wounds.ts";
