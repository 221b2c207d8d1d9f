/**
 * Attacks. Both dice are read against the attack value: a die that succeeds and shows more than
 * the defense hits, and the attack hits when either die does. The same roll then gives the
 * damage (the damage digit of the die that missed, or of the black die when both hit, plus the
 * weapon's Damage) and decides the armor: the white die, successful or not, bypasses every layer
 * whose Coverage it exceeds; each layer it does not bypass takes off its Protection. Rolling
 * with the attack takes off a little more; what is left is marked as a wound.
 *
 * - Melee: the defense is the Defense of the defender's own melee attack this turn (made or
 *   declared), else its Unarmed Defense, and 0 when it is unaware of the attack or ignores it.
 *   A defender who has not acted may counterattack (`resolveExchange`): both attacks happen at
 *   once and both are resolved, whatever the first one did.
 * - Ranged: the defense is the range step (0 under 5 m). Beyond the weapon's Range each step costs
 *   Attack (see range.ts). The weapon's Defense stands in for its Attack when the shooter moved,
 *   turns more than 90°, shoots as part of a move, or readied the weapon last turn. Aiming last
 *   turn adds its bonus; a target that declared a move this turn takes the moving-target option;
 *   the GM's modifier for the target (small, prone, fast, entrenched, large) and the worst cover
 *   penalty (covers do not stack) apply. A hidden target cannot be shot.
 * - Full Auto (`resolveAutoFire`): two attacks, with the ammunition check of ammo.ts after each.
 *
 * Taking the action itself is turns.ts's business: call `takeAction` there, then resolve here.
 *
 * Each resolver checks its input once (attack-input.ts checkAttackInput, and the dice) and reads
 * the roll with the rule behind it (readAttack, readAutoFire, readExchange), which takes the
 * checked input: the encounter simulator checks each fighter once and calls those. What a hit
 * does to armor and wounds is damage.ts's.
 *
 * Where the page is silent:
 * - Damage never goes below 0, and 0 makes no wound.
 * - Rolling with it is chosen with the attack's dice known to hit (the shell asks once the dice
 *   are read); it needs an action to give (turns.ts) and is ignored on a miss.
 * - A counterattack answers a melee attack with a melee weapon.
 * - Both attacks of full Auto go at the same target.
 */
import type { Checked } from "../core/checked.ts";
import { checkedAs } from "../core/checked.ts";
import { checkNumber } from "../core/guard.ts";
import { addModifier, sumModifiers } from "../core/modifier.ts";
import type { Modifier } from "../core/modifier.ts";
import { ok, refuse } from "../core/result.ts";
import type { Refusal, Result } from "../core/result.ts";
import { afterAutoTurn, afterSingleShot, autoEmpties, checkCanFire } from "./ammo.ts";
import { checkAttackInput, checkSituation, checkWeapon } from "./attack-input.ts";
import type {
  AttackInput,
  AttackRefusal,
  AttackSituation,
  Awareness,
  CheckedAttackInput,
} from "./attack-input.ts";
import { damageOf } from "./damage.ts";
import type { DamageReading, DieReading } from "./damage.ts";
import type { TwodiceCombatant, TwodiceWeapon } from "./model.ts";
import { changedTurn, trait, withAmmo, withWoundsAndTurn } from "./model.ts";
import { DEFAULT_TWODICE_OPTIONS, MAX_DIE_SIDES } from "./options.ts";
import type { TwodiceOptions } from "./options.ts";
import { beyondRangePenalty, stepForDistance } from "./range.ts";
import { checkDice, dieHits, dieSucceeds } from "./roll.ts";
import type { TwoDice } from "./roll.ts";
import { counterattack, rollWithIt } from "./turns.ts";
import { markWound } from "./wounds.ts";

export type {
  AttackInput,
  AttackRefusal,
  AttackSituation,
  Awareness,
  CheckedAttackInput,
  DamageReading,
  DieReading,
  Modifier,
};

/** The numbers an attack is read against. */
export interface AttackSetup {
  /** Each die succeeds at or under this. */
  readonly value: number;
  readonly modifiers: readonly Modifier[];
  /** Each success hits above this. */
  readonly defense: number;
  /** The weapon's Defense stood in for its Attack. */
  readonly usesDefense: boolean;
  /** The range step (ranged attacks). */
  readonly step: number;
}

export interface AttackOutcome {
  readonly setup: AttackSetup;
  readonly black: DieReading;
  readonly white: DieReading;
  readonly hit: boolean;
  readonly bothHit: boolean;
  readonly damage: DamageReading | null;
  /** The circle marked, null when no wound. */
  readonly woundCircle: number | null;
  /** The wound takes the defender out of the fight (above its Toughness). */
  readonly incapacitated: boolean;
  readonly attacker: Checked<TwodiceCombatant>;
  readonly defender: Checked<TwodiceCombatant>;
  readonly weapon: Checked<TwodiceWeapon>;
}

/** The melee defense: this turn's melee attack's Defense, else Unarmed Defense; 0 if unaware. */
export function meleeDefense(
  defender: TwodiceCombatant,
  awareness: Awareness = "aware",
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): number {
  if (awareness !== "aware") return options.unawareDefense;
  return defender.turn.meleeDefense ?? defender.unarmedDefense;
}

/** The cover penalty: the worst of the covers in the way (covers do not stack), 0 with none. */
export function coverPenalty(cover: readonly number[]): number {
  return 0 - cover.reduce((worst, c) => Math.max(worst, Math.abs(c)), 0);
}

/** Whether the weapon's Defense stands in for its Attack for this shot. */
export function shootsWithDefense(input: AttackInput): boolean {
  const { attacker, weapon } = input;
  return (
    input.situation?.moved === true ||
    attacker.turn.moving ||
    attacker.turn.readiedLastTurn === weapon.id
  );
}

/** The attack value and defense of an attack, with its modifiers, or why it cannot be made. */
export function attackSetup(
  input: AttackInput,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): Result<AttackSetup, AttackRefusal> {
  const checked = checkAttackInput(input, options);
  if (!checked.ok) return checked;
  const setup = setupOf(checked.value, checkedAs(options));
  return isRefusal(setup) ? setup : ok(setup);
}

/** Appends the situation's modifiers (each unless zero), in order. */
function addAll(list: Modifier[], more: readonly Modifier[]): void {
  for (let i = 0; i < more.length; i++) {
    const m = more[i] as Modifier;
    addModifier(list, m.source, m.value);
  }
}

/** A melee attack's modifiers when the situation adds none (shared: nothing writes to it). */
const NO_MODIFIERS: readonly Modifier[] = Object.freeze([]);

function isRefusal(
  x: AttackSetup | AttackOutcome | Refusal<AttackRefusal>,
): x is Refusal<AttackRefusal> {
  return "ok" in x;
}

/** {@link attackSetup} of a checked attack: the setup, or the refusal (no Result to unwrap). */
function setupOf(
  input: CheckedAttackInput,
  options: Checked<TwodiceOptions>,
): AttackSetup | Refusal<AttackRefusal> {
  const { attacker, defender, weapon, situation: s } = input;
  if (attacker.id === defender.id) return refuse("sameCombatant");
  if (weapon.kind === "melee") {
    let modifiers = NO_MODIFIERS;
    if (s.modifiers !== undefined && s.modifiers.length > 0) {
      const list: Modifier[] = [];
      addAll(list, s.modifiers);
      modifiers = list;
    }
    return {
      value: weapon.attack + (modifiers === NO_MODIFIERS ? 0 : sumModifiers(modifiers)),
      modifiers,
      defense: meleeDefense(defender, s.awareness, options),
      usesDefense: false,
      step: 0,
    };
  }
  if (s.hidden === true) return refuse("noLineOfSight", { target: defender.name });
  const modifiers: Modifier[] = [];
  const step = stepForDistance(s.distance ?? 0, options);
  const beyond = beyondRangePenalty(step, weapon.range, options);
  if (!beyond.ok) return beyond;
  const usesDefense = shootsWithDefense(input);
  if (attacker.turn.aimed) addModifier(modifiers, "aim", options.aimBonus);
  addModifier(modifiers, "beyondRange", beyond.value);
  if (defender.turn.moving || s.targetMoving === true) {
    addModifier(modifiers, "movingTarget", options.movingTarget);
  }
  addModifier(modifiers, "target", s.targetModifier ?? 0);
  if (s.cover !== undefined) addModifier(modifiers, "cover", coverPenalty(s.cover));
  if (s.modifiers !== undefined) addAll(modifiers, s.modifiers);
  const base = usesDefense ? weapon.defense : weapon.attack;
  const total = modifiers.length === 0 ? 0 : sumModifiers(modifiers);
  return { value: base + total, modifiers, defense: step, usesDefense, step };
}

/**
 * Every reading of a die is one of four per face (a success or not, a hit or not): each is made
 * once and shared, as read-only data (the simulator reads two dice per attack).
 */
const READINGS: (DieReading | undefined)[] = new Array<DieReading | undefined>(
  4 * (MAX_DIE_SIDES + 1),
).fill(undefined);

function readDie(face: number, setup: AttackSetup): DieReading {
  const success = dieSucceeds(face, setup.value);
  const hit = dieHits(face, setup.value, setup.defense);
  const k = face * 4 + (success ? 2 : 0) + (hit ? 1 : 0);
  let reading = READINGS[k];
  if (reading === undefined) {
    reading = { face, success, hit };
    READINGS[k] = reading;
  }
  return reading;
}

/**
 * Reads one roll of an attack whose setup is known, onto the defender: the whole outcome, with the
 * attacker and the weapon as given. Written out field by field, not spread: this runs in the
 * encounter simulator's inner loop, where object spread was most of its time.
 */
function readRoll(
  attacker: Checked<TwodiceCombatant>,
  defender: Checked<TwodiceCombatant>,
  weapon: Checked<TwodiceWeapon>,
  setup: AttackSetup,
  dice: TwoDice,
  rolled: boolean,
  options: TwodiceOptions,
): AttackOutcome | Refusal<AttackRefusal> {
  const black = readDie(dice.black, setup);
  const white = readDie(dice.white, setup);
  const hit = black.hit || white.hit;
  let damage: DamageReading | null = null;
  let circle: number | null = null;
  let after = defender;
  if (hit) {
    let turn = defender.turn;
    if (rolled) {
      const given = rollWithIt(turn);
      if (!given.ok) return given;
      turn = given.value;
    }
    damage = damageOf(black, white, weapon, defender.armor, rolled, options);
    const marked = markWound(defender.wounds, damage.final, options);
    circle = marked.circle;
    after = withWoundsAndTurn(defender, marked.wounds, turn);
  }
  return {
    setup,
    black,
    white,
    hit,
    bothHit: black.hit && white.hit,
    damage,
    woundCircle: circle,
    incapacitated: circle !== null && circle > trait(defender, "toughness"),
    attacker,
    defender: after,
    weapon,
  };
}

function checkKind(weapon: TwodiceWeapon, kind: TwodiceWeapon["kind"]): AttackRefusal | null {
  if (weapon.kind === kind) return null;
  return kind === "melee" ? "notMeleeWeapon" : "notRangedWeapon";
}

/** One melee attack or one ranged shot, read from its dice. */
export function resolveAttack(
  input: AttackInput,
  dice: TwoDice,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): Result<AttackOutcome, AttackRefusal> {
  const checked = checkAttackInput(input, options);
  return checked.ok ? readAttack(checked.value, dice, checkedAs(options)) : checked;
}

/**
 * The rule behind {@link resolveAttack}, for a checked input: one melee attack or one ranged shot
 * read from its dice (faces outside the die are refused by name).
 */
export function readAttack(
  input: CheckedAttackInput,
  dice: TwoDice,
  options: Checked<TwodiceOptions>,
): Result<AttackOutcome, AttackRefusal> {
  const badDice = checkDice(dice, options.dieSides);
  if (badDice) return badDice;
  const { weapon } = input;
  if (weapon.kind === "ranged") {
    const can = checkCanFire(weapon, false);
    if (!can.ok) return can;
  }
  const setup = setupOf(input, options);
  if (isRefusal(setup)) return setup;
  let fired = weapon;
  if (weapon.kind === "ranged") {
    const ammo = afterSingleShot(weapon);
    if (!ammo.ok) return ammo;
    if (ammo.value !== weapon.ammo) fired = withAmmo(weapon, ammo.value);
  }
  const rolled = input.situation.rollWithIt === true;
  const read = readRoll(input.attacker, input.defender, fired, setup, dice, rolled, options);
  return isRefusal(read) ? read : ok(read);
}

/** One attack of full Auto: its dice and whether the target rolls with it. */
export interface AutoShot {
  readonly dice: TwoDice;
  readonly rollWithIt?: boolean;
}

export interface AutoFireOutcome {
  /** One or two attacks, in order. */
  readonly attacks: readonly AttackOutcome[];
  /** The magazine ran dry (no second attack if the first emptied it). */
  readonly emptied: boolean;
  readonly attacker: Checked<TwodiceCombatant>;
  readonly defender: Checked<TwodiceCombatant>;
  readonly weapon: Checked<TwodiceWeapon>;
}

/** Full Auto is one attack or two. */
const SHOTS = { min: 1, max: 2, whole: true } as const;

/** Whether full Auto gets its second attack after a first whose black die shows `black`. */
export function autoFireNeedsSecond(weapon: TwodiceWeapon, black: number): boolean {
  return !autoEmpties(weapon, black);
}

/**
 * A turn of full Auto at one target. Pass the first attack's dice, and the second's when
 * `autoFireNeedsSecond` says there is one (extra dice are refused, so none go unused unseen).
 */
export function resolveAutoFire(
  input: AttackInput,
  shots: readonly AutoShot[],
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): Result<AutoFireOutcome, AttackRefusal> {
  const checked = checkAttackInput(input, options);
  return checked.ok ? readAutoFire(checked.value, shots, checkedAs(options)) : checked;
}

/**
 * The rule behind {@link resolveAutoFire}, for a checked input: one or two shots (their dice
 * checked by name), the ammunition check after each.
 */
export function readAutoFire(
  input: CheckedAttackInput,
  shots: readonly AutoShot[],
  options: Checked<TwodiceOptions>,
): Result<AutoFireOutcome, AttackRefusal> {
  const count = checkNumber("shots", shots.length, SHOTS);
  if (count) return count;
  for (let i = 0; i < shots.length; i++) {
    const shot = (shots[i] as AutoShot).dice;
    // The shot's name is built only for a refusal (a template per shot would cost every attack).
    const bad =
      checkDice(shot, options.dieSides) && checkDice(shot, options.dieSides, `shots.${i}.dice`);
    if (bad) return bad;
  }
  const { weapon } = input;
  const kind = checkKind(weapon, "ranged");
  if (kind) return refuse(kind);
  const can = checkCanFire(weapon, true);
  if (!can.ok) return can;
  const first = shots[0] as AutoShot;
  const needsSecond = autoFireNeedsSecond(weapon, first.dice.black);
  const second = needsSecond ? shots[1] : undefined;
  if (needsSecond && second === undefined) return refuse("secondRollNeeded");
  if (second === undefined && shots.length > 1) {
    return refuse("out-of-range", { field: "shots", value: shots.length, max: 1 });
  }
  const setup = setupOf(input, options);
  if (isRefusal(setup)) return setup;
  const attacks: AttackOutcome[] = [];
  let defender = input.defender;
  for (let k = 0; k < (second === undefined ? 1 : 2); k++) {
    const shot = k === 0 ? first : (second as AutoShot);
    const rolled = shot.rollWithIt === true;
    const read = readRoll(input.attacker, defender, weapon, setup, shot.dice, rolled, options);
    if (isRefusal(read)) return read;
    defender = read.defender;
    attacks.push(read);
  }
  const ammo = afterAutoTurn(
    weapon,
    second ? [first.dice.black, second.dice.black] : [first.dice.black],
  );
  return ok({
    attacks,
    emptied: ammo.empty,
    attacker: input.attacker,
    defender,
    weapon: withAmmo(weapon, ammo),
  });
}

/** The counterattack of a melee exchange: the defender's weapon, dice and situation. */
export interface Counter {
  readonly weapon: TwodiceWeapon;
  readonly dice: TwoDice;
  /** The original attacker is aware by default; it may roll with the counterattack. */
  readonly situation?: Pick<AttackSituation, "awareness" | "modifiers" | "rollWithIt">;
}

/** A counterattack whose weapon and situation passed their checks. */
export interface CheckedCounter {
  readonly weapon: Checked<TwodiceWeapon>;
  readonly dice: TwoDice;
  readonly situation: Checked<AttackSituation>;
}

export interface ExchangeOutcome {
  readonly attack: AttackOutcome;
  readonly counter: AttackOutcome;
  readonly attacker: Checked<TwodiceCombatant>;
  readonly defender: Checked<TwodiceCombatant>;
}

/**
 * A melee attack met by a counterattack: the defender (who has not acted this turn) strikes back
 * at once, which is its action. Each defends with the Defense of its own weapon, both attacks are
 * read from the same moment, and both land even if one takes the other out.
 */
export function resolveExchange(
  input: AttackInput,
  dice: TwoDice,
  counter: Counter,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): Result<ExchangeOutcome, AttackRefusal> {
  const checked = checkAttackInput(input, options);
  if (!checked.ok) return checked;
  const situation = counter.situation ?? {};
  const bad =
    checkWeapon(counter.weapon, "counter.weapon") ?? checkSituation(situation, "counter.situation");
  if (bad) return bad;
  const answer: CheckedCounter = {
    weapon: checkedAs(counter.weapon),
    dice: counter.dice,
    situation: checkedAs(situation),
  };
  return readExchange(checked.value, dice, answer, checkedAs(options));
}

/**
 * The rule behind {@link resolveExchange}, for a checked input and counterattack: both attacks
 * read from their dice (checked by name), each side defending with its own weapon's Defense.
 */
export function readExchange(
  input: CheckedAttackInput,
  dice: TwoDice,
  counter: CheckedCounter,
  options: Checked<TwodiceOptions>,
): Result<ExchangeOutcome, AttackRefusal> {
  const badDice =
    checkDice(dice, options.dieSides) ?? checkDice(counter.dice, options.dieSides, "counter.dice");
  if (badDice) return badDice;
  const kind = checkKind(input.weapon, "melee") ?? checkKind(counter.weapon, "melee");
  if (kind) return refuse(kind);
  if (input.defender.turn.acted) {
    return refuse("cannotCounterattack", { defender: input.defender.name });
  }
  const countered = counterattack(input.defender.turn, counter.weapon.defense);
  if (!countered.ok) return countered;
  // The attacker defends with its weapon's Defense (already so when its action declared it).
  const attacker =
    input.attacker.turn.meleeDefense === input.weapon.defense
      ? input.attacker
      : withWoundsAndTurn(
          input.attacker,
          input.attacker.wounds,
          changedTurn(input.attacker.turn, { meleeDefense: input.weapon.defense }),
        );
  const defender = withWoundsAndTurn(input.defender, input.defender.wounds, countered.value);
  const first = readAttack(
    { attacker, defender, weapon: input.weapon, situation: input.situation },
    dice,
    options,
  );
  if (!first.ok) return first;
  const second = readAttack(
    {
      attacker: defender,
      defender: attacker,
      weapon: counter.weapon,
      situation: counter.situation,
    },
    counter.dice,
    options,
  );
  if (!second.ok) return second;
  return ok({
    attack: first.value,
    counter: second.value,
    attacker: second.value.defender,
    defender: first.value.defender,
  });
}
