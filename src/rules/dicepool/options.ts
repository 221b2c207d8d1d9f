/**
 * Every dice-pool number a GM may change, with its default. The defaults follow the combat
 * chapter; where it is silent they are the product decisions in shared/rules/README.md or,
 * failing those, documented here.
 */
import { checkedAs } from "../core/checked.ts";
import type { Checked } from "../core/checked.ts";
import { checkNumber, shown } from "../core/guard.ts";
import type { NumberRefusalReason } from "../core/guard.ts";
import type { NameRefusalReason } from "../core/names.ts";
import { mergeOptions } from "../core/options.ts";
import type { OptionOverrides } from "../core/options.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result, Success } from "../core/result.ts";
import { DICEPOOL_LIMITS as L } from "./limits.ts";

export type CoverKind = "none" | "light" | "medium" | "full";
export const COVER_KINDS: readonly CoverKind[] = ["none", "light", "medium", "full"];

/** The attributes an initiative pool may add. */
export type InitiativeAttribute = "physical" | "mental";
export const INITIATIVE_ATTRIBUTES: readonly InitiativeAttribute[] = ["physical", "mental"];

export interface DicepoolOptions {
  /** Faces of every pool die (README: a d6). */
  readonly dieSides: number;
  /** Lowest face that is a hit (README: 4, 5 and 6 hit). */
  readonly hitOn: number;
  /**
   * The largest pool the engine rolls or computes odds for. The book has no cap; 100 dice is far
   * beyond any pool the rules build (attribute + skill + cover + a finishing move's initiative),
   * and anything larger is refused ("pool-too-large") instead of hanging on a billion dice. An
   * option may raise it to DICEPOOL_LIMITS.pool at most.
   */
  readonly maxPool: number;
  /**
   * The initiative pool: these attributes plus the Awareness skill. The book writes "Mental +
   * Physical Awareness"; like every other pool of the chapter it is one attribute and one skill,
   * so Fray reads it as Mental + the awareness skill (the sheet's Awareness). A setting adds
   * Physical too (the reading Fray had before, a pool larger than any attack).
   */
  readonly initiativeAttributes: readonly InitiativeAttribute[];
  /** Plugin "Defense Static Values": defenses do not roll; they score half the pool, rounded up. */
  readonly staticDefense: boolean;
  /** Plugin "Initiative Damage" (see initiative-damage.ts). */
  readonly initiativeDamage: boolean;
  /** Plugin "Hexagonal Spaces": distances are counted on hexes instead of squares. */
  readonly hexSpaces: boolean;
  /** Bonus dice to the defender's pool, by cover. */
  readonly cover: Readonly<Record<CoverKind, number>>;
  /** Cover's bonus is divided by this against close attacks (the book halves it; rounded down). */
  readonly coverCloseDivisor: number;
  /** Penalty to a lethal weapon's attack pool for a non-lethal attack. */
  readonly nonLethalPenalty: number;
  /** Penalty to a disarm attempt with a weapon that lacks the disarming mod. */
  readonly disarmPenalty: number;
  /** Penalty to a grapple attempt with a weapon that lacks the grappling mod. */
  readonly grapplePenalty: number;
  /** Grappling Pool lost at the end of each of the assailant's rounds just to hold on. */
  readonly grappleUpkeep: number;
  /** Enemies one assailant may hold at once without Multi-Grapple. */
  readonly grappleTargets: number;
  /** Blitz Attack: Energy, bonus dice, and the Close Combat rating that grants it. */
  readonly blitz: { readonly energy: number; readonly bonus: number; readonly closeCombat: number };
  /** Stabilize comes free with this Medicine rating. */
  readonly stabilizeMedicine: number;
  /** Energy for a second move in one turn (sprinting). */
  readonly sprintEnergy: number;
  /** Energy lost on a failed rough-terrain roll. */
  readonly roughTerrainEnergy: number;
  /** Energy per swimming move, and per upward climbing move. */
  readonly swimEnergy: number;
  readonly climbUpEnergy: number;
  /** Speed lost while swimming or climbing, and the speed it never drops below. */
  readonly swimClimbSlowdown: number;
  readonly minimumSpeed: number;
  /** Falling: spaces dropped per round, damage per space fallen, and the spaces that count at most. */
  readonly fall: {
    readonly spacesPerRound: number;
    readonly damagePerSpace: number;
    readonly maxSpaces: number;
  };
  /** A chase ends when the one withdrawing is this many spaces from the nearest enemy. */
  readonly escapeDistance: number;
  /** Health = Physical + Size + this. */
  readonly healthBase: number;
  /** Death comes at this many times the total health in damage. */
  readonly deathMultiplier: number;
  /** Damage an incapacitated, unstabilized character takes on each of its turns (lethal only). */
  readonly bleedPerRound: number;
  /**
   * Default `energy.max` of a new actor. The chapter gives only vehicles a number (5); characters
   * get the same default, a field the GM sets per actor.
   */
  readonly defaultEnergyMax: number;
  /** Simple actions per turn (two make one Complex) and Free actions per turn. */
  readonly simpleActionsPerTurn: number;
  readonly freeActionsPerTurn: number;
  /** Initiative Damage plugin: a failed Finishing Move leaves its victim at this initiative. */
  readonly finishingMoveMissInitiative: number;
  /** … and a Finishing Move that hits a survivor leaves the attacker at this. */
  readonly finishingMoveHitInitiative: number;
}

/**
 * Options that passed and can never change (frozen to the last table: the defaults and what
 * withDicepoolOptions builds), with their passing result: asked again, the check is one lookup.
 */
const PASSED = new WeakMap<object, Success<Checked<DicepoolOptions>>>();

/** Freezes checked options, tables and list too, and remembers that they passed. */
function frozenChecked(options: DicepoolOptions): Checked<DicepoolOptions> {
  for (const table of [options.cover, options.blitz, options.fall, options.initiativeAttributes]) {
    Object.freeze(table);
  }
  const checked = checkedAs(Object.freeze(options));
  PASSED.set(checked, ok(checked));
  return checked;
}

/** The defaults, frozen and known to pass (a test checks them with checkDicepoolOptions). */
export const DEFAULT_DICEPOOL_OPTIONS: Checked<DicepoolOptions> = frozenChecked({
  dieSides: 6,
  hitOn: 4,
  maxPool: 100,
  initiativeAttributes: ["mental"],
  staticDefense: false,
  initiativeDamage: false,
  hexSpaces: false,
  cover: { none: 0, light: 2, medium: 4, full: 8 },
  coverCloseDivisor: 2,
  nonLethalPenalty: 3,
  disarmPenalty: 6,
  grapplePenalty: 6,
  grappleUpkeep: 1,
  grappleTargets: 1,
  blitz: { energy: 2, bonus: 4, closeCombat: 3 },
  stabilizeMedicine: 1,
  sprintEnergy: 1,
  roughTerrainEnergy: 2,
  swimEnergy: 1,
  climbUpEnergy: 1,
  swimClimbSlowdown: 1,
  minimumSpeed: 1,
  fall: { spacesPerRound: 2, damagePerSpace: 2, maxSpaces: 6 },
  escapeDistance: 12,
  healthBase: 3,
  deathMultiplier: 2,
  bleedPerRound: 1,
  defaultEnergyMax: 5,
  simpleActionsPerTurn: 2,
  freeActionsPerTurn: 1,
  finishingMoveMissInitiative: 6,
  finishingMoveHitInitiative: 1,
});

/** Options with some values changed (one level deep for the nested tables). */
export type DicepoolOptionOverrides = OptionOverrides<DicepoolOptions>;

export type OptionsRefusal =
  NumberRefusalReason | "bad-dice-settings" | "bad-options" | NameRefusalReason;

/**
 * Every whole-number option and its range (both ends included). The die's hit face is checked
 * against the die (1..dieSides) after these. Each bound keeps what the rules build from the
 * option within DICEPOOL_LIMITS: a cost within Energy, a penalty within a pool, a health within
 * the damage a sheet stores.
 */
const RANGES: readonly (readonly [path: readonly string[], min: number, max: number])[] = [
  [["dieSides"], 2, L.dieSides],
  [["maxPool"], 0, L.pool],
  [["cover", "none"], 0, L.pool],
  [["cover", "light"], 0, L.pool],
  [["cover", "medium"], 0, L.pool],
  [["cover", "full"], 0, L.pool],
  [["coverCloseDivisor"], 1, L.pool],
  [["nonLethalPenalty"], 0, L.pool],
  [["disarmPenalty"], 0, L.pool],
  [["grapplePenalty"], 0, L.pool],
  [["grappleUpkeep"], 0, L.grapplePool],
  [["grappleTargets"], 0, L.list],
  [["blitz", "energy"], 0, L.energy],
  [["blitz", "bonus"], 0, L.pool],
  [["blitz", "closeCombat"], 0, L.rating],
  [["stabilizeMedicine"], 0, L.rating],
  [["sprintEnergy"], 0, L.energy],
  [["roughTerrainEnergy"], 0, L.energy],
  [["swimEnergy"], 0, L.energy],
  [["climbUpEnergy"], 0, L.energy],
  [["swimClimbSlowdown"], 0, L.speed],
  [["minimumSpeed"], 0, L.speed],
  [["fall", "spacesPerRound"], 1, L.speed],
  [["fall", "damagePerSpace"], 0, L.rating],
  [["fall", "maxSpaces"], 0, L.speed],
  [["escapeDistance"], 0, L.speed],
  [["healthBase"], 0, L.rating],
  [["deathMultiplier"], 1, L.rating],
  [["bleedPerRound"], 0, L.rating],
  [["defaultEnergyMax"], 0, L.energy],
  [["simpleActionsPerTurn"], 0, L.actions],
  [["freeActionsPerTurn"], 0, L.actions],
  [["finishingMoveMissInitiative"], -L.initiative, L.initiative],
  [["finishingMoveHitInitiative"], -L.initiative, L.initiative],
];

/** The die settings: a bad one is refused as "bad-dice-settings" (the rest as "bad-options"). */
const DICE_SETTINGS = new Set(["dieSides", "hitOn", "maxPool"]);

const FLAGS = ["staticDefense", "initiativeDamage", "hexSpaces"] as const;

/** The value at `path` inside `value`, own entries only (a table's inherited names are no option). */
function at(value: unknown, path: readonly string[]): unknown {
  let here = value;
  for (const key of path) {
    if (typeof here !== "object" || here === null || !Object.hasOwn(here, key)) return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}

function wholeIn(value: unknown, min: number, max: number): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
}

/** Every option passes checkDicepoolOptions, by plain comparisons (nothing allocated). */
function optionsFine(options: DicepoolOptions): boolean {
  for (const [path, min, max] of RANGES) if (!wholeIn(at(options, path), min, max)) return false;
  return (
    wholeIn(at(options, ["hitOn"]), 1, options.dieSides) &&
    FLAGS.every((flag) => typeof at(options, [flag]) === "boolean") &&
    attributesFine(at(options, ["initiativeAttributes"]))
  );
}

/** The initiative pool's attributes: 1 or 2 of the list, none twice. */
function attributesFine(value: unknown): boolean {
  if (!Array.isArray(value) || value.length < 1 || value.length > INITIATIVE_ATTRIBUTES.length) {
    return false;
  }
  const [first, second] = value as unknown[];
  return (
    INITIATIVE_ATTRIBUTES.includes(first as InitiativeAttribute) &&
    (second === undefined ||
      (second !== first && INITIATIVE_ATTRIBUTES.includes(second as InitiativeAttribute)))
  );
}

/**
 * Checks every option: each number whole and within its range (RANGES; the hit face a face of
 * the die), each flag a yes/no, the initiative pool's attributes from their list. The first bad
 * option is refused by name: "bad-dice-settings" for the die, the hit face and the pool cap,
 * "bad-options" for a number or flag elsewhere, "badChoice" (core/names.ts) for an attribute outside its list.
 * Every entry point that reads options calls it (plain comparisons when they pass).
 */
export function checkDicepoolOptions(
  options: DicepoolOptions,
): Result<Checked<DicepoolOptions>, OptionsRefusal> {
  const known = PASSED.get(options);
  if (known !== undefined) return known;
  if (optionsFine(options)) return ok(checkedAs(options));
  const kind = (field: string) => (DICE_SETTINGS.has(field) ? "bad-dice-settings" : "bad-options");
  for (const [path, min, max] of RANGES) {
    const field = path.join(".");
    const bad = checkNumber(field, at(options, path), { min, max, whole: true });
    if (bad) return refuse(kind(field), bad.detail);
  }
  const hitOn = checkNumber("hitOn", at(options, ["hitOn"]), {
    min: 1,
    max: options.dieSides,
    whole: true,
  });
  if (hitOn) return refuse("bad-dice-settings", hitOn.detail);
  for (const flag of FLAGS) {
    const value = at(options, [flag]);
    if (typeof value !== "boolean")
      return refuse("bad-options", { field: flag, value: shown(value) });
  }
  return refuse("badChoice", {
    field: "initiativeAttributes",
    value: shown(at(options, ["initiativeAttributes"])),
  });
}

/** A whole number from `value` within [min, max], or `fallback` when it is no finite number. */
function fit(value: unknown, min: number, max: number, fallback: number): number {
  if (typeof value !== "number" || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/**
 * Options with some values changed: a factory, so what it builds always passes
 * checkDicepoolOptions. A number outside its range is brought to the nearest end (a die of 0
 * faces becomes 2), one that is no number, a flag that is no yes/no and an unknown attribute take
 * the default.
 */
export function withDicepoolOptions(
  overrides: DicepoolOptionOverrides = {},
): Checked<DicepoolOptions> {
  const merged = mergeOptions(DEFAULT_DICEPOOL_OPTIONS, overrides) as unknown as Record<
    string,
    unknown
  >;
  const defaults = DEFAULT_DICEPOOL_OPTIONS as unknown as Record<string, unknown>;
  const fitted: Record<string, unknown> = { ...merged };
  for (const key of ["cover", "blitz", "fall"]) {
    const table = at(merged, [key]);
    fitted[key] = { ...(typeof table === "object" && table !== null ? table : {}) };
  }
  for (const [path, min, max] of RANGES) {
    const [key = "", sub] = path;
    const value = fit(at(merged, path), min, max, at(defaults, path) as number);
    if (sub === undefined) fitted[key] = value;
    else (fitted[key] as Record<string, unknown>)[sub] = value;
  }
  fitted["hitOn"] = fit(
    merged["hitOn"],
    1,
    fitted["dieSides"] as number,
    Math.min(DEFAULT_DICEPOOL_OPTIONS.hitOn, fitted["dieSides"] as number),
  );
  for (const flag of FLAGS) {
    if (typeof merged[flag] !== "boolean") fitted[flag] = defaults[flag];
  }
  if (!attributesFine(merged["initiativeAttributes"])) {
    fitted["initiativeAttributes"] = DEFAULT_DICEPOOL_OPTIONS.initiativeAttributes;
  }
  return frozenChecked(fitted as unknown as DicepoolOptions);
}
