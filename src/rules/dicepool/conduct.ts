/**
 * The dice-pool table actions besides attacks, grapples and moves: what the combat action table
 * names and the chapter leaves without mechanics, with Fray's product decisions (README of the
 * rules, "Dice-pool game"), each a documented default a GM can change.
 *
 * - Take Cover (Free): the character gets behind the cover its space offers (light, medium or
 *   full: the book's three kinds; whether a space has any is the GM's call). An attack on it is
 *   defended with the better of that cover and the cover the attack was declared against. It
 *   holds until the character's next turn starts, or until it moves.
 * - Defend Other (Simple): the character guards an ally at the table until its own next turn
 *   starts; while at least one guard who can still act watches it, the ally's defense rolls take
 *   the world's guard dice (a setting, 2 by default). Guards do not add up: one is enough.
 * - Surrender (Interrupt): the character gives up. It takes no more combat actions (social
 *   actions stay open) and is out of the fight for the turn order; the GM takes it back.
 * - Use a Power: a power names its action type and its Energy cost; using one takes both.
 * - Attacks that rule out a defense (undodgeable, unparryable, unsoakable): a weapon may carry
 *   any of the three. When the attack rules out every defense the defender could take, it is
 *   undefended: its defense scores no hit (attack.ts).
 * - Words (Issue command: Simple; Quick communication and a social action: Free): the book gives
 *   their action types only. What is said is the player's own line, recorded on the chat card:
 *   at most MAX_WORDS characters, trimmed, possibly empty. A command is given to someone else.
 * - Restraints (applyRestraints, grapple.ts) need restraints at hand: the assailant carries at
 *   least one (rope, zip ties, manacles …) and the one it uses stays on the victim.
 */
import { checkNumber } from "../core/guard.ts";
import type { Modifier } from "../core/modifier.ts";
import { checkChoice } from "../core/names.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import type { StateRefusal } from "./check.ts";
import { DICEPOOL_LIMITS as L } from "./limits.ts";
import type { DicepoolCombatant } from "./model.ts";
import { vehicleDefenses } from "./vehicle.ts";
import { COVER_KINDS, DEFAULT_DICEPOOL_OPTIONS } from "./options.ts";
import type { CoverKind, DicepoolOptions } from "./options.ts";

/** The defenses (attack.ts DEFENSE_KINDS, repeated here so this module stays below attack.ts). */
type Defense = "dodge" | "parry" | "soak";
const DEFENSES: readonly Defense[] = ["dodge", "parry", "soak"];

/* ------------------------------------------------------------------------------------------ */
/*  Attacks that rule out a defense                                                             */
/* ------------------------------------------------------------------------------------------ */

export type AttackFlag = "undodgeable" | "unparryable" | "unsoakable";
export const ATTACK_FLAGS: readonly AttackFlag[] = ["undodgeable", "unparryable", "unsoakable"];

const RULES_OUT: Readonly<Record<AttackFlag, Defense>> = {
  undodgeable: "dodge",
  unparryable: "parry",
  unsoakable: "soak",
};

/**
 * The defenses a weapon's flags rule out, in the defenses' order. Each flag is absent or yes/no;
 * anything else is refused by name.
 */
export function forbiddenDefenses(
  flags: Readonly<Partial<Record<AttackFlag, boolean>>>,
): Result<Defense[], StateRefusal> {
  const raw: unknown = flags;
  if (typeof raw !== "object" || raw === null) {
    return refuse("badChoice", { field: "flags", value: typeof flags });
  }
  for (const flag of ATTACK_FLAGS) {
    const bad = checkChoice(`flags.${flag}`, flags[flag], [undefined, true, false]);
    if (bad) return bad;
  }
  return ok(ATTACK_FLAGS.filter((flag) => flags[flag] === true).map((flag) => RULES_OUT[flag]));
}

/**
 * The defenses a defender may still take against an attack: all three, only Soak while it is
 * incapacitated (the book), a vehicle's own (vehicle.ts vehicleDefenses), less those the attack
 * rules out.
 */
export function openDefenses(
  defender: Pick<DicepoolCombatant, "incapacitated" | "controls">,
  forbid: readonly string[] = [],
): Defense[] {
  const allowed =
    defender.controls !== undefined
      ? vehicleDefenses(defender.controls)
      : defender.incapacitated === null
        ? DEFENSES
        : (["soak"] as const);
  return allowed.filter((d) => !forbid.includes(d));
}

/* ------------------------------------------------------------------------------------------ */
/*  Take Cover                                                                                  */
/* ------------------------------------------------------------------------------------------ */

/** The cover a character takes: one of the book's three kinds ("none" is no cover to take). */
export function takeCover(kind: CoverKind): Result<CoverKind, StateRefusal | "no-cover"> {
  const bad = checkChoice("cover", kind, COVER_KINDS);
  if (bad) return bad;
  return kind === "none" ? refuse("no-cover") : ok(kind);
}

/**
 * The cover an attack meets: the better (more defense dice, by the world's cover table) of the
 * cover it was declared against and the cover the defender took. A value outside the list counts
 * as no cover (a stored record may hold anything).
 */
export function coverMet(
  declared: CoverKind,
  taken: CoverKind | null,
  options: Pick<DicepoolOptions, "cover"> = DEFAULT_DICEPOOL_OPTIONS,
): CoverKind {
  const known = (kind: unknown): CoverKind =>
    COVER_KINDS.includes(kind as CoverKind) ? (kind as CoverKind) : "none";
  const a = known(declared);
  const b = known(taken);
  return options.cover[b] > options.cover[a] ? b : a;
}

/* ------------------------------------------------------------------------------------------ */
/*  Defend Other                                                                                */
/* ------------------------------------------------------------------------------------------ */

/** The most guard dice a world may set. */
export const MAX_GUARD_DICE = L.rating;

/**
 * The guard dice an ally's defense takes: `dice` (the world's setting) while at least one guard
 * who can act (alive, not incapacitated, not surrendered) watches it; none otherwise. Refused:
 * a setting that is not a whole number from 0 to MAX_GUARD_DICE.
 */
export function guardModifier(
  guards: readonly Pick<DicepoolCombatant, "incapacitated" | "dead">[],
  dice: number,
  surrendered: readonly boolean[] = [],
): Result<Modifier | null, StateRefusal> {
  const bad = checkNumber("guardDice", dice, { min: 0, max: MAX_GUARD_DICE, whole: true });
  if (bad) return bad;
  const able = guards.some((g, i) => !g.dead && g.incapacitated === null && !surrendered[i]);
  return ok(able && dice > 0 ? { source: "defendOther", value: dice } : null);
}

/** Who may be guarded: another character (not oneself). */
export function checkGuard(guardId: string, allyId: string): Result<string, "guard-self"> {
  return guardId === allyId ? refuse("guard-self") : ok(allyId);
}

/* ------------------------------------------------------------------------------------------ */
/*  Surrender                                                                                   */
/* ------------------------------------------------------------------------------------------ */

/** A character gives up: refused when it is dead or has already surrendered. */
export function surrender(
  c: Pick<DicepoolCombatant, "dead">,
  already: boolean,
): Result<true, "target-dead" | "already-surrendered"> {
  if (c.dead) return refuse("target-dead");
  return already ? refuse("already-surrendered") : ok(true);
}

/* ------------------------------------------------------------------------------------------ */
/*  Use a Power                                                                                 */
/* ------------------------------------------------------------------------------------------ */

export interface PowerUse {
  /** The Energy the power costs. */
  readonly energy: number;
}

/**
 * Using a power costs its Energy: the character's Energy after it. Refused: a cost that is not a
 * whole number from 0 to the Energy bound, not enough Energy, a character that is down.
 */
export function usePower(
  c: Pick<DicepoolCombatant, "energy" | "dead" | "incapacitated">,
  power: PowerUse,
): Result<number, StateRefusal | "not-enough-energy" | "attacker-incapacitated"> {
  const bad =
    checkNumber("power.energy", power.energy, { min: 0, max: L.energy, whole: true }) ??
    checkNumber("energy", c.energy.value, { min: 0, max: L.energy, whole: true });
  if (bad) return bad;
  if (c.dead || c.incapacitated !== null) return refuse("attacker-incapacitated");
  if (c.energy.value < power.energy) {
    return refuse("not-enough-energy", { cost: power.energy, energy: c.energy.value });
  }
  return ok(c.energy.value - power.energy);
}

/* ------------------------------------------------------------------------------------------ */
/*  Restraints                                                                                  */
/* ------------------------------------------------------------------------------------------ */

/**
 * Restraints at hand: the count of restraints the assailant carries, one fewer after they are
 * put on. Refused with none (or a count that is not a whole number from 0 to the list bound).
 */
export function useRestraints(carried: number): Result<number, StateRefusal | "no-restraints"> {
  const bad = checkNumber("restraints", carried, { min: 0, max: L.energy, whole: true });
  if (bad) return bad;
  return carried < 1 ? refuse("no-restraints") : ok(carried - 1);
}

/* ------------------------------------------------------------------------------------------ */
/*  Words: Issue command, Quick communication, social actions                                  */
/* ------------------------------------------------------------------------------------------ */

/** The longest line a character says at the table. */
export const MAX_WORDS = 64;

/**
 * What the character says, trimmed: refused when it is no string or longer than MAX_WORDS; a
 * command needs someone else to take it (`to`, not the speaker).
 */
export function words(
  said: string,
  speaker: string,
  to: string | null = null,
): Result<string, StateRefusal | "no-listener"> {
  const raw: unknown = said;
  if (typeof raw !== "string") return refuse("badChoice", { field: "words", value: typeof raw });
  const line = raw.trim();
  if (line.length > MAX_WORDS) return refuse("badChoice", { field: "words", value: "…" });
  if (to !== null && (to === "" || to === speaker)) return refuse("no-listener");
  return ok(line);
}
