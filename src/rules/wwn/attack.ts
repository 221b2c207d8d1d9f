/**
 * WWN attacks: the hit roll (d20 + combat skill + attack bonus + attribute modifier + the
 * situational table, against AC), damage (weapon dice + attribute modifier + bonuses), Shock
 * (on a missed melee attack, and as the floor of a hit), and 0 hit points.
 *
 * One function per question: `checkAttack` (may it be made? refusals as data), `hitModifiers`,
 * `effectiveAc`, `shockFor`, `damageBonuses`, and `resolveAttack`, which spends the action and
 * draws dice from a DiceSource in a fixed order: the d20, then (on a hit) the weapon's dice.
 *
 * Where the chapter is silent:
 * - A magic weapon's bonus adds to the hit roll as well as to damage and Shock.
 * - Shock compares the weapon's Shock AC with the target's AC as it stands this round (Total
 *   Defense and a Charge count). Shock is a melee thing: thrown and shot attacks never deal it.
 * - Shock from a non-lethal or psychic attack is just as non-lethal or psychic.
 * - No natural 20 or natural 1 rule: the chapter has none.
 *
 * The attack's input check (`checkWwnAttackInput`: the combatants, the weapon, the situation)
 * refuses NaN, ±Infinity, an out-of-range value, a value outside its list and a built-in name by
 * name, and hands the input back as checked input: the rules (attack-rules.ts, re-exported here)
 * take it and check nothing again (the odds, the maneuvers and the simulator hold it once).
 */
import type { Checked } from "../core/checked.ts";
import { checkedAs } from "../core/checked.ts";
import type { Formula } from "../core/formula.ts";
import { checkAllNumbers, checkNumber, NUMBER_RULES } from "../core/guard.ts";
import { checkChoice } from "../core/names.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { allowedAttack } from "./attack-rules.ts";
import type { AttackInput, AttackOutcome, AttackRefusal, AttackSituation } from "./attack-types.ts";
import { diffAll, diffWeapon } from "./changes.ts";
import type { WwnUpdate } from "./changes.ts";
import { bestAttributeOf } from "./internal.ts";
import { ATTACK_MODES, HARMS, WWN_COVERS } from "./model.ts";
import type { WwnCombatant, WwnWeapon } from "./model.ts";
import { DEFAULT_WWN_OPTIONS } from "./options.ts";
import type { WwnOptions } from "./options.ts";
import { checkedWwnOptions, checkWwnCombatant, checkWwnOptions, checkWwnWeapon } from "./valid.ts";
import type { InputRefusal, InputRefusalReason } from "./valid.ts";

export * from "./attack-types.ts";
export {
  allowsNonLethal,
  attackCost,
  attackMode,
  checkAttackRules,
  damageBonuses,
  effectiveAc,
  hitModifiers,
  resolveAttack,
  shockFor,
} from "./attack-rules.ts";

const KINDS = ["attack", "snap", "charge", "swarm", "free"] as const;

/**
 * The situation of an attack: its numbers modifiers, its mode, cover, harm and kind from their
 * lists, a Charge's feet and a Swarm's allies whole counts.
 */
export function checkWwnSituation(field: string, s: AttackSituation): InputRefusal | undefined {
  const kind = s.kind;
  return (
    checkAllNumbers(field, s, NUMBER_RULES.modifier) ??
    (s.mode === undefined ? undefined : checkChoice(`${field}.mode`, s.mode, ATTACK_MODES)) ??
    (s.cover === undefined ? undefined : checkChoice(`${field}.cover`, s.cover, WWN_COVERS)) ??
    (s.harm === undefined ? undefined : checkChoice(`${field}.harm`, s.harm, HARMS)) ??
    (kind === undefined
      ? undefined
      : (checkChoice(`${field}.kind.kind`, kind.kind, KINDS) ??
        (kind.kind === "charge"
          ? (checkNumber(`${field}.kind.feet`, kind.feet, NUMBER_RULES.count) ??
            checkChoice(`${field}.kind.moved`, kind.moved, [undefined, true, false]))
          : kind.kind === "swarm"
            ? checkNumber(`${field}.kind.allies`, kind.allies, NUMBER_RULES.count)
            : undefined)))
  );
}

/** The input check of an attack: both combatants, the weapon, the situation. */
function checkInput(input: AttackInput): InputRefusal | undefined {
  return (
    checkWwnCombatant("attacker", input.attacker) ??
    checkWwnCombatant("defender", input.defender) ??
    checkWwnWeapon("weapon", input.weapon) ??
    checkWwnSituation("situation", input.situation ?? {})
  );
}

/**
 * The attack's input check: both combatants, the weapon and the situation, handed back as checked
 * input for the rules (the options are checked apart: checkedWwnOptions).
 */
export function checkWwnAttackInput(
  input: AttackInput,
): Result<Checked<AttackInput>, InputRefusalReason> {
  return checkInput(input) ?? ok(checkedAs(input));
}

/**
 * An attack made of parts already checked (the simulator's fighters and their situations, a
 * maneuver's own attack): checked input as it stands, since the check checks nothing but its parts.
 */
export function checkedWwnAttackOf(parts: {
  readonly attacker: Checked<WwnCombatant>;
  readonly defender: Checked<WwnCombatant>;
  readonly weapon: Checked<WwnWeapon>;
  readonly situation?: Checked<AttackSituation>;
  readonly turn?: AttackInput["turn"];
}): Checked<AttackInput> {
  return checkedAs<AttackInput>(parts);
}

/** The weapon's attribute modifier for this attacker (the better one it allows). */
export function weaponAttribute(
  attacker: WwnCombatant,
  weapon: WwnWeapon,
): Result<number, InputRefusalReason> {
  return (
    checkWwnCombatant("attacker", attacker) ??
    checkWwnWeapon("weapon", weapon) ??
    ok(bestAttributeOf(attacker, weapon.attributes))
  );
}

/** Whether the attack may be made now, action economy included. Changes nothing. */
export function checkAttack(
  input: AttackInput,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<{ formula: Formula; attacker: WwnCombatant }, AttackRefusal> {
  const bad = checkInput(input) ?? checkWwnOptions(options);
  if (bad) return bad;
  const checkedOptions = checkedWwnOptions(options);
  if (!checkedOptions.ok) return checkedOptions;
  return allowedAttack(checkedAs(input), checkedOptions.value);
}

/**
 * An attack's document changes: what turns the attacker and the defender of `input` into those of
 * its outcome, and its weapon (loaded, ammunition) into the outcome's, for the shell to write in
 * one batch. Apart from the outcome: the exact odds, the previews and the simulator write none.
 */
export function attackUpdates(input: AttackInput, outcome: AttackOutcome): WwnUpdate[] {
  const updates = diffAll([
    [input.attacker, outcome.attacker],
    [input.defender, outcome.defender],
  ]);
  const weaponUpdate = diffWeapon(outcome.attacker.id, input.weapon, outcome.weapon);
  if (weaponUpdate !== null) updates.push(weaponUpdate);
  return updates;
}
