/**
 * Getting out of restraints (rope, zip-ties, cuffs): a restrained fighter can neither move nor
 * attack, and has two ways out, each a skill check (skill-check.ts, so a disabled leg's Athletics
 * disadvantage applies):
 * - break free: Athletics against TD 10, open to anyone;
 * - escape: Escape Artist against TD 6, only for a fighter with the skill (at least 1 in it).
 * Each attempt is an interaction with an object, priced as Use Item (costs.useItem): the book
 * gives it no cost, and a free attempt could be repeated until it passed. A fighter who is not
 * awake (unconscious, dying) cannot try. A pass frees it; a miss changes nothing but the Energy.
 */
import type { DiceSource } from "../core/dice.ts";
import { checkChoice, ownValue } from "../core/names.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import type { ActorUpdate } from "./changes.ts";
import { spendEnergy } from "./energy.ts";
import type { EnergyRefusal } from "./energy.ts";
import type { WorldlinesCombatant } from "./model.ts";
import { DEFAULT_OPTIONS } from "./options.ts";
import type { WorldlinesOptions } from "./options.ts";
import { skillCheck } from "./skill-check.ts";
import type { SkillCheckOutcome, SkillCheckRefusal } from "./skill-check.ts";
import { checkCombatant, checkOptions } from "./valid.ts";

export const RESTRAINT_WAYS = ["breakFree", "escape"] as const;
export type RestraintWay = (typeof RESTRAINT_WAYS)[number];

/** The skill and TD of each way out (the book's). */
export const RESTRAINT_CHECKS: Readonly<Record<RestraintWay, { skill: string; td: number }>> = {
  breakFree: { skill: "athletics", td: 10 },
  escape: { skill: "escapeArtist", td: 6 },
};

export interface RestraintAttempt {
  readonly way: RestraintWay;
  readonly check: SkillCheckOutcome;
  /** The check met its TD: the restraints are off. */
  readonly freed: boolean;
  readonly cost: number;
  readonly update: ActorUpdate | null;
}

export type RestraintRefusal = "noEscapeSkill" | SkillCheckRefusal | EnergyRefusal;

/**
 * The restrained `actor` tries to get out `way`. Refused on a bad number or way, for an escape
 * without the Escape Artist skill, and when the actor cannot act or pay.
 */
export function escapeRestraints(
  actor: WorldlinesCombatant,
  way: RestraintWay,
  dice: DiceSource,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<RestraintAttempt, RestraintRefusal> {
  const bad =
    checkCombatant("actor", actor) ??
    checkChoice("way", way, RESTRAINT_WAYS) ??
    checkOptions(options);
  if (bad) return bad;
  const { skill, td } = RESTRAINT_CHECKS[way];
  if (way === "escape" && (ownValue(actor.skills, skill) ?? 0) < 1) return refuse("noEscapeSkill");
  const paid = spendEnergy(actor, { kind: "useItem" }, options);
  if (!paid.ok) return paid;
  const traits = { [skill]: "combat" };
  const check = skillCheck(actor, skill, td, dice, options, traits);
  if (!check.ok) return check;
  return ok({
    way,
    check: check.value,
    freed: check.value.passed,
    cost: paid.value.cost,
    update: paid.value.update,
  });
}
