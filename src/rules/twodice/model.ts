/**
 * The state the two-dice rules read: combatants (traits, Unarmed Defense, armor layers, wounds,
 * this turn's action), weapons (Attack, Defense, Damage, Range, Type and ammunition) and armor.
 * Plain data: the shell builds it from the actor and item documents.
 */
import { ownValue } from "../core/names.ts";
import { shown } from "../core/guard.ts";
import { refuse, ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { DEFAULT_TWODICE_OPTIONS } from "./options.ts";
import type { TwodiceOptions } from "./options.ts";

/**
 * What a number on a two-dice sheet may be: a whole number well beyond any sheet's (traits,
 * Attack, Defense, Damage, Protection …). Far larger values are refused rather than computed
 * with: damage odds are a list as long as the spread of possible damage.
 */
export const SHEET_NUMBER = { min: -1000, max: 1000, whole: true } as const;
/** A modifier to an attack or check value: any number within the same bounds. */
export const SHEET_MODIFIER = { min: -1000, max: 1000 } as const;

/**
 * The most rounds a weapon holds: a capacity weapon's Cn and the rounds left in it. The item
 * DataModel (src/foundry/rulesets/twodice/data.ts) takes its bound from here.
 */
export const MAX_ROUNDS = 999;

export type WeaponKind = "melee" | "ranged";
export const WEAPON_KINDS: readonly WeaponKind[] = ["melee", "ranged"];

/**
 * A weapon's Type, which says how its ammunition runs out:
 * - single: no code; single shots are never counted;
 * - capacity: C (one shot, reload after each) or Cn (n shots before a reload);
 * - auto: An, with n from 5 to 19; fires full Auto, and runs dry when an attack's black die
 *   comes up above n.
 */
export type WeaponType =
  | { readonly kind: "single" }
  | { readonly kind: "capacity"; readonly rounds: number }
  | { readonly kind: "auto"; readonly threshold: number };
export const WEAPON_TYPE_KINDS: readonly WeaponType["kind"][] = ["single", "capacity", "auto"];

/**
 * What is in the weapon. `rounds` counts a capacity weapon's shots left; `empty` marks an
 * automatic weapon whose magazine ran dry; `fresh` marks one reloaded since its last turn of
 * Auto (that turn skips the ammunition check). Weapons start every fight reloaded.
 */
export interface AmmoState {
  readonly rounds: number;
  readonly empty: boolean;
  readonly fresh: boolean;
}

export interface TwodiceWeapon {
  readonly id: string;
  readonly name: string;
  readonly kind: WeaponKind;
  readonly attack: number;
  readonly defense: number;
  readonly damage: number;
  /** The step of the range scale the weapon reaches without penalty (ranged weapons). */
  readonly range: number;
  readonly type: WeaponType;
  readonly ammo: AmmoState;
}

/** One layer of armor. Coverage 20 (the die's size) is sealed: every attack strikes it. */
export interface ArmorLayer {
  readonly id: string;
  readonly name: string;
  readonly coverage: number;
  readonly protection: number;
}

/** A declared action a waiting combatant may cut in with. */
export type ActionKind =
  | "meleeAttack"
  | "rangedAttack"
  | "autoFire"
  | "aim"
  | "reload"
  | "ready"
  | "hide"
  | "takeCover"
  | "medicine"
  | "move"
  | "moveAndMelee"
  | "moveAndShoot"
  | "moveAndCover"
  | "other";
export const ACTION_KINDS: readonly ActionKind[] = [
  "meleeAttack",
  "rangedAttack",
  "autoFire",
  "aim",
  "reload",
  "ready",
  "hide",
  "takeCover",
  "medicine",
  "move",
  "moveAndMelee",
  "moveAndShoot",
  "moveAndCover",
  "other",
];

/** This turn (and what carries over from the last one) for one combatant. */
export interface TurnState {
  /** Took its one combat action this turn (a counterattack and rolling with it count). */
  readonly acted: boolean;
  /** Waiting, with the one action it declared; null when not waiting. */
  readonly waiting: ActionKind | null;
  /** The Defense of the melee attack it made or declared this turn, if any. */
  readonly meleeDefense: number | null;
  /** Declared a move action this turn: a moving target; it resolves at the end of the turn. */
  readonly moving: boolean;
  /** Rolling with an attack cut its move to half the intended distance. */
  readonly moveHalved: boolean;
  /** Aimed this turn (the bonus comes next turn). */
  readonly aiming: boolean;
  /** Aimed last turn: the aim bonus applies to this turn's ranged attacks. */
  readonly aimed: boolean;
  /** The weapon readied this turn, and last turn (that one shoots with its Defense now). */
  readonly readied: string | null;
  readonly readiedLastTurn: string | null;
  /** Rolled with an attack after acting: the next turn's action is already spent. */
  readonly actionOwed: boolean;
}

export const FRESH_TURN: TurnState = {
  acted: false,
  waiting: null,
  meleeDefense: null,
  moving: false,
  moveHalved: false,
  aiming: false,
  aimed: false,
  readied: null,
  readiedLastTurn: null,
  actionOwed: false,
};

/**
 * Wounds are marked circles on a track numbered 1 to `woundCircles`. A wound that finds no empty
 * circle at or right of its number is off the track, kept as `woundCircles + 1`.
 */
export interface WoundState {
  /** Marked circles, ascending; `woundCircles + 1` (possibly repeated) is an off-track wound. */
  readonly marked: readonly number[];
  /** A successful Medicine roll stopped the bleeding; the next wound starts it again. */
  readonly bleedingStopped: boolean;
  /** The best successful Medicine result since the last Recovery roll (added to Toughness). */
  readonly medicalBonus: number;
}

export const NO_WOUNDS: WoundState = { marked: [], bleedingStopped: false, medicalBonus: 0 };

export interface TwodiceCombatant {
  readonly id: string;
  readonly name: string;
  /** Agility, Toughness, Perception, Stealth, Medicine … by lower-case name. */
  readonly traits: Readonly<Record<string, number>>;
  readonly unarmedDefense: number;
  /** Armor layers worn, outermost first. */
  readonly armor: readonly ArmorLayer[];
  readonly wounds: WoundState;
  readonly turn: TurnState;
}

/**
 * The combatant with these wounds and this turn. Every rule that changes a combatant's wounds or
 * turn in an attack builds the new one here, field by field: one object shape for all of them,
 * where spreads at each rule made a new shape per rule and slowed the encounter simulator's inner
 * loop several times over.
 */
export function withWoundsAndTurn<C extends TwodiceCombatant>(
  c: C,
  wounds: WoundState,
  turn: TurnState,
): C {
  const next: TwodiceCombatant = {
    id: c.id,
    name: c.name,
    traits: c.traits,
    unarmedDefense: c.unarmedDefense,
    armor: c.armor,
    wounds,
    turn,
  };
  return next as C;
}

/**
 * A turn with some fields changed: `{ ...turn, ...patch }`, built field by field in one order
 * (the same reason as withWoundsAndTurn).
 */
export function changedTurn(turn: TurnState, patch: Partial<TurnState>): TurnState {
  return {
    acted: patch.acted ?? turn.acted,
    waiting: patch.waiting === undefined ? turn.waiting : patch.waiting,
    meleeDefense: patch.meleeDefense === undefined ? turn.meleeDefense : patch.meleeDefense,
    moving: patch.moving ?? turn.moving,
    moveHalved: patch.moveHalved ?? turn.moveHalved,
    aiming: patch.aiming ?? turn.aiming,
    aimed: patch.aimed ?? turn.aimed,
    readied: patch.readied === undefined ? turn.readied : patch.readied,
    readiedLastTurn:
      patch.readiedLastTurn === undefined ? turn.readiedLastTurn : patch.readiedLastTurn,
    actionOwed: patch.actionOwed ?? turn.actionOwed,
  };
}

/** A weapon with its ammunition replaced, built field by field. */
export function withAmmo<W extends TwodiceWeapon>(weapon: W, ammo: AmmoState): W {
  const next: TwodiceWeapon = {
    id: weapon.id,
    name: weapon.name,
    kind: weapon.kind,
    attack: weapon.attack,
    defense: weapon.defense,
    damage: weapon.damage,
    range: weapon.range,
    type: weapon.type,
    ammo,
  };
  return next as W;
}

/**
 * The trait a rule reads, 0 when the combatant has none. Only an own entry of its traits counts:
 * `trait(c, "toString")` is 0, never the function every object inherits.
 */
export function trait(combatant: TwodiceCombatant, name: string): number {
  return ownValue(combatant.traits, name) ?? 0;
}

/** The ammunition a weapon of this type starts a fight with. */
export function loadedAmmo(type: WeaponType): AmmoState {
  return { rounds: type.kind === "capacity" ? type.rounds : 0, empty: false, fresh: true };
}

/**
 * Reads a Type field ("C", "C2", "A13", or empty for a weapon whose single shots never count).
 * Case and surrounding spaces do not matter.
 */
export function parseWeaponType(
  text: string,
  options: Pick<TwodiceOptions, "autoThreshold"> = DEFAULT_TWODICE_OPTIONS,
): Result<WeaponType, "badWeaponType"> {
  if (typeof text !== "string") return refuse("badWeaponType", { type: shown(text) });
  const code = text.trim().toUpperCase();
  if (code === "") return ok({ kind: "single" });
  const match = /^([CA])(\d*)$/.exec(code);
  if (match === null) return refuse("badWeaponType", { type: text });
  const [, letter, digits = ""] = match;
  const n = digits === "" ? null : Number(digits);
  if (letter === "C") {
    if (n === 0 || (n !== null && n > MAX_ROUNDS)) {
      return refuse("badWeaponType", { type: text, max: MAX_ROUNDS });
    }
    return ok({ kind: "capacity", rounds: n ?? 1 });
  }
  const { min, max } = options.autoThreshold;
  if (n === null || n < min || n > max) return refuse("badWeaponType", { type: text, min, max });
  return ok({ kind: "auto", threshold: n });
}
