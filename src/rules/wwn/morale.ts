/**
 * Morale checks for NPCs. The chapter names the check (an ambush "might provoke a Morale check in
 * undisciplined or unmilitary targets", at the GM's discretion) but not how it is made; Fray makes
 * it the way WWN stat blocks are read: 2d6 (plus the GM's modifier) against the NPC's Morale
 * score, and a total above the score breaks it (it flees, surrenders or falls back, as the GM
 * plays it). The GM presses the check; nothing rolls it on its own. A Morale score is a whole
 * number from MORALE_MIN to MORALE_MAX (default MORALE_DEFAULT).
 */
import type { DiceSource } from "../core/dice.ts";
import { checkNumber, NUMBER_RULES } from "../core/guard.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import type { InputRefusalReason } from "./valid.ts";

export const MORALE_MIN = 2;
export const MORALE_MAX = 12;
/** A stat block's usual middling Morale, for an NPC whose GM set none. */
export const MORALE_DEFAULT = 8;
/** The largest modifier a GM may give a check (a check past it could not fail or pass anyway). */
export const MORALE_MODIFIER_MAX = 12;

export interface MoraleRoll {
  readonly faces: readonly [number, number];
  readonly total: number;
  readonly morale: number;
  /** The total is above the Morale score: the NPC breaks. */
  readonly broken: boolean;
}

/** Rolls an NPC's Morale check (2d6 + modifier against its score). Refused on a bad number. */
export function moraleCheck(
  morale: number,
  dice: DiceSource,
  modifier = 0,
): Result<MoraleRoll, InputRefusalReason> {
  const bad =
    checkNumber("morale", morale, { min: MORALE_MIN, max: MORALE_MAX, whole: true }) ??
    checkNumber("modifier", modifier, {
      ...NUMBER_RULES.modifier,
      min: -MORALE_MODIFIER_MAX,
      max: MORALE_MODIFIER_MAX,
      whole: true,
    });
  if (bad) return bad;
  const faces: [number, number] = [dice.roll(6), dice.roll(6)];
  const total = faces[0] + faces[1] + modifier;
  return ok({ faces, total, morale, broken: total > morale });
}
