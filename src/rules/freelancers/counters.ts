/**
 * Counters: named stacks on an entity (stun, stress, bleed …; a GM may add any kind). At each
 * Upkeep one stack of every kind drops, unless options.counters says otherwise for that kind
 * (a number of stacks, "all", or 0 to keep it). A stun counter stops Base and Long actions.
 */
import { NUMBER_RULES, checkNumber, checkNumbers } from "../core/guard.ts";
import type { NumberRefusal } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import type { FreelancersActor } from "./model.ts";
import { DEFAULT_FREELANCERS_OPTIONS } from "./options.ts";
import type { FreelancersOptions } from "./options.ts";

export type Counters = Readonly<Record<string, number>>;

export const STUN = "stun";

export function isStunned(actor: Pick<FreelancersActor, "counters">): boolean {
  return (actor.counters[STUN] ?? 0) > 0;
}

/** Every stack count must be a whole number from 0 up. */
export function checkCounters(counters: Counters): NumberRefusal | undefined {
  return checkNumbers(
    Object.fromEntries(
      Object.entries(counters).map(([kind, count]) => [
        `counters.${kind}`,
        [count, NUMBER_RULES.count],
      ]),
    ),
  );
}

/**
 * Adds `amount` stacks of `kind` (negative: removes, never below 0; a kind at 0 is dropped from
 * the record).
 */
export function addCounter(
  counters: Counters,
  kind: string,
  amount: number,
): Result<Counters, NumberRefusal["reason"] | "noKind"> {
  if (kind.trim() === "") return refuse("noKind");
  const refusal = checkCounters(counters) ?? checkNumber("amount", amount, { whole: true });
  if (refusal) return refusal;
  return ok(setCount(counters, kind, (counters[kind] ?? 0) + amount));
}

function setCount(counters: Counters, kind: string, count: number): Counters {
  const { [kind]: _old, ...rest } = counters;
  return count > 0 ? { ...rest, [kind]: count } : rest;
}

/** How many stacks of `kind` the Upkeep takes away. */
export function upkeepRemoval(
  kind: string,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): number | "all" {
  return options.counters[kind]?.upkeepRemoves ?? options.defaultUpkeepRemoves;
}

/** The counters after an Upkeep (counts assumed guarded by the caller). */
export function upkeepCounters(
  counters: Counters,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): Counters {
  let next = counters;
  for (const [kind, count] of Object.entries(counters)) {
    const removes = upkeepRemoval(kind, options);
    next = setCount(next, kind, removes === "all" ? 0 : count - Math.max(0, removes));
  }
  return next;
}
