/**
 * The two-dice game against hostile input (issue 30): the findings, each refused by name, and a
 * property for every function its index.ts exports (core/hostile.support.ts says what it asserts).
 * A rule that takes checked input runs behind the check that makes that input.
 */
import { describe, expect, it } from "vitest";
import { checkedAs } from "../core/checked.ts";
import type { Distribution } from "../core/distribution.ts";
import { checkNumber } from "../core/guard.ts";
import { exportedFunctions, hostile, valueOf } from "../core/hostile.support.ts";
import type { HostileCase } from "../core/hostile.support.ts";
import * as td from "./index.ts";
import { brute, gun, melee, sword } from "./hostile.support.ts";

const TD = td.DEFAULT_TWODICE_OPTIONS;
const kit = td.makeTwodiceCombatant({
  id: "kit",
  traits: { agility: 11, toughness: 8, perception: 10, stealth: 9, medicine: 12 },
  unarmedDefense: 3,
  armor: [{ id: "vest", name: "Vest", coverage: 12, protection: 4 }],
  wounds: { marked: [3, 6], bleedingStopped: false, medicalBonus: 2 },
  turn: { ...td.FRESH_TURN, meleeDefense: 5, waiting: "aim", readied: "rifle" },
});
const rifle = td.makeTwodiceWeapon({
  id: "rifle",
  kind: "ranged",
  attack: 13,
  defense: 8,
  damage: 5,
  range: 4,
  type: { kind: "auto", threshold: 13 },
  ammo: { rounds: 0, empty: false, fresh: false },
});
const ranged: td.AttackInput = {
  attacker: kit,
  defender: brute,
  weapon: rifle,
  situation: {
    distance: 30,
    targetModifier: -2,
    cover: [3, 1],
    modifiers: [{ source: "x", value: 1 }],
  },
};
const full: td.AttackInput = {
  ...melee,
  attacker: kit,
  situation: { awareness: "aware", modifiers: [{ source: "gm", value: -1 }], rollWithIt: true },
};
const twoDice = { black: 7, white: 14 };

const combatantVerdict = (c: unknown) => td.checkCombatant(c as td.TwodiceCombatant, "c");
const weaponVerdict = (w: unknown) => td.checkWeapon(w as td.TwodiceWeapon);
const turnVerdict = (turn: unknown) => combatantVerdict({ ...kit, turn });
/** The states an attack's answer hands back, each through its check. */
function attackStates(answer: unknown): unknown[] {
  const v = valueOf(answer) as
    { attacker: unknown; defender: unknown; weapon?: unknown } | undefined;
  if (v === undefined) return [];
  return [
    combatantVerdict(v.attacker),
    combatantVerdict(v.defender),
    ...(v.weapon === undefined ? [] : [weaponVerdict(v.weapon)]),
  ];
}
const refusal = (r: { ok: boolean }) => (r.ok ? undefined : r);
/** An attack's input checked (the readers' only way in), or its refusal. */
function checked(input: td.AttackInput) {
  const c = td.checkAttackInput(input);
  if (!c.ok) throw new Error("a case reads an input its check refused");
  return c.value;
}
const SHEET = { min: -1000, max: 1000 };

function kase<T>(c: HostileCase<T>): () => void {
  return () => {
    hostile(c);
  };
}

const CASES: Record<string, () => void> = {
  // Checks and their brands
  checkCombatant: kase({ valid: kit, call: (c) => td.checkCombatant(c, "kit") }),
  checkWeapon: kase({ valid: rifle, call: (w) => td.checkWeapon(w) }),
  checkSituation: kase({ valid: ranged.situation ?? {}, call: (x) => td.checkSituation(x) }),
  checkModifiers: kase({
    valid: [{ source: "a", value: 2 }],
    call: (list) => td.checkModifiers("m", list),
  }),
  checkAttackInput: kase({ valid: ranged, call: (input) => td.checkAttackInput(input) }),
  checkDice: kase({ valid: twoDice, call: (d) => td.checkDice(d, 20) }),
  checkWounds: kase({ valid: kit.wounds, call: (w) => td.checkWounds(w) }),
  checkTwodiceOptions: kase({ valid: TD, call: (o) => td.checkTwodiceOptions(o) }),
  checkedTwodiceOptions: kase({ valid: TD, call: (o) => td.checkedTwodiceOptions(o) }),
  // Attacks, and the rules behind them for checked input
  attackSetup: kase({ valid: ranged, call: (input) => td.attackSetup(input) }),
  resolveAttack: kase({
    valid: { input: full, dice: twoDice },
    call: (x) => td.resolveAttack(x.input, x.dice),
    states: attackStates,
  }),
  readAttack: kase({
    valid: { input: ranged, dice: twoDice },
    behind: (x) => refusal(td.checkAttackInput(x.input)),
    call: (x) => td.readAttack(checked(x.input), x.dice, TD),
    states: attackStates,
  }),
  resolveAutoFire: kase({
    valid: { input: ranged, shots: [{ dice: twoDice }, { dice: { black: 3, white: 9 } }] },
    call: (x) => td.resolveAutoFire(x.input, x.shots),
    states: attackStates,
  }),
  readAutoFire: kase({
    valid: { input: ranged, shots: [{ dice: twoDice }, { dice: { black: 3, white: 9 } }] },
    behind: (x) => refusal(td.checkAttackInput(x.input)),
    call: (x) => td.readAutoFire(checked(x.input), x.shots, TD),
    states: attackStates,
  }),
  resolveExchange: kase({
    valid: {
      input: full,
      dice: twoDice,
      counter: { weapon: sword, dice: { black: 11, white: 2 } },
    },
    call: (x) => td.resolveExchange(x.input, x.dice, x.counter),
    states: attackStates,
  }),
  readExchange: kase({
    valid: { input: full, dice: twoDice, weapon: sword, counterDice: { black: 11, white: 2 } },
    behind: (x) => refusal(td.checkAttackInput(x.input)) ?? td.checkWeapon(x.weapon),
    call: (x) =>
      td.readExchange(
        checked(x.input),
        x.dice,
        { weapon: checkedAs(x.weapon), dice: x.counterDice, situation: checkedAs({}) },
        TD,
      ),
    states: attackStates,
  }),
  attackOdds: kase({
    valid: ranged,
    call: (input) => td.attackOdds(input),
    chances: (a) => {
      const o = valueOf(a) as td.AttackOdds;
      return [o.dieSuccess, o.dieHit, o.hit, o.bothHit, o.incapacitate];
    },
    distributions: (a) => {
      const o = valueOf(a) as td.AttackOdds;
      return [o.damage, ...(o.hit > 0 ? [o.digitOnHit] : [])];
    },
  }),
  hitOdds: kase({
    valid: { value: 12, defense: 6, options: TD },
    call: (x) => td.hitOdds(x.value, x.defense, x.options),
    chances: (a) => {
      const o = valueOf(a) as td.HitOdds;
      return [o.dieSuccess, o.dieHit, o.hit, o.bothHit];
    },
    distributions: (a): Distribution[] => {
      const o = valueOf(a) as td.HitOdds;
      return o.hit > 0 ? [o.digitOnHit] : [];
    },
  }),
  meleeDefense: kase({
    valid: { defender: kit, options: TD },
    behind: (x) => td.checkTwodiceOptions(x.options) ?? td.checkCombatant(x.defender, "d"),
    call: (x) => td.meleeDefense(x.defender, "aware", x.options),
  }),
  coverPenalty: kase({
    valid: [3, -1, 2],
    behind: (cover) => td.checkSituation({ cover }),
    call: (cover) => td.coverPenalty(cover),
  }),
  shootsWithDefense: kase({
    valid: ranged,
    behind: (input) => refusal(td.checkAttackInput(input)),
    call: (input) => td.shootsWithDefense(input),
  }),
  // Damage, dice and checks
  struckLayers: kase({
    valid: { armor: kit.armor, white: 9 },
    behind: (x) =>
      td.checkCombatant({ ...kit, armor: x.armor }, "c") ??
      td.checkDice({ black: 1, white: x.white }, 20),
    call: (x) => td.struckLayers(x.armor, x.white),
  }),
  damageLeft: kase({
    valid: { raw: 9, armor: kit.armor },
    behind: (x) =>
      td.checkCombatant({ ...kit, armor: x.armor }, "c") ?? checkNumber("raw", x.raw, SHEET),
    call: (x) => td.damageLeft(x.raw, x.armor, true),
  }),
  damageOf: kase({
    valid: { black: 4, white: 11, weapon: rifle, armor: kit.armor },
    behind: (x) =>
      td.checkDice(x, 20) ??
      td.checkWeapon(x.weapon) ??
      td.checkCombatant({ ...kit, armor: x.armor }, "c"),
    call: (x) => {
      const die = (face: number) => ({ face, success: true, hit: true });
      return td.damageOf(die(x.black), die(x.white), x.weapon, x.armor, false);
    },
  }),
  damageDigit: kase({
    valid: { black: 17, white: 1 },
    behind: (d) => td.checkDice(d, 20),
    call: (d) => td.damageDigit(d.black),
  }),
  dieSucceeds: kase({
    valid: { black: 7, white: 1, value: 9 },
    behind: (x) => td.checkDice(x, 20) ?? checkNumber("value", x.value, SHEET),
    call: (x) => td.dieSucceeds(x.black, x.value),
  }),
  dieHits: kase({
    valid: { black: 7, white: 1, value: 9, defense: 4 },
    behind: (x) =>
      td.checkDice(x, 20) ??
      checkNumber("value", x.value, SHEET) ??
      checkNumber("defense", x.defense, SHEET),
    call: (x) => td.dieHits(x.black, x.value, x.defense),
  }),
  readCheck: kase({
    valid: { dice: twoDice, value: 10 },
    behind: (x) => td.checkDice(x.dice, 20) ?? checkNumber("value", x.value, SHEET),
    call: (x) => td.readCheck(x.dice, x.value),
  }),
  rollCheck: kase({
    valid: { value: 10, dice: twoDice },
    call: (x) => td.rollCheck(x.value, x.dice),
  }),
  resolveSneak: kase({
    valid: {
      perception: 12,
      stealth: 4,
      distance: 10,
      moved: 0,
      dice: { black: 7, white: 15 },
      locateDice: { black: 9, white: 18 },
    },
    call: (input) => td.resolveSneak(input),
  }),
  // Range
  rangeStep: kase({
    valid: { meters: 60, options: TD },
    call: (x) => td.rangeStep(x.meters, x.options),
  }),
  stepForDistance: kase({
    valid: { meters: 60, options: TD },
    behind: (x) => refusal(td.rangeStep(x.meters, x.options)),
    call: (x) => td.stepForDistance(x.meters, x.options),
  }),
  beyondRangePenalty: kase({
    valid: { step: 7, range: 4, options: TD },
    call: (x) => td.beyondRangePenalty(x.step, x.range, x.options),
  }),
  // Ammunition
  checkCanFire: kase({
    valid: rifle,
    behind: weaponVerdict,
    call: (w) => td.checkCanFire(w, true),
  }),
  afterSingleShot: kase({
    valid: gun,
    behind: weaponVerdict,
    call: (w) => td.afterSingleShot(w),
    states: (a) => [weaponVerdict({ ...gun, ammo: valueOf(a) })],
  }),
  autoEmpties: kase({
    valid: { weapon: rifle, black: 15 },
    behind: (x) => weaponVerdict(x.weapon) ?? td.checkDice({ black: x.black, white: 1 }, 20),
    call: (x) => td.autoEmpties(x.weapon, x.black),
  }),
  autoFireNeedsSecond: kase({
    valid: { weapon: rifle, black: 15 },
    behind: (x) => weaponVerdict(x.weapon) ?? td.checkDice({ black: x.black, white: 1 }, 20),
    call: (x) => td.autoFireNeedsSecond(x.weapon, x.black),
  }),
  afterAutoTurn: kase({
    valid: { weapon: rifle, blacks: [15, 3] },
    behind: (x) =>
      weaponVerdict(x.weapon) ??
      td.checkDice({ black: x.blacks[0] ?? 1, white: x.blacks[1] ?? 1 }, 20),
    call: (x) => td.afterAutoTurn(x.weapon, x.blacks),
    states: (a) => [weaponVerdict({ ...rifle, ammo: a })],
  }),
  reload: kase({
    valid: gun,
    behind: weaponVerdict,
    call: (w) => td.reload(w),
    states: (a) => [weaponVerdict({ ...gun, ammo: valueOf(a) })],
  }),
  loadedAmmo: kase({
    valid: { kind: "capacity" as const, rounds: 6 },
    behind: (type) => weaponVerdict({ ...gun, type }),
    call: (type) => td.loadedAmmo(type),
    states: (a) => [weaponVerdict({ ...gun, ammo: a })],
  }),
  withAmmo: kase({
    valid: { weapon: gun, ammo: { rounds: 1, empty: false, fresh: false } },
    behind: (x) => weaponVerdict(x.weapon) ?? weaponVerdict({ ...x.weapon, ammo: x.ammo }),
    call: (x) => td.withAmmo(x.weapon, x.ammo),
    states: (a) => [weaponVerdict(a)],
  }),
  parseWeaponType: kase({
    valid: { text: "C12", options: TD },
    call: (x) => td.parseWeaponType(x.text, x.options),
    states: (a) => [weaponVerdict({ ...gun, type: valueOf(a) })],
  }),
  // Turns
  takeAction: kase<{ turn: td.TurnState; defense: number; kind: td.ActionKind }>({
    valid: { turn: kit.turn, defense: 6, kind: "meleeAttack" },
    call: (x) => td.takeAction(x.turn, { kind: x.kind, defense: x.defense }),
    states: (a) => [turnVerdict((valueOf(a) as td.TurnStep).turn)],
  }),
  checkTurnAction: kase<td.TurnAction>({
    valid: { kind: "meleeAttack", defense: 6 },
    call: (action) => td.checkTurnAction(action),
  }),
  actionTaken: kase<{ actor: td.TwodiceCombatant; defense: number; kind: td.ActionKind }>({
    valid: { actor: kit, defense: 6, kind: "meleeAttack" },
    behind: (x) =>
      td.checkCombatant(x.actor, "actor") ??
      refusal(td.checkTurnAction({ kind: x.kind, defense: x.defense })),
    call: (x) =>
      td.actionTaken(checkedAs(x.actor), checkedAs({ kind: x.kind, defense: x.defense })),
    states: (a) => [turnVerdict((valueOf(a) as td.TurnStep).turn)],
  }),
  wait: kase<{ turn: td.TurnState; declared: td.ActionKind }>({
    valid: { turn: { ...kit.turn, waiting: null }, declared: "aim" },
    call: (x) => td.wait(x.turn, x.declared),
    states: (a) => [turnVerdict(valueOf(a))],
  }),
  rollWithIt: kase({
    valid: kit.turn,
    call: (turn) => td.rollWithIt(turn),
    states: (a) => [turnVerdict(valueOf(a))],
  }),
  counterattack: kase({
    valid: { turn: brute.turn, defense: 6 },
    call: (x) => td.counterattack(x.turn, x.defense),
    states: (a) => [turnVerdict(valueOf(a))],
  }),
  nextTurn: kase({
    valid: kit.turn,
    behind: turnVerdict,
    call: (turn) => td.nextTurn(turn),
    states: (a) => [turnVerdict(a)],
  }),
  mayAct: kase({ valid: kit.turn, behind: turnVerdict, call: (turn) => td.mayAct(turn) }),
  changedTurn: kase({
    valid: { turn: kit.turn, meleeDefense: 2 },
    behind: (x) => turnVerdict(x.turn) ?? turnVerdict({ ...x.turn, meleeDefense: x.meleeDefense }),
    call: (x) => td.changedTurn(x.turn, { meleeDefense: x.meleeDefense, acted: true }),
    states: (a) => [turnVerdict(a)],
  }),
  moveDistance: kase({
    valid: { agility: 11 },
    behind: (x) => combatantVerdict({ ...kit, traits: x }),
    call: (x) => td.moveDistance("moveAndShoot", x.agility, true),
  }),
  // The end of the turn, and turning to fire
  isMoveKind: kase({ valid: { kind: "moveAndShoot" }, call: (x) => td.isMoveKind(x.kind) }),
  checkPath: kase({ valid: [{ x: 100, y: 0 }], call: (path) => td.checkPath("path", path) }),
  plannedMove: kase({
    valid: { agility: 11 },
    behind: (x) => combatantVerdict({ ...kit, traits: x }),
    call: (x) => td.plannedMove("kit", "moveAndShoot", 1, x.agility, td.FRESH_TURN),
  }),
  declareDestination: kase({
    valid: { agility: 11, path: [{ x: 300, y: 0 }], distance: 3, seq: 2 },
    call: (x) =>
      td.declareDestination(
        td.FRESH_TURN,
        { combatantId: "kit", agility: x.agility, declared: null, seq: x.seq },
        x.path,
        x.distance,
      ),
  }),
  pathLength: kase({
    valid: [
      { x: 100, y: 0 },
      { x: 100, y: 100 },
    ],
    behind: (path) => td.checkPath("path", path),
    call: (path) => td.pathLength({ x: 0, y: 0 }, path),
  }),
  cutPath: kase({
    valid: { path: [{ x: 100, y: 0 }], share: 0.5 },
    behind: (x) => td.checkPath("path", x.path),
    call: (x) => td.cutPath({ x: 0, y: 0 }, x.path, x.share),
  }),
  turnEnd: kase({
    valid: [
      { combatantId: "a", kind: "moveAndShoot", seq: 1, metres: 3, path: [{ x: 10, y: 0 }] },
      { combatantId: "b", kind: "move", seq: 2, metres: 6, path: null },
    ] as td.PlannedMove[],
    call: (declared) =>
      td.turnEnd(
        declared,
        (id) => id !== "x",
        (id) => id === "a",
      ),
  }),
  turnBetween: kase({
    valid: { a: 10, b: 350 },
    behind: (x) =>
      checkNumber("a", x.a, { min: -1e6, max: 1e6 }) ??
      checkNumber("b", x.b, { min: -1e6, max: 1e6 }),
    call: (x) => td.turnBetween(x.a, x.b),
  }),
  bearingOf: kase({
    valid: { from: { x: 0, y: 0 }, to: { x: 10, y: 5 } },
    behind: (x) => td.checkPath("p", [x.from, x.to]),
    call: (x) => td.bearingOf(x.from, x.to),
  }),
  turnsToFire: kase({
    valid: { facing: { atTurnStart: 0, now: 30 }, from: { x: 0, y: 0 }, to: { x: 10, y: 5 } },
    call: (x) => td.turnsToFire(x.facing, x.from, x.to),
  }),
  // Wounds
  woundCircle: kase({
    valid: { wounds: kit.wounds, value: 6 },
    behind: (x) => td.checkWounds(x.wounds) ?? checkNumber("value", x.value, SHEET),
    call: (x) => td.woundCircle(x.wounds.marked, x.value),
  }),
  markWound: kase({
    valid: { wounds: kit.wounds, value: 6 },
    behind: (x) => td.checkWounds(x.wounds) ?? checkNumber("value", x.value, SHEET),
    call: (x) => td.markWound(x.wounds, x.value),
    states: (a) => [td.checkWounds((a as { wounds: td.WoundState }).wounds)],
  }),
  highestWound: kase({
    valid: kit.wounds,
    behind: (w) => td.checkWounds(w),
    call: (w) => td.highestWound(w),
  }),
  isIncapacitated: kase({
    valid: { wounds: kit.wounds, toughness: 8 },
    behind: (x) => td.checkWounds(x.wounds) ?? checkNumber("toughness", x.toughness, SHEET),
    call: (x) => td.isIncapacitated(x.wounds, x.toughness),
  }),
  aftermath: kase({
    valid: { wounds: kit.wounds, toughness: 8, options: TD },
    call: (x) => td.aftermath(x.wounds, x.toughness, x.options),
  }),
  bleed: kase({
    valid: { wounds: kit.wounds, options: TD },
    behind: (x) => td.checkTwodiceOptions(x.options) ?? td.checkWounds(x.wounds, x.options),
    call: (x) => td.bleed(x.wounds, x.options),
    states: (a) => [td.checkWounds(a as td.WoundState)],
  }),
  treatWounds: kase({
    valid: { wounds: kit.wounds, value: 12, dice: twoDice },
    call: (x) => td.treatWounds(x.wounds, x.value, x.dice),
    states: (a) => [td.checkWounds((valueOf(a) as td.MedicineOutcome).wounds)],
  }),
  recover: kase({
    valid: { wounds: kit.wounds, toughness: 8, dice: { black: 11, white: 4 } },
    call: (x) => td.recover(x.wounds, x.toughness, x.dice),
    states: (a) => [td.checkWounds((valueOf(a) as td.RecoveryOutcome).wounds)],
  }),
  // Combatants, traits, document changes
  trait: kase({
    valid: { combatant: kit, name: "toughness" },
    behind: (x) => combatantVerdict(x.combatant),
    call: (x) => td.trait(x.combatant, x.name),
    states: (a) => [typeof a === "number" ? undefined : `a trait of ${typeof a}`],
  }),
  withWoundsAndTurn: kase({
    valid: { combatant: kit, wounds: brute.wounds, turn: brute.turn },
    behind: (x) => combatantVerdict(x.combatant) ?? combatantVerdict({ ...kit, ...x }),
    call: (x) => td.withWoundsAndTurn(x.combatant, x.wounds, x.turn),
    states: (a) => [combatantVerdict(a)],
  }),
  diffCombatant: kase({
    valid: { before: kit, after: brute },
    behind: (x) => combatantVerdict(x.before) ?? combatantVerdict(x.after),
    call: (x) => td.diffCombatant(x.before, x.after),
  }),
  diffWeapon: kase({
    valid: { before: gun, after: rifle },
    behind: (x) => weaponVerdict(x.before) ?? weaponVerdict(x.after),
    call: (x) => td.diffWeapon("kit", x.before, x.after),
  }),
  attackUpdates: kase({
    valid: { attacker: kit, defender: brute, weapon: gun },
    behind: (x) =>
      combatantVerdict(x.attacker) ?? combatantVerdict(x.defender) ?? weaponVerdict(x.weapon),
    call: (x) => td.attackUpdates(x, { ...x, defender: kit }),
  }),
  // Builders: whatever they are handed, what they build passes the checks
  makeTwodiceCombatant: kase({
    valid: kit,
    call: (seed) => td.makeTwodiceCombatant(seed),
    states: (a) => [combatantVerdict(a)],
  }),
  makeTwodiceWeapon: kase({
    valid: rifle,
    call: (seed) => td.makeTwodiceWeapon(seed),
    states: (a) => [weaponVerdict(a)],
  }),
  checkAbleToAct: kase({
    valid: kit,
    behind: (c) => td.checkCombatant(c, "c"),
    call: (c) => td.checkAbleToAct(c),
  }),
  parseRangeScale: kase({ valid: { text: "5:1, 10:2" }, call: (x) => td.parseRangeScale(x.text) }),
  formatRangeScale: kase({
    valid: TD.rangeScale,
    behind: (scale) => td.checkTwodiceOptions({ ...TD, rangeScale: scale }),
    call: (scale) => td.formatRangeScale(scale),
  }),
  twodiceOptionsFrom: kase<Record<string, unknown>>({
    valid: { AimBonus: 3, RangeScale: "5:1, 10:2", DeathRule: false, BleedBadlyUnit: "hour" },
    call: (values) => td.twodiceOptionsFrom(values),
    states: (a) => {
      const options = valueOf(a) as td.TwodiceOptions | undefined;
      return options === undefined ? [] : [td.checkTwodiceOptions(options)];
    },
  }),
  withTwodiceOptions: kase({
    valid: { aimBonus: 3, autoThreshold: { max: 15 } },
    call: (overrides) => {
      const options = td.withTwodiceOptions(overrides);
      return td.checkTwodiceOptions(options) ?? options;
    },
  }),
  // Side order
  surpriseBonusOf: kase({
    valid: { surpriseBonus: 2, incapacitated: false },
    call: (m) => td.surpriseBonusOf(m),
  }),
  twodiceTeamTotal: kase({
    valid: { teamId: "a", d20: 12, traitBonuses: [1, 2] },
    call: (roll) => td.twodiceTeamTotal(roll),
  }),
  twodiceInitiative: kase({
    valid: {
      teams: [
        { teamId: "a", isPlayerSide: true },
        { teamId: "b", isPlayerSide: false },
      ],
      rolls: [
        { teamId: "a", d20: 12, traitBonuses: [1, 2] },
        { teamId: "b", d20: 7, traitBonuses: [0] },
      ],
      surprising: ["b"],
    },
    call: (start) => td.twodiceInitiative(start),
  }),
  twodiceRoundPlan: kase({
    valid: { order: ["a", "b"], round: 3 },
    call: (x) =>
      td.twodiceRoundPlan({ mode: "team", order: x.order, values: {}, surpriseRound: [] }, x.round),
  }),
};

describe("two-dice: every exported function against hostile values (property)", () => {
  it("has a property for every function index.ts exports", () => {
    expect(exportedFunctions(td).filter((name) => !(name in CASES))).toEqual([]);
  });
  for (const [name, property] of Object.entries(CASES)) it(name, property);
});
