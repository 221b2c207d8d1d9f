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
import type { Checked } from "../../../../rules/core/checked.ts";
import {
  DEFAULT_OPTIONS,
  checkedCombatant,
  checkedOptions,
  diffCombatant,
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

/**
 * Each combatant through its input check (the rules take checked input), then `run`: a combatant
 * the check refuses (a NaN bleed …) gets a warning naming the field and is left as it is.
 */
function eachChecked(
  combatants: readonly WorldlinesCombatant[],
  run: (before: WorldlinesCombatant, checked: Checked<WorldlinesCombatant>) => void,
): void {
  for (const combatant of combatants) {
    const checked = checkedCombatant("actor", combatant);
    if (checked.ok) run(combatant, checked.value);
    else warnRefusal((reason) => reason, checked, { name: combatant.name });
  }
}

function collect(
  combatants: readonly WorldlinesCombatant[],
  run: (c: Checked<WorldlinesCombatant>) => TickOutcome,
  status: StatusId | null,
): EventResult {
  const updates: ActorUpdate[] = [];
  const ticks: StatusTick[] = [];
  eachChecked(combatants, (combatant, checked) => {
    const outcome = run(checked);
    const update = diffCombatant(combatant, outcome.actor);
    if (update !== null) updates.push(update);
    const tick = tickOf(combatant, outcome, status);
    if (tick !== null) ticks.push(tick);
  });
  return { updates, ticks };
}

/** The options as checked input: the defaults', or a refusal shown once. */
function optionsOf(options: WorldlinesOptions): Checked<WorldlinesOptions> | null {
  const checked = checkedOptions(options);
  if (checked.ok) return checked.value;
  warnRefusal((reason) => reason, checked);
  return null;
}

/**
 * The Worldlines round events and turn hooks. `energyRefresh` and `statusResolution` take every
 * combatant of the combat; `turnStart` and `turnEnd` the one whose turn it is.
 */
export const worldlinesRoundEvents = {
  energyRefresh(combatants: readonly WorldlinesCombatant[]): EventResult {
    const updates: ActorUpdate[] = [];
    eachChecked(combatants, (c, checked) => {
      const update = diffCombatant(c, refreshEnergy(checked));
      if (update !== null) updates.push(update);
    });
    return { updates, ticks: [] };
  },

  statusResolution(
    combatants: readonly WorldlinesCombatant[],
    options: WorldlinesOptions = DEFAULT_OPTIONS,
  ): EventResult {
    const checked = optionsOf(options);
    if (checked === null) return { updates: [], ticks: [] };
    return collect(combatants, (c) => resolveStatuses(c, NO_DICE, checked), "poisoned");
  },

  turnStart(
    combatant: WorldlinesCombatant,
    options: WorldlinesOptions = DEFAULT_OPTIONS,
  ): EventResult {
    const checked = optionsOf(options);
    if (checked === null) return { updates: [], ticks: [] };
    return collect([combatant], (c) => startTurn(c, NO_DICE, checked), "bleeding");
  },

  turnEnd(combatant: WorldlinesCombatant): EventResult {
    return collect([combatant], (c) => endTurn(c), null);
  },
};
