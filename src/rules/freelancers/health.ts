/**
 * Health, damage and death (the book's pages are blank; these are the product's decisions in
 * shared/rules/README.md).
 *
 * A hit deals its damage minus the target's armor rating (AR), never less than 0; a hit that
 * deals 0 does not penetrate, but a Touch effect applies anyway. At 0 health the entity is Dying;
 * at each Upkeep a Dying entity rolls a death check (a Fortitude check, options.deathCheck): a
 * failure counts toward options.deathFailures (default 3), and that many kill; a pass keeps it
 * Dying. A passed Medicine check or Help stabilizes a Dying entity and clears the count.
 *
 * Where even the README is silent: a stabilized entity's failures are cleared; damage that lands
 * on a Stable entity makes it Dying again; healing above 0 brings a Dying or Stable entity back to
 * active with its failures cleared; the dead take no damage and no healing.
 */
import { checkedAs } from "../core/checked.ts";
import type { DiceSource } from "../core/dice.ts";
import { checkAllNumbers, checkNumber } from "../core/guard.ts";
import type { Modifier } from "../core/modifier.ts";
import { checkChoice, ownValue } from "../core/names.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { copyActor, withHealth, withLife } from "./actor.ts";
import { checkOptions, rollCheck, rollCheckSpec } from "./checks.ts";
import type { CheckRoll } from "./checks.ts";
import { checkBody, checkFreelancer } from "./guard.ts";
import type { FlCheckReason } from "./guard.ts";
import { FL_LIMITS } from "./limits.ts";
import type { FreelancersActor, FreelancersLife } from "./model.ts";
import { DEFAULT_FREELANCERS_OPTIONS } from "./options.ts";
import type { FreelancersOptions } from "./options.ts";

export interface DamageResult {
  /** Damage after armor (at least 0). */
  readonly dealt: number;
  readonly penetrated: boolean;
  /** A Touch effect applies (on any hit with a Touch weapon, penetrating or not). */
  readonly touchApplies: boolean;
}

/** Damage after armor: damage − AR, at least 0. */
export function afterArmor(damage: number, armor: number): DamageResult {
  const dealt = Math.max(0, damage - armor);
  return { dealt, penetrated: dealt > 0, touchApplies: false };
}

/** Health after losing `amount` (already past armor); 0 makes an active or stable entity Dying. */
export function loseHealth<A extends FreelancersActor>(body: A, amount: number): A {
  if (body.life === "dead" || !(amount > 0)) return body;
  const value = Math.max(0, body.health.value - amount);
  const life: FreelancersLife = value === 0 && body.life !== "dying" ? "dying" : body.life;
  return withHealth(body, value, life);
}

/** Restores `amount` health (up to the max); above 0 a Dying or Stable entity is active again. */
export function heal<A extends FreelancersActor>(
  body: A,
  amount: number,
): Result<A, FlCheckReason | "dead"> {
  const refusal =
    checkAllNumbers("body", body) ??
    checkBody(body) ??
    checkFreelancer(body, "body") ??
    checkNumber("amount", amount, { min: 0, max: FL_LIMITS.health });
  if (refusal) return refusal;
  if (body.life === "dead") return refuse("dead");
  const value = Math.min(body.health.max, body.health.value + amount);
  if (value === 0) return ok(body);
  const next = copyActor(body);
  next.health = { value, max: body.health.max };
  next.life = "active";
  next.deathFailures = 0;
  return ok(next as A);
}

/**
 * The life state that goes with a health value someone set by hand (the sheet, a token bar): above
 * 0 a Dying or Stable entity is active again with its failures cleared (healing ends Dying, as
 * `heal` does); at 0 an active entity is Dying. The dead stay dead; any other pair is kept.
 * Null when nothing but the health changes. The value is the model's to bound; a value that is no
 * whole number from 0 up changes no life state.
 */
export function lifeAtHealth(
  body: Pick<FreelancersActor, "life" | "deathFailures">,
  value: number,
): { readonly life: FreelancersLife; readonly deathFailures: number } | null {
  if (!Number.isInteger(value) || value < 0 || body.life === "dead") return null;
  if (value > 0 && (body.life === "dying" || body.life === "stable")) {
    return { life: "active", deathFailures: 0 };
  }
  if (value === 0 && body.life === "active") {
    return { life: "dying", deathFailures: body.deathFailures };
  }
  return null;
}

/** The target number of a check from an actor's attribute and (optional) skill: own entries only. */
export function checkBase(
  actor: Pick<FreelancersActor, "attributes" | "skills">,
  spec: { readonly attribute: string; readonly skill: string | null },
): number {
  return (
    (ownValue(actor.attributes, spec.attribute) ?? 0) +
    (spec.skill === null ? 0 : (ownValue(actor.skills, spec.skill) ?? 0))
  );
}

export interface DeathCheck {
  readonly roll: CheckRoll;
  readonly failures: number;
  readonly life: FreelancersLife;
}

/** A Dying entity's death check (the Upkeep calls this). */
export function deathCheck<A extends FreelancersActor>(
  actor: A,
  dice: DiceSource,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): Result<{ readonly actor: A; readonly check: DeathCheck }, FlCheckReason | "notDying"> {
  const refusal = checkOptions(options) ?? checkFreelancer(actor, "actor");
  if (refusal) return refusal;
  if (actor.life !== "dying") return refuse("notDying");
  const base = checkBase(actor, options.deathCheck);
  const roll = rollCheckSpec(checkedAs({ base }), dice, checkedAs(options), "deathCheck");
  if (!roll.ok) return roll;
  return ok(afterDeathCheck(actor, roll.value, options));
}

/** A death check's consequence: a failure counts, and enough of them kill. */
export function afterDeathCheck<A extends FreelancersActor>(
  actor: A,
  roll: CheckRoll,
  options: FreelancersOptions,
): { readonly actor: A; readonly check: DeathCheck } {
  const failures = Math.min(FL_LIMITS.count, actor.deathFailures + (roll.passed ? 0 : 1));
  const life: FreelancersLife = failures >= options.deathFailures ? "dead" : "dying";
  return { actor: withLife(actor, life, failures), check: { roll, failures, life } };
}

/** How a Dying entity is stabilized: Help (no roll), or a Medicine check by `medic`. */
export type Stabilizer =
  | { readonly kind: "help" }
  | {
      readonly kind: "medicine";
      readonly medic: Pick<FreelancersActor, "attributes" | "skills">;
      readonly attributeModifiers?: readonly Modifier[];
      readonly dieModifiers?: readonly Modifier[];
      readonly favorable?: number;
      readonly unfavorable?: number;
    };
const STABILIZERS: readonly Stabilizer["kind"][] = ["help", "medicine"];

/**
 * Stabilizes a Dying entity: Help always does, a Medicine check does when it passes (its dice
 * are drawn from `dice`). The action it costs the helper is spent by the caller (actions.ts).
 */
export function stabilize<A extends FreelancersActor>(
  patient: A,
  by: Stabilizer,
  dice: DiceSource,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): Result<
  { readonly patient: A; readonly stabilized: boolean; readonly roll?: CheckRoll },
  FlCheckReason | "notDying"
> {
  const refusal =
    checkOptions(options) ??
    checkFreelancer(patient, "patient") ??
    checkChoice("by.kind", by.kind, STABILIZERS) ??
    (by.kind === "medicine" ? checkAllNumbers("medic", by.medic) : undefined);
  if (refusal) return refusal;
  if (patient.life !== "dying") return refuse("notDying");
  const stable = withLife(patient, "stable", 0);
  if (by.kind === "help") return ok({ patient: stable, stabilized: true });
  const roll = rollCheck(
    {
      base: checkBase(by.medic, options.stabilizeCheck),
      ...(by.attributeModifiers ? { attributeModifiers: by.attributeModifiers } : {}),
      ...(by.dieModifiers ? { dieModifiers: by.dieModifiers } : {}),
      favorable: by.favorable ?? 0,
      unfavorable: by.unfavorable ?? 0,
    },
    dice,
    options,
    "medicine",
  );
  if (!roll.ok) return roll;
  return ok({
    patient: roll.value.passed ? stable : patient,
    stabilized: roll.value.passed,
    roll: roll.value,
  });
}
