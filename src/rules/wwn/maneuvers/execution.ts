/**
 * The Execution Attack: a prepared strike on an unaware target, which it must save against or die.
 *
 * Where the chapter is silent: the save's penalty is the attacker's level in the weapon's combat
 * skill.
 */
import type { DiceSource } from "../../core/dice.ts";
import { formulaMax } from "../../core/formula.ts";
import { sumModifiers } from "../../core/modifier.ts";
import { checkChoice } from "../../core/names.ts";
import { ok, refuse } from "../../core/result.ts";
import type { Result } from "../../core/result.ts";
import type { TurnContext } from "../actions.ts";
import { checkWwnAttackInput } from "../attack.ts";
import type { AttackRefusal } from "../attack.ts";
import { allowedAttack, damageBonuses } from "../attack-rules.ts";
import { spendShot } from "../ammo.ts";
import { diffAll, diffWeapon } from "../changes.ts";
import type { WwnUpdate } from "../changes.ts";
import type { CheckRoll, CheckSpec, SaveRoll } from "../checks.ts";
import { atValue, changed } from "../combatant.ts";
import { applyHpLoss, rollCheckOf, rollSaveOf, skillLevelOf } from "../internal.ts";
import { WWN_LIMITS } from "../limits.ts";
import type { Harm, WwnCombatant, WwnWeapon } from "../model.ts";
import { DEFAULT_WWN_OPTIONS } from "../options.ts";
import type { WwnOptions } from "../options.ts";
import { checkedWwnOptions } from "../valid.ts";

export type ExecutionRange = "melee" | "pointBlank" | "normal" | "extreme";
export const EXECUTION_RANGES: readonly ExecutionRange[] = [
  "melee",
  "pointBlank",
  "normal",
  "extreme",
];

/** A ranged execution's check: Dex/Shoot. */
const SHOT_CHECK: CheckSpec = { attributes: ["dex"], skills: ["shoot"] };

export interface ExecutionInput {
  readonly attacker: WwnCombatant;
  readonly defender: WwnCombatant;
  readonly weapon: WwnWeapon;
  /** The minute of preparation is done. */
  readonly prepared: boolean;
  /** The target is completely unaware of danger. */
  readonly targetUnaware: boolean;
  readonly range: ExecutionRange;
  /** Knock out rather than kill, with a plausibly non-lethal weapon. */
  readonly harm?: Harm;
  readonly turn?: TurnContext;
}

export type ExecutionRefusal = AttackRefusal | "notPrepared" | "targetAware" | "needsWeapon";

export interface ExecutionOutcome {
  /** The ranged Dex/Shoot check; melee executions always hit. */
  readonly shot?: CheckRoll & { readonly difficulty: number };
  readonly hit: boolean;
  readonly save?: SaveRoll;
  /** "killed" (or knocked out), "survived" (maximum damage and a Wound), or "missed". */
  readonly result: "killed" | "knockedOut" | "survived" | "missed";
  readonly dealt: number;
  readonly attacker: WwnCombatant;
  readonly defender: WwnCombatant;
  readonly weapon: WwnWeapon;
  readonly updates: readonly WwnUpdate[];
}

/**
 * Execution Attack (a Main Action) against an unaware target after a minute's preparation. AC
 * does not matter: melee always hits, a shot needs Dex/Shoot against the range's difficulty. The
 * target then saves (Physical, at minus the attacker's combat skill): a failure kills it (or
 * knocks it out), a success still takes the weapon's maximum damage and a Wound. A target already
 * down is killed outright. Dice: the shot check (ranged), then the save d20.
 */
export function executionAttack(
  input: ExecutionInput,
  dice: DiceSource,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<ExecutionOutcome, ExecutionRefusal> {
  const { weapon } = input;
  const bad = checkChoice("range", input.range, EXECUTION_RANGES);
  if (bad) return bad;
  if (!input.prepared) return refuse("notPrepared");
  if (!input.targetUnaware) return refuse("targetAware");
  if (weapon.unarmed === true && weapon.lethalUnarmed !== true) return refuse("needsWeapon");
  const melee = input.range === "melee";
  const mode = melee ? "melee" : weapon.mode === "melee" ? "thrown" : weapon.mode;
  const checked = checkWwnAttackInput({
    attacker: input.attacker,
    defender: input.defender,
    weapon,
    situation: { mode, harm: input.harm },
    turn: input.turn,
  });
  if (!checked.ok) return checked;
  const opts = checkedWwnOptions(options);
  if (!opts.ok) return opts;
  const allowed = allowedAttack(checked.value, opts.value);
  if (!allowed.ok) return allowed;
  const attacker = allowed.value.attacker;
  const after = spendShot(weapon);
  let defender = input.defender;
  let shot: ExecutionOutcome["shot"];
  let hit = melee;
  if (input.range !== "melee") {
    const difficulty = options.executionShot[input.range];
    const roll = rollCheckOf({ user: attacker, spec: SHOT_CHECK }, dice, options);
    shot = { ...roll, difficulty };
    hit = roll.total >= difficulty;
  }
  let save: SaveRoll | undefined;
  let result: ExecutionOutcome["result"] = "missed";
  let dealt = 0;
  const knockOut = input.harm === "nonLethal" && weapon.nonLethal === true;
  if (hit) {
    if (defender.life !== "active") {
      result = "killed";
      dealt = defender.hp.value;
      defender = changed(defender, {
        hp: atValue(defender.hp, 0),
        life: "dead",
        downMinutes: undefined,
      });
    } else {
      const penalty = skillLevelOf(attacker, weapon.skill) ?? 0;
      save = rollSaveOf(defender, "physical", dice, -penalty);
      if (!save.success) {
        result = knockOut ? "knockedOut" : "killed";
        dealt = defender.hp.value;
        defender = knockOut
          ? applyHpLoss(defender, defender.hp.value, "nonLethal", options).actor
          : changed(defender, { hp: atValue(defender.hp, 0), life: "dead" });
      } else {
        result = "survived";
        const bonuses = damageBonuses(checked.value, opts.value);
        dealt = Math.max(0, formulaMax(allowed.value.formula) + sumModifiers(bonuses));
        const loss = applyHpLoss(defender, dealt, input.harm ?? "lethal", options);
        defender = changed(loss.actor, {
          wounds: Math.min(WWN_LIMITS.wounds, loss.actor.wounds + options.executionWounds),
        });
      }
    }
  }
  const updates = diffAll([
    [input.attacker, attacker],
    [input.defender, defender],
  ]);
  const weaponUpdate = diffWeapon(attacker.id, weapon, after);
  if (weaponUpdate !== null) updates.push(weaponUpdate);
  return ok({ shot, hit, save, result, dealt, attacker, defender, weapon: after, updates });
}
