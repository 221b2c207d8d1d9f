/**
 * Interruptions: reactions between turns. An actor needs Energy left over, may interrupt once per
 * round, not while Stressed, and nobody can interrupt an actor in Defensive Posture.
 *
 * - Covering Fire (2 Energy): the target must pass an Evasion check against the interrupter's
 *   attack roll, or abort the action it was taking.
 * - Extra Evasion (1 Energy): a second Evasion roll; see `defense.extraEvasion` in attack.ts.
 * - Opportunity Attack (1 Energy): a melee attack on an enemy entering the interrupter's reach.
 */
import type { DiceSource } from "../core/dice.ts";
import { checkChoice } from "../core/names.ts";
import { checkedAs } from "../core/checked.ts";
import type { InputRefusalReason } from "./valid.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import {
  attackModifiers,
  checkAttackInput,
  checkSituation,
  evasionModifiers,
  resolveAttack,
} from "./attack.ts";
import type {
  AttackOutcome,
  AttackRefusal,
  AttackSituation,
  DefenseChoice,
  Modifier,
} from "./attack.ts";
import { diffAll } from "./changes.ts";
import type { ActorUpdate } from "./changes.ts";
import { changed } from "./combatant.ts";
import type { WorldlinesCombatant, WorldlinesWeapon } from "./model.ts";
import { DEFAULT_OPTIONS } from "./options.ts";
import type { WorldlinesOptions } from "./options.ts";
import { checkCombatant, checkedOptions, checkOptions, checkWeapon } from "./valid.ts";

export type InterruptKind = "coveringFire" | "extraEvasion" | "opportunityAttack";
export const INTERRUPT_KINDS: readonly InterruptKind[] = [
  "coveringFire",
  "extraEvasion",
  "opportunityAttack",
];

export type InterruptRefusal =
  | "notActive"
  | "interruptUsed"
  | "stressed"
  | "notEnoughEnergy"
  | "targetInDefensivePosture"
  | "needsMeleeWeapon"
  | "notInReach"
  | "staggered"
  | "charmedByTarget"
  | InputRefusalReason;

/** Whether `actor` may interrupt `target` this way now, and what it costs. Changes nothing. */
export function checkInterrupt(
  actor: WorldlinesCombatant,
  kind: InterruptKind,
  context: {
    readonly target?: WorldlinesCombatant;
    readonly weapon?: WorldlinesWeapon;
    /** For an Opportunity Attack: the target is entering the actor's reach. */
    readonly entersReach?: boolean;
  } = {},
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<{ cost: number }, InterruptRefusal> {
  const bad =
    checkChoice("kind", kind, INTERRUPT_KINDS) ??
    checkCombatant("actor", actor) ??
    (context.target === undefined ? undefined : checkCombatant("target", context.target)) ??
    (context.weapon === undefined ? undefined : checkWeapon("weapon", context.weapon)) ??
    checkOptions(options);
  if (bad) return bad;
  if (actor.life !== "active") return refuse("notActive");
  if (actor.interruptUsed) return refuse("interruptUsed");
  if (actor.statuses.stressed) return refuse("stressed");
  const target = context.target;
  if (target?.defensivePosture === true && kind !== "extraEvasion") {
    return refuse("targetInDefensivePosture");
  }
  if (kind !== "extraEvasion") {
    if (actor.statuses.staggered) return refuse("staggered");
    if (target !== undefined && actor.statuses.charmed?.sourceId === target.id) {
      return refuse("charmedByTarget");
    }
  }
  if (kind === "opportunityAttack") {
    if (context.weapon?.kind !== "melee") return refuse("needsMeleeWeapon");
    if (context.entersReach !== true) return refuse("notInReach");
  }
  const cost = options.costs[kind];
  if (actor.energy.value < cost) {
    return refuse("notEnoughEnergy", { cost, energy: actor.energy.value });
  }
  return ok({ cost });
}

export interface CoveringFireOutcome {
  /** The interrupter's suppressing roll (Combat die + weapon skill + modifiers). */
  readonly attack: {
    readonly natural: number;
    readonly modifiers: readonly Modifier[];
    readonly total: number;
  };
  /** The target's forced Evasion check, unless it chose to abort straight away. */
  readonly evasion?: {
    readonly natural: number;
    readonly modifiers: readonly Modifier[];
    readonly total: number;
  };
  /** The target must abort the action it was taking. */
  readonly aborted: boolean;
  readonly interrupter: WorldlinesCombatant;
  readonly target: WorldlinesCombatant;
  readonly updates: ActorUpdate[];
}

/**
 * Covering Fire. The target either gives up its action (`choice: "abort"`) or makes an Evasion
 * check (no Energy: it is forced) against the interrupter's roll; failing aborts the action.
 */
export function coveringFire(
  input: {
    readonly interrupter: WorldlinesCombatant;
    readonly target: WorldlinesCombatant;
    readonly weapon: WorldlinesWeapon;
    readonly situation?: AttackSituation;
    readonly choice: "abort" | "evade";
  },
  dice: DiceSource,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<CoveringFireOutcome, InterruptRefusal> {
  const { interrupter, target, weapon } = input;
  const situation =
    checkSituation("situation", input.situation ?? {}) ??
    checkChoice("choice", input.choice, ["abort", "evade"]);
  if (situation) return situation;
  const allowed = checkInterrupt(interrupter, "coveringFire", { target, weapon }, options);
  if (!allowed.ok) return allowed;
  const paid: WorldlinesCombatant = {
    ...interrupter,
    interruptUsed: true,
    energy: { ...interrupter.energy, value: interrupter.energy.value - allowed.value.cost },
  };
  const attackInput = {
    attacker: interrupter,
    defender: target,
    weapon,
    ...(input.situation && { situation: input.situation }),
  };
  const attackModsResult = attackModifiers(attackInput, options);
  if (!attackModsResult.ok) return attackModsResult;
  const attackMods = attackModsResult.value;
  const evasionMods = evasionModifiers(attackInput, options);
  if (!evasionMods.ok) return evasionMods;
  const natural = dice.roll(interrupter.traits.combat);
  const attack = {
    natural,
    modifiers: attackMods,
    total: natural + attackMods.reduce((s, m) => s + m.value, 0),
  };
  let evasion: CoveringFireOutcome["evasion"];
  let aborted = true;
  if (input.choice === "evade") {
    const evMods = evasionMods.value;
    const die = target.traits.combat;
    const rolls = target.disabledLimbs.legs ? [dice.roll(die), dice.roll(die)] : [dice.roll(die)];
    const en = Math.min(...rolls);
    evasion = {
      natural: en,
      modifiers: evMods,
      total: en + evMods.reduce((s, m) => s + m.value, 0),
    };
    aborted = evasion.total < attack.total;
  }
  return ok({
    attack,
    ...(evasion === undefined ? {} : { evasion }),
    aborted,
    interrupter: paid,
    target,
    updates: diffAll([[interrupter, paid]]),
  });
}

/**
 * Opportunity Attack: a melee attack at the interruption price on an enemy entering reach.
 * Resolved like any attack (the target may evade as usual).
 */
export function opportunityAttack(
  input: {
    readonly attacker: WorldlinesCombatant;
    readonly target: WorldlinesCombatant;
    readonly weapon: WorldlinesWeapon;
    readonly entersReach: boolean;
    readonly situation?: AttackSituation;
  },
  dice: DiceSource,
  defense: DefenseChoice = {},
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<AttackOutcome & { readonly updates: ActorUpdate[] }, InterruptRefusal | AttackRefusal> {
  const { attacker, target, weapon } = input;
  // The situation's own Energy cost is replaced by the interruption's: check it before it goes.
  const situation = checkSituation("situation", input.situation ?? {});
  if (situation) return situation;
  const allowed = checkInterrupt(
    attacker,
    "opportunityAttack",
    { target, weapon, entersReach: input.entersReach },
    options,
  );
  if (!allowed.ok) return allowed;
  const checked = checkAttackInput({
    attacker,
    defender: target,
    weapon,
    situation: { ...input.situation, energyCost: allowed.value.cost },
  });
  const checkedOpts = checkedOptions(options);
  if (!checked.ok) return checked;
  if (!checkedOpts.ok) return checkedOpts;
  const result = resolveAttack(checked.value, dice, defense, checkedOpts.value);
  if (!result.ok) return result;
  const out = result.value;
  // The interruption spent: a flag, within the check's bounds.
  const nextAttacker = checkedAs<WorldlinesCombatant>(
    changed(out.attacker, { interruptUsed: true }),
  );
  return ok({
    ...out,
    attacker: nextAttacker,
    updates: diffAll([
      [attacker, nextAttacker],
      [target, out.defender],
    ]),
  });
}
