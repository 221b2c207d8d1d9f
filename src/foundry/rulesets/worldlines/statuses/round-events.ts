/**
 * What the round's events and each turn's start and end do to Worldlines combatants, as data: the
 * ActorUpdates to write (the combat code batches them into one write) and the ticks to report in
 * chat. Pure: combatants in, updates and ticks out.
 *
 * Timing is the engine's (rules/worldlines/statuses.ts): Bleeding bites at the start of the
 * bleeder's turn, Poison at Status Resolution, Staggered and flash blindness count down at the end
 * of the affected actor's own turn.
 */
import { fixedDice } from "../../../../rules/core/dice.ts";
import {
  DEFAULT_OPTIONS,
  endTurn,
  refreshEnergy,
  resolveStatuses,
  startTurn,
} from "../../../../rules/worldlines/index.ts";
import type {
  ActorUpdate,
  StatusId,
  TickOutcome,
  WorldlinesCombatant,
  WorldlinesOptions,
} from "../../../../rules/worldlines/index.ts";
import type { NumberRefusalReason } from "../../../../rules/core/guard.ts";
import type { Result } from "../../../../rules/core/result.ts";
import { warnRefusal } from "../../../shared/refusal.ts";

/** One line of a status chat card: who lost what to which status, or which status ran out. */
export interface StatusTick {
  readonly actorId: string;
  readonly name: string;
  /** The status that bit (Bleeding at turn start, Poison at resolution), or null. */
  readonly status: StatusId | null;
  readonly lost: number;
  readonly health: { readonly before: number; readonly after: number; readonly max: number };
  readonly downed?: "dying" | "unconscious";
  readonly expired: readonly StatusId[];
  /** The statuses the actor still has after the tick. */
  readonly statuses: readonly StatusId[];
}

export interface EventResult {
  readonly updates: ActorUpdate[];
  readonly ticks: StatusTick[];
}

// Status ticks never roll (they are lethal losses; only a knock-out rolls its duration).
const NO_DICE = fixedDice([]);

function tickOf(
  before: WorldlinesCombatant,
  outcome: TickOutcome,
  status: StatusId | null,
): StatusTick | null {
  if (outcome.lost === 0 && outcome.expired.length === 0) return null;
  return {
    actorId: before.id,
    name: before.name,
    status: outcome.lost > 0 ? status : null,
    lost: outcome.lost,
    health: {
      before: before.health.value,
      after: outcome.actor.health.value,
      max: before.health.max,
    },
    ...(outcome.downed === undefined ? {} : { downed: outcome.downed }),
    expired: outcome.expired,
    statuses: Object.keys(outcome.actor.statuses) as StatusId[],
  };
}

function collect(
  combatants: readonly WorldlinesCombatant[],
  run: (c: WorldlinesCombatant) => Result<TickOutcome, NumberRefusalReason>,
  status: StatusId | null,
): EventResult {
  const updates: ActorUpdate[] = [];
  const ticks: StatusTick[] = [];
  for (const combatant of combatants) {
    const ran = run(combatant);
    if (!ran.ok) {
      // Bad numbers on the actor (a NaN bleed …): say which, and leave it as it is.
      warnRefusal((reason) => reason, ran, { name: combatant.name });
      continue;
    }
    const outcome = ran.value;
    if (outcome.update !== null) updates.push(outcome.update);
    const tick = tickOf(combatant, outcome, status);
    if (tick !== null) ticks.push(tick);
  }
  return { updates, ticks };
}

/**
 * The Worldlines round events and turn hooks. `energyRefresh` and `statusResolution` take every
 * combatant of the combat; `turnStart` and `turnEnd` the one whose turn it is.
 */
export const worldlinesRoundEvents = {
  energyRefresh(combatants: readonly WorldlinesCombatant[]): EventResult {
    const updates = combatants.flatMap((c) => {
      const refreshed = refreshEnergy(c);
      if (!refreshed.ok) {
        // Bad numbers on the actor (NaN Energy …): say which, and leave it as it is.
        warnRefusal((reason) => reason, refreshed, { name: c.name });
        return [];
      }
      return refreshed.value.update === null ? [] : [refreshed.value.update];
    });
    return { updates, ticks: [] };
  },

  statusResolution(
    combatants: readonly WorldlinesCombatant[],
    options: WorldlinesOptions = DEFAULT_OPTIONS,
  ): EventResult {
    return collect(combatants, (c) => resolveStatuses(c, NO_DICE, options), "poisoned");
  },

  turnStart(
    combatant: WorldlinesCombatant,
    options: WorldlinesOptions = DEFAULT_OPTIONS,
  ): EventResult {
    return collect([combatant], (c) => startTurn(c, NO_DICE, options), "bleeding");
  },

  turnEnd(combatant: WorldlinesCombatant): EventResult {
    return collect([combatant], (c) => endTurn(c), null);
  },
};
