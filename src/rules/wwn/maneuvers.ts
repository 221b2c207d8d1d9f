/**
 * WWN combat maneuvers other than a plain attack (attack.ts handles Snap, Charge, Swarm's final
 * blow and free attacks through `situation.kind`). Each pays its action, draws its dice in the
 * order its comment gives, and returns the new states and the document changes, or a refusal.
 *
 * Where the chapter is silent:
 * - Shove and grapple checks: each side uses its best of the allowed attribute and skills, and a
 *   shove's hit roll deals no damage and no Shock (it is not meant to harm).
 * - The grappled defender's escape is one check compared with each grappler's; it frees the
 *   defender from those it beats.
 * - Screening: the attacker rolls once against every screener; the screeners roll Str or Dex
 *   (their better) with their best combat skill. Every screener the attacker faced uses up one
 *   of its blocks for the round.
 * - An Execution Attack's save penalty is the attacker's level in the weapon's combat skill.
 */
import type { DiceSource } from "../core/dice.ts";
import { formulaMax, rollFormula } from "../core/formula.ts";
import { sumModifiers } from "../core/modifier.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { checkedFaces, checkNumber, NUMBER_RULES } from "../core/guard.ts";
import type { NumberRefusal, NumberRefusalReason } from "../core/guard.ts";
import { checkWwnCombatant, checkWwnCombatants, checkWwnOptions, checkWwnWeapon } from "./valid.ts";
import {
  delayActionPrechecked,
  holdActionPrechecked,
  spendActionPrechecked,
  spendMovePrechecked,
} from "./actions.ts";
import type { ActionRefusal, ActionState, TurnContext } from "./actions.ts";
import {
  checkAttack,
  damageBonusesPrechecked,
  damageTotalPrechecked,
  dealtDamagePrechecked,
  hitRollPrechecked,
  shockForPrechecked,
} from "./attack.ts";
import { spendShot } from "./ammo.ts";
import type { AttackInput, AttackRefusal, HitRoll } from "./attack.ts";
import { diffAll, diffWeapon } from "./changes.ts";
import type { WwnUpdate } from "./changes.ts";
import {
  actorWinsPrechecked,
  opposedCheckPrechecked,
  rollCheckPrechecked,
  rollSavePrechecked,
  skillLevelPrechecked,
} from "./checks.ts";
import type { CheckRoll, CheckSpec, OpposedOutcome, SaveRoll } from "./checks.ts";
import { atValue, changed, changedActions, changedWeapon, copyOf } from "./combatant.ts";
import { loseHpPrechecked } from "./health.ts";
import type { Harm, WwnCombatant, WwnWeapon } from "./model.ts";
import { DEFAULT_WWN_OPTIONS } from "./options.ts";
import type { WwnOptions } from "./options.ts";

const OWN_TURN: TurnContext = { ownTurn: true };

function withActions(actor: WwnCombatant, actions: ActionState): WwnCombatant {
  const next = copyOf(actor);
  next.actions = actions;
  return next;
}

export interface SimpleOutcome {
  readonly actor: WwnCombatant;
  readonly updates: readonly WwnUpdate[];
}

function simple(before: WwnCombatant, after: WwnCombatant): SimpleOutcome {
  return { actor: after, updates: diffAll([[before, after]]) };
}

/** The boundary check of a maneuver's actor (and weapon): a refusal naming the bad number. */
function badInput(actor: WwnCombatant, weapon?: WwnWeapon): NumberRefusal | undefined {
  return (
    checkWwnCombatant("actor", actor) ??
    (weapon === undefined ? undefined : checkWwnWeapon("weapon", weapon))
  );
}

function canAct(actor: WwnCombatant): boolean {
  return actor.life === "active";
}

// ---------------------------------------------------------------------------------------------
// Movement, stance, items.

export type Terrain = "normal" | "hard";

/** How far one Move action carries the actor: its speed, halved on hard ground (climbing,
 * swimming, very rough terrain) and halved again when crawling prone. */
export function moveRate(
  actor: WwnCombatant,
  terrain: Terrain = "normal",
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<number, NumberRefusalReason> {
  return badInput(actor) ?? checkWwnOptions(options) ?? ok(rateOf(actor, terrain, options));
}

function rateOf(actor: WwnCombatant, terrain: Terrain, options: WwnOptions): number {
  let rate = actor.speed;
  if (terrain === "hard") rate *= options.hardTerrainSpeed;
  if (actor.prone) rate *= options.proneSpeed;
  return Math.floor(rate);
}

export type ManeuverRefusal =
  | ActionRefusal
  | NumberRefusalReason
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

/** Run (a Move action): `feet` at the move rate; the grappled and grapplers stay put. */
export function run(
  actor: WwnCombatant,
  feet: number,
  how: {
    readonly terrain?: Terrain;
    readonly grappled?: boolean;
    readonly turn?: TurnContext;
  } = {},
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<SimpleOutcome, ManeuverRefusal> {
  const bad =
    badInput(actor) ?? checkNumber("feet", feet, NUMBER_RULES.count) ?? checkWwnOptions(options);
  if (bad) return bad;
  if (!canAct(actor)) return refuse("notActive");
  if (how.grappled === true || actor.grappling !== null) return refuse("grappled");
  const rate = rateOf(actor, how.terrain ?? "normal", options);
  const spent = spendMovePrechecked(actor.actions, feet, rate, how.turn ?? OWN_TURN);
  if (!spent.ok) return spent;
  return ok(simple(actor, withActions(actor, spent.value)));
}

/** Stand Up (a Move action). */
export function standUp(
  actor: WwnCombatant,
  turn: TurnContext = OWN_TURN,
): Result<SimpleOutcome, ManeuverRefusal> {
  const bad = badInput(actor);
  if (bad) return bad;
  if (!canAct(actor)) return refuse("notActive");
  if (!actor.prone) return refuse("notProne");
  const spent = spendActionPrechecked(actor.actions, "move", turn);
  if (!spent.ok) return spent;
  return ok(simple(actor, changed(actor, { actions: spent.value, prone: false })));
}

/** Go Prone (On Turn). */
export function goProne(
  actor: WwnCombatant,
  turn: TurnContext = OWN_TURN,
): Result<SimpleOutcome, ManeuverRefusal> {
  const bad = badInput(actor);
  if (bad) return bad;
  if (!canAct(actor)) return refuse("notActive");
  if (actor.prone) return refuse("alreadyProne");
  const spent = spendActionPrechecked(actor.actions, "onTurn", turn);
  if (!spent.ok) return spent;
  return ok(simple(actor, changed(actor, { actions: spent.value, prone: true })));
}

export interface ItemOutcome extends SimpleOutcome {
  readonly weapon: WwnWeapon;
}

/** Ready or Stow an item (a Main Action). */
export function readyOrStow(
  actor: WwnCombatant,
  weapon: WwnWeapon,
  readied: boolean,
  turn: TurnContext = OWN_TURN,
): Result<ItemOutcome, ManeuverRefusal> {
  const bad = badInput(actor, weapon);
  if (bad) return bad;
  if (!canAct(actor)) return refuse("notActive");
  if (weapon.readied === readied) return refuse("alreadyThatWay");
  const spent = spendActionPrechecked(actor.actions, "main", turn);
  if (!spent.ok) return spent;
  return ok(
    itemOutcome(actor, withActions(actor, spent.value), weapon, changedWeapon(weapon, { readied })),
  );
}

/** Drop an item (an Instant): it is no longer readied. */
export function dropItem(
  actor: WwnCombatant,
  weapon: WwnWeapon,
): Result<ItemOutcome, ManeuverRefusal> {
  const bad = badInput(actor, weapon);
  if (bad) return bad;
  const spent = spendActionPrechecked(actor.actions, "instant", OWN_TURN);
  if (!spent.ok) return spent;
  const after = withActions(actor, spent.value);
  return ok(itemOutcome(actor, after, weapon, changedWeapon(weapon, { readied: false })));
}

/** Pick up an item (a Move action): it ends up readied in hand. */
export function pickUp(
  actor: WwnCombatant,
  weapon: WwnWeapon,
  turn: TurnContext = OWN_TURN,
): Result<ItemOutcome, ManeuverRefusal> {
  const bad = badInput(actor, weapon);
  if (bad) return bad;
  if (!canAct(actor)) return refuse("notActive");
  const spent = spendActionPrechecked(actor.actions, "move", turn);
  if (!spent.ok) return spent;
  return ok(
    itemOutcome(
      actor,
      withActions(actor, spent.value),
      weapon,
      changedWeapon(weapon, { readied: true }),
    ),
  );
}

function itemOutcome(
  before: WwnCombatant,
  after: WwnCombatant,
  weaponBefore: WwnWeapon,
  weapon: WwnWeapon,
): ItemOutcome {
  const updates = diffAll([[before, after]]);
  const itemUpdate = diffWeapon(after.id, weaponBefore, weapon);
  if (itemUpdate !== null) updates.push(itemUpdate);
  return { actor: after, weapon, updates };
}

/**
 * What reloading costs: a bow from a readied quiver is On Turn with Shoot-1 or better, else a
 * Move action; a crossbow, or a weapon whose magazine is counted, takes a Main Action.
 */
export function reloadCost(
  actor: WwnCombatant,
  weapon: WwnWeapon,
): Result<ReloadCost | null, NumberRefusalReason> {
  return badInput(actor, weapon) ?? ok(reloadCostOf(actor, weapon));
}

type ReloadCost = "onTurn" | "move" | "main";

function reloadCostOf(actor: WwnCombatant, weapon: WwnWeapon): ReloadCost | null {
  if (weapon.reload === undefined) return weapon.ammo !== undefined ? "main" : null;
  if (weapon.reload === "slow") return "main";
  return (skillLevelPrechecked(actor, "shoot") ?? -1) >= 1 ? "onTurn" : "move";
}

/**
 * Reload a weapon. A bow or crossbow is loaded from readied ammunition (one drawn from the count
 * when the weapon counts it; none left, or `ammoReadied` false, is refused). A weapon with a
 * counted magazine is filled back to its capacity.
 */
export function reload(
  actor: WwnCombatant,
  weapon: WwnWeapon,
  ammoReadied: boolean,
  turn: TurnContext = OWN_TURN,
): Result<ItemOutcome & { readonly cost: "onTurn" | "move" | "main" }, ManeuverRefusal> {
  const bad = badInput(actor, weapon);
  if (bad) return bad;
  if (!canAct(actor)) return refuse("notActive");
  const cost = reloadCostOf(actor, weapon);
  if (cost === null) return refuse("notReloadable");
  const ammo = weapon.ammo;
  let loadedWeapon: WwnWeapon;
  if (weapon.reload === undefined && ammo !== undefined) {
    if (ammo.value >= ammo.max) return refuse("alreadyLoaded");
    loadedWeapon = changedWeapon(weapon, { ammo: atValue(ammo, ammo.max) });
  } else {
    if (weapon.loaded === true) return refuse("alreadyLoaded");
    if (!ammoReadied || (ammo !== undefined && ammo.value <= 0)) return refuse("noReadiedAmmo");
    loadedWeapon = changedWeapon(
      weapon,
      ammo === undefined ? { loaded: true } : { loaded: true, ammo: atValue(ammo, ammo.value - 1) },
    );
  }
  const spent = spendActionPrechecked(actor.actions, cost, turn);
  if (!spent.ok) return spent;
  const after = withActions(actor, spent.value);
  return ok({ ...itemOutcome(actor, after, weapon, loadedWeapon), cost });
}

/**
 * Ready fresh ammunition for a bow or crossbow (a full quiver or case of quarrels): Ready an Item,
 * a Main Action. Its count goes back to its capacity.
 */
export function refillAmmo(
  actor: WwnCombatant,
  weapon: WwnWeapon,
  turn: TurnContext = OWN_TURN,
): Result<ItemOutcome, ManeuverRefusal | NumberRefusalReason | "ammoNotCounted" | "ammoFull"> {
  const bad = checkWwnCombatant("actor", actor) ?? checkWwnWeapon("weapon", weapon);
  if (bad) return bad;
  if (!canAct(actor)) return refuse("notActive");
  const ammo = weapon.ammo;
  if (ammo === undefined || weapon.reload === undefined) return refuse("ammoNotCounted");
  if (ammo.value >= ammo.max) return refuse("ammoFull");
  const spent = spendActionPrechecked(actor.actions, "main", turn);
  if (!spent.ok) return spent;
  const refilled = changedWeapon(weapon, { ammo: atValue(ammo, ammo.max) });
  return ok(itemOutcome(actor, withActions(actor, spent.value), weapon, refilled));
}

// ---------------------------------------------------------------------------------------------
// Defense, withdrawal, holding.

/** Total Defense (an Instant spending the pending Main): +AC until its next turn, no Shock this round. */
export function totalDefense(actor: WwnCombatant): Result<SimpleOutcome, ManeuverRefusal> {
  const bad = badInput(actor);
  if (bad) return bad;
  if (!canAct(actor)) return refuse("notActive");
  const spent = spendActionPrechecked(actor.actions, "mainAsInstant", OWN_TURN);
  if (!spent.ok) return spent;
  const actions = changedActions(spent.value, { totalDefense: true, shockProof: true });
  return ok(simple(actor, withActions(actor, actions)));
}

/** Fighting Withdrawal (a Main Action): may then leave melee this round without free attacks. */
export function fightingWithdrawal(
  actor: WwnCombatant,
  inMelee: boolean,
  turn: TurnContext = OWN_TURN,
): Result<SimpleOutcome, ManeuverRefusal> {
  const bad = badInput(actor);
  if (bad) return bad;
  if (!canAct(actor)) return refuse("notActive");
  if (!inMelee) return refuse("notInMelee");
  const spent = spendActionPrechecked(actor.actions, "main", turn);
  if (!spent.ok) return spent;
  return ok(simple(actor, withActions(actor, changedActions(spent.value, { withdrawn: true }))));
}

/** Whether moving away from melee foes gives each of them a free attack (attack kind "free"). */
export function leavingMeleeProvokes(actor: WwnCombatant): Result<boolean, NumberRefusalReason> {
  return badInput(actor) ?? ok(!actor.actions.withdrawn);
}

/** Hold an Action (a Move action): the rest may be used later this round, out of turn. */
export function hold(
  actor: WwnCombatant,
  turn: TurnContext = OWN_TURN,
): Result<SimpleOutcome, ManeuverRefusal> {
  const bad = badInput(actor);
  if (bad) return bad;
  if (!canAct(actor)) return refuse("notActive");
  const spent = holdActionPrechecked(actor.actions, turn);
  if (!spent.ok) return spent;
  return ok(simple(actor, withActions(actor, spent.value)));
}

/** Delay an Action (On Turn): the rest waits until `afterId` has acted. */
export function delay(
  actor: WwnCombatant,
  afterId: string,
  turn: TurnContext = OWN_TURN,
): Result<SimpleOutcome, ManeuverRefusal> {
  const bad = badInput(actor);
  if (bad) return bad;
  if (!canAct(actor)) return refuse("notActive");
  const spent = delayActionPrechecked(actor.actions, afterId, turn);
  if (!spent.ok) return spent;
  return ok(simple(actor, withActions(actor, spent.value)));
}

// ---------------------------------------------------------------------------------------------
// Swarm.

/** A swarm forming against one target: who has joined, in order. */
export interface Swarm {
  readonly targetId: string;
  readonly members: readonly string[];
}

export type SwarmRefusal =
  ActionRefusal | NumberRefusalReason | "notActive" | "swarmFull" | "alreadyInSwarm";

/** Joins a swarm (a Main Action). Up to options.swarmSize may join. */
export function joinSwarm(
  swarm: Swarm,
  actor: WwnCombatant,
  turn: TurnContext = OWN_TURN,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<{ swarm: Swarm } & SimpleOutcome, SwarmRefusal> {
  const bad = badInput(actor) ?? checkWwnOptions(options);
  if (bad) return bad;
  if (!canAct(actor)) return refuse("notActive");
  if (swarm.members.includes(actor.id)) return refuse("alreadyInSwarm");
  if (swarm.members.length >= options.swarmSize) return refuse("swarmFull");
  const spent = spendActionPrechecked(actor.actions, "main", turn);
  if (!spent.ok) return spent;
  return ok({
    swarm: { ...swarm, members: [...swarm.members, actor.id] },
    ...simple(actor, withActions(actor, spent.value)),
  });
}

/** The other swarmers still standing, for the final blow's `{ kind: "swarm", allies }`. */
export function swarmAllies(
  swarm: Swarm,
  strikerId: string,
  standing: (id: string) => boolean,
): number {
  return swarm.members.filter((id) => id !== strikerId && standing(id)).length;
}

// ---------------------------------------------------------------------------------------------
// Shove, grapple, shatter: a hit roll for no damage, then an opposed check.

export type TargetSize = "manSized" | "large" | "huge";

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

/** Pays the attack's action and rolls its hit with the d20 (no damage). */
function hitForNoDamage(
  input: AttackInput,
  dice: DiceSource,
  options: WwnOptions,
): Result<{ attacker: WwnCombatant; hit: HitRoll }, AttackRefusal> {
  const allowed = checkAttack(input, options);
  if (!allowed.ok) return allowed;
  const hit = hitRollPrechecked(input, dice.roll(20), options);
  return ok({ attacker: allowed.value.attacker, hit });
}

/**
 * Shove: hit (no damage), then the attacker's Str/Punch-or-Exert against the defender's. A win
 * pushes the target up to options.shoveFeet away (`push`) or knocks it prone (`prone`).
 * Dice: d20, then the attacker's check, then the defender's.
 */
export function shove(
  input: AttackInput & { readonly effect: "push" | "prone"; readonly size?: TargetSize },
  dice: DiceSource,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<HitManeuverOutcome & { readonly pushedFeet: number }, HitManeuverRefusal> {
  const rolled = hitForNoDamage(input, dice, options);
  if (!rolled.ok) return rolled;
  const { attacker, hit } = rolled.value;
  let defender = input.defender;
  let check: OpposedOutcome | undefined;
  if (hit.hit) {
    check = opposedCheckPrechecked(
      {
        user: attacker,
        spec: SHOVE_CHECK,
        modifier: options.sizePenalty[input.size ?? "manSized"],
      },
      { user: defender, spec: SHOVE_CHECK },
      dice,
      options,
    );
    if (check.actorWins && input.effect === "prone") defender = changed(defender, { prone: true });
  }
  const success = check?.actorWins ?? false;
  return ok({
    hit,
    check,
    success,
    pushedFeet: success && input.effect === "push" ? options.shoveFeet : 0,
    attacker,
    defender,
    updates: diffAll([
      [input.attacker, attacker],
      [input.defender, defender],
    ]),
  });
}

/**
 * Grapple: an unarmed hit (no damage), then opposed Str/Punch. A win holds the target until it
 * breaks free or is released. Dice: d20, the attacker's check, the defender's.
 */
export function grapple(
  input: AttackInput & { readonly size?: TargetSize },
  dice: DiceSource,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<HitManeuverOutcome, HitManeuverRefusal> {
  if (input.weapon.unarmed !== true) return refuse("needsUnarmed");
  if (input.attacker.grappling !== null) return refuse("alreadyGrappling");
  const rolled = hitForNoDamage(input, dice, options);
  if (!rolled.ok) return rolled;
  let { attacker } = rolled.value;
  const { hit } = rolled.value;
  let check: OpposedOutcome | undefined;
  if (hit.hit) {
    check = opposedCheckPrechecked(
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
  const bad =
    badInput(defender) ?? checkWwnCombatants("grapplers", grapplers) ?? checkWwnOptions(options);
  if (bad) return bad;
  if (!canAct(defender)) return refuse("notActive");
  const holding = grapplers.filter((g) => g.grappling === defender.id);
  if (holding.length === 0) return refuse("notGrappled");
  const spent = spendActionPrechecked(defender.actions, "main", turn);
  if (!spent.ok) return spent;
  const after = withActions(defender, spent.value);
  const defenderCheck = rollCheckPrechecked(defender, GRAPPLE_CHECK, dice, 0, options);
  const against = holding.map((g) => {
    const check = rollCheckPrechecked(g, GRAPPLE_CHECK, dice, 0, options);
    return {
      id: g.id,
      check,
      freed: actorWinsPrechecked(defenderCheck.total, check.total, options),
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
    badInput(attacker) ?? checkWwnCombatant("defender", defender) ?? checkWwnOptions(options);
  if (bad) return bad;
  if (!canAct(attacker)) return refuse("notActive");
  if (attacker.grappling !== defender.id) return refuse("notGrappling");
  const spent = spendActionPrechecked(attacker.actions, "main", turn);
  if (!spent.ok) return spent;
  let after = withActions(attacker, spent.value);
  let target = defender;
  const check = opposedCheckPrechecked(
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
): Result<SimpleOutcome, "notGrappling" | NumberRefusalReason> {
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
): Result<GrappleRoundEnd, NumberRefusalReason> {
  const bad =
    checkWwnCombatant("defender", defender) ??
    grapplers.reduce<NumberRefusal | undefined>(
      (found, g, i) =>
        found ??
        checkWwnCombatant(`grapplers.${String(i)}.grappler`, g.grappler) ??
        checkWwnWeapon(`grapplers.${String(i)}.unarmed`, g.unarmed),
      undefined,
    ) ??
    checkWwnOptions(options);
  if (bad) return bad;
  const faces = checkedFaces(dice);
  const end = grappleDamage(defender, grapplers, faces, options);
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
  options: WwnOptions,
): GrappleRoundEnd {
  let target = defender;
  const damage: GrappleDamage[] = [];
  for (const { grappler, unarmed } of grapplers) {
    if (grappler.grappling !== defender.id || grappler.life !== "active") continue;
    const input: AttackInput = { attacker: grappler, defender: target, weapon: unarmed };
    const formula = checkAttack({ ...input, situation: { kind: { kind: "free" } } }, options);
    if (!formula.ok) continue;
    const rolled = rollFormula(formula.value.formula, dice);
    const bonuses = damageBonusesPrechecked(input, options);
    const total = damageTotalPrechecked(formula.value.formula, rolled.total, bonuses);
    const dealt = dealtDamagePrechecked(true, total, shockForPrechecked(input, options));
    target = loseHpPrechecked(target, dealt, "lethal", options).actor;
    damage.push({ grapplerId: grappler.id, faces: rolled.faces, dealt });
  }
  return { defender: target, damage, updates: diffAll([[defender, target]]) };
}

/**
 * Shatter a Shield (a Main Action): a crushing or hewing weapon hits (no damage), then opposed
 * Str/Stab with the defender's bonus; a win breaks a mundane shield. Dice: d20, the attacker's
 * check, the defender's.
 */
export function shatterShield(
  input: AttackInput,
  dice: DiceSource,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<HitManeuverOutcome, HitManeuverRefusal> {
  const shield = input.defender.shield;
  if (input.weapon.crushing !== true) return refuse("cannotShatter");
  if (shield === null) return refuse("noShield");
  if (shield.magical) return refuse("magicalShield");
  if (shield.broken) return refuse("shieldBroken");
  const rolled = hitForNoDamage(input, dice, options);
  if (!rolled.ok) return rolled;
  const { attacker, hit } = rolled.value;
  let defender = input.defender;
  let check: OpposedOutcome | undefined;
  if (hit.hit) {
    check = opposedCheckPrechecked(
      { user: attacker, spec: SHATTER_CHECK },
      { user: defender, spec: SHATTER_CHECK, modifier: options.shatterDefenderBonus },
      dice,
      options,
    );
    if (check.actorWins) defender = changed(defender, { shield: { ...shield, broken: true } });
  }
  return ok({
    hit,
    check,
    success: check?.actorWins ?? false,
    attacker,
    defender,
    updates: diffAll([
      [input.attacker, attacker],
      [input.defender, defender],
    ]),
  });
}

// ---------------------------------------------------------------------------------------------
// Screen an Ally.

export const COMBAT_SKILLS = ["stab", "shoot", "punch"] as const;

function bestCombatSkill(actor: WwnCombatant): number {
  return Math.max(-1, ...COMBAT_SKILLS.map((s) => skillLevelPrechecked(actor, s) ?? -1));
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
  const bad =
    badInput(actor) ?? checkNumber("feet", feet, NUMBER_RULES.count) ?? checkWwnOptions(options);
  if (bad) return bad;
  if (!canAct(actor)) return refuse("notActive");
  const level = bestCombatSkill(actor);
  if (level < 1) return refuse("skillTooLow");
  const spent =
    feet > 0
      ? spendMovePrechecked(actor.actions, feet, rateOf(actor, "normal", options), turn)
      : spendActionPrechecked(actor.actions, "move", turn);
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
): Result<ScreenOutcome, NumberRefusalReason> {
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
  const attackerCheck = rollCheckPrechecked(
    attacker,
    { attributes: ["str", "dex"], skills: [weapon.skill] },
    dice,
    0,
    options,
  );
  const blockers = able.map((s) => {
    const check = rollCheckPrechecked(
      s,
      { attributes: ["str", "dex"], skills: [...COMBAT_SKILLS] },
      dice,
      0,
      options,
    );
    return {
      id: s.id,
      check,
      blocked: !actorWinsPrechecked(attackerCheck.total, check.total, options),
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

// ---------------------------------------------------------------------------------------------
// Execution Attack.

export type ExecutionRange = "melee" | "pointBlank" | "normal" | "extreme";

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
  if (!input.prepared) return refuse("notPrepared");
  if (!input.targetUnaware) return refuse("targetAware");
  if (weapon.unarmed === true && weapon.lethalUnarmed !== true) return refuse("needsWeapon");
  const melee = input.range === "melee";
  const mode = melee ? "melee" : weapon.mode === "melee" ? "thrown" : weapon.mode;
  const allowed = checkAttack(
    {
      attacker: input.attacker,
      defender: input.defender,
      weapon,
      situation: { mode, harm: input.harm },
      turn: input.turn,
    },
    options,
  );
  if (!allowed.ok) return allowed;
  const attacker = allowed.value.attacker;
  const after = spendShot(weapon);
  let defender = input.defender;
  let shot: ExecutionOutcome["shot"];
  let hit = melee;
  if (input.range !== "melee") {
    const difficulty = options.executionShot[input.range];
    const roll = rollCheckPrechecked(
      attacker,
      { attributes: ["dex"], skills: ["shoot"] },
      dice,
      0,
      options,
    );
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
      const penalty = skillLevelPrechecked(attacker, weapon.skill) ?? 0;
      save = rollSavePrechecked(defender, "physical", dice, -penalty);
      if (!save.success) {
        result = knockOut ? "knockedOut" : "killed";
        dealt = defender.hp.value;
        defender = knockOut
          ? loseHpPrechecked(defender, defender.hp.value, "nonLethal", options).actor
          : changed(defender, { hp: atValue(defender.hp, 0), life: "dead" });
      } else {
        result = "survived";
        const bonuses = damageBonusesPrechecked(
          { attacker, defender, weapon, situation: { mode } },
          options,
        );
        dealt = Math.max(0, formulaMax(allowed.value.formula) + sumModifiers(bonuses));
        const loss = loseHpPrechecked(defender, dealt, input.harm ?? "lethal", options);
        defender = changed(loss.actor, {
          wounds: loss.actor.wounds + options.executionWounds,
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
