/**
 * The Upkeep, once per round after every team acted, as one function from the combatants and the
 * dice to what changes. For each combatant, in the order given: its counters drop (counters.ts),
 * then each spent ability with a recharge number rolls (abilities.ts), then a Dying entity rolls
 * its death check (health.ts). The dead are left alone. Dice are drawn in that order.
 *
 * Every combatant's numbers are checked before any die is drawn: one bad number refuses the
 * whole Upkeep, by name, and changes nothing.
 */
import type { DiceSource } from "../core/dice.ts";
import { checkNumber } from "../core/guard.ts";
import type { NumberRefusal } from "../core/guard.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { checkAbility, needsRecharge, rechargeUnchecked } from "./abilities.ts";
import type { RechargeRoll } from "./abilities.ts";
import { diffActor } from "./changes.ts";
import type { FreelancersUpdate } from "./changes.ts";
import { checkOptions, rollCheckUnchecked } from "./checks.ts";
import { checkCounters, upkeepCounters } from "./counters.ts";
import type { Counters } from "./counters.ts";
import { checkFreelancer } from "./guard.ts";
import { afterDeathCheck, checkBase, checkBody } from "./health.ts";
import type { DeathCheck } from "./health.ts";
import type { FreelancersAbility, FreelancersActor } from "./model.ts";
import { DEFAULT_FREELANCERS_OPTIONS } from "./options.ts";
import type { FreelancersOptions } from "./options.ts";

export interface UpkeepReport {
  readonly actorId: string;
  readonly countersBefore: Counters;
  readonly recharges: readonly RechargeRoll[];
  readonly deathCheck?: DeathCheck;
}

export interface UpkeepOutcome {
  readonly combatants: readonly FreelancersActor[];
  readonly reports: readonly UpkeepReport[];
  readonly updates: readonly FreelancersUpdate[];
}

function checkCombatant(actor: FreelancersActor, options: FreelancersOptions) {
  return (
    checkFreelancer(actor, actor.id) ??
    checkBody(actor) ??
    checkCounters(actor.counters) ??
    actor.abilities.map(checkAbility).find((r) => r !== undefined) ??
    (actor.life === "dying"
      ? checkNumber(`${actor.id}.deathCheck`, checkBase(actor, options.deathCheck))
      : undefined)
  );
}

export function upkeep(
  combatants: readonly FreelancersActor[],
  dice: DiceSource,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): Result<UpkeepOutcome, NumberRefusal["reason"]> {
  const bad =
    checkOptions(options) ??
    combatants.map((c) => checkCombatant(c, options)).find((r) => r !== undefined);
  if (bad) return bad;
  const played = upkeepPrechecked(combatants, dice, options);
  if (!played.ok) return played;
  const after = played.value.combatants;
  return ok({
    ...played.value,
    updates: combatants.flatMap((before, i) => {
      const now = after[i];
      return now ? diffActor(before, now) : [];
    }),
  });
}

/** An Upkeep's outcome without its document changes: the encounter simulator writes none. */
export type UpkeepResolution = Omit<UpkeepOutcome, "updates">;

/**
 * {@link upkeep} for combatants already checked: the same rule without the boundary check and
 * without the document changes. For the encounter simulator, which checks every fighter once when
 * a simulation is created and plays only the engine's outcomes after that. A die face the source
 * should not have handed out is still refused.
 */
export function upkeepPrechecked(
  combatants: readonly FreelancersActor[],
  dice: DiceSource,
  options: FreelancersOptions,
): Result<UpkeepResolution, NumberRefusal["reason"]> {
  const after: FreelancersActor[] = [];
  const reports: UpkeepReport[] = [];
  for (const before of combatants) {
    if (before.life === "dead") {
      after.push(before);
      reports.push({ actorId: before.id, countersBefore: before.counters, recharges: [] });
      continue;
    }
    // An entity with nothing to drop, recharge or check is handed back as it was (no copy).
    const counters = upkeepCounters(before.counters, options);
    let actor: FreelancersActor = counters === before.counters ? before : { ...before, counters };
    const recharges: RechargeRoll[] = [];
    let abilities: FreelancersAbility[] | null = null;
    for (let k = 0; k < before.abilities.length; k++) {
      const ability = before.abilities[k];
      if (ability === undefined || !needsRecharge(ability)) continue;
      const rolled = rechargeUnchecked(ability, ability.recharge ?? 0, dice, options);
      if (!rolled.ok) return rolled;
      abilities ??= [...before.abilities];
      abilities[k] = rolled.value.ability;
      recharges.push(rolled.value.roll);
    }
    if (abilities) actor = { ...actor, abilities };
    let death: DeathCheck | undefined;
    if (actor.life === "dying") {
      const base = checkBase(actor, options.deathCheck);
      const roll = rollCheckUnchecked({ base }, dice, options, `${actor.id}.deathCheck`);
      if (!roll.ok) return roll;
      const checked = afterDeathCheck(actor, roll.value, options);
      actor = checked.actor;
      death = checked.check;
    }
    after.push(actor);
    reports.push({
      actorId: actor.id,
      countersBefore: before.counters,
      recharges,
      ...(death ? { deathCheck: death } : {}),
    });
  }
  return ok({ combatants: after, reports });
}
