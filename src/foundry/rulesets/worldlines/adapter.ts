/**
 * Between Foundry documents and the Worldlines rules: actors and items in, plain rule data out
 * (toCombatant, toWeapon); rule outcomes (ActorUpdate, see src/rules/worldlines/changes.ts) back
 * into as few database round-trips as possible (applyUpdatesBatch).
 *
 * Statuses are ActiveEffects whose `statuses` set holds the status id, with the status data
 * (hpPerTurn, turnsLeft, sourceId …) in `flags.fray`. Exhaustion points are the exception: they
 * live on the actor (`system.exhaustion`, editable on the sheet) and the Exhausted effect only
 * marks the token.
 */
import { isStepDie } from "../../../rules/core/dice.ts";
import type { StepDie } from "../../../rules/core/dice.ts";
import { STATUS_IDS } from "../../../rules/worldlines/model.ts";
import type {
  RangeBand,
  Rank,
  StatusApplication,
  StatusId,
  StatusState,
  WorldlinesCombatant,
  WorldlinesWeapon,
  Zone,
} from "../../../rules/worldlines/model.ts";
import type { ActorUpdate, FieldValue } from "../../../rules/worldlines/changes.ts";
import { DEFAULT_OPTIONS } from "../../../rules/worldlines/options.ts";
import { TECHNIQUE_USES, withPassiveTechniques } from "../../../rules/worldlines/techniques.ts";
import type { TechniqueUse, WorldlinesTechnique } from "../../../rules/worldlines/techniques.ts";
import type { WorldlinesOptions } from "../../../rules/worldlines/options.ts";
import { SYSTEM_ID } from "../../constants.ts";
import { budgetOf, splitBudget, stanceOf, writeBudget } from "./budget.ts";
import { ON_HIT_STATUSES, RANGE_BANDS, ZONE_IDS, withDamageBonus } from "./data.ts";
import { combatantId, resolveActor } from "../../shared/actors.ts";
import type { ActorResolver } from "../../shared/actors.ts";

/* ------------------------------------------------------------------------------------------ */
/*  Documents → rules                                                                          */
/* ------------------------------------------------------------------------------------------ */

/** The actor data the adapter reads (both actor types; `rank` on NPCs only). */
export interface WorldlinesActorSystem {
  health: { value: number; max: number };
  energy: { value: number; max: number };
  traits: { combat: number; spirit: number; mind: number };
  skills: Record<string, number>;
  stance: WorldlinesCombatant["stance"];
  life: WorldlinesCombatant["life"];
  disabledLimbs: { arms: boolean; legs: boolean };
  defensivePosture: boolean;
  interruptUsed: boolean;
  unconsciousMinutes: number | null;
  exhaustion: number;
  rank?: string;
}

export interface WorldlinesArmorSystem {
  zones: Record<Zone, number | null>;
  quality: number;
  equipped: boolean;
  damaged: boolean;
}

export interface WorldlinesWeaponSystem {
  damage: string;
  skill: string;
  kind: WorldlinesWeapon["kind"];
  accuracy: { quality: number; attachments: number };
  damageBonus: number;
  range: Record<RangeBand, { accuracy: number | null; damage: number | null; feet: number | null }>;
  ammo: { value: number; max: number };
  damaged: boolean;
  blunt: boolean;
  nonLethal: boolean;
  lethalOnly: boolean;
  critWiden: number;
  headshotWiden: number;
  onHit: Record<(typeof ON_HIT_STATUSES)[number], boolean>;
}

/** Status data kept in an effect's `flags.fray`. */
export interface StatusFlags {
  hpPerTurn?: number;
  turnsLeft?: number | null;
  points?: number;
  sourceId?: string;
  source?: string;
}

function die(value: number, fallback: StepDie): StepDie {
  return isStepDie(value) ? value : fallback;
}

function rankOf(actor: Actor.Implementation, system: WorldlinesActorSystem): Rank {
  if (actor.type !== "npc") return "hero";
  return system.rank === "elite" || system.rank === "boss" ? system.rank : "minor";
}

/**
 * Armor the actor wears: for each zone the largest die among its equipped pieces, and the sum of
 * their quality modifiers (the rules take one armor bonus per actor).
 */
export function armorOf(actor: Actor.Implementation): {
  armor: Partial<Record<Zone, StepDie | null>>;
  armorBonus: number;
} {
  const armor: Partial<Record<Zone, StepDie | null>> = {};
  let armorBonus = 0;
  for (const item of actor.items.contents) {
    if (item.type !== "armor") continue;
    const system = item.system as unknown as WorldlinesArmorSystem;
    if (!system.equipped) continue;
    armorBonus += system.quality;
    for (const zone of ZONE_IDS) {
      const value = system.zones[zone];
      if (!isStepDie(value)) continue;
      const current = armor[zone];
      if (current === undefined || current === null || value > current) armor[zone] = value;
    }
  }
  return { armor, armorBonus };
}

function flagsOf(effect: { flags: unknown }): StatusFlags {
  const flags = (effect.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID];
  return typeof flags === "object" && flags !== null ? flags : {};
}

function whole(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : fallback;
}

/** One status's rule data from its effect flags, with the documented defaults filled in. */
function statusData(id: StatusId, flags: StatusFlags, options: WorldlinesOptions): unknown {
  switch (id) {
    case "bleeding":
      return { hpPerTurn: whole(flags.hpPerTurn, options.bleedingPerTurn) };
    case "poisoned":
      return { hpPerTurn: whole(flags.hpPerTurn, options.poisonPerTurn) };
    case "staggered":
      return { turnsLeft: whole(flags.turnsLeft, options.staggeredTurns) };
    case "blinded":
      // Without a duration it lasts until treated.
      return { turnsLeft: typeof flags.turnsLeft === "number" ? whole(flags.turnsLeft, 0) : null };
    case "vulnerable":
    case "stressed":
      return flags.source === undefined ? {} : { source: flags.source };
    case "exhausted":
      return { points: Math.max(1, whole(flags.points, 1)) };
    case "charmed":
      return { sourceId: typeof flags.sourceId === "string" ? flags.sourceId : "" };
  }
}

/** The actor's statuses, read from its enabled ActiveEffects (and its exhaustion points). */
export function statusesOf(
  actor: Actor.Implementation,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): StatusState {
  const statuses: Record<string, unknown> = {};
  for (const effect of actor.effects.contents) {
    if (effect.disabled) continue;
    for (const id of STATUS_IDS) {
      if (!effect.statuses.has(id) || statuses[id] !== undefined) continue;
      statuses[id] = statusData(id, flagsOf(effect), options);
    }
  }
  const points = (actor.system as unknown as WorldlinesActorSystem).exhaustion;
  if (points > 0) statuses["exhausted"] = { points };
  return statuses;
}

/**
 * What is left of a pool (health, Energy): its stored value, never above its prepared maximum.
 * The stored value is what the writes of the rules left (the server stores only a value the
 * model's joint check lets the clients keep: at most the stored maximum). The prepared one is
 * not read: an ActiveEffect a player puts on their own actor is applied to the prepared data on
 * every preparation, so "+500 Energy" would fill the pool again after every action.
 */
function poolLeft(actor: Actor.Implementation, key: "health" | "energy") {
  const prepared = (actor.system as unknown as WorldlinesActorSystem)[key];
  const source = actor._source as unknown as {
    system?: Partial<Record<typeof key, { value?: unknown }>>;
  };
  const stored = source.system?.[key]?.value;
  const value = typeof stored === "number" ? Math.min(stored, prepared.max) : prepared.value;
  return { value, max: prepared.max };
}

/**
 * An actor as the Worldlines rules see it, from its prepared data (which the model keeps within
 * its bounds whatever a player wrote or put in an effect: data/bounds.ts) and what is left of its
 * pools (`poolLeft`); what the actor has spent of its round and turn comes from the referee's
 * ledger (budget.ts), not from the actor.
 */
export function toCombatant(
  actor: Actor.Implementation,
  teamId = "",
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): WorldlinesCombatant {
  const system = actor.system as unknown as WorldlinesActorSystem;
  const { armor, armorBonus } = armorOf(actor);
  // Passive techniques (a wider critical or headshot range) are part of who the actor is.
  return withKnownTechniques(actor, {
    id: combatantId(actor),
    name: actor.name,
    teamId,
    rank: rankOf(actor, system),
    life: system.life,
    health: poolLeft(actor, "health"),
    energy: poolLeft(actor, "energy"),
    traits: {
      combat: die(system.traits.combat, 8),
      spirit: die(system.traits.spirit, 6),
      mind: die(system.traits.mind, 6),
    },
    skills: { ...system.skills },
    // In a fight, the stance the referee recorded (budget.ts), not the actor's field.
    stance: stanceOf(actor),
    armor,
    armorBonus,
    statuses: statusesOf(actor, options),
    disabledLimbs: { arms: system.disabledLimbs.arms, legs: system.disabledLimbs.legs },
    ...budgetOf(actor),
    ...(system.unconsciousMinutes === null
      ? {}
      : { unconsciousMinutes: system.unconsciousMinutes }),
  });
}

/** A weapon item as the rules see it (quality, attachments and range profile folded in). */
export function toWeapon(
  item: Item.Implementation,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): WorldlinesWeapon {
  const system = item.system as unknown as WorldlinesWeaponSystem;
  const rangeBands: Partial<Record<RangeBand, { accuracy: number; damage: number }>> = {};
  for (const band of RANGE_BANDS) {
    const own = system.range[band];
    if (own.accuracy === null && own.damage === null) continue;
    const base = options.rangeBands[band];
    rangeBands[band] = {
      accuracy: own.accuracy ?? base.accuracy,
      damage: own.damage ?? base.damage,
    };
  }
  const onHit: StatusApplication[] = ON_HIT_STATUSES.filter((id) => system.onHit[id]).map(
    (status) => ({ status }),
  );
  const accuracy = system.accuracy.quality + system.accuracy.attachments;
  return {
    id: item.id ?? "",
    name: item.name,
    kind: system.kind,
    skill: system.skill,
    damage: withDamageBonus(system.damage, system.damageBonus),
    ...(accuracy === 0 ? {} : { accuracy }),
    ...(Object.keys(rangeBands).length === 0 ? {} : { rangeBands }),
    ...(system.blunt ? { blunt: true } : {}),
    ...(system.nonLethal ? { nonLethal: true } : {}),
    ...(system.lethalOnly ? { lethalOnly: true } : {}),
    ...(system.critWiden === 0 ? {} : { critWiden: system.critWiden }),
    ...(system.headshotWiden === 0 ? {} : { headshotWiden: system.headshotWiden }),
    ...(onHit.length === 0 ? {} : { onHit }),
  };
}

/**
 * How far each range band of this weapon reaches, in feet: its own profile where it sets one,
 * else the default bands (DEFAULT_BAND_FEET).
 */
export function bandReach(
  item: Item.Implementation,
  defaults: Readonly<Record<RangeBand, number>>,
): Record<RangeBand, number> {
  const system = item.system as unknown as WorldlinesWeaponSystem;
  const reach = { ...defaults };
  for (const band of RANGE_BANDS) reach[band] = system.range[band].feet ?? defaults[band];
  return reach;
}

/** The band a target this many feet away falls in, or null when it is out of range. */
export function bandForDistance(
  reach: Readonly<Record<RangeBand, number>>,
  feet: number,
): RangeBand | null {
  for (const band of RANGE_BANDS) if (feet <= reach[band]) return band;
  return null;
}

/* ------------------------------------------------------------------------------------------ */
/*  Techniques: what the rules read of a technique item, and what passive ones add to an actor  */
/* ------------------------------------------------------------------------------------------ */

/** A technique item's stored fields (data.ts techniqueSchema). */
export interface WorldlinesTechniqueSystem {
  energyCost: number;
  use: string;
  interrupt: boolean;
  extraInterruption: boolean;
  critWiden: number;
  headshotWiden: number;
  onHit: Record<(typeof ON_HIT_STATUSES)[number], boolean>;
  energyRefund: number;
  freeWeaponSwitch: boolean;
  stopsBleeding: boolean;
  stealsMomentum: boolean;
  effect: string;
}

/** A technique item as the rules see it. */
export function toTechnique(item: Item.Implementation): WorldlinesTechnique {
  const s = item.system as unknown as WorldlinesTechniqueSystem;
  const use: TechniqueUse = (TECHNIQUE_USES as readonly string[]).includes(s.use)
    ? (s.use as TechniqueUse)
    : "action";
  const onHit: StatusApplication[] = ON_HIT_STATUSES.filter((id) => s.onHit[id]).map((status) => ({
    status,
  }));
  return {
    id: item.id ?? "",
    name: item.name,
    cost: s.energyCost,
    use,
    interrupt: s.interrupt,
    extraInterruption: s.extraInterruption,
    critWiden: s.critWiden,
    headshotWiden: s.headshotWiden,
    ...(onHit.length > 0 ? { onHit } : {}),
    energyRefund: s.energyRefund,
    freeWeaponSwitch: s.freeWeaponSwitch,
    stopsBleeding: s.stopsBleeding,
    stealsMomentum: s.stealsMomentum,
  };
}

/** The actor's technique items, as the rules see them. */
export function techniquesOf(actor: Actor.Implementation): WorldlinesTechnique[] {
  return actor.items.contents.filter((i) => i.type === "technique").map((i) => toTechnique(i));
}

/** The actor with its passive techniques' widenings added (unchanged if none applies). */
export function withKnownTechniques(
  actor: Actor.Implementation,
  combatant: WorldlinesCombatant,
): WorldlinesCombatant {
  const known = techniquesOf(actor);
  if (known.length === 0) return combatant;
  const out = withPassiveTechniques(combatant, known);
  return out.ok ? out.value.actor : combatant;
}

/* ------------------------------------------------------------------------------------------ */
/*  Rules → documents                                                                          */
/* ------------------------------------------------------------------------------------------ */

/** The effect data for a new status effect: name and icon from CONFIG.statusEffects. */
export function statusEffectData(
  id: StatusId,
  data: unknown,
): { name: string; img: string; statuses: string[]; flags: Record<string, unknown> } {
  const config = (
    CONFIG.statusEffects as unknown as { id: string; name?: string; img?: string }[]
  ).find((entry) => entry.id === id);
  return {
    name: game.i18n?.localize(config?.name ?? id) ?? id,
    img: config?.img ?? "icons/svg/aura.svg",
    statuses: [id],
    flags: { [SYSTEM_ID]: data },
  };
}

/** What one update needs done to the actor's effects. */
interface EffectPlan {
  actor: Actor.Implementation;
  create: ReturnType<typeof statusEffectData>[];
  update: { _id: string; flags: Record<string, unknown> }[];
  remove: string[];
}

function effectsWith(actor: Actor.Implementation, id: StatusId): ActiveEffect.Implementation[] {
  return actor.effects.filter((effect) => effect.statuses.has(id));
}

function planEffects(actor: Actor.Implementation, update: ActorUpdate): EffectPlan {
  const plan: EffectPlan = { actor, create: [], update: [], remove: [] };
  for (const id of update.removeStatuses) {
    for (const effect of effectsWith(actor, id)) if (effect.id) plan.remove.push(effect.id);
  }
  for (const id of STATUS_IDS) {
    const data = update.setStatuses[id];
    if (data === undefined) continue;
    const existing = effectsWith(actor, id)[0];
    if (existing?.id) {
      plan.update.push({ _id: existing.id, flags: { [SYSTEM_ID]: data } });
    } else {
      plan.create.push(statusEffectData(id, data));
    }
  }
  return plan;
}

/** The system changes of one update, exhaustion points included. */
function systemChanges(update: ActorUpdate): Record<string, FieldValue> {
  const changes: Record<string, FieldValue> = { ...update.changes };
  const exhausted = update.setStatuses.exhausted;
  if (exhausted !== undefined) changes["system.exhaustion"] = exhausted.points;
  else if (update.removeStatuses.includes("exhausted")) changes["system.exhaustion"] = 0;
  return changes;
}

/**
 * Writes rule outcomes: the field changes of every world actor in ONE Actor.updateDocuments call
 * (a token's own actor is stored in its token, so each of those takes its own update), then per
 * actor at most one create, one update and one delete of status effects, then the round's and
 * turn's budget (budget.ts) in one Combat update per combat (the referee's: only a GM may write
 * it). Updates for actors that cannot be found are skipped and returned.
 */
export async function applyUpdatesBatch(
  all: readonly ActorUpdate[],
  resolve: ActorResolver = resolveActor,
): Promise<{ missing: string[] }> {
  const { updates, budget } = splitBudget(all);
  const missing: string[] = [];
  const worldUpdates: Record<string, unknown>[] = [];
  const tokenUpdates: Promise<unknown>[] = [];
  const plans: EffectPlan[] = [];
  for (const update of updates) {
    const actor = resolve(update.actorId);
    if (!actor) {
      missing.push(update.actorId);
      continue;
    }
    const changes = systemChanges(update);
    if (Object.keys(changes).length > 0) {
      if (actor.isToken) tokenUpdates.push(actor.update(changes));
      else worldUpdates.push({ _id: actor.id, ...changes });
    }
    plans.push(planEffects(actor, update));
  }
  if (worldUpdates.length > 0) {
    await CONFIG.Actor.documentClass.updateDocuments(worldUpdates);
  }
  await Promise.all(tokenUpdates);
  await Promise.all(
    plans.flatMap((plan) => [
      ...(plan.remove.length > 0
        ? [plan.actor.deleteEmbeddedDocuments("ActiveEffect", plan.remove)]
        : []),
      ...(plan.update.length > 0
        ? [plan.actor.updateEmbeddedDocuments("ActiveEffect", plan.update)]
        : []),
      ...(plan.create.length > 0
        ? [
            plan.actor.createEmbeddedDocuments(
              "ActiveEffect",
              plan.create as unknown as ActiveEffect.CreateData[],
            ),
          ]
        : []),
    ]),
  );
  if (budget.length > 0) await writeBudget(budget);
  return { missing };
}
