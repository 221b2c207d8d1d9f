/**
 * Grappling. A grapple is a close attack (−6 dice without the grappling mod, not against a
 * larger target unless Anti-Large Grappling makes up the size) whose net hits fill the
 * assailant's Grappling Pool for that victim instead of dealing damage.
 *
 * - The assailant spends pool points as an interrupt, before the victim rolls, for an equal
 *   penalty on the victim's roll (attack or defense).
 * - Holding costs 1 point a round; at 0 the grapple breaks. More grapple attacks add points.
 * - The victim escapes by paying Energy equal to the pool (an interrupt), or drains the pool with
 *   the net hits of an attack on the assailant; the victim's allies may drain it 1:1 with theirs.
 * - A victim cannot move; the assailant drags it at 1 pool point per space (movement.ts).
 * - One victim at a time; Multi-Grapple: 1 + Potency.
 * - A pool at or above the victim's remaining health incapacitates it for as long as the grapple
 *   holds, and then the pool stops draining each round. Once, when this happens, the victim may
 *   spend Energy to lower the pool. Restraints (a Free action) keep it incapacitated afterwards.
 *
 * Where the book is silent: the round's holding cost is paid at the start of the assailant's
 * turn, so a fresh grapple lasts at least until then.
 */
import { checkNumber, NUMBER_RULES } from "../core/guard.ts";
import type { NumberRefusal } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { checkDicepoolCombatant } from "./check.ts";
import { remainingHealth } from "./health.ts";
import type { DicepoolCombatant } from "./model.ts";
import { DEFAULT_DICEPOOL_OPTIONS } from "./options.ts";
import type { DicepoolOptions } from "./options.ts";
import { changedCombatant, withEnergy } from "./combatant.ts";

export interface Grapple {
  readonly assailantId: string;
  readonly victimId: string;
  /** The Grappling Pool. */
  readonly pool: number;
  /** The victim has had its one chance to spend Energy against incapacitation. */
  readonly resistOffered: boolean;
}

export type GrappleRefusal =
  | NumberRefusal["reason"]
  | "too-many-grapples"
  | "not-enough-pool"
  | "not-enough-energy"
  | "already-offered"
  | "not-incapacitated-by-grapple";

export interface GrappleState {
  /** The grapple after the change; null once it is broken. */
  readonly grapple: Grapple | null;
  readonly victim: DicepoolCombatant;
}

const MAX_POINTS = 1_000_000;
const pointsRule = { ...NUMBER_RULES.count, max: MAX_POINTS } as const;

/** Checks the grapple's pool and the victim's numbers. */
function checkHold(grapple: Grapple, victim: DicepoolCombatant, options: DicepoolOptions) {
  return (
    checkNumber("grapple.pool", grapple.pool, pointsRule) ??
    checkDicepoolCombatant("victim", victim, options)
  );
}

/** How many enemies the assailant may hold at once. */
export function grappleLimit(
  assailant: DicepoolCombatant,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): number {
  return options.grappleTargets + assailant.powers.multiGrapple;
}

/**
 * Applies the incapacitation rule after any change to the pool: a pool at or above the victim's
 * remaining health holds it incapacitated; a broken or weakened grapple lets it go (restraints
 * and wounds keep their own incapacitation).
 */
function settle(
  grapple: Grapple | null,
  victim: DicepoolCombatant,
  options: DicepoolOptions,
): GrappleState {
  const live = grapple !== null && grapple.pool > 0 ? grapple : null;
  const holds = live !== null && live.pool >= remainingHealth(victim, options);
  if (holds && victim.incapacitated === null) {
    return { grapple: live, victim: changedCombatant(victim, { incapacitated: "grapple" }) };
  }
  if (!holds && victim.incapacitated === "grapple") {
    return { grapple: live, victim: changedCombatant(victim, { incapacitated: null }) };
  }
  return { grapple: live, victim };
}

/** `settle` at the boundary: the grapple's pool and the victim's numbers are checked first. */
export function settleGrapple(
  grapple: Grapple | null,
  victim: DicepoolCombatant,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<GrappleState, GrappleRefusal> {
  const bad =
    grapple === null
      ? checkDicepoolCombatant("victim", victim, options)
      : checkHold(grapple, victim, options);
  if (bad) return bad;
  return ok(settle(grapple, victim, options));
}

/**
 * Puts a grapple attack's net hits into the pool: a new grapple, or more points on one the
 * assailant already holds. `held` lists the assailant's current grapples.
 */
export function addGrapplePoints(
  held: readonly Grapple[],
  assailant: DicepoolCombatant,
  victim: DicepoolCombatant,
  points: number,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<GrappleState, GrappleRefusal> {
  const bad =
    checkNumber("points", points, pointsRule) ??
    checkDicepoolCombatant("assailant", assailant, options) ??
    checkDicepoolCombatant("victim", victim, options) ??
    held.map((g, i) => checkNumber(`held.${i}.pool`, g.pool, pointsRule)).find((b) => b);
  if (bad) return bad;
  const existing = held.find((g) => g.victimId === victim.id && g.assailantId === assailant.id);
  if (existing === undefined && points > 0 && held.length >= grappleLimit(assailant, options)) {
    return refuse("too-many-grapples", { limit: grappleLimit(assailant, options) });
  }
  const grapple: Grapple = existing
    ? { ...existing, pool: existing.pool + points }
    : { assailantId: assailant.id, victimId: victim.id, pool: points, resistOffered: false };
  return ok(settle(grapple, victim, options));
}

/** The assailant spends points for an equal penalty on the victim's next roll. */
export function spendGrapplePool(
  grapple: Grapple,
  victim: DicepoolCombatant,
  points: number,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<GrappleState & { readonly penalty: number }, GrappleRefusal> {
  const bad = checkNumber("points", points, pointsRule) ?? checkHold(grapple, victim, options);
  if (bad) return bad;
  if (points > grapple.pool) return refuse("not-enough-pool", { points, pool: grapple.pool });
  const settled = settle({ ...grapple, pool: grapple.pool - points }, victim, options);
  return ok({ ...settled, penalty: points });
}

/** Net hits of the victim's (or an ally's) attack spent draining the pool, 1:1. */
export function drainGrapple(
  grapple: Grapple,
  victim: DicepoolCombatant,
  netHits: number,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<GrappleState, GrappleRefusal> {
  const bad = checkNumber("netHits", netHits, pointsRule) ?? checkHold(grapple, victim, options);
  if (bad) return bad;
  const pool = Math.max(0, grapple.pool - netHits);
  return ok(settle({ ...grapple, pool }, victim, options));
}

/**
 * The start of the assailant's turn: holding costs 1 point, unless the victim is incapacitated.
 */
export function grappleUpkeep(
  grapple: Grapple,
  victim: DicepoolCombatant,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<GrappleState, GrappleRefusal> {
  const bad = checkHold(grapple, victim, options);
  if (bad) return bad;
  if (victim.incapacitated !== null) return ok(settle(grapple, victim, options));
  const pool = Math.max(0, grapple.pool - options.grappleUpkeep);
  return ok(settle({ ...grapple, pool }, victim, options));
}

/** The victim pays Energy equal to the pool and is free (an interrupt). */
export function escapeWithEnergy(
  grapple: Grapple,
  victim: DicepoolCombatant,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<GrappleState, GrappleRefusal> {
  const bad = checkHold(grapple, victim, options);
  if (bad) return bad;
  if (victim.energy.value < grapple.pool) {
    return refuse("not-enough-energy", { cost: grapple.pool, energy: victim.energy.value });
  }
  const paid = withEnergy(victim, victim.energy.value - grapple.pool);
  return ok(settle(null, paid, options));
}

/**
 * Once, on being incapacitated by the grapple, the victim may spend Energy (any amount it has)
 * to lower the pool 1:1.
 */
export function resistGrappleIncapacitation(
  grapple: Grapple,
  victim: DicepoolCombatant,
  energy: number,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<GrappleState, GrappleRefusal> {
  const bad = checkNumber("energy", energy, pointsRule) ?? checkHold(grapple, victim, options);
  if (bad) return bad;
  if (victim.incapacitated !== "grapple") return refuse("not-incapacitated-by-grapple");
  if (grapple.resistOffered) return refuse("already-offered");
  if (energy > victim.energy.value) {
    return refuse("not-enough-energy", { cost: energy, energy: victim.energy.value });
  }
  const paid = withEnergy(victim, victim.energy.value - energy);
  const pool = Math.max(0, grapple.pool - energy);
  return ok(settle({ ...grapple, pool, resistOffered: true }, paid, options));
}

/** Restraints on a victim the grapple holds incapacitated: it stays so after the grapple ends. */
export function applyRestraints(
  victim: DicepoolCombatant,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<DicepoolCombatant, GrappleRefusal> {
  const bad = checkDicepoolCombatant("victim", victim, options);
  if (bad) return bad;
  if (victim.incapacitated !== "grapple") return refuse("not-incapacitated-by-grapple");
  return ok(changedCombatant(victim, { incapacitated: "restraints" }));
}
