/**
 * The Freelancers combat state the rules read, as plain data. The shell builds these from actor,
 * item and combatant documents; the rules hand back new values plus the document changes
 * (changes.ts).
 */
import type { SizeClass } from "./options.ts";

/**
 * Where an entity stands:
 * - active: up and fighting;
 * - dying: at 0 health, rolls a death check (Fortitude) at each Upkeep;
 * - stable: at 0 health, stabilized by Medicine or Help, no more death checks;
 * - dead.
 */
export type FreelancersLife = "active" | "dying" | "stable" | "dead";
export const FL_LIFE_STATES: readonly FreelancersLife[] = ["active", "dying", "stable", "dead"];

/** How an actor defends: it rolls its defense, or the attacker rolls under a static value. */
export type FreelancersDefense = "roll" | "static";
export const FL_DEFENSES: readonly FreelancersDefense[] = ["roll", "static"];

export type FreelancersWeaponKind = "melee" | "ranged";
export const FL_WEAPON_KINDS: readonly FreelancersWeaponKind[] = ["melee", "ranged"];

/** What is left of a turn's actions (actions.ts). */
export interface ActionState {
  /** Base-actions left (0 or 1; a Base can be traded for a Move or a Quick). */
  readonly base: number;
  readonly move: number;
  readonly quick: number;
  /** Reactions left until the start of the entity's next turn. */
  readonly reaction: number;
  /** A Long-action took this turn. */
  readonly long: boolean;
  /** An action readied with a Quick-action, to be used as a reaction. */
  readonly readied: "base" | "move" | null;
  /** Dodging (a Long-action) until the start of its next turn. */
  readonly dodging: boolean;
  /** Disengaging (a Long-action): its movement this turn provokes no attack of opportunity. */
  readonly disengaging: boolean;
  /** A Two-Weapon Fighting Long-action made its first attack; the off-hand attack is pending. */
  readonly offhandPending: boolean;
  /**
   * The readied action's trigger happened (its reaction spent): the holder may take the readied
   * action now, once, outside its turn. Taking it spends the readied state; its next turn ends it.
   */
  readonly triggered: boolean;
}

/** An ability that recharges on a d10 roll at the Upkeep ("recharge 5+"). */
export interface FreelancersAbility {
  readonly id: string;
  readonly name: string;
  /** The recharge roll's noted number: the d10 must show it or better. null: no recharge roll. */
  readonly recharge: number | null;
  /** Ready to use. */
  readonly charged: boolean;
}

export interface FreelancersActor {
  /** The actor id: every document change is addressed to it. */
  readonly id: string;
  readonly name: string;
  /**
   * Attributes by name ("agility", "fortitude" …); a missing one counts 0. Only own entries are
   * read, and a name every object answers to ("toString") is refused by the actor's check.
   */
  readonly attributes: Readonly<Record<string, number>>;
  /** Skills by name ("brawl", "finesse", "medicine" …); a missing one counts 0. */
  readonly skills: Readonly<Record<string, number>>;
  readonly size: SizeClass;
  /**
   * A static defender does not roll: the attacker must roll under its static defense, which is
   * options.staticDefenseBase − size modifier unless `staticDefense` sets its own value.
   */
  readonly defense: FreelancersDefense;
  readonly staticDefense?: number;
  readonly health: { readonly value: number; readonly max: number };
  /** Armor rating: subtracted from every hit's damage. */
  readonly armor: number;
  readonly life: FreelancersLife;
  /** Failed death checks so far (options.deathFailures of them kill). */
  readonly deathFailures: number;
  /** Named stacks: { stun: 1, bleed: 2 }; kinds are open, options.counters says how each drops. */
  readonly counters: Readonly<Record<string, number>>;
  /** Restrained, incapacitated or otherwise unable to dodge. */
  readonly immobilized: boolean;
  readonly abilities: readonly FreelancersAbility[];
  readonly actions: ActionState;
}

export interface FreelancersWeapon {
  readonly id: string;
  readonly name: string;
  readonly kind: FreelancersWeaponKind;
  /** The attack check's attribute and combat skill (e.g. agility + finesse for a dagger). */
  readonly attribute: string;
  readonly skill: string;
  /** Damage formula, e.g. "2d6+1". */
  readonly damage: string;
  /** Value/max; at 0 the weapon is broken and cannot attack. */
  readonly integrity: { readonly value: number; readonly max: number };
  /** Melee: the reach in meters. */
  readonly reach?: number;
  /** Ranged: the nominal and the maximum range in meters. */
  readonly range?: { readonly nominal: number; readonly max: number };
  /** A Touch effect: it applies on a hit even when the damage does not penetrate. */
  readonly touch?: boolean;
}
