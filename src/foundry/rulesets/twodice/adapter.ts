/**
 * The two-dice adapter: actor and item documents to the rules' plain data (combatants, weapons,
 * armor layers), and the rules' updates back to documents, one batch per document kind.
 */
import { parseWeaponType } from "../../../rules/twodice/model.ts";
import type {
  ArmorLayer,
  TwodiceCombatant,
  TwodiceWeapon,
  WeaponType,
} from "../../../rules/twodice/model.ts";
import type { TwodiceUpdate } from "../../../rules/twodice/changes.ts";
import { combatantId, resolveActor } from "../../shared/actors.ts";
import type { ActorResolver } from "../../shared/actors.ts";
import { TWODICE_TRAITS } from "./data.ts";
import type { TwodiceActorSystem, TwodiceArmorSystem, TwodiceWeaponSystem } from "./data.ts";

export { combatantId, resolveActor };

function systemOf(actor: Actor.Implementation): TwodiceActorSystem {
  return actor.system as unknown as TwodiceActorSystem;
}

/** The worn armor layers, outermost first (the order of the sheet's armor list). */
export function armorLayersOf(actor: Actor.Implementation): ArmorLayer[] {
  return actor.items.contents
    .filter((item) => item.type === "armor")
    .filter((item) => (item.system as unknown as TwodiceArmorSystem).worn)
    .sort((a, b) => a.sort - b.sort)
    .map((item) => {
      const system = item.system as unknown as TwodiceArmorSystem;
      return {
        id: item.id ?? "",
        name: item.name,
        coverage: system.coverage,
        protection: system.protection,
      };
    });
}

/** An actor as the two-dice rules see it. */
export function toTwodiceCombatant(actor: Actor.Implementation): TwodiceCombatant {
  const system = systemOf(actor);
  return {
    id: combatantId(actor),
    name: actor.name,
    traits: Object.fromEntries(TWODICE_TRAITS.map((t) => [t, system.traits[t]])),
    unarmedDefense: system.unarmedDefense,
    armor: armorLayersOf(actor),
    wounds: {
      marked: [...system.wounds.marked].sort((a, b) => a - b),
      bleedingStopped: system.wounds.bleedingStopped,
      medicalBonus: system.wounds.medicalBonus,
    },
    turn: { ...system.turn },
  };
}

/** A weapon's Type; a stored code the rules refuse (it cannot be stored) reads as no Type. */
export function weaponTypeOf(code: string): WeaponType {
  const type = parseWeaponType(code);
  return type.ok ? type.value : { kind: "single" };
}

/** A weapon item as the two-dice rules see it. */
export function toTwodiceWeapon(item: Item.Implementation): TwodiceWeapon {
  const system = item.system as unknown as TwodiceWeaponSystem;
  return {
    id: item.id ?? "",
    name: item.name,
    kind: system.kind,
    attack: system.attack,
    defense: system.defense,
    damage: system.damage,
    range: system.range,
    type: weaponTypeOf(system.type),
    ammo: { ...system.ammo },
  };
}

/** The actor's weapons of one kind, in sheet order. */
export function weaponsOf(actor: Actor.Implementation, kind?: TwodiceWeapon["kind"]) {
  return actor.items.contents
    .filter((item) => item.type === "weapon")
    .filter((item) => kind === undefined || toTwodiceWeapon(item).kind === kind);
}

/**
 * Writes the rules' updates: every world actor in one `updateDocuments`, each token actor on its
 * own (they live in their scenes), and each actor's items in one `updateEmbeddedDocuments`.
 */
export async function applyTwodiceUpdates(
  updates: readonly TwodiceUpdate[],
  resolve: ActorResolver = resolveActor,
): Promise<{ missing: string[] }> {
  const missing: string[] = [];
  const actors = new Map<string, { actor: Actor.Implementation; changes: object }>();
  const items = new Map<string, { actor: Actor.Implementation; rows: object[] }>();
  for (const update of updates) {
    const actor = resolve(update.actorId);
    if (!actor) {
      missing.push(update.actorId);
      continue;
    }
    if (update.itemId !== undefined) {
      const entry = items.get(update.actorId) ?? { actor, rows: [] };
      entry.rows.push({ _id: update.itemId, ...update.changes });
      items.set(update.actorId, entry);
    } else {
      const entry = actors.get(update.actorId) ?? { actor, changes: {} };
      entry.changes = { ...entry.changes, ...update.changes };
      actors.set(update.actorId, entry);
    }
  }
  const world: Record<string, unknown>[] = [];
  const tokens: Promise<unknown>[] = [];
  for (const { actor, changes } of actors.values()) {
    if (actor.isToken) tokens.push(actor.update(changes));
    else world.push({ _id: actor.id, ...changes });
  }
  if (world.length > 0) await CONFIG.Actor.documentClass.updateDocuments(world);
  await Promise.all(tokens);
  await Promise.all(
    [...items.values()].map(({ actor, rows }) =>
      actor.updateEmbeddedDocuments("Item", rows as never),
    ),
  );
  return { missing };
}
