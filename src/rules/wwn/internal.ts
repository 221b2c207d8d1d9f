/**
 * The WWN rules behind the checked entry points, for callers whose input is already checked (the
 * maneuvers, the attack, the surprise check): skill checks, opposed checks and saves drawn on dice
 * the caller has face-checked, who wins an opposed check, and losing hit points. Not exported from
 * index.ts: outside the rules, use the entry points (checks.ts, health.ts), which take checked
 * input and check what they are handed besides.
 */
import type { DiceSource } from "../core/dice.ts";
import { cachedFormula, rollFormula } from "../core/formula.ts";
import type { Formula } from "../core/formula.ts";
import { atValue, changed, copyOf } from "./combatant.ts";
import type { Attribute, Harm, WwnCombatant } from "./model.ts";
import type { WwnOptions } from "./options.ts";

/** Which attribute(s) and skill(s) a check may use; the best of each applies. */
export interface CheckSpec {
  readonly attributes: readonly Attribute[];
  readonly skills: readonly string[];
}

export type CheckUser = Pick<WwnCombatant, "attributes" | "skills">;

/** One side of a check: who makes it, with what, and its situational modifier. */
export interface OpposedSide {
  readonly user: CheckUser;
  readonly spec: CheckSpec;
  readonly modifier?: number;
}

export interface CheckRoll {
  readonly faces: readonly number[];
  readonly attribute: number;
  readonly skill: number;
  readonly modifier: number;
  readonly total: number;
}

export interface OpposedOutcome {
  readonly actor: CheckRoll;
  readonly defender: CheckRoll;
  readonly actorWins: boolean;
}

export type SaveKind = "physical" | "evasion" | "mental";
export const SAVE_KINDS: readonly SaveKind[] = ["physical", "evasion", "mental"];

export interface SaveRoll {
  readonly kind: SaveKind;
  readonly natural: number;
  readonly modifier: number;
  readonly target: number;
  readonly success: boolean;
}

export interface HpLoss {
  readonly actor: WwnCombatant;
  /** Hit points actually removed (never more than the actor had). */
  readonly lost: number;
  /** Set when this loss changed the actor's life state. */
  readonly downed?: WwnCombatant["life"];
}

/**
 * The best attribute modifier among those allowed (0 when none is listed). For a user whose tables
 * passed its check (plain records, no built-in name as a key: valid.ts) and attributes from the
 * list, so a plain lookup finds the user's own entries only, with no own-entry test of its own
 * (a builtin call the attack, run in the simulator's innermost loop, would pay several times).
 */
export function bestAttributeOf(user: CheckUser, attributes: readonly Attribute[]): number {
  const table = user.attributes;
  let best: number | null = null;
  for (const a of attributes) {
    const value = table[a] ?? 0;
    if (best === null || value > best) best = value;
  }
  return best ?? 0;
}

/**
 * A skill's level, or null when the user has not even level 0. For a user whose tables passed its
 * check and a skill name that is no built-in name (checkName), as {@link bestAttributeOf}.
 */
export function skillLevelOf(user: CheckUser, skill: string): number | null {
  const level = user.skills[skill];
  return level === undefined || level < 0 ? null : level;
}

/** The skill term of a check: the best allowed skill, or the untrained value. */
export function skillTerm(user: CheckUser, skills: readonly string[], options: WwnOptions): number {
  let best: number | null = null;
  for (const skill of skills) {
    const level = skillLevelOf(user, skill);
    if (level !== null && (best === null || level > best)) best = level;
  }
  return best ?? options.untrainedSkill;
}

/** The skill-check dice: the options' formula (checked with them), 2d6 should it not parse. */
function checkDice(options: WwnOptions): Formula {
  const formula = cachedFormula(options.skillCheckDice) ?? cachedFormula("2d6");
  if (formula === null) throw new Error("2d6 must parse");
  return formula;
}

/** Rolls one side's skill check. */
export function rollCheckOf(side: OpposedSide, dice: DiceSource, options: WwnOptions): CheckRoll {
  const { total, faces } = rollFormula(checkDice(options), dice);
  const attribute = bestAttributeOf(side.user, side.spec.attributes);
  const skill = skillTerm(side.user, side.spec.skills, options);
  const modifier = side.modifier ?? 0;
  return { faces, attribute, skill, modifier, total: total + attribute + skill + modifier };
}

/** Whether the actor beats the defender's total (ties per options.opposedTie). */
export function actorWins(actorTotal: number, defenderTotal: number, options: WwnOptions): boolean {
  if (actorTotal === defenderTotal) return options.opposedTie === "actor";
  return actorTotal > defenderTotal;
}

/** An opposed check: the actor's dice are drawn first, then the defender's. */
export function opposedCheckOf(
  actor: OpposedSide,
  defender: OpposedSide,
  dice: DiceSource,
  options: WwnOptions,
): OpposedOutcome {
  const a = rollCheckOf(actor, dice, options);
  const d = rollCheckOf(defender, dice, options);
  return { actor: a, defender: d, actorWins: actorWins(a.total, d.total, options) };
}

/** A saving throw: d20 + modifier (a penalty is negative) at or above the actor's save target. */
export function rollSaveOf(
  actor: Pick<WwnCombatant, "saves">,
  kind: SaveKind,
  dice: DiceSource,
  modifier: number,
): SaveRoll {
  const natural = dice.roll(20);
  const target = actor.saves[kind];
  return { kind, natural, modifier, target, success: natural + modifier >= target };
}

/**
 * Removes hit points; never below 0, the dead are left alone. Lethal damage to someone already
 * down kills them (options.lethalOnDownedKills). See health.ts `loseHp`.
 */
export function applyHpLoss(
  actor: WwnCombatant,
  amount: number,
  harm: Harm,
  options: WwnOptions,
): HpLoss {
  if (actor.life === "dead" || !(amount > 0)) return { actor, lost: 0 };
  const value = Math.max(0, actor.hp.value - amount);
  const lost = actor.hp.value - value;
  const hurt = copyOf(actor);
  hurt.hp = atValue(actor.hp, value);
  if (actor.life !== "active") {
    if (harm === "lethal" && options.lethalOnDownedKills) {
      return {
        actor: changed(hurt, { life: "dead", downMinutes: undefined }),
        lost,
        downed: "dead",
      };
    }
    return { actor: hurt, lost };
  }
  if (value > 0) return { actor: hurt, lost };
  if (harm === "lethal") {
    const life = actor.isPC ? options.zeroHp.pc : options.zeroHp.npc;
    hurt.life = life;
    return { actor: hurt, lost, downed: life };
  }
  const life = harm === "nonLethal" ? "unconscious" : "helpless";
  return {
    actor: changed(hurt, { life, downMinutes: options.downMinutes }),
    lost,
    downed: life,
  };
}
