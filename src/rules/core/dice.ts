/**
 * Dice: the step ladder shared by every ruleset, and the one interface through which rules draw
 * dice. Rules never call Math.random: the shell passes a source backed by Foundry rolls, tests and
 * tools pass a seeded one, and the same dice always give the same outcome.
 */

/** The die ladder, smallest to largest. "Up one step" moves one rung to the right. */
export const DIE_STEPS = [4, 6, 8, 10, 12] as const;
export type StepDie = (typeof DIE_STEPS)[number];

export function isStepDie(value: unknown): value is StepDie {
  return typeof value === "number" && (DIE_STEPS as readonly number[]).includes(value);
}

/**
 * Moves a die along the ladder by `steps` (negative: down). `null` means "no die" and sits just
 * below d4, so stepping up from nothing gives a d4 and stepping down from a d4 gives nothing.
 * The ladder is clamped at d12 at the top.
 */
export function stepDie(die: StepDie | null, steps: number): StepDie | null {
  const rung = die === null ? -1 : DIE_STEPS.indexOf(die);
  const next = Math.min(DIE_STEPS.length - 1, Math.max(-1, rung + Math.trunc(steps)));
  return next < 0 ? null : (DIE_STEPS[next] ?? null);
}

/** Where dice come from. `roll(sides)` returns a whole number from 1 to `sides`. */
export interface DiceSource {
  roll(sides: number): number;
}

/** One die drawn, as shown to players: its size and its face. */
export interface DieRoll {
  readonly sides: number;
  readonly value: number;
}

/**
 * A dice source that hands out already-rolled values in order (for the shell, which rolled them
 * in Foundry, and for tests). Running out, or a face that does not fit the die asked for, is a
 * programming error in the caller and throws.
 */
export function fixedDice(values: readonly number[]): DiceSource & { readonly remaining: number } {
  let next = 0;
  return {
    get remaining() {
      return values.length - next;
    },
    roll(sides: number): number {
      const value = values[next];
      if (value === undefined) throw new RangeError(`fixedDice: no roll left for a d${sides}`);
      if (!Number.isInteger(value) || value < 1 || value > sides) {
        throw new RangeError(`fixedDice: ${value} is not a face of a d${sides}`);
      }
      next++;
      return value;
    },
  };
}

/** Wraps a source and remembers every die it hands out, in order (for chat cards and logs). */
export function recordingDice(source: DiceSource): DiceSource & { readonly rolls: DieRoll[] } {
  const rolls: DieRoll[] = [];
  return {
    rolls,
    roll(sides: number): number {
      const value = source.roll(sides);
      rolls.push({ sides, value });
      return value;
    },
  };
}
