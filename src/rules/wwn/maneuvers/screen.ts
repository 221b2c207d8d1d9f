/**
 * Screen an Ally: standing in the way of attackers (a Move action), and what happens when an enemy
 * attacks the screened ally.
 *
 * Where the chapter is silent: the attacker rolls once against every screener; the screeners roll
 * Str or Dex (their better) with their best combat skill. Every screener the attacker faced uses
 * up one of its blocks for the round.
 */
import type { DiceSource } from "../../core/dice.ts";
import { checkedFaces, checkNumber, NUMBER_RULES } from "../../core/guard.ts";
import { ok, refuse } from "../../core/result.ts";
import type { Result } from "../../core/result.ts";
import { spendAction, spendMove } from "../actions.ts";
import type { TurnContext } from "../actions.ts";
import { diffAll } from "../changes.ts";
import type { WwnUpdate } from "../changes.ts";
import type { CheckRoll, CheckSpec } from "../checks.ts";
import { changedActions } from "../combatant.ts";
import { actorWins, rollCheckOf, skillLevelOf } from "../internal.ts";
import type { WwnCombatant, WwnWeapon } from "../model.ts";
import { DEFAULT_WWN_OPTIONS } from "../options.ts";
import type { WwnOptions } from "../options.ts";
import {
  actionsOf,
  checkWwnCombatant,
  checkWwnCombatants,
  checkWwnOptions,
  checkWwnWeapon,
} from "../valid.ts";
import type { InputRefusalReason } from "../valid.ts";
import { canAct, checkedActor, OWN_TURN, rateOf, simple, withActions } from "./common.ts";
import type { ManeuverRefusal, SimpleOutcome } from "./common.ts";

export const COMBAT_SKILLS = ["stab", "shoot", "punch"] as const;

/** A screener's check: Str or Dex (the better) with its best combat skill. */
const SCREEN_CHECK: CheckSpec = { attributes: ["str", "dex"], skills: COMBAT_SKILLS };

function bestCombatSkill(actor: WwnCombatant): number {
  return Math.max(-1, ...COMBAT_SKILLS.map((s) => skillLevelOf(actor, s) ?? -1));
}

/**
 * Screen an Ally (a Move action, moving up to `feet` towards it first): until its next turn the
 * screener can stand in the way of as many attackers as its best combat skill. Level 0 or
 * untrained cannot screen.
 */
export function screenAlly(
  actor: WwnCombatant,
  allyId: string,
  feet: number,
  turn: TurnContext = OWN_TURN,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<SimpleOutcome, ManeuverRefusal> {
  const bad = checkNumber("feet", feet, NUMBER_RULES.count) ?? checkWwnOptions(options);
  if (bad) return bad;
  const me = checkedActor(actor);
  if (!me.ok) return me;
  if (!canAct(actor)) return refuse("notActive");
  const level = bestCombatSkill(actor);
  if (level < 1) return refuse("skillTooLow");
  const spent =
    feet > 0
      ? spendMove(actionsOf(me.value), feet, rateOf(actor, "normal", options), turn)
      : spendAction(actionsOf(me.value), "move", turn);
  if (!spent.ok) return spent;
  const actions = changedActions(spent.value, { screening: { allyId, blocksLeft: level } });
  return ok(simple(actor, withActions(actor, actions)));
}

export interface ScreenOutcome {
  readonly attackerCheck?: CheckRoll;
  readonly blockers: readonly {
    readonly id: string;
    readonly check: CheckRoll;
    readonly blocked: boolean;
  }[];
  /** Whom the attack now targets: the lowest-rolling screener who blocked, or the ally. */
  readonly targetId: string;
  readonly screeners: readonly WwnCombatant[];
  readonly updates: readonly WwnUpdate[];
}

/**
 * An enemy attacks a screened ally: its Str-or-Dex check with its weapon's combat skill is
 * compared with each able screener's; if any screener wins, the attack goes to the lowest-rolling
 * one of those. Dice: the attacker's check, then each able screener's in the order given.
 */
export function resolveScreen(
  attacker: WwnCombatant,
  weapon: WwnWeapon,
  allyId: string,
  screeners: readonly WwnCombatant[],
  dice: DiceSource,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<ScreenOutcome, InputRefusalReason> {
  const bad =
    checkWwnCombatant("attacker", attacker) ??
    checkWwnWeapon("weapon", weapon) ??
    checkWwnCombatants("screeners", screeners) ??
    checkWwnOptions(options);
  if (bad) return bad;
  const faces = checkedFaces(dice);
  const outcome = screen(attacker, weapon, allyId, screeners, faces, options);
  return faces.refusal ?? ok(outcome);
}

function screen(
  attacker: WwnCombatant,
  weapon: WwnWeapon,
  allyId: string,
  screeners: readonly WwnCombatant[],
  dice: DiceSource,
  options: WwnOptions,
): ScreenOutcome {
  const able = screeners.filter(
    (s) =>
      s.life === "active" &&
      s.actions.screening?.allyId === allyId &&
      s.actions.screening.blocksLeft > 0,
  );
  if (able.length === 0) return { blockers: [], targetId: allyId, screeners, updates: [] };
  const attackerCheck = rollCheckOf(
    { user: attacker, spec: { attributes: ["str", "dex"], skills: [weapon.skill] } },
    dice,
    options,
  );
  const blockers = able.map((s) => {
    const check = rollCheckOf({ user: s, spec: SCREEN_CHECK }, dice, options);
    return {
      id: s.id,
      check,
      blocked: !actorWins(attackerCheck.total, check.total, options),
    };
  });
  let targetId = allyId;
  let lowest = Infinity;
  for (const b of blockers) {
    if (b.blocked && b.check.total < lowest) {
      lowest = b.check.total;
      targetId = b.id;
    }
  }
  const after = screeners.map((s) => {
    const screening = s.actions.screening;
    if (!able.includes(s) || screening === null) return s;
    return withActions(
      s,
      changedActions(s.actions, {
        screening: { ...screening, blocksLeft: screening.blocksLeft - 1 },
      }),
    );
  });
  return {
    attackerCheck,
    blockers,
    targetId,
    screeners: after,
    updates: diffAll(screeners.map((s, i) => [s, after[i] ?? s] as const)),
  };
}
