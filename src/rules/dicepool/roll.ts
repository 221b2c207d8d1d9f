/**
 * Scoring a pool whose count and options are already checked (scorePool checks them; an
 * attack's plan and a wound's dice were built within them). Internal: not exported from
 * index.ts, so every outside caller goes through scorePool.
 *
 * One pass over the dice: each face is drawn, checked against the die (a dice source is outside
 * the rules: a face that is not one of the die's is refused by name) and counted.
 */
import type { Checked } from "../core/checked.ts";
import type { DiceSource } from "../core/dice.ts";
import { checkDieFace } from "../core/guard.ts";
import type { NumberRefusal } from "../core/guard.ts";
import type { DicepoolOptions } from "./options.ts";

/** How a pool scores. */
export type PoolMode = "rolled" | "static" | "flawless";

export interface PoolScore {
  readonly dice: number;
  readonly mode: PoolMode;
  /** The faces rolled (empty unless `mode` is "rolled"). */
  readonly faces: readonly number[];
  readonly hits: number;
}

const NO_FACES: readonly number[] = Object.freeze([]);

/**
 * Where the scorings of one rule note the first face a die lacks: the rule hands that refusal
 * back instead of its outcome (one note per rule call, instead of a Result per pool).
 */
export interface FaceTally {
  refusal: NumberRefusal | undefined;
}

/** The refusal noted so far (read through a call: a rule checks it again after more dice). */
export function noted(tally: FaceTally): NumberRefusal | undefined {
  return tally.refusal;
}

/**
 * Scores `dice` dice in `mode` (a count 0..maxPool and a mode of the list). A face that is not
 * one of the die's ends the roll there and is noted in `tally`.
 */
export function scoreChecked(
  dice: number,
  mode: PoolMode,
  source: DiceSource,
  options: Checked<DicepoolOptions>,
  tally: FaceTally,
): PoolScore {
  if (mode === "flawless") return { dice, mode, faces: NO_FACES, hits: dice };
  if (mode === "static") return { dice, mode, faces: NO_FACES, hits: Math.ceil(dice / 2) };
  if (dice === 0) return { dice, mode, faces: NO_FACES, hits: 0 };
  const { dieSides, hitOn } = options;
  const faces = new Array<number>(dice);
  let hits = 0;
  for (let i = 0; i < dice; i++) {
    const face = source.roll(dieSides);
    if (!(Number.isInteger(face) && face >= 1 && face <= dieSides)) {
      tally.refusal ??= checkDieFace(`faces.${i}`, face, dieSides);
      return { dice, mode, faces: faces.slice(0, i), hits };
    }
    faces[i] = face;
    if (face >= hitOn) hits++;
  }
  return { dice, mode, faces, hits };
}
