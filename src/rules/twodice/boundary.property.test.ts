/**
 * The two-dice engine boundary, as properties: every guarded entry point, handed a state in which
 * one number anywhere is hostile, refuses by name or answers soundly (../boundary.support.ts says
 * what each property asserts).
 */
import { describe, it } from "vitest";
import { guards } from "../boundary.support.ts";
import * as twodice from "./index.ts";
import { checkTwodiceFighters } from "../sim/twodice.ts";
import { twodiceSquad } from "../sim/twodice-fixtures.ts";

// ---------------------------------------------------------------------------------------------
// Two-dice game: every entry point that reads numbers from outside (sheets, dice, the GM's calls)

const tdKara = twodice.makeTwodiceCombatant({
  id: "kara",
  traits: { agility: 11, toughness: 8, perception: 10, stealth: 9, medicine: 12 },
  unarmedDefense: 3,
  armor: [{ id: "vest", name: "Vest", coverage: 12, protection: 4 }],
  wounds: { marked: [3, 6], bleedingStopped: false, medicalBonus: 2 },
  turn: { ...twodice.FRESH_TURN, meleeDefense: 5 },
});
const tdBrute = twodice.makeTwodiceCombatant({
  id: "brute",
  traits: { agility: 9, toughness: 10, perception: 8, stealth: 7, medicine: 4 },
  unarmedDefense: 4,
  armor: [
    { id: "coat", name: "Coat", coverage: 9, protection: 2 },
    { id: "suit", name: "Suit", coverage: 20, protection: 1 },
  ],
  wounds: { marked: [8], bleedingStopped: false, medicalBonus: 0 },
  turn: { ...twodice.FRESH_TURN, meleeDefense: 2 },
});
const tdSword = twodice.makeTwodiceWeapon({ id: "sword", attack: 12, defense: 6, damage: 3 });
const tdRifle = twodice.makeTwodiceWeapon({
  id: "rifle",
  kind: "ranged",
  attack: 13,
  defense: 8,
  damage: 5,
  range: 4,
  type: { kind: "auto", threshold: 13 },
  ammo: { rounds: 0, empty: false, fresh: false },
});
const tdMelee = { attacker: tdKara, defender: tdBrute, weapon: tdSword, situation: {} };
const tdRanged = {
  attacker: tdKara,
  defender: tdBrute,
  weapon: tdRifle,
  situation: { distance: 30, targetModifier: -2, cover: [3, 1], moved: false },
};
const tdDice = { black: 7, white: 14 };

/** A property of `guards` for the table below. */
function tdProperty<T>(valid: T, call: (input: T) => unknown, runs?: number): () => void {
  return () => {
    guards(valid, call, runs);
  };
}

const TWODICE: Record<string, () => void> = {
  checkCombatant: tdProperty(tdKara, (c) => twodice.checkCombatant(c, "kara")),
  checkWeapon: tdProperty(tdRifle, (w) => twodice.checkWeapon(w)),
  checkAttackInput: tdProperty(tdRanged, (input) => twodice.checkAttackInput(input)),
  attackSetup: tdProperty(tdRanged, (input) => twodice.attackSetup(input)),
  attackOdds: () => {
    guards(tdMelee, (input) => twodice.attackOdds(input), 60);
    guards(tdRanged, (input) => twodice.attackOdds(input), 60);
  },
  hitOdds: tdProperty({ value: 12, defense: 6 }, (x) => twodice.hitOdds(x.value, x.defense)),
  resolveAttack: () => {
    guards({ input: tdMelee, dice: tdDice }, (x) => twodice.resolveAttack(x.input, x.dice));
    guards({ input: tdRanged, dice: tdDice }, (x) => twodice.resolveAttack(x.input, x.dice));
  },
  resolveAutoFire: tdProperty(
    { input: tdRanged, shots: [{ dice: tdDice }, { dice: { black: 3, white: 9 } }] },
    (x) => twodice.resolveAutoFire(x.input, x.shots),
  ),
  resolveExchange: tdProperty(
    { input: tdMelee, dice: tdDice, counter: { weapon: tdSword, dice: { black: 11, white: 2 } } },
    (x) => twodice.resolveExchange(x.input, x.dice, x.counter),
  ),
  beyondRangePenalty: tdProperty({ step: 7, range: 4 }, (x) =>
    twodice.beyondRangePenalty(x.step, x.range),
  ),
  rangeStep: tdProperty({ meters: 60 }, (x) => twodice.rangeStep(x.meters)),
  checkDice: tdProperty(tdDice, (d) => twodice.checkDice(d, 20)),
  rollCheck: tdProperty({ value: 10, dice: tdDice }, (x) => twodice.rollCheck(x.value, x.dice)),
  resolveSneak: tdProperty(
    {
      perception: 12,
      stealth: 4,
      distance: 10,
      moved: 0,
      dice: { black: 7, white: 15 },
      locateDice: { black: 9, white: 18 },
    },
    (input) => twodice.resolveSneak(input),
  ),
  takeAction: tdProperty({ turn: tdKara.turn, defense: 6 }, (x) =>
    twodice.takeAction(x.turn, { kind: "meleeAttack", defense: x.defense }),
  ),
  wait: tdProperty({ turn: tdKara.turn }, (x) => twodice.wait(x.turn, "meleeAttack")),
  rollWithIt: tdProperty({ turn: tdKara.turn }, (x) => twodice.rollWithIt(x.turn)),
  counterattack: tdProperty({ turn: tdBrute.turn, defense: 6 }, (x) =>
    twodice.counterattack(x.turn, x.defense),
  ),
  checkWounds: tdProperty(tdKara.wounds, (w) => twodice.checkWounds(w)),
  aftermath: tdProperty({ wounds: tdKara.wounds, toughness: 8 }, (x) =>
    twodice.aftermath(x.wounds, x.toughness),
  ),
  treatWounds: tdProperty({ wounds: tdKara.wounds, value: 12, dice: tdDice }, (x) =>
    twodice.treatWounds(x.wounds, x.value, x.dice),
  ),
  recover: tdProperty({ wounds: tdKara.wounds, toughness: 8, dice: { black: 11, white: 4 } }, (x) =>
    twodice.recover(x.wounds, x.toughness, x.dice),
  ),
  surpriseBonusOf: tdProperty({ surpriseBonus: 2, incapacitated: false }, (m) =>
    twodice.surpriseBonusOf(m),
  ),
  checkTwodiceOptions: tdProperty(twodice.DEFAULT_TWODICE_OPTIONS, (o) =>
    twodice.checkTwodiceOptions(o),
  ),
  // The encounter simulator's check of a two-dice fighter (its adapter's validate, sim/twodice.ts):
  // every number of the fighter, the engine's own checks, once per request.
  checkTwodiceFighters: () => {
    for (const fighter of twodiceSquad("blue", "Blue").slice(2)) {
      guards(fighter, (f) => checkTwodiceFighters([f]), 100);
    }
  },
};

describe("the two-dice engine boundary refuses NaN, ±Infinity and out-of-range numbers", () => {
  for (const [name, property] of Object.entries(TWODICE)) it(`twodice.${name}`, property);
});
