/**
 * Between Foundry documents and the Freelancers rules: actors and items in, plain rule data out
 * (toFreelancer, toFlWeapon); the rules' document changes go back through shared/updates.ts; the
 * rules' refusals as the user reads them.
 *
 * An actor's armor rating is its natural armor plus every worn armor item's rating. Its
 * abilities are its `technique` items (recharge N, charged or spent).
 */
import { FRESH_ACTIONS } from "../../../rules/freelancers/actions.ts";
import type {
  ActionState,
  FreelancersAbility,
  FreelancersActor,
  FreelancersLife,
  FreelancersWeapon,
} from "../../../rules/freelancers/model.ts";
import type { SizeClass } from "../../../rules/freelancers/options.ts";
import { combatantId, resolveActor } from "../../shared/actors.ts";
import { isTransportReason } from "../../shared/referee.ts";
import { warnRefusal } from "../../shared/refusal.ts";
import type { ShownRefusal } from "../../shared/refusal.ts";

export { combatantId, resolveActor };

/** The actor data the adapter reads (both actor types). */
export interface FlActorSystem {
  attributes: Record<string, number>;
  skills: Record<string, number>;
  size: SizeClass;
  defense: "roll" | "static";
  staticDefense: number | null;
  health: { value: number; max: number };
  armor: number;
  life: FreelancersLife;
  deathFailures: number;
  counters: Record<string, number>;
  immobilized: boolean;
  /** What an older version stored here; the referee's ledger holds the actions now (budget.ts). */
  actions: ActionState;
  biography: string;
}

export interface FlWeaponSystem {
  kind: "melee" | "ranged";
  attribute: string;
  skill: string;
  damage: string;
  integrity: { value: number; max: number };
  reach: number;
  range: { nominal: number; max: number };
  touch: boolean;
  /** Absent on a weapon stored before shapes (its model fills "none"). */
  shape?: { kind: string; range: number };
  traits: string;
}

export interface FlArmorSystem {
  rating: number;
  equipped: boolean;
}

export interface FlAbilitySystem {
  recharge: number | null;
  action: string;
  charged: boolean;
}

export function flSystemOf(actor: Actor.Implementation): FlActorSystem {
  return actor.system as unknown as FlActorSystem;
}

/** Natural armor plus every worn armor item's rating. */
export function armorRating(actor: Actor.Implementation): number {
  let total = flSystemOf(actor).armor;
  for (const item of actor.items.contents) {
    if (item.type !== "armor") continue;
    const piece = item.system as unknown as FlArmorSystem;
    if (piece.equipped) total += piece.rating;
  }
  return total;
}

export function toFlAbility(item: Item.Implementation): FreelancersAbility {
  const s = item.system as unknown as FlAbilitySystem;
  return { id: item.id ?? "", name: item.name, recharge: s.recharge, charged: s.charged };
}

/**
 * An actor as the Freelancers rules see it, with a fresh set of actions: its actions in a fight
 * are the referee's (budget.ts), never what the actor carries.
 */
export function toFreelancer(actor: Actor.Implementation): FreelancersActor {
  const s = flSystemOf(actor);
  return {
    id: combatantId(actor),
    name: actor.name,
    attributes: { ...s.attributes },
    skills: { ...s.skills },
    size: s.size,
    defense: s.defense,
    ...(s.staticDefense === null ? {} : { staticDefense: s.staticDefense }),
    health: { value: s.health.value, max: s.health.max },
    armor: armorRating(actor),
    life: s.life,
    deathFailures: s.deathFailures,
    counters: { ...s.counters },
    immobilized: s.immobilized,
    abilities: actor.items.contents.filter((i) => i.type === "technique").map(toFlAbility),
    actions: FRESH_ACTIONS,
  };
}

/** A weapon item as the rules see it (reach for melee, range for ranged). */
export function toFlWeapon(item: Item.Implementation): FreelancersWeapon {
  const s = item.system as unknown as FlWeaponSystem;
  return {
    id: item.id ?? "",
    name: item.name,
    kind: s.kind,
    attribute: s.attribute,
    skill: s.skill,
    damage: s.damage,
    integrity: { value: s.integrity.value, max: s.integrity.max },
    ...(s.kind === "melee" ? { reach: s.reach } : { range: { ...s.range } }),
    ...(s.touch ? { touch: true } : {}),
  };
}

/** Shows a refusal as a localized warning (the transport's own were shown already). */
export function warnFlRefusal(
  refusal: ShownRefusal,
  context: Readonly<Record<string, string>> = {},
): void {
  if (isTransportReason(refusal.reason)) return;
  warnRefusal((reason) => `FRAY.Freelancers.Refusal.${reason}`, refusal, context);
}
