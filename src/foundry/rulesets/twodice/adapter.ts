/**
 * The two-dice adapter: actor and item documents to the rules' plain data (combatants, weapons,
 * armor layers), and the rules' refusals as the user reads them (the rules' updates go back
 * through budget.ts).
 */
import { diffWeapon, ITEM_FIELD_PATHS } from "../../../rules/twodice/changes.ts";
import type { TwodiceUpdate } from "../../../rules/twodice/changes.ts";
import { FRESH_TURN, loadedAmmo } from "../../../rules/twodice/model.ts";
import type {
  ArmorLayer,
  TwodiceCombatant,
  TwodiceWeapon,
  WeaponType,
} from "../../../rules/twodice/model.ts";
import { fightOf } from "../../combat/ledger.ts";
import { combatantId, resolveActor } from "../../shared/actors.ts";
import { warnRefusal } from "../../shared/refusal.ts";
import type { ShownRefusal } from "../../shared/refusal.ts";
import { isTransportReason } from "../../shared/referee.ts";
import { TWODICE_TRAITS, parseStoredType } from "./data.ts";
import { twodiceOptions } from "./settings.ts";
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

/**
 * An actor as the two-dice rules see it, with a fresh turn: its turn in a fight is the referee's
 * (budget.ts), never what the actor carries. A wound stored past the world's track (a GM shortened
 * it) reads as off the track, one past its last circle.
 */
export function toTwodiceCombatant(actor: Actor.Implementation): TwodiceCombatant {
  const system = systemOf(actor);
  const past = twodiceOptions().woundCircles + 1;
  return {
    id: combatantId(actor),
    name: actor.name,
    traits: Object.fromEntries(TWODICE_TRAITS.map((t) => [t, system.traits[t]])),
    unarmedDefense: system.unarmedDefense,
    armor: armorLayersOf(actor),
    wounds: {
      marked: system.wounds.marked.map((w) => Math.min(w, past)).sort((a, b) => a - b),
      bleedingStopped: system.wounds.bleedingStopped,
      medicalBonus: system.wounds.medicalBonus,
    },
    turn: FRESH_TURN,
  };
}

/**
 * A weapon's Type as stored (within the bounds any world may set: the world's own are checked
 * when it fires); a code that cannot be stored reads as no Type.
 */
export function weaponTypeOf(code: string): WeaponType {
  const type = parseStoredType(code);
  return type.ok ? type.value : { kind: "single" };
}

/** The id of the started combat the item's owner fights in, or null. */
function fightIdOf(item: Item.Implementation): string | null {
  const owner = item.parent;
  if (!(owner instanceof Actor)) return null;
  return fightOf(owner)?.combat.id ?? null;
}

/**
 * What is loaded: as stored, except that a weapon starts every fight reloaded (the book): in a
 * fight other than the one its ammunition was last spent or loaded in, it reads as full.
 */
function loadedNow(item: Item.Implementation, type: WeaponType) {
  const { ammo } = item.system as unknown as TwodiceWeaponSystem;
  const fight = fightIdOf(item);
  if (fight !== null && (ammo.fight ?? null) !== fight) return loadedAmmo(type);
  return { rounds: ammo.rounds, empty: ammo.empty, fresh: ammo.fresh };
}

/**
 * The item update for a weapon whose ammunition the rules changed, or null: all of what is loaded,
 * stamped with the fight it now belongs to (so a fight's first shot replaces the stored state).
 */
export function weaponWrite(
  item: Item.Implementation,
  before: TwodiceWeapon,
  after: TwodiceWeapon,
): TwodiceUpdate | null {
  const actor = item.parent;
  if (!(actor instanceof Actor) || diffWeapon("", before, after) === null) return null;
  return {
    actorId: combatantId(actor),
    itemId: after.id,
    changes: {
      [ITEM_FIELD_PATHS.rounds]: after.ammo.rounds,
      [ITEM_FIELD_PATHS.empty]: after.ammo.empty,
      [ITEM_FIELD_PATHS.fresh]: after.ammo.fresh,
      "system.ammo.fight": fightIdOf(item),
    },
  };
}

/** A weapon item as the two-dice rules see it. */
export function toTwodiceWeapon(item: Item.Implementation): TwodiceWeapon {
  const system = item.system as unknown as TwodiceWeaponSystem;
  const type = weaponTypeOf(system.type);
  return {
    id: item.id ?? "",
    name: item.name,
    kind: system.kind,
    attack: system.attack,
    defense: system.defense,
    damage: system.damage,
    range: system.range,
    type,
    ammo: loadedNow(item, type),
  };
}

/** The actor's weapons of one kind, in sheet order. */
export function weaponsOf(actor: Actor.Implementation, kind?: TwodiceWeapon["kind"]) {
  return actor.items.contents
    .filter((item) => item.type === "weapon")
    .filter((item) => kind === undefined || toTwodiceWeapon(item).kind === kind);
}

/** Shows a refusal as a localized warning (FRAY.Twodice.Refusal.<reason>). Nothing else happens. */
export function warnTwodiceRefusal(refusal: ShownRefusal): void {
  // The transport's own refusals were shown already, with what to do (shared/referee.ts).
  if (isTransportReason(refusal.reason)) return;
  warnRefusal((reason) => `FRAY.Twodice.Refusal.${reason}`, refusal);
}
