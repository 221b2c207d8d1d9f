/**
 * Situational modifiers an attacker (or any checker) names for one roll, as the book's second
 * attack step has it: a number "to the die" (added to the roll, so a plus makes a roll-under check
 * harder), a number "to the attribute" (added to the target), and favorable and unfavorable
 * sources (each one an extra die; they cancel one for one, checks.ts).
 *
 * How large they may be is a table's decision, not the book's (it gives no bound): `caps` holds the
 * most a single roll may take, each a world setting. Anything beyond a cap, or not a whole number,
 * is refused by name and nothing is rolled.
 */
import { checkNumber } from "../core/guard.ts";
import type { Modifier } from "../core/modifier.ts";
import { addModifier } from "../core/modifier.ts";
import type { SideModifiers } from "./attack.ts";
import { MAX_EDGE } from "./checks.ts";
import type { FlCheckRefusal } from "./guard.ts";
import { FL_LIMITS } from "./limits.ts";

export interface Situational {
  /** Added to the rolled number. */
  readonly die: number;
  /** Added to the target number. */
  readonly attribute: number;
  /** Favorable sources. */
  readonly favorable: number;
  /** Unfavorable sources. */
  readonly unfavorable: number;
}

export const NO_SITUATIONAL: Situational = { die: 0, attribute: 0, favorable: 0, unfavorable: 0 };

/** The most a roll's situational modifiers may be: a number's size and favorables or unfavorables. */
export interface SituationalCaps {
  readonly modifier: number;
  readonly edge: number;
}

/** The modifier source the card and the odds list the situational numbers under. */
export const SITUATIONAL_SOURCE = "situational";

/** The caps must themselves be sane: whole, from 0 up to the rules' own bounds. */
function checkCaps(caps: SituationalCaps): FlCheckRefusal | undefined {
  return (
    checkNumber("caps.modifier", caps.modifier, { min: 0, max: FL_LIMITS.score, whole: true }) ??
    checkNumber("caps.edge", caps.edge, { min: 0, max: MAX_EDGE, whole: true })
  );
}

/** Each number whole and within its cap (refused by name: "situational.die" …). */
export function checkSituational(
  m: Situational,
  caps: SituationalCaps,
): FlCheckRefusal | undefined {
  const bad = checkCaps(caps);
  if (bad) return bad;
  const size = { min: -caps.modifier, max: caps.modifier, whole: true } as const;
  const edge = { min: 0, max: caps.edge, whole: true } as const;
  return (
    checkNumber("situational.die", m.die, size) ??
    checkNumber("situational.attribute", m.attribute, size) ??
    checkNumber("situational.favorable", m.favorable, edge) ??
    checkNumber("situational.unfavorable", m.unfavorable, edge)
  );
}

/** The situational numbers as one side's modifiers of an attack (attack.ts SideModifiers). */
export function situationalSide(m: Situational): SideModifiers {
  const dieModifiers: Modifier[] = [];
  const attributeModifiers: Modifier[] = [];
  addModifier(dieModifiers, SITUATIONAL_SOURCE, m.die);
  addModifier(attributeModifiers, SITUATIONAL_SOURCE, m.attribute);
  return { dieModifiers, attributeModifiers, favorable: m.favorable, unfavorable: m.unfavorable };
}
