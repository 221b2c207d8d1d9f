/**
 * The Upkeep, once per round after every team acted, as one function from the combatants and the
 * dice to what changes. For each combatant, in the order given: its counters drop (counters.ts),
 * then each spent ability with a recharge number rolls (abilities.ts), then a Dying entity rolls
 * its death check (health.ts). The dead are left alone. Dice are drawn in that order.
 *
 * Every combatant's numbers are checked before any die is drawn: one bad number refuses the
 * whole Upkeep, by name, and changes nothing.
 */
import { checkedAs } from "../core/checked.ts";
import type { Checked } from "../core/checked.ts";
import type { DiceSource } from "../core/dice.ts";
import type { NumberRefusalReason } from "../core/guard.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { abilitiesOf, needsRecharge, rollRecharge } from "./abilities.ts";
import type { RechargeRoll } from "./abilities.ts";
import { copyActor } from "./actor.ts";
import { diffActor } from "./changes.ts";
import type { FreelancersUpdate } from "./changes.ts";
import { checkOptions, rollCheckSpec } from "./checks.ts";
import { upkeepCounters } from "./counters.ts";
import type { Counters } from "./counters.ts";
import { checkFreelancer } from "./guard.ts";
import type { FlCheckReason } from "./guard.ts";
import { afterDeathCheck, checkBase } from "./health.ts";
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

export function upkeep(
  combatants: readonly FreelancersActor[],
  dice: DiceSource,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): Result<UpkeepOutcome, FlCheckReason> {
  const bad =
    checkOptions(options) ??
    combatants.map((c) => checkFreelancer(c, c.id)).find((r) => r !== undefined);
  if (bad) return bad;
  const checked = combatants as readonly Checked<FreelancersActor>[];
  const played = rollUpkeep(checked, dice, checkedAs(options));
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
export interface UpkeepResolution {
  readonly combatants: readonly Checked<FreelancersActor>[];
  readonly reports: readonly UpkeepReport[];
}

/**
 * The rule behind {@link upkeep}, for combatants whose check passed (the encounter simulator
 * checks its fighters once per request): the same Upkeep without the document changes. A die face
 * the source should not have handed out is still refused.
 */
export function rollUpkeep(
  combatants: readonly Checked<FreelancersActor>[],
  dice: DiceSource,
  options: Checked<FreelancersOptions>,
): Result<UpkeepResolution, NumberRefusalReason> {
  const after: Checked<FreelancersActor>[] = [];
  const reports: UpkeepReport[] = [];
  for (const before of combatants) {
    if (before.life === "dead") {
      after.push(before);
      reports.push({ actorId: before.id, countersBefore: before.counters, recharges: [] });
      continue;
    }
    // An entity with nothing to drop, recharge or check is handed back as it was (no copy).
    let actor = before;
    const counters = upkeepCounters(before.counters, options);
    if (counters !== before.counters) {
      const next = copyActor(before);
      next.counters = counters;
      actor = checkedAs(next);
    }
    const recharges: RechargeRoll[] = [];
    const owned = abilitiesOf(before);
    let abilities: FreelancersAbility[] | null = null;
    for (let k = 0; k < owned.length; k++) {
      const ability = owned[k];
      if (ability === undefined || !needsRecharge(ability)) continue;
      const rolled = rollRecharge(ability, dice, options);
      if (!rolled.ok) return rolled;
      abilities ??= [...owned];
      abilities[k] = rolled.value.ability;
      recharges.push(rolled.value.roll);
    }
    if (abilities) {
      const next = copyActor(actor);
      next.abilities = abilities;
      actor = checkedAs(next);
    }
    let death: DeathCheck | undefined;
    if (actor.life === "dying") {
      const base = checkBase(actor, options.deathCheck);
      const roll = rollCheckSpec(checkedAs({ base }), dice, options, `${actor.id}.deathCheck`);
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
