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
import type { Checked } from "../core/checked.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { DICEPOOL_LIMITS as L } from "./limits.ts";
import type { AttackIntent, DicepoolCombatant } from "./model.ts";
import { checkDicepoolOptions } from "./options.ts";
import type { DicepoolOptions, OptionsRefusal } from "./options.ts";
import { changedCombatant } from "./combatant.ts";

export type InitiativeIntentRefusal =
  OptionsRefusal | "plugin-off" | "initiative-only" | "target-has-initiative";

/** What the plugin reads of an attack checked by checkAttackInput (attack.ts CheckedAttack). */
interface CheckedIntent {
  readonly intent: AttackIntent;
  readonly attacker: Checked<DicepoolCombatant>;
  readonly defender: Checked<DicepoolCombatant>;
}

const dealsHealthDamage = (intent: AttackIntent): boolean =>
  intent === "damage" || intent === "nonLethal" || intent === "finishingMove";

/** Whether the plugin allows this attack's intent (the attack checked by checkAttackInput). */
export function checkInitiativeIntent(
  input: CheckedIntent,
  options: DicepoolOptions,
): Result<true, InitiativeIntentRefusal> {
  const checked = checkDicepoolOptions(options);
  if (!checked.ok) return checked;
  const { intent, attacker, defender } = input;
  const pluginIntent = intent === "initiative" || intent === "finishingMove";
  if (!options.initiativeDamage) return pluginIntent ? refuse("plugin-off") : ALLOWED;
  if (dealsHealthDamage(intent) && attacker.initiative <= 0) {
    return refuse("initiative-only", { initiative: attacker.initiative });
  }
  if (intent === "finishingMove" && defender.initiative > 0) {
    return refuse("target-has-initiative", { initiative: defender.initiative });
  }
  return ALLOWED;
}

const ALLOWED: Result<true, InitiativeIntentRefusal> = ok(true);

/** The plugin's flawless defense: against health damage, while the defender's initiative is up. */
export function initiativeFlawless(
  input: CheckedIntent,
  options: Checked<DicepoolOptions>,
): boolean {
  return (
    options.initiativeDamage && dealsHealthDamage(input.intent) && input.defender.initiative > 0
  );
}

export interface InitiativeAftermath {
  readonly attacker: Checked<DicepoolCombatant>;
  readonly defender: Checked<DicepoolCombatant>;
  /** A Finishing Move took its victim down: the attacker rolls initiative as in a new battle. */
  readonly rerollInitiative?: boolean;
}

/** Initiative within ±DICEPOOL_LIMITS.initiative (what its check accepts). */
const boundedInitiative = (value: number): number =>
  Math.max(-L.initiative, Math.min(L.initiative, value));

/**
 * Initiative after an attack on initiative or a Finishing Move; other attacks leave it alone.
 * The initiative moved is whole net hits, 0..DICEPOOL_LIMITS.pool (anything else moves none), and
 * neither side leaves ±DICEPOOL_LIMITS.initiative.
 */
export function applyInitiativeOutcome(
  intent: AttackIntent,
  after: {
    readonly attacker: Checked<DicepoolCombatant>;
    readonly defender: Checked<DicepoolCombatant>;
    readonly hit: boolean;
    readonly initiativeMoved: number;
  },
  options: Checked<DicepoolOptions>,
): InitiativeAftermath {
  const { attacker, defender, hit } = after;
  if (intent === "initiative") {
    const moved = after.initiativeMoved;
    const n = Number.isInteger(moved) ? Math.max(0, Math.min(L.pool, moved)) : 0;
    return {
      attacker: changedCombatant(attacker, {
        initiative: boundedInitiative(attacker.initiative + n),
      }),
      defender: changedCombatant(defender, {
        initiative: boundedInitiative(defender.initiative - n),
      }),
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
