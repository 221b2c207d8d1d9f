/**
 * Dice for the Worldlines shell. The rules draw dice synchronously from a DiceSource; Foundry rolls
 * them asynchronously (so Dice So Nice and roll modes see every die). The bridge is a replay: run
 * the rules on the dice rolled so far; when they ask for one more, roll it with core `Roll` and run
 * them again. The rules are deterministic, so every run retraces the previous one.
 */
import type { DiceSource, DieRoll } from "../../rules/core/dice.ts";
import { MAX_DICE } from "../../rules/core/formula.ts";

/**
 * Most dice one resolution may ask for: the one formula limit's dice for the damage, plus room for
 * the rules' own dice (attack, Evasion twice, armor, head shot, knock-out time, status dice …).
 */
export const MAX_RESOLUTION_DICE = MAX_DICE + 24;

/** Thrown by a replay when the rules ask for a die that has not been rolled yet. */
export class NeedDie extends Error {
  constructor(readonly sides: number) {
    super(`one more d${sides} is needed`);
  }
}

/**
 * Hands out `known` dice in order. A die of another size than recorded (the state changed since
 * they were rolled) or one past the end throws NeedDie; `used` tells how many were taken.
 */
export function replayDice(known: readonly DieRoll[]): DiceSource & { readonly used: number } {
  let next = 0;
  return {
    get used() {
      return next;
    },
    roll(sides: number): number {
      const die = known[next];
      if (die?.sides !== sides) throw new NeedDie(sides);
      next++;
      return die.value;
    },
  };
}

export interface RolledDice<T> {
  readonly value: T;
  /** Every die the rules used, in order (the recorded ones first). */
  readonly dice: DieRoll[];
  /** The Foundry rolls made for the dice that were new. */
  readonly rolls: Roll[];
}

/** Rolls one die with core Roll (seeded by CONFIG.Dice.randomUniform, shown by Dice So Nice). */
export async function rollDie(sides: number): Promise<{ roll: Roll; value: number }> {
  const roll = await new Roll(`1d${sides}`).evaluate();
  return { roll, value: roll.total };
}

/**
 * Runs `compute` on the recorded dice, rolling (with `roll`) each further die it asks for.
 * Recorded dice that no longer fit (a die of another size at that point) are dropped from there on.
 */
export async function withDice<T>(
  compute: (dice: DiceSource) => T,
  recorded: readonly DieRoll[] = [],
  roll: (sides: number) => Promise<{ roll: Roll; value: number }> = rollDie,
): Promise<RolledDice<T>> {
  let known: DieRoll[] = [...recorded];
  const rolls: Roll[] = [];
  for (let attempt = 0; attempt <= MAX_RESOLUTION_DICE; attempt++) {
    const source = replayDice(known);
    try {
      const value = compute(source);
      return { value, dice: known.slice(0, source.used), rolls };
    } catch (error) {
      if (!(error instanceof NeedDie)) throw error;
      const fresh = await roll(error.sides);
      known = [...known.slice(0, source.used), { sides: error.sides, value: fresh.value }];
      rolls.push(fresh.roll);
    }
  }
  throw new Error(`the rules asked for more than ${MAX_RESOLUTION_DICE} dice`);
}
