/**
 * Documents to the dice-pool rules and back: an actor as a DicepoolCombatant, a weapon item as a
 * DicepoolWeapon, who is at the table with whom and how far (measured on the canvas), and rule
 * outcomes written in one batch. What settles other owners' outcomes (budgets, grapples, a weapon
 * knocked away) is not read from the actors nor written to them: see budget.ts and dropped.ts.
 */
import { DICEPOOL_FIELD_PATHS } from "../../../rules/dicepool/changes.ts";
import type { DicepoolUpdate } from "../../../rules/dicepool/changes.ts";
import type { Fall } from "../../../rules/dicepool/movement.ts";
import type { Checked } from "../../../rules/core/checked.ts";
import { makeDicepoolCombatant, makeDicepoolWeapon } from "../../../rules/dicepool/factory.ts";
import { maxHealth } from "../../../rules/dicepool/health.ts";
import { checkAttackInput, planAttack, resolveAttack } from "../../../rules/dicepool/attack.ts";
import type { AttackInput } from "../../../rules/dicepool/attack.ts";
import type { DicepoolOptions } from "../../../rules/dicepool/options.ts";
import type { DiceSource } from "../../../rules/core/dice.ts";
import type {
  DicepoolCombatant,
  DicepoolPowers,
  DicepoolSkill,
  DicepoolWeapon,
  Incapacitation,
  VehicleControls,
  WeaponMods,
} from "../../../rules/dicepool/model.ts";
import { skill } from "../../../rules/dicepool/model.ts";
import { fightOf } from "../../combat/ledger.ts";
import { canvasDistance, combatantId, resolveActor } from "../../shared/actors.ts";
import type { ActorResolver } from "../../shared/actors.ts";
import { warnRefusal } from "../../shared/refusal.ts";
import { droppedOf } from "./dropped.ts";
import { isVehicle, vehicleSystemOf } from "./vehicle/data.ts";
import { vehicleAsCombatant, vehicleChanges } from "./vehicle/target.ts";
import { initiativeOf } from "./initiative.ts";
import type { ShownRefusal } from "../../shared/refusal.ts";

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
  /** Surrendered (table/conduct.ts); absent on actors stored before the field. */
  surrendered?: boolean;
  powers: DicepoolPowers;
  /** Not read: a fall under way is the ledger's (falling.ts); kept so stored actors load. */
  falling: Fall | null;
  biography: string;
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

/** Shows a refusal (the rules' or the referee's) as a localized warning. Nothing else happens. */
export function warnDicepoolRefusal(refusal: ShownRefusal): void {
  warnRefusal((reason) => `FRAY.Dicepool.Refusal.${reason}`, refusal);
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
  const common = {
    armorRating: armorRatingOf(actor),
    // The referee's records (initiative.ts, dropped.ts), not the actor's own fields.
    initiative: initiativeOf(actor),
    droppedWeaponId: droppedOf(actor)?.weaponId ?? null,
  };
  // A vehicle reads as a combatant whose health is its structure (vehicle/target.ts), its Dodge
  // its pilot's (rules: vehicle.ts).
  if (isVehicle(actor))
    return vehicleAsCombatant(actor, { ...common, controls: controlsOf(actor) });
  const s = systemOf(actor);
  return makeDicepoolCombatant({
    ...common,
    id: combatantId(actor),
    physical: s.attributes.physical,
    mental: s.attributes.mental,
    skills: { ...s.skills },
    size: s.size,
    speed: s.speed,
    energy: { ...s.energy },
    damage: s.health.damage,
    nonLethalDamage: s.health.nonLethal,
    woundPenalty: s.woundPenalty,
    incapacitated: s.incapacitated,
    dead: s.dead,
    stabilized: s.stabilized,
    powers: { ...s.powers },
  });
}

/** A vehicle's pilot at the controls, or null with nobody (or nobody able) at the wheel. */
function controlsOf(vehicle: Actor.Implementation): VehicleControls | null {
  const id = vehicleSystemOf(vehicle).crew.pilotId;
  const pilot = id === null ? null : resolveActor(id);
  if (pilot === null || isVehicle(pilot)) return null;
  const me = toDicepoolCombatant(pilot);
  if (me.dead || me.incapacitated !== null) return null;
  return { mental: me.mental, pilot: skill(me, "pilot"), woundPenalty: me.woundPenalty };
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

/**
 * The distance between two tokens in spaces (grid squares), as this client's canvas measures it,
 * or null when it cannot (no canvas, or a token not on the scene it shows).
 */
export function measuredSpaces(a: Actor.Implementation, b: Actor.Implementation): number | null {
  const spaces = canvasDistance(a, b, "space");
  return spaces === null ? null : Math.round(spaces);
}

/** The ids of the scenes where the actor has a token (a token's actor: its token's scene). */
function sceneIdsOf(actor: Actor.Implementation): Set<string> {
  if (actor.isToken) {
    const id = actor.token?.parent?.id;
    return new Set(id === undefined || id === null ? [] : [id]);
  }
  const ids = new Set<string>();
  for (const scene of game.scenes?.contents ?? []) {
    const linked = scene.tokens.contents.some((t) => t.actorId === actor.id && t.actorLink);
    if (linked) ids.add(scene.id);
  }
  return ids;
}

/**
 * Whether `other` is at the table with the actor: a member of the started combat the actor
 * fights in (combatOf), or a token on a scene where the actor has one (on the canvas this client
 * shows, or by the scenes' token documents). Read from the documents, so the referee decides it
 * from its own copy of the world, whatever ids a request names.
 */
export function atTable(actor: Actor.Implementation, other: Actor.Implementation): boolean {
  const fight = fightOf(actor);
  const otherId = combatantId(other);
  const members = fight?.combat.combatants.contents ?? [];
  if (members.some((c) => c.actor !== null && combatantId(c.actor) === otherId)) return true;
  if (actor.getActiveTokens().length > 0 && other.getActiveTokens().length > 0) return true;
  const mine = sceneIdsOf(actor);
  return [...sceneIdsOf(other)].some((id) => mine.has(id));
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
 * actors (which update through their token) each in one update. A weapon knocked away is the
 * ledger's (dropped.ts): the rules' change to `droppedWeaponId` is not written to the actor.
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
    const { [DICEPOOL_FIELD_PATHS.droppedWeaponId]: _ledgers, ...changes } = update.changes;
    // A vehicle's damage lands on its structure (vehicle/target.ts).
    const own = isVehicle(actor) ? vehicleChanges(actor, changes) : changes;
    entry.changes = { ...entry.changes, ...own };
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

/** The rules' plan of an attack, after the rules' input check (checkAttackInput). */
export function planChecked(input: AttackInput, options: Checked<DicepoolOptions>) {
  const checked = checkAttackInput(input);
  return checked.ok ? planAttack(checked.value, options) : checked;
}

/** The rules' resolution of an attack on `dice`, after the rules' input check. */
export function resolveChecked(
  input: AttackInput,
  dice: DiceSource,
  options: Checked<DicepoolOptions>,
) {
  const checked = checkAttackInput(input);
  return checked.ok ? resolveAttack(checked.value, dice, options) : checked;
}
