/**
 * Use a Skill (a Main Action): a check that fits in a few seconds, rolled on its own against a
 * difficulty the GM names, or opposed by another combatant's check; and the chapter's own example,
 * a Heal check (Int or Dex, whichever is better) to stabilize a dying comrade.
 *
 * Where the chapter is silent: stabilizing needs a total of at least options.stabilizeDifficulty
 * (8, WWN's usual difficulty for the job); a stabilized PC is out as a non-lethal knock-out is
 * (unconscious for options.downMinutes, waking with options.wakeHp). A failed attempt changes
 * nothing on the patient. Dice: the user's check, then the opponent's (opposed only).
 */
import type { DiceSource } from "../../core/dice.ts";
import { checkName, checkChoice } from "../../core/names.ts";
import { checkNumber, checkedFaces, NUMBER_RULES } from "../../core/guard.ts";
import { ok, refuse } from "../../core/result.ts";
import type { Result } from "../../core/result.ts";
import { spendAction } from "../actions.ts";
import type { TurnContext } from "../actions.ts";
import { diffAll } from "../changes.ts";
import type { WwnUpdate } from "../changes.ts";
import type { CheckRoll, CheckSpec, OpposedOutcome } from "../checks.ts";
import { changed } from "../combatant.ts";
import { opposedCheckOf, rollCheckOf } from "../internal.ts";
import { ATTRIBUTES } from "../model.ts";
import type { Attribute, WwnCombatant } from "../model.ts";
import { DEFAULT_WWN_OPTIONS } from "../options.ts";
import type { WwnOptions } from "../options.ts";
import { actionsOf, checkWwnCombatant, checkWwnOptions } from "../valid.ts";
import type { InputRefusal } from "../valid.ts";
import { canAct, checkedActor, OWN_TURN, withActions } from "./common.ts";
import type { ManeuverRefusal } from "./common.ts";

/** What a check is made with: one skill and one attribute, and a situational modifier. */
export interface SkillUse {
  readonly skill: string;
  readonly attribute: Attribute;
  readonly modifier?: number;
}

/** Stabilizing: Heal, with the better of Int and Dex. */
export const HEAL_CHECK: CheckSpec = { attributes: ["int", "dex"], skills: ["heal"] };

export type SkillUseRefusal = ManeuverRefusal | "notDying";

export interface SkillUseOutcome {
  /** The user's check. */
  readonly roll: CheckRoll;
  /** Opposed only: both checks and who won. */
  readonly opposed?: OpposedOutcome;
  /** Stabilizing only: whether the patient is stable now. */
  readonly stabilized?: boolean;
  readonly actor: WwnCombatant;
  readonly updates: readonly WwnUpdate[];
}

function checkUse(field: string, use: SkillUse): InputRefusal | undefined {
  return (
    checkName(`${field}.skill`, use.skill) ??
    checkChoice(`${field}.attribute`, use.attribute, ATTRIBUTES) ??
    checkNumber(`${field}.modifier`, use.modifier ?? 0, NUMBER_RULES.modifier)
  );
}

const specOf = (use: SkillUse): CheckSpec => ({ attributes: [use.attribute], skills: [use.skill] });

/** Pays the Main Action of an actor that can act: the actor after, or why not. */
function paid(actor: WwnCombatant, turn: TurnContext): Result<WwnCombatant, SkillUseRefusal> {
  const me = checkedActor(actor);
  if (!me.ok) return me;
  if (!canAct(actor)) return refuse("notActive");
  const spent = spendAction(actionsOf(me.value), "main", turn);
  return spent.ok ? ok(withActions(actor, spent.value)) : spent;
}

/** Draws the dice through their face check: a face off its die is refused by name. */
function withFaces<T>(dice: DiceSource, roll: (dice: DiceSource) => T): Result<T, SkillUseRefusal> {
  const checked = checkedFaces(dice);
  const value = roll(checked);
  return checked.refusal ?? ok(value);
}

/**
 * Use a Skill on its own: pays the Main Action and rolls the check (the GM judges the total
 * against the difficulty). `opponent`, when given, rolls its own check against it (`against`).
 */
export function useSkill(
  actor: WwnCombatant,
  use: SkillUse,
  dice: DiceSource,
  turn: TurnContext = OWN_TURN,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
  opponent?: { readonly actor: WwnCombatant; readonly use: SkillUse },
): Result<SkillUseOutcome, SkillUseRefusal> {
  const bad =
    checkWwnOptions(options) ??
    checkUse("use", use) ??
    (opponent === undefined
      ? undefined
      : (checkWwnCombatant("opponent", opponent.actor) ?? checkUse("against", opponent.use)));
  if (bad) return bad;
  const after = paid(actor, turn);
  if (!after.ok) return after;
  const updates = diffAll([[actor, after.value]]);
  const side = { user: actor, spec: specOf(use), modifier: use.modifier ?? 0 };
  if (opponent === undefined) {
    const roll = withFaces(dice, (d) => rollCheckOf(side, d, options));
    return roll.ok ? ok({ roll: roll.value, actor: after.value, updates }) : roll;
  }
  const other = {
    user: opponent.actor,
    spec: specOf(opponent.use),
    modifier: opponent.use.modifier ?? 0,
  };
  const check = withFaces(dice, (d) => opposedCheckOf(side, other, d, options));
  if (!check.ok) return check;
  return ok({ roll: check.value.actor, opposed: check.value, actor: after.value, updates });
}

/**
 * Stabilize a dying comrade with Heal (Int or Dex): pays the healer's Main Action and rolls; at
 * options.stabilizeDifficulty or more the patient is stable (unconscious, waking later).
 */
export function stabilize(
  healer: WwnCombatant,
  patient: WwnCombatant,
  dice: DiceSource,
  turn: TurnContext = OWN_TURN,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<SkillUseOutcome & { readonly patient: WwnCombatant }, SkillUseRefusal> {
  const bad = checkWwnOptions(options) ?? checkWwnCombatant("patient", patient);
  if (bad) return bad;
  if (patient.life !== "dying") return refuse("notDying");
  const after = paid(healer, turn);
  if (!after.ok) return after;
  const roll = withFaces(dice, (d) => rollCheckOf({ user: healer, spec: HEAL_CHECK }, d, options));
  if (!roll.ok) return roll;
  const stabilized = roll.value.total >= options.stabilizeDifficulty;
  const saved = stabilized
    ? changed(patient, { life: "unconscious", downMinutes: options.downMinutes })
    : patient;
  return ok({
    roll: roll.value,
    stabilized,
    actor: after.value,
    patient: saved,
    updates: diffAll([
      [healer, after.value],
      [patient, saved],
    ]),
  });
}
