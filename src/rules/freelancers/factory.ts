/**
 * Building Freelancers combat state with defaults filled in (for tests, headless tools and the
 * shell's "new actor" defaults).
 *
 * A factory never builds a state the checks refuse (guard.ts): a seed's value outside its bound is
 * clamped into it (health −1 is 0, 10⁶ is FL_LIMITS.health), a value that is no number at all
 * (NaN, ±Infinity) or a choice outside its list takes the default, and an entry named like a
 * built-in property ("toString") is left out.
 */
import { fitChoice as choice, fitFlag as flag, fitNumber as fit } from "../core/fit.ts";
import { isBuiltInName } from "../core/names.ts";
import { FRESH_ACTIONS } from "./actions.ts";
import { FL_LIMITS, FL_MAX_DIE, FL_MAX_TOTAL_ARMOR } from "./limits.ts";
import type {
  ActionState,
  FreelancersAbility,
  FreelancersActor,
  FreelancersWeapon,
} from "./model.ts";
import { FL_DEFENSES, FL_LIFE_STATES, FL_WEAPON_KINDS } from "./model.ts";
import { SIZE_CLASSES } from "./options.ts";

export type FreelancersSeed = Partial<Omit<FreelancersActor, "health">> & {
  readonly id: string;
  readonly health?: number | { readonly value: number; readonly max: number };
};

/** The entries of `record` a table may hold, each fitted by `fitOne`. */
function entriesFit(
  record: Readonly<Record<string, number>> | undefined,
  fitOne: (value: number) => number,
): Record<string, number> {
  const out: Record<string, number> = {};
  if (record === undefined) return out;
  for (const [key, value] of Object.entries(record)) {
    if (key.trim() === "" || isBuiltInName(key)) continue;
    if (typeof value === "number" && Number.isFinite(value)) out[key] = fitOne(value);
  }
  return out;
}

/** A value/max pair within 0..limit, its value never above its max. */
function pool(
  seed: number | { readonly value: number; readonly max: number } | undefined,
  limit: number,
  fallback: number,
): { value: number; max: number } {
  if (seed === undefined) return { value: fallback, max: fallback };
  const max = fit(typeof seed === "number" ? seed : seed.max, 0, limit, fallback);
  const value = fit(typeof seed === "number" ? seed : seed.value, 0, max, max);
  return { value, max };
}

function fitActions(actions: ActionState | undefined): ActionState {
  if (actions === undefined) return FRESH_ACTIONS;
  const count = (value: number, fallback: number) => fit(value, 0, FL_LIMITS.actions, fallback);
  return {
    base: count(actions.base, FRESH_ACTIONS.base),
    move: count(actions.move, FRESH_ACTIONS.move),
    quick: count(actions.quick, FRESH_ACTIONS.quick),
    reaction: count(actions.reaction, FRESH_ACTIONS.reaction),
    long: flag(actions.long),
    readied: choice(actions.readied, [null, "base", "move"] as const, null),
    dodging: flag(actions.dodging),
    disengaging: flag(actions.disengaging),
    offhandPending: flag(actions.offhandPending),
    triggered: flag(actions.triggered),
  };
}

function fitAbility(ability: FreelancersAbility): FreelancersAbility {
  return {
    id: ability.id,
    name: ability.name,
    recharge: ability.recharge === null ? null : fit(ability.recharge, 0, FL_MAX_DIE + 1, 0),
    charged: flag(ability.charged),
  };
}

/**
 * An entity: active at full health (default 10), medium, rolling its defense, no armor, no
 * attributes or skills, no counters or abilities, a fresh turn of actions.
 */
export function makeFreelancer(seed: FreelancersSeed): FreelancersActor {
  const score = (value: number) => fit(value, -FL_LIMITS.score, FL_LIMITS.score, 0, false);
  const actor: { -readonly [K in keyof FreelancersActor]: FreelancersActor[K] } = {
    id: seed.id,
    name: seed.name ?? seed.id,
    attributes: entriesFit(seed.attributes, score),
    skills: entriesFit(seed.skills, score),
    size: choice(seed.size, SIZE_CLASSES, "medium"),
    defense: choice(seed.defense, FL_DEFENSES, "roll"),
    health: pool(seed.health, FL_LIMITS.health, 10),
    armor: fit(seed.armor, 0, FL_MAX_TOTAL_ARMOR, 0),
    life: choice(seed.life, FL_LIFE_STATES, "active"),
    deathFailures: fit(seed.deathFailures, 0, FL_LIMITS.count, 0),
    counters: entriesFit(seed.counters, (count) => fit(count, 0, FL_LIMITS.count, 0)),
    immobilized: flag(seed.immobilized),
    abilities: (seed.abilities ?? []).map(fitAbility),
    actions: fitActions(seed.actions),
  };
  if (seed.staticDefense !== undefined && Number.isFinite(seed.staticDefense)) {
    actor.staticDefense = score(seed.staticDefense);
  }
  return actor;
}

/** A weapon: a melee 1d6 with 1 m reach and integrity 3/3 unless the seed says otherwise. */
export function makeFreelancersWeapon(
  seed: Partial<FreelancersWeapon> & { readonly id: string },
): FreelancersWeapon {
  const name = (value: string | undefined, fallback: string) =>
    typeof value === "string" && value.trim() !== "" && !isBuiltInName(value) ? value : fallback;
  const meters = (value: number, fallback: number) =>
    fit(value, 0, FL_LIMITS.meters, fallback, false);
  const weapon: { -readonly [K in keyof FreelancersWeapon]: FreelancersWeapon[K] } = {
    id: seed.id,
    name: seed.name ?? seed.id,
    kind: choice(seed.kind, FL_WEAPON_KINDS, "melee"),
    attribute: name(seed.attribute, "agility"),
    skill: name(seed.skill, "brawl"),
    damage: seed.damage ?? "1d6",
    integrity: pool(seed.integrity, FL_LIMITS.integrity, 3),
  };
  if (!("reach" in seed)) weapon.reach = 1;
  else if (seed.reach !== undefined) weapon.reach = meters(seed.reach, 1);
  if (seed.range !== undefined) {
    const nominal = meters(seed.range.nominal, 0);
    weapon.range = { nominal, max: Math.max(nominal, meters(seed.range.max, nominal)) };
  }
  if (seed.touch !== undefined) weapon.touch = flag(seed.touch);
  return weapon;
}
