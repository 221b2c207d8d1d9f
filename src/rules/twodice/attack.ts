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
 * Where the page is silent:
 * - Damage never goes below 0, and 0 makes no wound.
 * - Rolling with it is chosen with the attack's dice known to hit (the shell asks once the dice
 *   are read); it needs an action to give (turns.ts) and is ignored on a miss.
 * - A counterattack answers a melee attack with a melee weapon.
 * - Both attacks of full Auto go at the same target.
 */
import { checkDieFace, checkNumber, NUMBER_RULES } from "../core/guard.ts";
import type { NumberRefusal, NumberRefusalReason } from "../core/guard.ts";
import { addModifier, sumModifiers } from "../core/modifier.ts";
import type { Modifier } from "../core/modifier.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { afterAutoTurn, afterSingleShot, autoEmpties, checkCanFire } from "./ammo.ts";
import type { AmmoRefusal } from "./ammo.ts";
import type { ArmorLayer, TwodiceCombatant, TwodiceWeapon } from "./model.ts";
import { SHEET_MODIFIER, SHEET_NUMBER, trait, withWoundsAndTurn } from "./model.ts";
import { DEFAULT_TWODICE_OPTIONS } from "./options.ts";
import type { TwodiceOptions } from "./options.ts";
import { beyondRangePenaltyPrechecked, stepForDistance } from "./range.ts";
import type { ReachRefusal } from "./range.ts";
import { checkDice, damageDigit, dieHits, dieSucceeds } from "./roll.ts";
import type { TwoDice } from "./roll.ts";
import { counterattack, rollWithIt } from "./turns.ts";
import type { TurnRefusal } from "./turns.ts";
import { checkWounds, markWound } from "./wounds.ts";

export type { Modifier };

/** Whether the defender sees the melee attack coming and defends against it. */
export type Awareness = "aware" | "unaware" | "ignores";

export interface AttackSituation {
  /** Melee: default aware. */
  readonly awareness?: Awareness;
  /** Ranged: the distance to the target in meters (the scene's grid units). Default 0. */
  readonly distance?: number;
  /** Ranged: the shooter moved, or turns more than 90° to fire. */
  readonly moved?: boolean;
  /** Ranged: the GM's modifier for the target (negative for hard targets, positive for large). */
  readonly targetModifier?: number;
  /**
   * Ranged: the penalties of the covers in the way (a penalty's sign does not matter: cover
   * always hinders); only the worst counts.
   */
  readonly cover?: readonly number[];
  /** Ranged: the target is hiding, out of sight. */
  readonly hidden?: boolean;
  /** Further modifiers to the attack value. */
  readonly modifiers?: readonly Modifier[];
  /** The defender rolls with the attack, if it hits. */
  readonly rollWithIt?: boolean;
}

export interface AttackInput {
  readonly attacker: TwodiceCombatant;
  readonly defender: TwodiceCombatant;
  readonly weapon: TwodiceWeapon;
  readonly situation?: AttackSituation;
}

export type AttackRefusal =
  | NumberRefusalReason
  | AmmoRefusal
  | ReachRefusal
  | TurnRefusal
  | "sameCombatant"
  | "notMeleeWeapon"
  | "notRangedWeapon"
  | "noLineOfSight"
  | "cannotCounterattack"
  | "secondRollNeeded";

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

export interface DieReading {
  readonly face: number;
  readonly success: boolean;
  readonly hit: boolean;
}

export interface DamageReading {
  /** The damage digit used, and of which die. */
  readonly digit: number;
  readonly from: "black" | "white";
  /** Digit + the weapon's Damage. */
  readonly raw: number;
  /** The armor layers the white die did not bypass, each taking off its Protection. */
  readonly struck: readonly ArmorLayer[];
  readonly rolledWithIt: boolean;
  /** What is left: the wound's number (0: no wound). */
  readonly final: number;
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
  readonly attacker: TwodiceCombatant;
  readonly defender: TwodiceCombatant;
  readonly weapon: TwodiceWeapon;
}

function checkModifiers(field: string, list: readonly Modifier[] | undefined) {
  for (const [i, m] of (list ?? []).entries()) {
    const bad = checkNumber(`${field}.${i}`, m.value, SHEET_MODIFIER);
    if (bad) return bad;
  }
  return undefined;
}

/** Checks a combatant's numbers by name. */
export function checkCombatant(
  c: TwodiceCombatant,
  field: string,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): NumberRefusal | undefined {
  for (const [name, value] of Object.entries(c.traits)) {
    const bad = checkNumber(`${field}.traits.${name}`, value, SHEET_NUMBER);
    if (bad) return bad;
  }
  for (const [i, layer] of c.armor.entries()) {
    const bad =
      checkDieFace(`${field}.armor.${i}.coverage`, layer.coverage, options.dieSides) ??
      checkNumber(`${field}.armor.${i}.protection`, layer.protection, {
        ...SHEET_NUMBER,
        min: 0,
      });
    if (bad) return bad;
  }
  return (
    checkNumber(`${field}.unarmedDefense`, c.unarmedDefense, SHEET_NUMBER) ??
    (c.turn.meleeDefense === null
      ? undefined
      : checkNumber(`${field}.turn.meleeDefense`, c.turn.meleeDefense, SHEET_NUMBER)) ??
    checkWounds(c.wounds, options)
  );
}

/** Checks a weapon's numbers by name. */
export function checkWeapon(w: TwodiceWeapon, field = "weapon"): NumberRefusal | undefined {
  return (
    checkNumber(`${field}.attack`, w.attack, SHEET_NUMBER) ??
    checkNumber(`${field}.defense`, w.defense, SHEET_NUMBER) ??
    checkNumber(`${field}.damage`, w.damage, SHEET_NUMBER) ??
    checkNumber(`${field}.range`, w.range, { ...SHEET_NUMBER, min: 0 }) ??
    checkNumber(`${field}.ammo.rounds`, w.ammo.rounds, NUMBER_RULES.count) ??
    (w.type.kind === "capacity"
      ? checkNumber(`${field}.type.rounds`, w.type.rounds, { min: 1, whole: true })
      : w.type.kind === "auto"
        ? checkNumber(`${field}.type.threshold`, w.type.threshold, { min: 1, whole: true })
        : undefined)
  );
}

function checkSituation(s: AttackSituation): NumberRefusal | undefined {
  if (s.distance !== undefined) {
    const bad = checkNumber("distance", s.distance, NUMBER_RULES.nonNegative);
    if (bad) return bad;
  }
  if (s.targetModifier !== undefined) {
    const bad = checkNumber("targetModifier", s.targetModifier, SHEET_MODIFIER);
    if (bad) return bad;
  }
  for (const [i, c] of (s.cover ?? []).entries()) {
    const bad = checkNumber(`cover.${i}`, c, SHEET_MODIFIER);
    if (bad) return bad;
  }
  return checkModifiers("modifiers", s.modifiers);
}

/** Checks every number of an attack's input. */
export function checkAttackInput(
  input: AttackInput,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): NumberRefusal | undefined {
  return (
    checkCombatant(input.attacker, "attacker", options) ??
    checkCombatant(input.defender, "defender", options) ??
    checkWeapon(input.weapon) ??
    checkSituation(input.situation ?? {})
  );
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

/**
 * The attack value and defense of an attack, with its modifiers, or why it cannot be made.
 * Numbers are not checked here: entry points check them first.
 */
export function attackSetup(
  input: AttackInput,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): Result<AttackSetup, AttackRefusal> {
  const bad = checkAttackInput(input, options);
  if (bad) return bad;
  return attackSetupPrechecked(input, options);
}

/**
 * {@link attackSetup} for numbers already checked (by checkAttackInput): the same rule without the
 * boundary check. The resolvers below check once and then use it; so does the encounter
 * simulator, which checks every fighter once when a simulation is created.
 */
export function attackSetupPrechecked(
  input: AttackInput,
  options: TwodiceOptions,
): Result<AttackSetup, AttackRefusal> {
  const { attacker, defender, weapon } = input;
  const s = input.situation ?? {};
  if (attacker.id === defender.id) return refuse("sameCombatant");
  const modifiers: Modifier[] = [];
  if (weapon.kind === "melee") {
    for (const m of s.modifiers ?? []) addModifier(modifiers, m.source, m.value);
    return ok({
      value: weapon.attack + sumModifiers(modifiers),
      modifiers,
      defense: meleeDefense(defender, s.awareness, options),
      usesDefense: false,
      step: 0,
    });
  }
  if (s.hidden === true) return refuse("noLineOfSight", { target: defender.name });
  const step = stepForDistance(s.distance ?? 0, options);
  const beyond = beyondRangePenaltyPrechecked(step, weapon.range, options);
  if (!beyond.ok) return beyond;
  const usesDefense = shootsWithDefense(input);
  if (attacker.turn.aimed) addModifier(modifiers, "aim", options.aimBonus);
  addModifier(modifiers, "beyondRange", beyond.value);
  if (defender.turn.moving) addModifier(modifiers, "movingTarget", options.movingTarget);
  addModifier(modifiers, "target", s.targetModifier ?? 0);
  addModifier(modifiers, "cover", coverPenalty(s.cover ?? []));
  for (const m of s.modifiers ?? []) addModifier(modifiers, m.source, m.value);
  const base = usesDefense ? weapon.defense : weapon.attack;
  return ok({ value: base + sumModifiers(modifiers), modifiers, defense: step, usesDefense, step });
}

function readDie(face: number, setup: AttackSetup): DieReading {
  return {
    face,
    success: dieSucceeds(face, setup.value),
    hit: dieHits(face, setup.value, setup.defense),
  };
}

/** The armor layers a white die strikes: those whose Coverage it does not exceed. */
export function struckLayers(armor: readonly ArmorLayer[], white: number): ArmorLayer[] {
  return armor.filter((layer) => white <= layer.coverage);
}

/** The damage of a hit: digit + Damage, less struck Protection and rolling with it, not below 0. */
export function damageOf(
  black: DieReading,
  white: DieReading,
  weapon: TwodiceWeapon,
  armor: readonly ArmorLayer[],
  rolledWithIt: boolean,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): DamageReading {
  const from = black.hit && white.hit ? "black" : black.hit ? "white" : "black";
  const digit = damageDigit(from === "black" ? black.face : white.face);
  const raw = digit + weapon.damage;
  const struck = struckLayers(armor, white.face);
  return {
    digit,
    from,
    raw,
    struck,
    rolledWithIt,
    final: damageLeft(raw, struck, rolledWithIt, options),
  };
}

/** What is left of `raw` damage after the struck layers' Protection and rolling with it (≥ 0). */
export function damageLeft(
  raw: number,
  struck: readonly ArmorLayer[],
  rolledWithIt: boolean,
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): number {
  let final = raw;
  for (const layer of struck) final -= layer.protection;
  if (rolledWithIt) final -= options.rollWithIt;
  return Math.max(0, final);
}

/**
 * Reads one roll of an attack whose setup is known, onto the defender. No checks. The outcome is
 * written out field by field, not spread: this runs in the encounter simulator's inner loop, where
 * object spread was most of its time.
 */
function readAttack(
  input: AttackInput,
  setup: AttackSetup,
  dice: TwoDice,
  options: TwodiceOptions,
): Result<Omit<AttackOutcome, "attacker" | "weapon">, AttackRefusal> {
  const { defender, weapon } = input;
  const black = readDie(dice.black, setup);
  const white = readDie(dice.white, setup);
  const hit = black.hit || white.hit;
  let damage: DamageReading | null = null;
  let circle: number | null = null;
  let after = defender;
  if (hit) {
    let turn = defender.turn;
    const rolled = input.situation?.rollWithIt === true;
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
  return ok({
    setup,
    black,
    white,
    hit,
    bothHit: black.hit && white.hit,
    damage,
    woundCircle: circle,
    incapacitated: circle !== null && circle > trait(defender, "toughness"),
    defender: after,
  });
}

/** A read attack with its attacker and weapon: the whole outcome. */
function outcomeOf(
  read: Omit<AttackOutcome, "attacker" | "weapon">,
  attacker: TwodiceCombatant,
  weapon: TwodiceWeapon,
): AttackOutcome {
  return {
    setup: read.setup,
    black: read.black,
    white: read.white,
    hit: read.hit,
    bothHit: read.bothHit,
    damage: read.damage,
    woundCircle: read.woundCircle,
    incapacitated: read.incapacitated,
    defender: read.defender,
    attacker,
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
  const bad = checkAttackInput(input, options) ?? checkDice(dice, options.dieSides);
  if (bad) return bad;
  return resolveAttackPrechecked(input, dice, options);
}

/**
 * {@link resolveAttack} for numbers already checked (checkAttackInput, and dice the caller rolled
 * on the options' die): the same rule without the boundary check.
 */
export function resolveAttackPrechecked(
  input: AttackInput,
  dice: TwoDice,
  options: TwodiceOptions,
): Result<AttackOutcome, AttackRefusal> {
  const { weapon } = input;
  if (weapon.kind === "ranged") {
    const can = checkCanFire(weapon, false);
    if (!can.ok) return can;
  }
  const setup = attackSetupPrechecked(input, options);
  if (!setup.ok) return setup;
  const read = readAttack(input, setup.value, dice, options);
  if (!read.ok) return read;
  const fired: TwodiceWeapon =
    weapon.kind === "ranged" ? { ...weapon, ammo: afterSingleShot(weapon) } : weapon;
  return ok(outcomeOf(read.value, input.attacker, fired));
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
  readonly attacker: TwodiceCombatant;
  readonly defender: TwodiceCombatant;
  readonly weapon: TwodiceWeapon;
}

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
  const bad =
    checkAttackInput(input, options) ??
    checkNumber("shots", shots.length, { min: 1, max: 2, whole: true }) ??
    shots.reduce<NumberRefusal | undefined>(
      (found, shot, i) => found ?? checkDice(shot.dice, options.dieSides, `shots.${i}.dice`),
      undefined,
    );
  if (bad) return bad;
  return resolveAutoFirePrechecked(input, shots, options);
}

/**
 * {@link resolveAutoFire} for numbers already checked (checkAttackInput, one or two shots of dice
 * rolled on the options' die): the same rule without the boundary check.
 */
export function resolveAutoFirePrechecked(
  input: AttackInput,
  shots: readonly AutoShot[],
  options: TwodiceOptions,
): Result<AutoFireOutcome, AttackRefusal> {
  const { weapon } = input;
  const kind = checkKind(weapon, "ranged");
  if (kind) return refuse(kind);
  const can = checkCanFire(weapon, true);
  if (!can.ok) return can;
  const first = shots[0] as AutoShot;
  const second = autoFireNeedsSecond(weapon, first.dice.black) ? shots[1] : undefined;
  if (autoFireNeedsSecond(weapon, first.dice.black) && second === undefined) {
    return refuse("secondRollNeeded");
  }
  if (second === undefined && shots.length > 1) {
    return refuse("out-of-range", { field: "shots", value: shots.length, max: 1 });
  }
  const setup = attackSetupPrechecked(input, options);
  if (!setup.ok) return setup;
  const attacks: AttackOutcome[] = [];
  let defender = input.defender;
  for (const shot of second === undefined ? [first] : [first, second]) {
    const read = readAttack(
      {
        attacker: input.attacker,
        defender,
        weapon,
        situation: { ...input.situation, rollWithIt: shot.rollWithIt },
      },
      setup.value,
      shot.dice,
      options,
    );
    if (!read.ok) return read;
    defender = read.value.defender;
    attacks.push(outcomeOf(read.value, input.attacker, weapon));
  }
  const ammo = afterAutoTurn(
    weapon,
    attacks.map((a) => a.black.face),
  );
  return ok({
    attacks,
    emptied: ammo.empty,
    attacker: input.attacker,
    defender,
    weapon: { ...weapon, ammo },
  });
}

/** The counterattack of a melee exchange: the defender's weapon, dice and situation. */
export interface Counter {
  readonly weapon: TwodiceWeapon;
  readonly dice: TwoDice;
  /** The original attacker is aware by default; it may roll with the counterattack. */
  readonly situation?: Pick<AttackSituation, "awareness" | "modifiers" | "rollWithIt">;
}

export interface ExchangeOutcome {
  readonly attack: AttackOutcome;
  readonly counter: AttackOutcome;
  readonly attacker: TwodiceCombatant;
  readonly defender: TwodiceCombatant;
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
  const bad =
    checkAttackInput(input, options) ??
    checkWeapon(counter.weapon, "counter.weapon") ??
    checkModifiers("counter.modifiers", counter.situation?.modifiers) ??
    checkDice(dice, options.dieSides) ??
    checkDice(counter.dice, options.dieSides, "counter.dice");
  if (bad) return bad;
  return resolveExchangePrechecked(input, dice, counter, options);
}

/**
 * {@link resolveExchange} for numbers already checked (checkAttackInput, the counter's weapon and
 * modifiers, dice rolled on the options' die): the same rule without the boundary check.
 */
export function resolveExchangePrechecked(
  input: AttackInput,
  dice: TwoDice,
  counter: Counter,
  options: TwodiceOptions,
): Result<ExchangeOutcome, AttackRefusal> {
  const kind = checkKind(input.weapon, "melee") ?? checkKind(counter.weapon, "melee");
  if (kind) return refuse(kind);
  if (input.defender.turn.acted) {
    return refuse("cannotCounterattack", { defender: input.defender.name });
  }
  const countered = counterattack(input.defender.turn, counter.weapon.defense);
  if (!countered.ok) return countered;
  const attacker = withWoundsAndTurn(input.attacker, input.attacker.wounds, {
    ...input.attacker.turn,
    meleeDefense: input.weapon.defense,
  });
  const defender = withWoundsAndTurn(input.defender, input.defender.wounds, countered.value);
  const first = resolveAttackPrechecked({ ...input, attacker, defender }, dice, options);
  if (!first.ok) return first;
  const second = resolveAttackPrechecked(
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
