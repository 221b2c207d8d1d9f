/**
 * Freelancers against hostile input (issue 30): the findings, each refused by name, and a
 * property for every function its index.ts exports (core/hostile.support.ts says what it asserts).
 * A rule that takes checked input runs behind the check that makes that input.
 */
import { describe, expect, it } from "vitest";
import { checkedAs } from "../core/checked.ts";
import { checkNumber } from "../core/guard.ts";
import type { Distribution } from "../core/distribution.ts";
import { exportedFunctions, hostile, refusedAs, valueOf } from "../core/hostile.support.ts";
import type { HostileCase } from "../core/hostile.support.ts";
import { seededRandom } from "../core/random.ts";
import { TABLE_CASES } from "./hostile-table.support.ts";
import * as fl from "./index.ts";

const dice = () => seededRandom("hostile");
const ace = fl.makeFreelancer({
  id: "ace",
  attributes: { agility: 8, intellect: 5 },
  skills: { finesse: 4, medicine: 2 },
});
const rook = fl.makeFreelancer({ id: "rook", attributes: { agility: 6 }, armor: 1 });
const knife = fl.makeFreelancersWeapon({ id: "knife", skill: "finesse", damage: "1d6+1" });
const attack: fl.AttackInput = { attacker: ace, defender: rook, weapon: knife, situation: {} };
const BUILT_IN = ["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf"];

describe("Freelancers: the findings of issue 30, each refused by name", () => {
  it("refuses a check die beyond its bound instead of building a distribution as long", () => {
    const lower = { dice: 1, keep: "lower" } as const;
    for (const sides of [1001, 1e7, 1e12, 2 ** 31, 0, Number.NaN, Infinity]) {
      refusedAs(
        fl.keptFaceDistribution(lower, sides),
        Number.isFinite(sides) ? "out-of-range" : "not-a-number",
      );
    }
    for (const count of [fl.MAX_EDGE + 2, 1e12, 0, -1, 2.5]) {
      expect(fl.keptFaceDistribution({ dice: count, keep: "higher" }, 20)).toMatchObject({
        ok: false,
      });
    }
    const fine = fl.keptFaceDistribution({ dice: 2, keep: "lower" }, 20);
    expect(fine).toMatchObject({ ok: true });
  });

  it("reads a name only as an own entry: built-in names are refused where they name a table", () => {
    for (const name of BUILT_IN) {
      refusedAs(
        fl.planAttack({ ...attack, weapon: { ...knife, attribute: name } }),
        "badName",
        "weapon.attribute",
      );
      refusedAs(
        fl.resolveAttack({ ...attack, weapon: { ...knife, skill: name } }, dice()),
        "badName",
        "weapon.skill",
      );
      refusedAs(fl.addCounter({ stun: 1 }, name, 1), "badName", "kind");
      expect(fl.checkBase(ace, { attribute: name, skill: name })).toBe(0);
      expect(fl.upkeepRemoval(name)).toBe(fl.DEFAULT_FREELANCERS_OPTIONS.defaultUpkeepRemoves);
    }
    // A counter named like a built-in on a stored actor is refused by the actor's check.
    const stored = { ...ace, counters: JSON.parse('{"__proto__": 2}') as Record<string, number> };
    refusedAs(fl.checkFreelancer(stored), "badName");
  });

  it("refuses enum values outside their lists, by the field's name", () => {
    const as = { ...attack, situation: { as: "flying" as fl.AttackAs } };
    // Before: spendAttack fell off its switch and resolveAttack threw a TypeError.
    refusedAs(fl.resolveAttack(as, dice()), "badChoice", "situation.as");
    refusedAs(
      fl.planAttack({ ...attack, situation: { cover: "fog" as fl.Cover } }),
      "badChoice",
      "situation.cover",
    );
    refusedAs(
      fl.freelancersAttackOdds({ ...attack, defender: { ...rook, size: "giant" as "huge" } }),
      "badChoice",
      "defender.size",
    );
    refusedAs(
      fl.planAttack({ ...attack, defender: { ...rook, defense: "psychic" as "roll" } }),
      "badChoice",
      "defender.defense",
    );
    refusedAs(
      fl.planAttack({ ...attack, weapon: { ...knife, kind: "laser" as "melee" } }),
      "badChoice",
      "weapon.kind",
    );
    refusedAs(
      fl.giveCare(
        { helper: ace, patient: { ...rook, life: "dying" }, kind: "magic" as "help" },
        dice(),
      ),
      "badChoice",
      "kind",
    );
    refusedAs(fl.upkeep([{ ...rook, life: "zombie" as "dead" }], dice()), "badChoice", "rook.life");
    refusedAs(
      fl.targetsInShape({ kind: "blob" as "cone", range: 3, origin: { x: 0, y: 0 } }, []),
      "badChoice",
      "shape.kind",
    );
  });

  it("bounds every pool, count and distance, as the sheet does", () => {
    refusedAs(
      fl.checkFreelancer({ ...ace, health: { value: 1e6, max: 1e6 } }),
      "out-of-range",
      "actor.health.max",
    );
    refusedAs(
      fl.checkFlWeapon({ ...knife, integrity: { value: 1e12, max: 1e12 } }),
      "out-of-range",
      "weapon.integrity.max",
    );
    refusedAs(fl.checkCounters({ stun: 1e6 }), "out-of-range", "counters.stun");
    refusedAs(
      fl.planAttack({ ...attack, situation: { distance: 1e300 } }),
      "out-of-range",
      "situation.distance",
    );
  });

  it("builds no negative or unbounded pool from a bad seed (factories clamp)", () => {
    for (const health of [-1, -1e12, 1e12, Number.NaN, { value: -7, max: -7 }]) {
      const built = fl.makeFreelancer({ id: "x", health });
      expect(fl.checkFreelancer(built)).toBeUndefined();
    }
    for (const integrity of [
      { value: -3, max: -3 },
      { value: 5, max: 2 },
    ]) {
      expect(fl.checkFlWeapon(fl.makeFreelancersWeapon({ id: "w", integrity }))).toBeUndefined();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Every exported function, with hostile values

const FL = fl.DEFAULT_FREELANCERS_OPTIONS;
const dying: fl.FreelancersActor = {
  ...rook,
  id: "dying",
  health: { value: 0, max: 10 },
  life: "dying",
  counters: { stun: 1, bleed: 2 },
  abilities: [{ id: "burst", name: "Burst", recharge: 5, charged: false }],
};
const rifle = fl.makeFreelancersWeapon({
  id: "rifle",
  kind: "ranged",
  skill: "finesse",
  damage: "2d6+1",
  range: { nominal: 10, max: 30 },
  integrity: { value: 2, max: 3 },
});
const full: fl.AttackInput = {
  attacker: ace,
  defender: { ...rook, actions: { ...fl.FRESH_ACTIONS, dodging: true } },
  weapon: knife,
  situation: {
    distance: 1,
    cover: "light",
    as: "base",
    engagedBy: ["x"],
    attacker: { dieModifiers: [{ source: "aim", value: -1 }], favorable: 1 },
    defender: { attributeModifiers: [{ source: "shield", value: 1 }], unfavorable: 1 },
  },
};
const ranged: fl.AttackInput = { ...full, weapon: rifle, situation: { distance: 40 } };
const spec: fl.CheckSpec = {
  base: 11,
  attributeModifiers: [{ source: "kit", value: 2 }],
  dieModifiers: [{ source: "cover", value: 2 }],
  favorable: 1,
  unfavorable: 2,
};
const ability: fl.FreelancersAbility = { id: "a", name: "A", recharge: 5, charged: false };
const turn = { actions: ace.actions, counters: { stress: 1 }, life: ace.life };

/** Refusal of a Result, undefined when it passed. */
const refusal = (r: { ok: boolean }) => (r.ok ? undefined : r);
const actorVerdict = (a: unknown) => fl.checkFreelancer(a as fl.FreelancersActor);
/** The states an attack hands back, each through its check. */
function attackStates(answer: unknown): unknown[] {
  const v = valueOf(answer) as fl.AttackResolution | undefined;
  if (v === undefined) return [];
  return [actorVerdict(v.attacker), actorVerdict(v.defender), fl.checkFlWeapon(v.weapon)];
}
const actionsVerdict = (answer: unknown) => {
  const v = valueOf(answer) as fl.ActionState | undefined;
  return v === undefined ? [] : [fl.checkActions(v)];
};
/** An input checked and planned, as the simulator does once per pairing. */
function planned(input: fl.AttackInput, options: fl.FreelancersOptions) {
  const checked = fl.checkAttackInput(input, options);
  const plan = fl.planAttack(input, options);
  return checked.ok && plan.ok ? { checked: checked.value, plan: plan.value } : null;
}

/** One case's property, its input's type inferred from `valid`. */
function kase<T>(c: HostileCase<T>): () => void {
  return () => {
    hostile(c);
  };
}

const CASES: Record<string, () => void> = {
  // Checks and their brands
  checkActions: kase({ valid: ace.actions, call: (a) => fl.checkActions(a) }),
  checkCounters: kase({ valid: { stun: 1, bleed: 2 }, call: (c) => fl.checkCounters(c) }),
  checkAbility: kase({ valid: ability, call: (a) => fl.checkAbility(a) }),
  checkBody: kase({ valid: dying, call: (b) => fl.checkBody(b) }),
  checkFreelancer: kase({ valid: dying, call: (a) => fl.checkFreelancer(a) }),
  checkedFreelancer: kase({ valid: dying, call: (a) => fl.checkedFreelancer(a) }),
  checkFlWeapon: kase({ valid: rifle, call: (w) => fl.checkFlWeapon(w) }),
  checkedWeapon: kase({ valid: rifle, call: (w) => fl.checkedWeapon(w) }),
  checkOptions: kase({ valid: FL, call: (o) => fl.checkOptions(o) }),
  checkedOptions: kase({ valid: FL, call: (o) => fl.checkedOptions(o) }),
  checkSpecNumbers: kase({ valid: spec, call: (x) => fl.checkSpecNumbers("check", x) }),
  checkSituation: kase({ valid: full.situation ?? {}, call: (x) => fl.checkSituation(x) }),
  checkAttackInput: kase({
    valid: { input: full, options: FL },
    call: (i) => fl.checkAttackInput(i.input, i.options),
  }),
  // Checks, dice and their odds
  rollCheck: kase({
    valid: { spec, options: FL },
    call: (i) => fl.rollCheck(i.spec, dice(), i.options),
  }),
  rollCheckSpec: kase({
    valid: { spec, options: FL },
    behind: (i) => fl.checkOptions(i.options) ?? fl.checkSpecNumbers("c", i.spec),
    call: (i) => fl.rollCheckSpec(checkedAs(i.spec), dice(), checkedAs(i.options), "c"),
  }),
  checkChance: kase({
    valid: { spec, options: FL },
    call: (i) => fl.checkChance(i.spec, i.options),
    chances: (a) => [valueOf(a) as number],
  }),
  checkFaces: kase({
    valid: { spec, options: FL },
    behind: (i) => fl.checkOptions(i.options) ?? fl.checkSpecNumbers("c", i.spec),
    call: (i) => fl.checkFaces(checkedAs(i.spec), checkedAs(i.options)),
    chances: (a) => (a as fl.CheckFace[]).map((f) => f.p),
    distributions: (a): Distribution[] => [
      { min: 0, probs: (a as fl.CheckFace[]).map((f) => f.p) },
    ],
  }),
  keptFaceDistribution: kase({
    valid: { edge: { dice: 2, keep: "lower" as const }, sides: 20 },
    call: (i) => fl.keptFaceDistribution(i.edge, i.sides),
    distributions: (a) => [valueOf(a) as Distribution],
  }),
  edgeOf: kase({
    valid: { favorable: 1, unfavorable: 3, options: FL },
    behind: (i) => fl.checkOptions(i.options) ?? fl.checkSpecNumbers("c", { base: 0, ...i }),
    call: (i) => fl.edgeOf(i.favorable, i.unfavorable, i.options),
  }),
  checkTarget: kase({
    valid: spec,
    behind: (x) => fl.checkSpecNumbers("c", x),
    call: (x) => fl.checkTarget(x),
  }),
  passes: kase({
    valid: { natural: 7, roll: 9, target: 10, options: FL },
    behind: (i) =>
      fl.checkOptions(i.options) ??
      fl.checkSpecNumbers("c", { base: i.target, dieModifiers: [{ source: "r", value: i.roll }] }),
    call: (i) => fl.passes(i.natural, i.roll, i.target, i.options),
  }),
  drawDie: kase({
    valid: { face: 7, sides: 20 },
    call: (i) => fl.drawDie({ roll: () => i.face }, i.sides, "d"),
  }),
  // Range, shapes, attack and odds
  rangeEffect: kase({
    valid: { weapon: rifle, distance: 45, options: FL },
    call: (i) => fl.rangeEffect(i.weapon, i.distance, i.options),
  }),
  targetsInShape: kase({
    valid: {
      effect: { kind: "cone" as const, range: 6, origin: { x: 1, y: 1 }, toward: { x: 4, y: 2 } },
      targets: [{ id: "a", at: { x: 3, y: 2 } }],
      options: FL,
    },
    call: (i) => fl.targetsInShape(i.effect, i.targets, i.options),
  }),
  planAttack: kase({
    valid: { input: ranged, options: FL },
    call: (i) => fl.planAttack(i.input, i.options),
  }),
  resolveAttack: kase({
    valid: { input: full, options: FL },
    call: (i) => fl.resolveAttack(i.input, dice(), i.options),
    states: attackStates,
  }),
  rollAttack: kase({
    valid: { input: full, options: FL },
    behind: (i) => refusal(fl.checkAttackInput(i.input, i.options)),
    call: (i) => {
      const ready = planned(i.input, i.options);
      // A plan refused by a rule (out of reach …) is that refusal: nothing to roll.
      if (ready === null) return fl.planAttack(i.input, i.options);
      return fl.rollAttack(ready.checked, ready.plan, dice(), checkedAs(i.options));
    },
    states: attackStates,
  }),
  freelancersAttackOdds: kase({
    valid: { input: full, options: FL },
    call: (i) => fl.freelancersAttackOdds(i.input, i.options),
    chances: (a) => {
      const o = valueOf(a) as fl.FreelancersAttackOdds;
      return [o.hit, o.attackPasses, o.defensePasses, o.fumble];
    },
    distributions: (a) => [(valueOf(a) as fl.FreelancersAttackOdds).damage],
  }),
  attackHits: kase({
    valid: { attack: { spec, face: 4 }, defense: { spec, face: 9 } },
    behind: (i) =>
      fl.checkSpecNumbers("a", i.attack.spec) ?? fl.checkSpecNumbers("d", i.defense.spec),
    call: (i) => {
      const roll = (side: { spec: fl.CheckSpec; face: number }) =>
        fl.rollCheckSpec(checkedAs(side.spec), { roll: () => side.face }, FL, "c");
      const a = roll(i.attack);
      const d = roll(i.defense);
      return a.ok && d.ok ? fl.attackHits(a.value, d.value) : a.ok ? d : a;
    },
  }),
  spendAttack: kase({
    valid: turn,
    call: (a) => fl.spendAttack(a, "twoWeapons"),
    states: actionsVerdict,
  }),
  sizeModifier: kase({
    valid: { actor: rook, options: FL },
    behind: (i) => fl.checkOptions(i.options) ?? fl.checkFreelancer(i.actor),
    call: (i) => fl.sizeModifier(i.actor, i.options),
  }),
  staticDefense: kase({
    valid: { actor: { ...rook, defense: "static" as const, staticDefense: 9 }, options: FL },
    behind: (i) => fl.checkOptions(i.options) ?? fl.checkFreelancer(i.actor),
    call: (i) => fl.staticDefense(i.actor, i.options),
  }),
  afterFumbles: kase({
    valid: { weapon: knife, fumbles: 2, options: FL },
    behind: (i) =>
      fl.checkOptions(i.options) ??
      fl.checkFlWeapon(i.weapon) ??
      fl.checkSpecNumbers("c", { base: 0, favorable: i.fumbles }),
    call: (i) => fl.afterFumbles(i.weapon, i, i.options),
    states: (a) => [fl.checkFlWeapon((a as { weapon: fl.FreelancersWeapon }).weapon)],
  }),
  // Actions
  startTurn: kase({
    valid: ace.actions,
    call: (a) => fl.startTurn(a),
    states: (a) => [fl.checkActions(a as fl.ActionState)],
  }),
  spendAction: kase({
    valid: turn,
    call: (a) => fl.spendAction(a, "move"),
    states: actionsVerdict,
  }),
  dodge: kase({
    valid: { ...turn, immobilized: false },
    call: (a) => fl.dodge(a),
    states: actionsVerdict,
  }),
  disengage: kase({ valid: turn, call: (a) => fl.disengage(a), states: actionsVerdict }),
  readyAction: kase({
    valid: turn,
    call: (a) => fl.readyAction(a, "base"),
    states: actionsVerdict,
  }),
  useReadied: kase({
    valid: { ...turn, actions: { ...turn.actions, readied: "move" as const } },
    call: (a) => fl.useReadied(a),
    states: actionsVerdict,
  }),
  provokes: kase({
    valid: { meters: 3, actions: ace.actions, options: FL },
    behind: (i) =>
      fl.checkOptions(i.options) ??
      fl.checkActions(i.actions) ??
      fl.checkSituation({ distance: i.meters }),
    call: (i) => fl.provokes({ kind: "move", meters: i.meters, withinReach: true }, i.actions),
  }),
  // Counters and abilities
  addCounter: kase({
    valid: { counters: { stun: 1, bleed: 2 }, kind: "stun", amount: -1 },
    call: (i) => fl.addCounter(i.counters, i.kind, i.amount),
    states: (a) => [fl.checkCounters(valueOf(a) as fl.Counters)],
  }),
  isStunned: kase({
    valid: { stun: 1 },
    behind: (c) => fl.checkCounters(c),
    call: (c) => fl.isStunned({ counters: c }),
  }),
  upkeepCounters: kase({
    valid: { counters: { stun: 1, bleed: 2 }, options: FL },
    behind: (i) => fl.checkOptions(i.options) ?? fl.checkCounters(i.counters),
    call: (i) => fl.upkeepCounters(i.counters, i.options),
    states: (a) => [fl.checkCounters(a as fl.Counters)],
  }),
  upkeepRemoval: kase({
    valid: { kind: "stress", options: FL },
    behind: (i) => fl.checkOptions(i.options),
    call: (i) => fl.upkeepRemoval(i.kind, i.options),
  }),
  useAbility: kase({
    valid: { ...ability, charged: true },
    behind: (a) => fl.checkAbility(a),
    call: (a) => fl.useAbility(a),
    states: (a) => [fl.checkAbility(valueOf(a) as fl.FreelancersAbility)],
  }),
  needsRecharge: kase({
    valid: ability,
    behind: (a) => fl.checkAbility(a),
    call: (a) => fl.needsRecharge(a),
  }),
  rechargeRoll: kase({
    valid: { ability, options: FL },
    call: (i) => fl.rechargeRoll(i.ability, dice(), i.options),
  }),
  rollRecharge: kase({
    valid: { ability, options: FL },
    behind: (i) => fl.checkOptions(i.options) ?? fl.checkAbility(i.ability),
    call: (i) => fl.rollRecharge(checkedAs(i.ability), dice(), checkedAs(i.options)),
  }),
  abilitiesOf: kase({
    valid: dying,
    behind: (a) => fl.checkFreelancer(a),
    call: (a) => fl.abilitiesOf(checkedAs(a)),
    states: (a) => (a as fl.FreelancersAbility[]).map((x) => fl.checkAbility(x)),
  }),
  rechargeChance: kase({
    valid: { needed: 5, options: FL },
    call: (i) => fl.rechargeChance(i.needed, i.options),
    chances: (a) => [valueOf(a) as number],
  }),
  // Health, care and the Upkeep
  afterArmor: kase({
    valid: { damage: 7, armor: 2 },
    behind: (i) =>
      fl.checkFreelancer({ ...rook, armor: i.armor, health: { value: i.damage, max: 99 } }),
    call: (i) => fl.afterArmor(i.damage, i.armor),
  }),
  loseHealth: kase({
    valid: { actor: { ...rook, health: { value: 6, max: 10 } }, amount: 4 },
    // Any damage past armor, however large: the attack's roll is its only caller.
    behind: (i) => fl.checkFreelancer(i.actor) ?? checkNumber("amount", i.amount, { min: 0 }),
    call: (i) => fl.loseHealth(i.actor, i.amount),
    states: (a) => [actorVerdict(a)],
  }),
  heal: kase({
    valid: { actor: dying, amount: 3 },
    call: (i) => fl.heal(i.actor, i.amount),
    states: (a) => [actorVerdict(valueOf(a))],
  }),
  lifeAtHealth: kase({
    valid: { actor: dying, value: 4 },
    call: (i) => fl.lifeAtHealth(i.actor, i.value),
  }),
  checkSituational: kase({
    valid: { m: { die: 2, attribute: -1, favorable: 1, unfavorable: 0 }, modifier: 5, edge: 2 },
    call: (i) => fl.checkSituational(i.m, { modifier: i.modifier, edge: i.edge }) ?? "fine",
  }),
  situationalSide: kase({
    valid: { die: 2, attribute: -1, favorable: 1, unfavorable: 0 },
    behind: (m) => fl.checkSituational(m, { modifier: 5, edge: 2 }),
    call: (m) => fl.situationalSide(m),
  }),
  engagedBy: kase({
    valid: [{ id: "thug", distance: 1, reach: 1.5, life: "active" }],
    call: (list) => fl.engagedBy(list as readonly fl.NearbyOpponent[]),
  }),
  checkBase: kase({
    valid: { actor: ace, attribute: "intellect", skill: "medicine" },
    behind: (i) => fl.checkFreelancer(i.actor),
    call: (i) => fl.checkBase(i.actor, i),
  }),
  deathCheck: kase({
    valid: { actor: dying, options: FL },
    call: (i) => fl.deathCheck(i.actor, dice(), i.options),
    states: (a) => [actorVerdict((valueOf(a) as { actor: unknown } | undefined)?.actor ?? dying)],
  }),
  afterDeathCheck: kase({
    valid: { actor: dying, options: FL },
    behind: (i) => fl.checkOptions(i.options) ?? fl.checkFreelancer(i.actor),
    call: (i) => {
      const roll = fl.rollCheckSpec(checkedAs({ base: 6 }), dice(), checkedAs(i.options), "d");
      return roll.ok ? fl.afterDeathCheck(i.actor, roll.value, i.options) : roll;
    },
    states: (a) => [actorVerdict((a as { actor: unknown }).actor)],
  }),
  stabilize: kase({
    valid: { patient: dying, medic: ace, options: FL },
    call: (i) => fl.stabilize(i.patient, { kind: "medicine", medic: i.medic }, dice(), i.options),
    states: (a) => [
      actorVerdict((valueOf(a) as { patient: unknown } | undefined)?.patient ?? dying),
    ],
  }),
  giveCare: kase({
    valid: { helper: ace, patient: dying, options: FL },
    call: (i) => fl.giveCare({ ...i, kind: "medicine" }, dice(), i.options),
    states: (a) => {
      const v = valueOf(a) as fl.CareOutcome;
      return [actorVerdict(v.helper), actorVerdict(v.patient)];
    },
  }),
  rollCare: kase({
    valid: { helper: ace, patient: dying, options: FL },
    behind: (i) =>
      fl.checkOptions(i.options) ?? fl.checkFreelancer(i.helper) ?? fl.checkFreelancer(i.patient),
    call: (i) =>
      fl.rollCare(
        { helper: checkedAs(i.helper), patient: checkedAs(i.patient), kind: "help" },
        dice(),
        checkedAs(i.options),
      ),
    states: (a) => {
      const v = valueOf(a) as fl.CareResolution;
      return [actorVerdict(v.helper), actorVerdict(v.patient)];
    },
  }),
  upkeep: kase({
    valid: { combatants: [ace, dying, rook], options: FL },
    call: (i) => fl.upkeep(i.combatants, dice(), i.options),
    states: (a) => (valueOf(a) as fl.UpkeepOutcome).combatants.map(actorVerdict),
  }),
  rollUpkeep: kase({
    valid: { combatants: [ace, dying, rook], options: FL },
    behind: (i) => refusal(fl.upkeep(i.combatants, dice(), i.options)),
    call: (i) => fl.rollUpkeep(i.combatants.map(checkedAs), dice(), checkedAs(i.options)),
    states: (a) => (valueOf(a) as fl.UpkeepResolution).combatants.map(actorVerdict),
  }),
  // Document changes (they copy what checked entry points made)
  diffActor: kase({
    valid: { before: ace, after: dying },
    behind: (i) => fl.checkFreelancer(i.before) ?? fl.checkFreelancer(i.after),
    call: (i) => fl.diffActor(i.before, i.after),
  }),
  diffWeapon: kase({
    valid: { before: knife, after: rifle },
    behind: (i) => fl.checkFlWeapon(i.before) ?? fl.checkFlWeapon(i.after),
    call: (i) => fl.diffWeapon("ace", i.before, i.after),
  }),
  // Builders: whatever they are handed, what they build passes the checks
  makeFreelancer: kase({
    valid: { ...dying, health: { value: 4, max: 9 }, staticDefense: 7 },
    call: (seed) => fl.makeFreelancer(seed),
    states: (a) => [actorVerdict(a)],
  }),
  makeFreelancersWeapon: kase({
    valid: rifle,
    call: (seed) => fl.makeFreelancersWeapon(seed),
    states: (a) => [fl.checkFlWeapon(a as fl.FreelancersWeapon)],
  }),
  withFreelancersOptions: kase({
    valid: { staticDefenseBase: 12, cover: { lightDie: 3 } },
    call: (overrides) => {
      const options = fl.withFreelancersOptions(overrides);
      return fl.checkOptions(options) ?? options;
    },
  }),
  // The round order: ids only
  freelancersInitiative: kase({
    valid: {
      teams: [
        { teamId: "a", memberIds: ["a1"] },
        { teamId: "b", memberIds: ["b1"] },
      ],
      initiative: "a",
      surprised: ["b"],
    },
    call: (start) => fl.freelancersInitiative(start),
  }),
  freelancersRoundPlan: kase({
    valid: { order: ["a", "b"], round: 2 },
    call: (i) =>
      fl.freelancersRoundPlan(
        { mode: "team", order: i.order, values: {}, surpriseRound: [] },
        i.round,
      ),
  }),
};

describe("Freelancers: every exported function against hostile values (property)", () => {
  it("has a property for every function index.ts exports", () => {
    const all = { ...CASES, ...TABLE_CASES };
    expect(exportedFunctions(fl).filter((name) => !(name in all))).toEqual([]);
  });
  for (const [name, property] of Object.entries({ ...CASES, ...TABLE_CASES })) it(name, property);
});
