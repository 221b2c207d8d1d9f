/**
 * Documents to the dice-pool rules and back: an actor as a DicepoolCombatant, a weapon item as a
 * DicepoolWeapon, and rule outcomes written in one batch.
 */
import type { DicepoolUpdate } from "../../../rules/dicepool/changes.ts";
import type { TurnActions } from "../../../rules/dicepool/actions.ts";
import type { Grapple } from "../../../rules/dicepool/grapple.ts";
import type { Fall } from "../../../rules/dicepool/movement.ts";
import type { Checked } from "../../../rules/core/checked.ts";
import { makeDicepoolCombatant, makeDicepoolWeapon } from "../../../rules/dicepool/factory.ts";
import { maxHealth } from "../../../rules/dicepool/health.ts";
import type {
  DicepoolCombatant,
  DicepoolPowers,
  DicepoolSkill,
  DicepoolWeapon,
  Incapacitation,
  WeaponMods,
} from "../../../rules/dicepool/model.ts";
import { combatantId, resolveActor } from "../../shared/actors.ts";
import type { ActorResolver } from "../../shared/actors.ts";

export { combatantId, resolveActor };

/** The `system` of a dice-pool actor as the DataModel stores it. */
export interface DicepoolActorSystem {
  attributes: { physical: number; mental: number };
  skills: Record<DicepoolSkill, number>;
  size: number;
  speed: number;
  energy: { value: number; max: number };
  health: { damage: number; nonLethal: number };
  woundPenalty: number;
  incapacitated: Incapacitation | null;
  dead: boolean;
  stabilized: boolean;
  initiative: number;
  droppedWeaponId: string | null;
  powers: DicepoolPowers;
  grapples: StoredGrapple[];
  grapplePenalty: number;
  falling: Fall | null;
  actions: TurnActions;
  biography: string;
}

/** The grapple an assailant holds, as stored on it. */
export interface StoredGrapple {
  victimId: string;
  victimName: string;
  pool: number;
  resistOffered: boolean;
}

export interface DicepoolWeaponSystem {
  kind: "close" | "ranged";
  damage: number;
  mods: WeaponMods;
  description: string;
}

export interface DicepoolArmorSystem {
  rating: number;
  equipped: boolean;
  description: string;
}

export function systemOf(actor: Actor.Implementation): DicepoolActorSystem {
  return actor.system as unknown as DicepoolActorSystem;
}

/** The best equipped armor's rating (0 without armor). */
export function armorRatingOf(actor: Actor.Implementation): number {
  return actor.items.contents
    .filter((item) => item.type === "armor")
    .map((item) => item.system as unknown as DicepoolArmorSystem)
    .filter((armor) => armor.equipped)
    .reduce((best, armor) => Math.max(best, armor.rating), 0);
}

/**
 * The actor as the rules read it, through the rules' factory: every stored number is fitted into
 * the bounds the DataModel and the rules share (DICEPOOL_LIMITS), since the server does not run
 * the DataModel and a player may write any value to their own actor; what comes back is checked.
 */
export function toDicepoolCombatant(actor: Actor.Implementation): Checked<DicepoolCombatant> {
  const s = systemOf(actor);
  return makeDicepoolCombatant({
    id: combatantId(actor),
    physical: s.attributes.physical,
    mental: s.attributes.mental,
    skills: { ...s.skills },
    size: s.size,
    speed: s.speed,
    armorRating: armorRatingOf(actor),
    energy: { ...s.energy },
    damage: s.health.damage,
    nonLethalDamage: s.health.nonLethal,
    woundPenalty: s.woundPenalty,
    incapacitated: s.incapacitated,
    dead: s.dead,
    stabilized: s.stabilized,
    initiative: s.initiative,
    droppedWeaponId: s.droppedWeaponId,
    powers: { ...s.powers },
  });
}

/** The weapon item as the rules read it, fitted like an actor (toDicepoolCombatant). */
export function toDicepoolWeapon(item: Item.Implementation): Checked<DicepoolWeapon> {
  const s = item.system as unknown as DicepoolWeaponSystem;
  return makeDicepoolWeapon({
    id: item.id ?? "",
    kind: s.kind,
    mods: { ...s.mods },
    damage: s.damage,
  });
}

/** Bare hands: a close weapon without mods (the rules' default weapon). */
export const EMPTY_HANDS: Checked<DicepoolWeapon> = makeDicepoolWeapon({ id: "" });

/** The grapples an actor holds, as the rules see them (unreadable entries are skipped). */
export function grapplesOf(actor: Actor.Implementation): Grapple[] {
  const stored = systemOf(actor).grapples;
  return (Array.isArray(stored) ? stored : [])
    .filter((g) => typeof g.victimId === "string" && typeof g.pool === "number")
    .map((g) => ({
      assailantId: combatantId(actor),
      victimId: g.victimId,
      pool: g.pool,
      resistOffered: g.resistOffered,
    }));
}

/** The grapple `actor` holds on `victimId`, or null. */
export function grappleOn(actor: Actor.Implementation, victimId: string): Grapple | null {
  return grapplesOf(actor).find((g) => g.victimId === victimId) ?? null;
}

/** Every world actor, and every actor of the current combat, holding `victim` in a grapple. */
export function holdersOf(victim: Actor.Implementation): Actor.Implementation[] {
  const me = combatantId(victim);
  const fighting = ((game as { combat?: Combat.Implementation | null }).combat?.combatants ?? [])
    .map((c) => c.actor)
    .filter((a): a is Actor.Implementation => a !== null);
  const all = new Map<string, Actor.Implementation>();
  for (const actor of [...(game.actors?.contents ?? []), ...fighting])
    all.set(combatantId(actor), actor);
  return [...all.values()].filter((other) =>
    grapplesOf(other).some((g) => g.victimId === me && g.pool > 0),
  );
}

/**
 * The stored list after one grapple changed: `next` replaces the one on its victim (null or an
 * empty pool: that grapple ended). Names are kept; a new victim's name is `victimName`.
 */
export function storedGrapplesAfter(
  stored: readonly StoredGrapple[],
  victimId: string,
  next: Grapple | null,
  victimName = "",
): StoredGrapple[] {
  const others = stored.filter((g) => g.victimId !== victimId);
  if (next === null || next.pool <= 0) return others;
  const name = stored.find((g) => g.victimId === victimId)?.victimName ?? victimName;
  return [
    ...others,
    { victimId, victimName: name, pool: next.pool, resistOffered: next.resistOffered },
  ];
}

/** Health (Physical + Size + 3) and how it stands, for sheets, cards and the tracker. */
export function healthView(actor: Actor.Implementation) {
  const me = toDicepoolCombatant(actor);
  const max = maxHealth(me);
  return {
    max,
    damage: me.damage,
    left: Math.max(0, max - me.damage),
    incapacitated: me.incapacitated,
    dead: me.dead,
    dying: !me.dead && me.incapacitated === "lethal" && !me.stabilized,
  };
}

/**
 * Writes rule outcomes: every world actor's changes in ONE Actor.updateDocuments call, token
 * actors (which update through their token) each in one update.
 */
export async function applyDicepoolUpdates(
  updates: readonly DicepoolUpdate[],
  resolve: ActorResolver = resolveActor,
): Promise<{ missing: string[] }> {
  const missing: string[] = [];
  const byActor = new Map<string, { actor: Actor.Implementation; changes: object }>();
  for (const update of updates) {
    const actor = resolve(update.actorId);
    if (!actor) {
      missing.push(update.actorId);
      continue;
    }
    const entry = byActor.get(update.actorId) ?? { actor, changes: {} };
    entry.changes = { ...entry.changes, ...update.changes };
    byActor.set(update.actorId, entry);
  }
  const world: Record<string, unknown>[] = [];
  const tokens: Promise<unknown>[] = [];
  for (const { actor, changes } of byActor.values()) {
    if (actor.isToken) tokens.push(actor.update(changes));
    else world.push({ _id: actor.id, ...changes });
  }
  if (world.length > 0) await CONFIG.Actor.documentClass.updateDocuments(world);
  await Promise.all(tokens);
  return { missing };
}
