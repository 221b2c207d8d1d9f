/**
 * Counters: named stacks on an entity (stun, stress, bleed …; a GM may add any kind). At each
 * Upkeep one stack of every kind drops, unless options.counters says otherwise for that kind
 * (a number of stacks, "all", or 0 to keep it). A stun counter stops Base and Long actions.
 */
import { checkNumber } from "../core/guard.ts";
import { checkName, ownValue } from "../core/names.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { checkCounters } from "./guard.ts";
import type { FlCheckReason } from "./guard.ts";
import { FL_LIMITS } from "./limits.ts";
import type { FreelancersActor } from "./model.ts";
import { DEFAULT_FREELANCERS_OPTIONS } from "./options.ts";
import type { CounterRule, FreelancersOptions } from "./options.ts";

export type Counters = Readonly<Record<string, number>>;

export const STUN = "stun";

export function isStunned(actor: Pick<FreelancersActor, "counters">): boolean {
  return (ownValue(actor.counters, STUN) ?? 0) > 0;
}

/**
 * Adds `amount` stacks of `kind` (negative: removes, never below 0; a kind at 0 is dropped from
 * the record; never above the sheet's bound). A kind named like a built-in property ("toString")
 * is refused by name: it could never be read back as a count.
 */
export function addCounter(
  counters: Counters,
  kind: string,
  amount: number,
): Result<Counters, FlCheckReason | "noKind"> {
  if (typeof kind === "string" && kind.trim() === "") return refuse("noKind");
  const refusal =
    checkName("kind", kind) ??
    checkCounters(counters) ??
    checkNumber("amount", amount, { whole: true, min: -FL_LIMITS.count, max: FL_LIMITS.count });
  if (refusal) return refusal;
  const count = Math.min(FL_LIMITS.count, (ownValue(counters, kind) ?? 0) + amount);
  return ok(setCount(counters, kind, count));
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
  return ownValue(options.counters, kind)?.upkeepRemoves ?? options.defaultUpkeepRemoves;
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

/**
 * The world's counter rules, as a GM writes them: "kind=N" or "kind=all", separated by commas or
 * semicolons ("stress=0, burning=all": stress stays until something removes it, burning goes at
 * once). Each named kind loses that many stacks at the Upkeep; any kind not named keeps the
 * default. An entry that is not of this shape is refused by its text, and nothing is read.
 */
export function parseCounterRules(
  text: string,
): Result<Record<string, CounterRule>, "badCounterRule"> {
  const rules: Record<string, CounterRule> = {};
  for (const raw of text.split(/[,;]/)) {
    const entry = raw.trim();
    if (entry === "") continue;
    const match = /^([^=]+)=\s*(all|\d+)$/i.exec(entry);
    const kind = match?.[1]?.trim() ?? "";
    const value = match?.[2]?.toLowerCase() ?? "";
    const count = value === "all" ? "all" : Number(value);
    if (
      kind === "" ||
      checkName("kind", kind) !== undefined ||
      (count !== "all" && !(count <= FL_LIMITS.count))
    ) {
      return refuse("badCounterRule", { entry });
    }
    rules[kind] = { upkeepRemoves: count };
  }
  return ok(rules);
}
