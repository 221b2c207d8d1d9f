/**
 * What the WWN maneuvers share: the actor's input check, the outcome of a maneuver that changes
 * only its actor, the refusals, the move rate, and the hit roll for no damage that shoves,
 * grapples and shield-shattering open with.
 */
import type { Checked } from "../../core/checked.ts";
import { checkedAs } from "../../core/checked.ts";
import type { DiceSource } from "../../core/dice.ts";
import { checkChoice } from "../../core/names.ts";
import type { NameRefusal } from "../../core/names.ts";
import { ok } from "../../core/result.ts";
import type { Result } from "../../core/result.ts";
import type { ActionRefusal, ActionState, TurnContext } from "../actions.ts";
import { checkWwnAttackInput } from "../attack.ts";
import type { AttackInput, AttackRefusal, HitRoll } from "../attack.ts";
import { allowedAttack, hitRollOf } from "../attack-rules.ts";
import { diffAll } from "../changes.ts";
import type { WwnUpdate } from "../changes.ts";
import type { CheckSpec, OpposedOutcome } from "../checks.ts";
import { copyOf } from "../combatant.ts";
import type { WwnCombatant, WwnWeapon } from "../model.ts";
import type { WwnOptions } from "../options.ts";
import { checkedWwnOptions, checkWwnCombatant, checkWwnWeapon } from "../valid.ts";
import type { InputRefusalReason } from "../valid.ts";

export const OWN_TURN: TurnContext = { ownTurn: true };

/** `actor` with its round's actions replaced. */
export function withActions(actor: WwnCombatant, actions: ActionState): WwnCombatant {
  const next = copyOf(actor);
  next.actions = actions;
  return next;
}

export interface SimpleOutcome {
  readonly actor: WwnCombatant;
  readonly updates: readonly WwnUpdate[];
}

export function simple(before: WwnCombatant, after: WwnCombatant): SimpleOutcome {
  return { actor: after, updates: diffAll([[before, after]]) };
}

/**
 * The input check of a maneuver's actor (and weapon): the actor back as checked input, or a
 * refusal naming the bad number, name or value.
 */
export function checkedActor(
  actor: WwnCombatant,
  weapon?: WwnWeapon,
  field = "actor",
): Result<Checked<WwnCombatant>, InputRefusalReason> {
  return (
    checkWwnCombatant(field, actor) ??
    (weapon === undefined ? undefined : checkWwnWeapon("weapon", weapon)) ??
    ok(checkedAs(actor))
  );
}

export function canAct(actor: WwnCombatant): boolean {
  return actor.life === "active";
}

export type Terrain = "normal" | "hard";
export const TERRAINS: readonly Terrain[] = ["normal", "hard"];

/** How far one Move action carries the actor (see moveRate, movement.ts). */
export function rateOf(actor: WwnCombatant, terrain: Terrain, options: WwnOptions): number {
  let rate = actor.speed;
  if (terrain === "hard") rate *= options.hardTerrainSpeed;
  if (actor.prone) rate *= options.proneSpeed;
  return Math.floor(rate);
}

export type ManeuverRefusal =
  | ActionRefusal
  | InputRefusalReason
  | "notActive"
  | "grappled"
  | "notProne"
  | "alreadyProne"
  | "notInMelee"
  | "skillTooLow"
  | "notReloadable"
  | "alreadyLoaded"
  | "noReadiedAmmo"
  | "alreadyThatWay";

export type TargetSize = "manSized" | "large" | "huge";
export const TARGET_SIZES: readonly TargetSize[] = ["manSized", "large", "huge"];

/** A target size from the list (the size penalty's table is read by it). */
export function checkSize(size: TargetSize | undefined): NameRefusal | undefined {
  return size === undefined ? undefined : checkChoice("size", size, TARGET_SIZES);
}

export const SHOVE_CHECK: CheckSpec = { attributes: ["str"], skills: ["punch", "exert"] };
export const GRAPPLE_CHECK: CheckSpec = { attributes: ["str"], skills: ["punch"] };
export const SHATTER_CHECK: CheckSpec = { attributes: ["str"], skills: ["stab"] };

export type HitManeuverRefusal =
  | AttackRefusal
  | "needsUnarmed"
  | "alreadyGrappling"
  | "notGrappling"
  | "cannotShatter"
  | "noShield"
  | "magicalShield"
  | "shieldBroken";

export interface HitManeuverOutcome {
  readonly hit: HitRoll;
  /** The opposed check, made only after a hit. */
  readonly check?: OpposedOutcome;
  readonly success: boolean;
  readonly attacker: WwnCombatant;
  readonly defender: WwnCombatant;
  readonly updates: readonly WwnUpdate[];
}

/**
 * Checks the attack (its input and the options, once), pays its action and rolls its hit with the
 * d20 (no damage). The checked input comes back with it, for the opposed check that follows.
 */
export function hitForNoDamage(
  input: AttackInput,
  dice: DiceSource,
  options: WwnOptions,
): Result<
  {
    attacker: Checked<WwnCombatant>;
    hit: HitRoll;
    input: Checked<AttackInput>;
    options: Checked<WwnOptions>;
  },
  AttackRefusal
> {
  const checked = checkWwnAttackInput(input);
  if (!checked.ok) return checked;
  const opts = checkedWwnOptions(options);
  if (!opts.ok) return opts;
  const allowed = allowedAttack(checked.value, opts.value);
  if (!allowed.ok) return allowed;
  const hit = hitRollOf(checked.value, dice.roll(20), opts.value);
  return ok({ attacker: allowed.value.attacker, hit, input: checked.value, options: opts.value });
}
