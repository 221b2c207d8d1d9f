/**
 * Defaults for two-dice state, for the shell's new documents and for tests: an unhurt combatant
 * at the start of a turn, and a reloaded weapon.
 *
 * A factory never builds a state the checks refuse (attack-input.ts): a number outside its bound
 * is clamped into it (a C−3 weapon holds one round, a C10¹² one MAX_ROUNDS), one that is no number
 * at all (NaN, ±Infinity) takes the default, a choice outside its list takes the default, and a
 * trait named like a built-in property ("toString") is left out.
 */
import { fitFlag as flag, fitNumber as fit } from "../core/fit.ts";
import { isBuiltInName } from "../core/names.ts";
import {
  ACTION_KINDS,
  FRESH_TURN,
  MAX_ROUNDS,
  NO_WOUNDS,
  WEAPON_KINDS,
  loadedAmmo,
} from "./model.ts";
import type {
  ArmorLayer,
  TurnState,
  TwodiceCombatant,
  TwodiceWeapon,
  WeaponType,
  WoundState,
} from "./model.ts";
import { DEFAULT_TWODICE_OPTIONS, MAX_DIE_SIDES } from "./options.ts";
import type { TwodiceOptions } from "./options.ts";

/** Trait values of a new character: the middle of a d20. */
export const DEFAULT_TRAITS: Readonly<Record<string, number>> = {
  agility: 10,
  toughness: 10,
  perception: 10,
  stealth: 10,
  medicine: 10,
};

/** The sheet's bound on its numbers (SHEET_NUMBER in model.ts). */
const SHEET = 1000;

function fitTraits(traits: Readonly<Record<string, number>>): Readonly<Record<string, number>> {
  if (traits === DEFAULT_TRAITS) return traits;
  const out: Record<string, number> = {};
  for (const [name, value] of Object.entries(traits)) {
    if (name.trim() === "" || isBuiltInName(name)) continue;
    if (typeof value === "number" && Number.isFinite(value))
      out[name] = fit(value, -SHEET, SHEET, 0);
  }
  return out;
}

function fitWounds(wounds: WoundState, options: TwodiceOptions): WoundState {
  if (wounds === NO_WOUNDS) return wounds;
  const marked = wounds.marked
    .filter((circle) => Number.isFinite(circle))
    .map((circle) => fit(circle, 1, options.woundCircles + 1, 1))
    .sort((a, b) => a - b);
  return {
    marked,
    bleedingStopped: flag(wounds.bleedingStopped),
    medicalBonus: fit(wounds.medicalBonus, 0, SHEET, 0),
  };
}

function fitTurn(turn: TurnState): TurnState {
  if (turn === FRESH_TURN) return turn;
  const id = (value: unknown) => (typeof value === "string" ? value : null);
  return {
    acted: flag(turn.acted),
    waiting: ACTION_KINDS.includes(turn.waiting as never) ? turn.waiting : null,
    meleeDefense: turn.meleeDefense === null ? null : fit(turn.meleeDefense, -SHEET, SHEET, 0),
    moving: flag(turn.moving),
    moveHalved: flag(turn.moveHalved),
    aiming: flag(turn.aiming),
    aimed: flag(turn.aimed),
    readied: id(turn.readied),
    readiedLastTurn: id(turn.readiedLastTurn),
    actionOwed: flag(turn.actionOwed),
  };
}

function fitLayer(layer: ArmorLayer, options: TwodiceOptions): ArmorLayer {
  return {
    id: layer.id,
    name: layer.name,
    coverage: fit(layer.coverage, 1, options.dieSides, 1),
    protection: fit(layer.protection, 0, SHEET, 0),
  };
}

export function makeTwodiceCombatant(
  overrides: Partial<TwodiceCombatant> & { readonly id: string },
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): TwodiceCombatant {
  return {
    id: overrides.id,
    name: overrides.name ?? overrides.id,
    traits: fitTraits(overrides.traits ?? DEFAULT_TRAITS),
    unarmedDefense: fit(overrides.unarmedDefense, -SHEET, SHEET, 0),
    armor: (overrides.armor ?? []).map((layer) => fitLayer(layer, options)),
    wounds: fitWounds(overrides.wounds ?? NO_WOUNDS, options),
    turn: fitTurn(overrides.turn ?? FRESH_TURN),
  };
}

function fitType(type: WeaponType | undefined): WeaponType {
  switch (type?.kind) {
    case "capacity":
      return { kind: "capacity", rounds: fit(type.rounds, 1, MAX_ROUNDS, 1) };
    case "auto":
      return { kind: "auto", threshold: fit(type.threshold, 1, MAX_DIE_SIDES, 1) };
    default:
      return { kind: "single" };
  }
}

export function makeTwodiceWeapon(
  overrides: Partial<Omit<TwodiceWeapon, "type">> & {
    readonly id: string;
    readonly type?: WeaponType;
  },
): TwodiceWeapon {
  const type = fitType(overrides.type);
  const ammo = overrides.ammo;
  return {
    id: overrides.id,
    name: overrides.name ?? overrides.id,
    kind: WEAPON_KINDS.includes(overrides.kind as never) ? (overrides.kind ?? "melee") : "melee",
    attack: fit(overrides.attack, -SHEET, SHEET, 10),
    defense: fit(overrides.defense, -SHEET, SHEET, 5),
    damage: fit(overrides.damage, -SHEET, SHEET, 0),
    range: fit(overrides.range, 0, SHEET, 0),
    type,
    ammo:
      ammo === undefined
        ? loadedAmmo(type)
        : {
            rounds: fit(ammo.rounds, 0, MAX_ROUNDS, 0),
            empty: flag(ammo.empty),
            fresh: flag(ammo.fresh),
          },
  };
}
