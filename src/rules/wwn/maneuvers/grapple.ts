/**
 * Grappling: Grapple (an unarmed hit, then opposed Str/Punch), the captive's escape, moving the
 * captive, letting go, and the damage a grapple deals when the round ends.
 *
 * Where the chapter is silent: the grappled defender's escape is one check compared with each
 * grappler's; it frees the defender from those it beats.
 */
import type { Checked } from "../../core/checked.ts";
import type { DiceSource } from "../../core/dice.ts";
import { rollFormula } from "../../core/formula.ts";
import { checkedFaces } from "../../core/guard.ts";
import { checkChoice } from "../../core/names.ts";
import { ok, refuse } from "../../core/result.ts";
import type { Result } from "../../core/result.ts";
import { spendAction } from "../actions.ts";
import type { TurnContext } from "../actions.ts";
import { checkWwnAttackInput } from "../attack.ts";
import type { AttackInput, AttackSituation } from "../attack.ts";
import {
  allowedAttack,
  damageBonuses,
  damageTotalOf,
  dealtDamageOf,
  shockFor,
} from "../attack-rules.ts";
import { diffAll } from "../changes.ts";
import type { WwnUpdate } from "../changes.ts";
import type { CheckRoll, OpposedOutcome } from "../checks.ts";
import { changed } from "../combatant.ts";
import { actorWins, applyHpLoss, opposedCheckOf, rollCheckOf } from "../internal.ts";
import type { WwnCombatant, WwnWeapon } from "../model.ts";
import { DEFAULT_WWN_OPTIONS } from "../options.ts";
import type { WwnOptions } from "../options.ts";
import {
  actionsOf,
  checkedWwnOptions,
  checkWwnCombatant,
  checkWwnCombatants,
  checkWwnOptions,
  checkWwnWeapon,
} from "../valid.ts";
import type { InputRefusal, InputRefusalReason } from "../valid.ts";
import {
  canAct,
  checkedActor,
  checkSize,
  GRAPPLE_CHECK,
  hitForNoDamage,
  OWN_TURN,
  simple,
  withActions,
} from "./common.ts";
import type {
  HitManeuverOutcome,
  HitManeuverRefusal,
  ManeuverRefusal,
  SimpleOutcome,
  TargetSize,
} from "./common.ts";

/** A grapple's damage: an unarmed hit that costs no action. */
const FREE_ATTACK: AttackSituation = { kind: { kind: "free" } };

/**
 * Grapple: an unarmed hit (no damage), then opposed Str/Punch. A win holds the target until it
 * breaks free or is released. Dice: d20, the attacker's check, the defender's.
 */
export function grapple(
  input: AttackInput & { readonly size?: TargetSize },
  dice: DiceSource,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<HitManeuverOutcome, HitManeuverRefusal> {
  const bad = checkSize(input.size);
  if (bad) return bad;
  if (input.weapon.unarmed !== true) return refuse("needsUnarmed");
  if (input.attacker.grappling !== null) return refuse("alreadyGrappling");
  const rolled = hitForNoDamage(input, dice, options);
  if (!rolled.ok) return rolled;
  let attacker: WwnCombatant = rolled.value.attacker;
  const { hit } = rolled.value;
  let check: OpposedOutcome | undefined;
  if (hit.hit) {
    check = opposedCheckOf(
      {
        user: attacker,
        spec: GRAPPLE_CHECK,
        modifier: options.sizePenalty[input.size ?? "manSized"],
      },
      { user: input.defender, spec: GRAPPLE_CHECK },
      dice,
      options,
    );
    if (check.actorWins) attacker = changed(attacker, { grappling: input.defender.id });
  }
  return ok({
    hit,
    check,
    success: check?.actorWins ?? false,
    attacker,
    defender: input.defender,
    updates: diffAll([[input.attacker, attacker]]),
  });
}

export interface EscapeOutcome {
  readonly defenderCheck: CheckRoll;
  /** Each grappler's check and whether the defender beat it (and so broke that hold). */
  readonly against: readonly {
    readonly id: string;
    readonly check: CheckRoll;
    readonly freed: boolean;
  }[];
  readonly free: boolean;
  readonly defender: WwnCombatant;
  readonly grapplers: readonly WwnCombatant[];
  readonly updates: readonly WwnUpdate[];
}

/**
 * A grappled defender tries to break free (a Main Action): one Str/Punch check against each
 * grappler's. Dice: the defender's check, then each grappler's in the order given.
 */
export function escapeGrapple(
  defender: WwnCombatant,
  grapplers: readonly WwnCombatant[],
  dice: DiceSource,
  turn: TurnContext = OWN_TURN,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<EscapeOutcome, ManeuverRefusal | "notGrappled"> {
  const bad = checkWwnCombatants("grapplers", grapplers) ?? checkWwnOptions(options);
  if (bad) return bad;
  const me = checkedActor(defender);
  if (!me.ok) return me;
  if (!canAct(defender)) return refuse("notActive");
  const holding = grapplers.filter((g) => g.grappling === defender.id);
  if (holding.length === 0) return refuse("notGrappled");
  const spent = spendAction(actionsOf(me.value), "main", turn);
  if (!spent.ok) return spent;
  const after = withActions(defender, spent.value);
  const defenderCheck = rollCheckOf({ user: defender, spec: GRAPPLE_CHECK }, dice, options);
  const against = holding.map((g) => {
    const check = rollCheckOf({ user: g, spec: GRAPPLE_CHECK }, dice, options);
    return {
      id: g.id,
      check,
      freed: actorWins(defenderCheck.total, check.total, options),
    };
  });
  const released = holding.map((g, i) =>
    against[i]?.freed === true ? changed(g, { grappling: null }) : g,
  );
  return ok({
    defenderCheck,
    against,
    free: against.every((a) => a.freed),
    defender: after,
    grapplers: released,
    updates: diffAll([[defender, after], ...holding.map((g, i) => [g, released[i] ?? g] as const)]),
  });
}

/**
 * The grappler moves its captive (a Main Action, opposed Str/Punch): on a win it drags it
 * options.grappleDragFeet along or throws it options.grappleThrowFeet and prone; on a loss the
 * captive breaks free. Dice: the grappler's check, then the captive's.
 */
export function moveGrappled(
  attacker: WwnCombatant,
  defender: WwnCombatant,
  effect: "drag" | "throw",
  dice: DiceSource,
  turn: TurnContext = OWN_TURN,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
  size: TargetSize = "manSized",
): Result<HitManeuverOutcome & { readonly feet: number }, ManeuverRefusal | "notGrappling"> {
  const bad =
    checkWwnCombatant("defender", defender) ??
    checkChoice("effect", effect, ["drag", "throw"]) ??
    checkSize(size) ??
    checkWwnOptions(options);
  if (bad) return bad;
  const me = checkedActor(attacker);
  if (!me.ok) return me;
  if (!canAct(attacker)) return refuse("notActive");
  if (attacker.grappling !== defender.id) return refuse("notGrappling");
  const spent = spendAction(actionsOf(me.value), "main", turn);
  if (!spent.ok) return spent;
  let after = withActions(attacker, spent.value);
  let target = defender;
  const check = opposedCheckOf(
    { user: attacker, spec: GRAPPLE_CHECK, modifier: options.sizePenalty[size] },
    { user: defender, spec: GRAPPLE_CHECK },
    dice,
    options,
  );
  let feet = 0;
  if (check.actorWins) {
    feet = effect === "drag" ? options.grappleDragFeet : options.grappleThrowFeet;
    if (effect === "throw") {
      target = changed(target, { prone: true });
      after = changed(after, { grappling: null });
    }
  } else {
    after = changed(after, { grappling: null });
  }
  return ok({
    hit: { natural: 0, modifiers: [], total: 0, ac: 0, hit: true },
    check,
    success: check.actorWins,
    feet,
    attacker: after,
    defender: target,
    updates: diffAll([
      [attacker, after],
      [defender, target],
    ]),
  });
}

/** The grappler lets its captive go (no action: the chapter asks none). */
export function releaseGrapple(
  actor: WwnCombatant,
): Result<SimpleOutcome, "notGrappling" | InputRefusalReason> {
  const bad = checkWwnCombatant("actor", actor);
  if (bad) return bad;
  if (actor.grappling === null) return refuse("notGrappling");
  return ok(simple(actor, changed(actor, { grappling: null })));
}

export interface GrappleDamage {
  readonly grapplerId: string;
  readonly faces: readonly number[];
  readonly dealt: number;
}

/**
 * The round ends: a grappled defender takes, from each grappler, the damage of an unarmed hit
 * (Shock counted as on any hit). Dice: each grappler's unarmed damage in the order given.
 */
export function grappleRoundEnd(
  defender: WwnCombatant,
  grapplers: readonly { readonly grappler: WwnCombatant; readonly unarmed: WwnWeapon }[],
  dice: DiceSource,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<GrappleRoundEnd, InputRefusalReason> {
  const bad =
    checkWwnCombatant("defender", defender) ??
    grapplers.reduce<InputRefusal | undefined>(
      (found, g, i) =>
        found ??
        checkWwnCombatant(`grapplers.${String(i)}.grappler`, g.grappler) ??
        checkWwnWeapon(`grapplers.${String(i)}.unarmed`, g.unarmed),
      undefined,
    );
  if (bad) return bad;
  const opts = checkedWwnOptions(options);
  if (!opts.ok) return opts;
  const faces = checkedFaces(dice);
  const end = grappleDamage(defender, grapplers, faces, opts.value);
  return faces.refusal ?? ok(end);
}

export interface GrappleRoundEnd {
  readonly defender: WwnCombatant;
  readonly damage: readonly GrappleDamage[];
  readonly updates: readonly WwnUpdate[];
}

function grappleDamage(
  defender: WwnCombatant,
  grapplers: readonly { readonly grappler: WwnCombatant; readonly unarmed: WwnWeapon }[],
  dice: DiceSource,
  options: Checked<WwnOptions>,
): GrappleRoundEnd {
  let target = defender;
  const damage: GrappleDamage[] = [];
  for (const { grappler, unarmed } of grapplers) {
    if (grappler.grappling !== defender.id || grappler.life !== "active") continue;
    const input = checkWwnAttackInput({
      attacker: grappler,
      defender: target,
      weapon: unarmed,
      situation: FREE_ATTACK,
    });
    if (!input.ok) continue;
    const allowed = allowedAttack(input.value, options);
    if (!allowed.ok) continue;
    const formula = allowed.value.formula;
    const rolled = rollFormula(formula, dice);
    const bonuses = damageBonuses(input.value, options);
    const total = damageTotalOf(formula, rolled.total, bonuses);
    const dealt = dealtDamageOf(true, total, shockFor(input.value, options));
    target = applyHpLoss(target, dealt, "lethal", options).actor;
    damage.push({ grapplerId: grappler.id, faces: rolled.faces, dealt });
  }
  return { defender: target, damage, updates: diffAll([[defender, target]]) };
}
