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
import type { Checked } from "../core/checked.ts";
import { checkNumber, NUMBER_RULES } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Refusal, Result } from "../core/result.ts";
import { checkChoice, checkName } from "../core/names.ts";
import { checkDicepoolCombatant, checkList } from "./check.ts";
import type { StateRefusal } from "./check.ts";
import { remainingHealth } from "./damage.ts";
import { DICEPOOL_LIMITS as L } from "./limits.ts";
import type { DicepoolCombatant } from "./model.ts";
import { checkDicepoolOptions, DEFAULT_DICEPOOL_OPTIONS } from "./options.ts";
import type { DicepoolOptions, OptionsRefusal } from "./options.ts";
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
  | StateRefusal
  | OptionsRefusal
  | "too-many-grapples"
  | "not-enough-pool"
  | "not-enough-energy"
  | "already-offered"
  | "not-incapacitated-by-grapple";

export interface GrappleState {
  /** The grapple after the change; null once it is broken. */
  readonly grapple: Grapple | null;
  readonly victim: Checked<DicepoolCombatant>;
}

/** Points one change adds, spends or drains, and a Grappling Pool: whole, 0..grapplePool. */
const pointsRule = { ...NUMBER_RULES.count, max: L.grapplePool } as const;

/** A stored grapple: two names, a pool within its bound, a yes/no. */
function checkGrapple(field: string, grapple: Grapple): Refusal<StateRefusal> | undefined {
  const given: unknown = grapple;
  if (typeof given !== "object" || given === null) {
    return refuse("badChoice", { field, value: typeof given });
  }
  const name = (key: "assailantId" | "victimId") => checkName(`${field}.${key}`, grapple[key]);
  return (
    name("assailantId") ??
    name("victimId") ??
    checkNumber(`${field}.pool`, grapple.pool, pointsRule) ??
    checkChoice(`${field}.resistOffered`, grapple.resistOffered, [true, false])
  );
}

/** The options, the grapple and the victim of a grapple rule, checked in that order. */
function checkHold(
  grapple: Grapple,
  victim: DicepoolCombatant,
  options: DicepoolOptions,
): Result<
  { victim: Checked<DicepoolCombatant>; options: Checked<DicepoolOptions> },
  GrappleRefusal
> {
  const checked = checkDicepoolOptions(options);
  if (!checked.ok) return checked;
  const bad = checkGrapple("grapple", grapple);
  if (bad) return bad;
  const held = checkDicepoolCombatant("victim", victim);
  return held.ok ? ok({ victim: held.value, options: checked.value }) : held;
}

/** How many enemies the assailant may hold at once. */
export function grappleLimit(
  assailant: Checked<DicepoolCombatant>,
  options: Checked<DicepoolOptions> = DEFAULT_DICEPOOL_OPTIONS,
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
  victim: Checked<DicepoolCombatant>,
  options: Checked<DicepoolOptions>,
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
  if (grapple === null) {
    const checked = checkDicepoolOptions(options);
    if (!checked.ok) return checked;
    const held = checkDicepoolCombatant("victim", victim);
    return held.ok ? ok(settle(null, held.value, checked.value)) : held;
  }
  const hold = checkHold(grapple, victim, options);
  return hold.ok ? ok(settle(grapple, hold.value.victim, hold.value.options)) : hold;
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
  const checked = checkDicepoolOptions(options);
  if (!checked.ok) return checked;
  const bad =
    checkNumber("points", points, pointsRule) ??
    checkList("held", held) ??
    held.map((g, i) => checkGrapple(`held.${i}`, g)).find((b) => b !== undefined);
  if (bad) return bad;
  const holder = checkDicepoolCombatant("assailant", assailant);
  if (!holder.ok) return holder;
  const target = checkDicepoolCombatant("victim", victim);
  if (!target.ok) return target;
  const existing = held.find((g) => g.victimId === victim.id && g.assailantId === assailant.id);
  const limit = grappleLimit(holder.value, checked.value);
  if (existing === undefined && points > 0 && held.length >= limit) {
    return refuse("too-many-grapples", { limit });
  }
  const grapple: Grapple = existing
    ? { ...existing, pool: Math.min(L.grapplePool, existing.pool + points) }
    : { assailantId: assailant.id, victimId: victim.id, pool: points, resistOffered: false };
  return ok(settle(grapple, target.value, checked.value));
}

/** The assailant spends points for an equal penalty on the victim's next roll. */
export function spendGrapplePool(
  grapple: Grapple,
  victim: DicepoolCombatant,
  points: number,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<GrappleState & { readonly penalty: number }, GrappleRefusal> {
  const bad = checkNumber("points", points, pointsRule);
  if (bad) return bad;
  const hold = checkHold(grapple, victim, options);
  if (!hold.ok) return hold;
  if (points > grapple.pool) return refuse("not-enough-pool", { points, pool: grapple.pool });
  const settled = settle(
    { ...grapple, pool: grapple.pool - points },
    hold.value.victim,
    hold.value.options,
  );
  return ok({ ...settled, penalty: points });
}

/** Net hits of the victim's (or an ally's) attack spent draining the pool, 1:1. */
export function drainGrapple(
  grapple: Grapple,
  victim: DicepoolCombatant,
  netHits: number,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<GrappleState, GrappleRefusal> {
  const bad = checkNumber("netHits", netHits, pointsRule);
  if (bad) return bad;
  const hold = checkHold(grapple, victim, options);
  if (!hold.ok) return hold;
  const pool = Math.max(0, grapple.pool - netHits);
  return ok(settle({ ...grapple, pool }, hold.value.victim, hold.value.options));
}

/**
 * The start of the assailant's turn: holding costs 1 point, unless the victim is incapacitated.
 */
export function grappleUpkeep(
  grapple: Grapple,
  victim: DicepoolCombatant,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<GrappleState, GrappleRefusal> {
  const hold = checkHold(grapple, victim, options);
  if (!hold.ok) return hold;
  const held = hold.value.victim;
  if (held.incapacitated !== null) return ok(settle(grapple, held, hold.value.options));
  const pool = Math.max(0, grapple.pool - hold.value.options.grappleUpkeep);
  return ok(settle({ ...grapple, pool }, held, hold.value.options));
}

/** The victim pays Energy equal to the pool and is free (an interrupt). */
export function escapeWithEnergy(
  grapple: Grapple,
  victim: DicepoolCombatant,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<GrappleState, GrappleRefusal> {
  const hold = checkHold(grapple, victim, options);
  if (!hold.ok) return hold;
  if (victim.energy.value < grapple.pool) {
    return refuse("not-enough-energy", { cost: grapple.pool, energy: victim.energy.value });
  }
  const paid = withEnergy(hold.value.victim, victim.energy.value - grapple.pool);
  return ok(settle(null, paid, hold.value.options));
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
  const bad = checkNumber("energy", energy, { ...NUMBER_RULES.count, max: L.energy });
  if (bad) return bad;
  const hold = checkHold(grapple, victim, options);
  if (!hold.ok) return hold;
  if (victim.incapacitated !== "grapple") return refuse("not-incapacitated-by-grapple");
  if (grapple.resistOffered) return refuse("already-offered");
  if (energy > victim.energy.value) {
    return refuse("not-enough-energy", { cost: energy, energy: victim.energy.value });
  }
  const paid = withEnergy(hold.value.victim, victim.energy.value - energy);
  const pool = Math.max(0, grapple.pool - energy);
  return ok(settle({ ...grapple, pool, resistOffered: true }, paid, hold.value.options));
}

/** Restraints on a victim the grapple holds incapacitated: it stays so after the grapple ends. */
export function applyRestraints(
  victim: DicepoolCombatant,
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Result<Checked<DicepoolCombatant>, GrappleRefusal> {
  const checked = checkDicepoolOptions(options);
  if (!checked.ok) return checked;
  const held = checkDicepoolCombatant("victim", victim);
  if (!held.ok) return held;
  if (victim.incapacitated !== "grapple") return refuse("not-incapacitated-by-grapple");
  return ok(changedCombatant(held.value, { incapacitated: "restraints" }));
}
