/**
 * Plugin "Initiative Damage" (a world setting, off by default): fights turn on tactical advantage
 * before they turn on health.
 *
 * - While a character's initiative is above 0 it defends flawlessly against attacks that deal
 *   health damage.
 * - Anyone may attack an enemy's initiative instead: a normal contested roll whose net hits move
 *   from the victim's initiative to the attacker's.
 * - At 0 initiative or less a character loses that flawless defense, can deal only initiative
 *   damage, and can be the target of a Finishing Move.
 * - Finishing Move (everyone has it): the attacker spends all its initiative, adding it to the
 *   attack pool, against a victim at 0 or less. Victim taken down: the attacker rolls initiative
 *   anew (the shell rolls it; the outcome says so). Hit, victim still up: the attacker is left at
 *   1. Miss: the victim goes to 6 and the attacker to 0.
 *
 * Where the book is silent: "destroyed" means incapacitated or dead; until the new roll the
 * attacker sits at 0.
 */
import type { NumberRefusalReason } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import type { AttackInput, AttackIntent } from "./attack.ts";
import { checkDicepoolCombatant } from "./check.ts";
import type { DicepoolCombatant } from "./model.ts";
import type { DicepoolOptions } from "./options.ts";
import { changedCombatant } from "./combatant.ts";

export type InitiativeIntentRefusal =
  NumberRefusalReason | "plugin-off" | "initiative-only" | "target-has-initiative";

const dealsHealthDamage = (intent: AttackIntent): boolean =>
  intent === "damage" || intent === "nonLethal" || intent === "finishingMove";

/** Whether the plugin allows this attack's intent. */
export function checkInitiativeIntent(
  input: AttackInput,
  options: DicepoolOptions,
): Result<true, InitiativeIntentRefusal> {
  const bad =
    checkDicepoolCombatant("attacker", input.attacker, options) ??
    checkDicepoolCombatant("defender", input.defender, options);
  if (bad) return bad;
  return checkInitiativeIntentPrechecked(input, options);
}

/**
 * {@link checkInitiativeIntent} for combatants already checked (planAttack checks them first):
 * the same rule without the boundary check.
 */
export function checkInitiativeIntentPrechecked(
  input: AttackInput,
  options: DicepoolOptions,
): Result<true, InitiativeIntentRefusal> {
  const { intent, attacker, defender } = input;
  const pluginIntent = intent === "initiative" || intent === "finishingMove";
  if (!options.initiativeDamage) return pluginIntent ? refuse("plugin-off") : ok(true);
  if (dealsHealthDamage(intent) && attacker.initiative <= 0) {
    return refuse("initiative-only", { initiative: attacker.initiative });
  }
  if (intent === "finishingMove" && defender.initiative > 0) {
    return refuse("target-has-initiative", { initiative: defender.initiative });
  }
  return ok(true);
}

/** The plugin's flawless defense: against health damage, while the defender's initiative is up. */
export function initiativeFlawless(input: AttackInput, options: DicepoolOptions): boolean {
  return (
    options.initiativeDamage && dealsHealthDamage(input.intent) && input.defender.initiative > 0
  );
}

export interface InitiativeAftermath {
  readonly attacker: DicepoolCombatant;
  readonly defender: DicepoolCombatant;
  /** A Finishing Move took its victim down: the attacker rolls initiative as in a new battle. */
  readonly rerollInitiative?: boolean;
}

/** Initiative after an attack on initiative or a Finishing Move; other attacks leave it alone. */
export function applyInitiativeOutcome(
  intent: AttackIntent,
  after: {
    readonly attacker: DicepoolCombatant;
    readonly defender: DicepoolCombatant;
    readonly hit: boolean;
    readonly initiativeMoved: number;
  },
  options: DicepoolOptions,
): InitiativeAftermath {
  const { attacker, defender, hit, initiativeMoved } = after;
  if (intent === "initiative") {
    return {
      attacker: changedCombatant(attacker, { initiative: attacker.initiative + initiativeMoved }),
      defender: changedCombatant(defender, { initiative: defender.initiative - initiativeMoved }),
    };
  }
  if (intent !== "finishingMove") return { attacker, defender };
  if (!hit) {
    return {
      attacker: changedCombatant(attacker, { initiative: 0 }),
      defender: changedCombatant(defender, { initiative: options.finishingMoveMissInitiative }),
    };
  }
  const destroyed = defender.dead || defender.incapacitated !== null;
  return destroyed
    ? { attacker: changedCombatant(attacker, { initiative: 0 }), defender, rerollInitiative: true }
    : {
        attacker: changedCombatant(attacker, { initiative: options.finishingMoveHitInitiative }),
        defender,
      };
}
