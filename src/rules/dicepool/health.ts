/**
 * Health, damage, incapacitation, dying and the wound penalty.
 *
 * - Total health is Physical + Size + 3. Damage at or above it incapacitates; damage at twice it
 *   kills, unless the blow that gets there is non-lethal.
 * - An incapacitated character bleeds 1 damage on each of its turns, unless it was taken down by a
 *   non-lethal attack or someone stabilized it.
 * - Every time damage is taken, Fray rolls one die per point (less one per Wound Penalty
 *   Resistance) and adds the hits to the wound penalty, which lowers every pool (README).
 * - Plot Armor: damage beyond what incapacitates is lost, and while incapacitated an attack deals
 *   at most 1.
 * - Healing: 1 damage a week (non-lethal damage: 1 per 10 minutes); the wound penalty goes down
 *   by as much.
 *
 * Where the book is silent:
 * - Death needs a lethal final blow: non-lethal damage never kills, and a lethal blow on someone
 *   knocked out non-lethally makes them bleed.
 * - Wound dice are capped at `maxPool` (a single blow above that is already fatal).
 * - Recovery over weeks or 10-minute steps ends a wound incapacitation once damage is below the
 *   total health (the scene is over by then); healing during the scene does not.
 */
import type { Checked } from "../core/checked.ts";
import type { DiceSource } from "../core/dice.ts";
import { checkNumber, NUMBER_RULES } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { checkChoice } from "../core/names.ts";
import { checkDicepoolCombatant } from "./check.ts";
import type { StateRefusal } from "./check.ts";
import { maxHealth, woundsTaken } from "./damage.ts";
import type { DamageTaken } from "./damage.ts";
import { DICEPOOL_LIMITS as L } from "./limits.ts";
import type { DicepoolCombatant } from "./model.ts";
import { skill } from "./model.ts";
import { checkDicepoolOptions, DEFAULT_DICEPOOL_OPTIONS } from "./options.ts";
import type { DicepoolOptions } from "./options.ts";
import type { PoolRefusal } from "./pool.ts";
import type { FaceTally } from "./roll.ts";
import { changedCombatant } from "./combatant.ts";

export { maxHealth, remainingHealth } from "./damage.ts";
export type { DamageTaken } from "./damage.ts";

/** The largest single amount of damage or healing the engine accepts. */
export const MAX_AMOUNT = 1_000_000;

const amountRule = { ...NUMBER_RULES.count, max: MAX_AMOUNT } as const;

export type DamageRefusal = PoolRefusal | StateRefusal;

/**
 * Takes `amount` damage (lethal unless `nonLethal`), rolling the wound-penalty dice on `dice`.
 * The dead take nothing. The amount (whole, 0..MAX_AMOUNT), the yes/no and the options are
 * checked; the combatant passed its check already.
 */
export function takeDamage(
  c: Checked<DicepoolCombatant>,
  amount: number,
  how: { readonly nonLethal: boolean },
  dice: DiceSource,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<DamageTaken, DamageRefusal> {
  const checked = checkDicepoolOptions(options);
  if (!checked.ok) return checked;
  const bad =
    checkNumber("damage", amount, amountRule) ??
    checkChoice("nonLethal", (how as { nonLethal?: unknown } | null)?.nonLethal, [true, false]);
  if (bad) return bad;
  const tally: FaceTally = { refusal: undefined };
  const taken = woundsTaken(c, amount, how.nonLethal, dice, checked.value, tally);
  return tally.refusal ?? ok(taken);
}

/** Whether the character bleeds on its turn: down from lethal damage and not stabilized. */
export function bleeds(c: DicepoolCombatant): boolean {
  return !c.dead && c.incapacitated === "lethal" && !c.stabilized;
}

/** The start of the character's own turn: an incapacitated, unstabilized character bleeds. */
export function bleedOnTurn(
  c: Checked<DicepoolCombatant>,
  dice: DiceSource,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<DamageTaken, DamageRefusal> {
  const checked = checkDicepoolOptions(options);
  if (!checked.ok) return checked;
  const bleed = bleeds(c) ? checked.value.bleedPerRound : 0;
  const tally: FaceTally = { refusal: undefined };
  const taken = woundsTaken(c, bleed, false, dice, checked.value, tally);
  return tally.refusal ?? ok(taken);
}

export type StabilizeRefusal = DamageRefusal | "cannot-stabilize" | "not-bleeding";

/** Stabilize (free with Medicine 1): the target stops bleeding. */
export function stabilize(
  target: DicepoolCombatant,
  medic: DicepoolCombatant,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<Checked<DicepoolCombatant>, StabilizeRefusal> {
  const checked = checkDicepoolOptions(options);
  if (!checked.ok) return checked;
  const patient = checkDicepoolCombatant("target", target);
  if (!patient.ok) return patient;
  const healer = checkDicepoolCombatant("medic", medic);
  if (!healer.ok) return healer;
  const medicine = skill(healer.value, "medicine");
  if (!medic.powers.stabilize && medicine < checked.value.stabilizeMedicine) {
    return refuse("cannot-stabilize", { medicine });
  }
  if (!bleeds(patient.value)) return refuse("not-bleeding");
  return ok(changedCombatant(patient.value, { stabilized: true }));
}

function recover(
  c: Checked<DicepoolCombatant>,
  lethal: number,
  nonLethal: number,
  options: Checked<DicepoolOptions>,
): Checked<DicepoolCombatant> {
  const nonLethalHealed = Math.min(c.nonLethalDamage, nonLethal);
  const lethalHealed = Math.min(c.damage - c.nonLethalDamage, lethal);
  const healed = nonLethalHealed + lethalHealed;
  const damage = c.damage - healed;
  const woundDown =
    (c.incapacitated === "lethal" || c.incapacitated === "nonLethal") &&
    damage < maxHealth(c, options);
  return changedCombatant(c, {
    damage,
    nonLethalDamage: c.nonLethalDamage - nonLethalHealed,
    woundPenalty: Math.max(0, c.woundPenalty - healed),
    incapacitated: woundDown ? null : c.incapacitated,
    stabilized: woundDown ? false : c.stabilized,
  });
}

/** Natural healing over `weeks`: 1 damage a week (non-lethal first), and as much wound penalty. */
export function healWeeks(
  c: DicepoolCombatant,
  weeks: number,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<Checked<DicepoolCombatant>, DamageRefusal> {
  const checked = checkDicepoolOptions(options);
  if (!checked.ok) return checked;
  const bad = checkNumber("weeks", weeks, amountRule);
  if (bad) return bad;
  const patient = checkDicepoolCombatant("combatant", c);
  if (!patient.ok) return patient;
  if (c.dead) return patient;
  const nonLethal = Math.min(weeks, c.nonLethalDamage);
  return ok(recover(patient.value, weeks - nonLethal, nonLethal, checked.value));
}

/** Non-lethal damage heals 1 per 10 minutes, and the wound penalty with it. */
export function healNonLethal(
  c: DicepoolCombatant,
  minutes: number,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<Checked<DicepoolCombatant>, DamageRefusal> {
  const checked = checkDicepoolOptions(options);
  if (!checked.ok) return checked;
  const bad = checkNumber("minutes", minutes, { min: 0, max: MAX_AMOUNT * 10 });
  if (bad) return bad;
  const patient = checkDicepoolCombatant("combatant", c);
  if (!patient.ok) return patient;
  if (c.dead) return patient;
  return ok(recover(patient.value, 0, Math.floor(minutes / 10), checked.value));
}

/**
 * Damage set by hand (the sheet, a token bar): the GM or the owner writes how much damage the
 * character has now, and its state follows. Under the total health a wound incapacitation ends
 * (the character is back up, no longer stabilized, no longer bleeding); at or over it an unhurt
 * state becomes a wound incapacitation (non-lethal when all of the damage is). An incapacitation
 * that is no wound (a grapple, restraints, anaesthesia: the GM's to lift) and death stay as they
 * are. The non-lethal part is kept within the damage.
 *
 * Where the book is silent: it keeps a wound incapacitation for the scene even with first aid;
 * Fray leaves that to the GM, who heals by hand only when the story says so.
 */
export function damageByHand(
  c: DicepoolCombatant,
  damage: number,
  nonLethal: number,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<Checked<DicepoolCombatant>, DamageRefusal> {
  const checked = checkDicepoolOptions(options);
  if (!checked.ok) return checked;
  const bad =
    checkNumber("damage", damage, { ...NUMBER_RULES.count, max: L.damage }) ??
    checkNumber("nonLethal", nonLethal, { ...NUMBER_RULES.count, max: L.damage });
  if (bad) return bad;
  const patient = checkDicepoolCombatant("combatant", c);
  if (!patient.ok) return patient;
  const me = patient.value;
  const nonLethalDamage = Math.min(nonLethal, damage);
  const down = damage >= maxHealth(me, checked.value);
  const wound = me.incapacitated === "lethal" || me.incapacitated === "nonLethal";
  const incapacitated =
    me.dead || (me.incapacitated !== null && !wound)
      ? me.incapacitated
      : !down
        ? null
        : wound
          ? me.incapacitated
          : nonLethalDamage >= damage
            ? "nonLethal"
            : "lethal";
  const revived = wound && incapacitated === null;
  return ok(
    changedCombatant(me, {
      damage,
      nonLethalDamage,
      incapacitated,
      stabilized: revived ? false : me.stabilized,
    }),
  );
}
