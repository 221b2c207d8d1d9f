/**
 * The engine boundary, as properties, for the rulesets and core modules whose cases live here
 * (Worldlines and WWN have their own: worldlines/ and wwn/boundary.property.test.ts): every
 * guarded entry point, handed a state in which one number anywhere is hostile, refuses by name or
 * answers soundly (boundary.support.ts says what each property asserts).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkedAs } from "./core/checked.ts";
import * as core from "./core/index.ts";
import {
  BAD,
  behind,
  dice,
  expectAllFinite,
  guards,
  NON_FINITE,
  numberPaths,
  poison,
} from "./boundary.support.ts";
import { dicepoolInitiative } from "./dicepool/initiative.ts";
import { twodiceInitiative } from "./twodice/initiative.ts";
import * as freelancers from "./freelancers/index.ts";

// ---------------------------------------------------------------------------------------------
// Freelancers

const FL = freelancers.DEFAULT_FREELANCERS_OPTIONS;
const flAce = freelancers.makeFreelancer({
  id: "ace",
  attributes: { agility: 8, intellect: 6 },
  skills: { finesse: 4, medicine: 3 },
  counters: { stress: 1 },
  abilities: [{ id: "burst", name: "Burst", recharge: 5, charged: false }],
});
const flRook = freelancers.makeFreelancer({
  id: "rook",
  attributes: { agility: 7, fortitude: 6 },
  armor: 1,
  health: { value: 6, max: 10 },
});
const flDying: freelancers.FreelancersActor = {
  ...flRook,
  id: "dying",
  health: { value: 0, max: 10 },
  life: "dying",
};
const flKnife = freelancers.makeFreelancersWeapon({
  id: "knife",
  skill: "finesse",
  damage: "1d6+1",
  integrity: { value: 2, max: 3 },
  reach: 1.5,
});
const flAttack: freelancers.AttackInput = {
  attacker: flAce,
  defender: flRook,
  weapon: flKnife,
  situation: {
    distance: 1,
    cover: "light",
    attacker: { dieModifiers: [{ source: "aim", value: -1 }], favorable: 1 },
    defender: { attributeModifiers: [{ source: "shield", value: 1 }], unfavorable: 1 },
  },
};
const flRanged: freelancers.AttackInput = {
  ...flAttack,
  weapon: { ...flKnife, kind: "ranged", reach: undefined, range: { nominal: 10, max: 30 } },
  situation: { distance: 40 },
};
const flSpec: freelancers.CheckSpec = {
  base: 11,
  attributeModifiers: [{ source: "kit", value: 2 }],
  dieModifiers: [{ source: "cover", value: 2 }],
  favorable: 1,
  unfavorable: 2,
};
const flFinite = (input: unknown) => core.checkAllNumbers("input", input);
/** A Result's refusal, or undefined when it went through (a gate reads only refusals). */
const refusalOf = (result: { ok: boolean }) => (result.ok ? undefined : result);
/** What the action rules take of an actor. */
const flTurn = { actions: flAce.actions, counters: flAce.counters, life: flAce.life };
const flBody = { health: flDying.health, life: flDying.life, deathFailures: 0 };

const FREELANCERS: Record<string, () => void> = {
  // Checks
  rollCheck: () => {
    guards({ spec: flSpec, options: FL }, (i) => freelancers.rollCheck(i.spec, dice(), i.options));
  },
  checkChance: () => {
    guards({ spec: flSpec, options: FL }, (i) => freelancers.checkChance(i.spec, i.options), 60);
  },
  checkOptions: () => {
    guards(FL, (options) => freelancers.checkOptions(options));
  },
  checkSpecNumbers: () => {
    guards(flSpec, (spec) => freelancers.checkSpecNumbers("check", spec));
  },
  checkTarget: () => {
    behind(
      flSpec,
      (spec) => freelancers.checkSpecNumbers("check", spec),
      (spec) => freelancers.checkTarget(spec),
    );
  },
  rollCheckSpec: () => {
    behind(
      { spec: flSpec, options: FL },
      (i) => freelancers.checkOptions(i.options) ?? freelancers.checkSpecNumbers("c", i.spec),
      (i) => freelancers.rollCheckSpec(checkedAs(i.spec), dice(), checkedAs(i.options), "c"),
    );
  },
  edgeOf: () => {
    behind(
      { favorable: 1, unfavorable: 3, options: FL },
      (i) =>
        freelancers.checkOptions(i.options) ?? freelancers.checkSpecNumbers("c", { base: 0, ...i }),
      (i) => freelancers.edgeOf(i.favorable, i.unfavorable, i.options),
    );
  },
  keptFaceDistribution: () => {
    behind(
      { favorable: 2, unfavorable: 0, options: FL },
      (i) =>
        freelancers.checkOptions(i.options) ?? freelancers.checkSpecNumbers("c", { base: 0, ...i }),
      (i) =>
        freelancers.keptFaceDistribution(
          freelancers.edgeOf(i.favorable, i.unfavorable, i.options),
          i.options.die,
        ),
      60,
    );
  },
  passes: () => {
    behind(
      { natural: 7, roll: 9, target: 10, options: FL },
      (i) =>
        freelancers.checkOptions(i.options) ??
        core.checkDieFace("natural", i.natural, i.options.die) ??
        flFinite(i),
      (i) => freelancers.passes(i.natural, i.roll, i.target, i.options),
    );
  },
  drawDie: () => {
    guards({ face: 7, sides: 20 }, (i) =>
      freelancers.drawDie({ roll: () => i.face }, i.sides, "d"),
    );
  },
  // Range, attack, odds
  rangeEffect: () => {
    const { kind, range } = flRanged.weapon;
    guards({ weapon: { kind, range }, distance: 45, options: FL }, (i) =>
      freelancers.rangeEffect(i.weapon, i.distance, i.options),
    );
    guards({ weapon: { kind: flKnife.kind, reach: 1.5 }, distance: 1, options: FL }, (i) =>
      freelancers.rangeEffect(i.weapon, i.distance, i.options),
    );
  },
  planAttack: () => {
    guards({ input: flAttack, options: FL }, (i) => freelancers.planAttack(i.input, i.options));
    guards({ input: flRanged, options: FL }, (i) => freelancers.planAttack(i.input, i.options));
  },
  resolveAttack: () => {
    guards({ input: flAttack, options: FL }, (i) =>
      freelancers.resolveAttack(i.input, dice(), i.options),
    );
  },
  // The encounter simulator checks and plans every pairing once (sim/freelancers.ts) and rolls
  // the plan: behind that same gate, the roll's outcome is finite and in range.
  checkAttackInput: () => {
    guards({ input: flAttack, options: FL }, (i) =>
      freelancers.checkAttackInput(i.input, i.options),
    );
  },
  rollAttack: () => {
    behind(
      { input: flAttack, options: FL },
      (i) => refusalOf(freelancers.planAttack(i.input, i.options)),
      (i) => {
        const checked = freelancers.checkAttackInput(i.input, i.options);
        const plan = freelancers.planAttack(i.input, i.options);
        if (!checked.ok || !plan.ok) return null;
        return freelancers.rollAttack(checked.value, plan.value, dice(), checkedAs(i.options));
      },
    );
  },
  freelancersAttackOdds: () => {
    guards(
      { input: flAttack, options: FL },
      (i) => freelancers.freelancersAttackOdds(i.input, i.options),
      60,
    );
  },
  attackHits: () => {
    behind(
      { attack: { spec: flSpec, face: 4 }, defense: { spec: flSpec, face: 9 } },
      (i) =>
        freelancers.checkSpecNumbers("a", i.attack.spec) ??
        freelancers.checkSpecNumbers("d", i.defense.spec) ??
        core.checkDieFace("a", i.attack.face, 20) ??
        core.checkDieFace("d", i.defense.face, 20),
      (i) => {
        const roll = (side: { spec: freelancers.CheckSpec; face: number }) =>
          freelancers.rollCheckSpec(checkedAs(side.spec), { roll: () => side.face }, FL, "c");
        const a = roll(i.attack);
        const d = roll(i.defense);
        return a.ok && d.ok ? freelancers.attackHits(a.value, d.value) : null;
      },
    );
  },
  spendAttack: () => {
    guards(flTurn, (actor) => freelancers.spendAttack(actor, "twoWeapons"));
  },
  sizeModifier: () => {
    behind(FL, freelancers.checkOptions, (options) => freelancers.sizeModifier(flRook, options));
  },
  staticDefense: () => {
    behind(
      { actor: { ...flRook, defense: "static" as const }, options: FL },
      (i) =>
        freelancers.checkOptions(i.options) ??
        refusalOf(freelancers.planAttack({ ...flAttack, defender: i.actor }, i.options)),
      (i) => freelancers.staticDefense(i.actor, i.options),
    );
  },
  afterFumbles: () => {
    // Behind planAttack (the weapon) and rollCheck (the fumbles it counts).
    behind(
      { weapon: flKnife, fumbles: 1, options: FL },
      (i) =>
        freelancers.checkOptions(i.options) ??
        refusalOf(freelancers.planAttack({ ...flAttack, weapon: i.weapon }, i.options)) ??
        core.checkNumber("fumbles", i.fumbles, { min: 0, max: 20, whole: true }),
      (i) => freelancers.afterFumbles(i.weapon, i, i.options),
    );
  },
  // Actions
  spendAction: () => {
    guards(flTurn, (actor) => freelancers.spendAction(actor, "move"));
  },
  checkActions: () => {
    guards(flAce.actions, (actions) => freelancers.checkActions(actions));
  },
  startTurn: () => {
    fc.assert(
      fc.property(fc.constantFrom(...numberPaths(flAce.actions)), BAD, (path, bad) => {
        expect(freelancers.startTurn(poison(flAce.actions, path, bad))).toEqual(
          freelancers.FRESH_ACTIONS,
        );
      }),
    );
  },
  dodge: () => {
    guards({ ...flTurn, immobilized: false }, (actor) => freelancers.dodge(actor));
  },
  disengage: () => {
    guards(flTurn, (actor) => freelancers.disengage(actor));
  },
  readyAction: () => {
    guards(flTurn, (actor) => freelancers.readyAction(actor, "base"));
  },
  useReadied: () => {
    guards({ ...flTurn, actions: { ...flTurn.actions, readied: "move" as const } }, (actor) =>
      freelancers.useReadied(actor),
    );
  },
  provokes: () => {
    behind(
      { meters: 3, actions: flAce.actions, options: FL },
      (i) =>
        freelancers.checkOptions(i.options) ??
        freelancers.checkActions(i.actions) ??
        core.checkNumber("meters", i.meters, { min: 0 }),
      (i) => freelancers.provokes({ kind: "move", meters: i.meters, withinReach: true }, i.actions),
    );
  },
  // Counters
  addCounter: () => {
    guards({ counters: { stun: 1, bleed: 2 }, amount: -1 }, (i) =>
      freelancers.addCounter(i.counters, "stun", i.amount),
    );
  },
  checkCounters: () => {
    guards({ stun: 1, bleed: 2 }, (counters) => freelancers.checkCounters(counters));
  },
  isStunned: () => {
    behind({ stun: 1 }, freelancers.checkCounters, (c) => freelancers.isStunned({ counters: c }));
  },
  upkeepCounters: () => {
    behind(
      { counters: { stun: 1, bleed: 2 }, options: FL },
      (i) => freelancers.checkOptions(i.options) ?? freelancers.checkCounters(i.counters),
      (i) => freelancers.upkeepCounters(i.counters, i.options),
    );
  },
  upkeepRemoval: () => {
    behind(FL, freelancers.checkOptions, (options) => freelancers.upkeepRemoval("stress", options));
  },
  // Abilities
  checkAbility: () => {
    guards({ id: "a", name: "A", recharge: 5, charged: false }, freelancers.checkAbility);
  },
  rechargeRoll: () => {
    guards({ ability: flAce.abilities[0], options: FL }, (i) =>
      i.ability === undefined ? null : freelancers.rechargeRoll(i.ability, dice(), i.options),
    );
  },
  rechargeChance: () => {
    guards({ needed: 5, options: FL }, (i) => freelancers.rechargeChance(i.needed, i.options));
  },
  rollRecharge: () => {
    const ability = { id: "a", name: "A", recharge: 5, charged: false };
    behind(
      { ability, options: FL },
      (i) => freelancers.checkOptions(i.options) ?? freelancers.checkAbility(i.ability),
      (i) => freelancers.rollRecharge(checkedAs(i.ability), dice(), checkedAs(i.options)),
    );
  },
  needsRecharge: () => {
    behind({ id: "a", name: "A", recharge: 5, charged: false }, freelancers.checkAbility, (a) =>
      freelancers.needsRecharge(a),
    );
  },
  useAbility: () => {
    behind({ id: "a", name: "A", recharge: 5, charged: true }, freelancers.checkAbility, (a) =>
      freelancers.useAbility(a),
    );
  },
  targetsInShape: () => {
    for (const kind of freelancers.SHAPE_KINDS) {
      guards(
        {
          effect: { kind, range: 6, origin: { x: 1, y: 1 }, toward: { x: 4, y: 2 } },
          targets: [{ id: "a", at: { x: 3, y: 2 } }],
          options: FL,
        },
        (i) => freelancers.targetsInShape(i.effect, i.targets, i.options),
        60,
      );
    }
  },
  // Health, care, Upkeep
  checkBody: () => {
    guards(flBody, (body) => freelancers.checkBody(body));
  },
  checkFreelancer: () => {
    guards(flAce, (actor) => freelancers.checkFreelancer(actor));
  },
  checkFlWeapon: () => {
    guards(flRanged.weapon, (weapon) => freelancers.checkFlWeapon(weapon));
  },
  afterArmor: () => {
    // Damage comes from a rolled formula and AR from a checked actor (planAttack).
    behind({ damage: 7, armor: 2 }, flFinite, (i) => freelancers.afterArmor(i.damage, i.armor));
  },
  loseHealth: () => {
    behind(
      { actor: { ...flRook, health: { value: 6, max: 10 } }, amount: 4 },
      (i) =>
        freelancers.checkFreelancer(i.actor) ?? core.checkNumber("amount", i.amount, { min: 0 }),
      (i) => freelancers.loseHealth(i.actor, i.amount),
    );
  },
  heal: () => {
    guards({ actor: flDying, amount: 3 }, (i) => freelancers.heal(i.actor, i.amount));
  },
  checkBase: () => {
    behind(flAce, flFinite, (actor) =>
      freelancers.checkBase(actor, { attribute: "intellect", skill: "medicine" }),
    );
  },
  deathCheck: () => {
    guards({ actor: flDying, options: FL }, (i) =>
      freelancers.deathCheck(i.actor, dice(), i.options),
    );
  },
  afterDeathCheck: () => {
    behind(
      { actor: flDying, options: FL },
      (i) => freelancers.checkOptions(i.options) ?? freelancers.checkFreelancer(i.actor),
      (i) => {
        const spec = checkedAs({ base: 6 });
        const roll = freelancers.rollCheckSpec(spec, dice(), checkedAs(i.options), "death");
        return roll.ok ? freelancers.afterDeathCheck(i.actor, roll.value, i.options) : roll;
      },
    );
  },
  stabilize: () => {
    guards({ patient: flDying, medic: flAce, options: FL }, (i) =>
      freelancers.stabilize(i.patient, { kind: "medicine", medic: i.medic }, dice(), i.options),
    );
  },
  giveCare: () => {
    guards({ helper: flAce, patient: flDying, options: FL }, (i) =>
      freelancers.giveCare({ ...i, kind: "medicine" }, dice(), i.options),
    );
  },
  upkeep: () => {
    guards({ combatants: [flAce, flDying, flRook], options: FL }, (i) =>
      freelancers.upkeep(i.combatants, dice(), i.options),
    );
  },
  rollUpkeep: () => {
    // Behind the Upkeep's own check (the simulator runs the same checks on its fighters).
    behind(
      { combatants: [flAce, flDying, flRook], options: FL },
      (i) => refusalOf(freelancers.upkeep(i.combatants, dice(), i.options)),
      (i) => freelancers.rollUpkeep(i.combatants.map(checkedAs), dice(), checkedAs(i.options)),
    );
  },
  // Document changes: they copy numbers the entry points above checked, and compute none.
  diffActor: () => {
    behind(
      { before: flAce, after: { ...flAce, counters: { stun: 2 } } },
      (i) => freelancers.checkFreelancer(i.before) ?? freelancers.checkFreelancer(i.after),
      (i) => freelancers.diffActor(i.before, i.after),
    );
  },
  diffWeapon: () => {
    behind(
      { before: flKnife, after: { ...flKnife, integrity: { value: 1, max: 3 } } },
      (i) => freelancers.checkFlWeapon(i.before) ?? freelancers.checkFlWeapon(i.after),
      (i) => freelancers.diffWeapon("ace", i.before, i.after),
    );
  },
  // Builders of the documented defaults, and the round order (it takes no number)
  makeFreelancer: () => {
    // Whatever numbers it is seeded with, it clamps them: the entry points' check accepts it.
    const seed = { health: { value: 4, max: 9 }, armor: 2 };
    fc.assert(
      fc.property(fc.constantFrom(...numberPaths(seed)), BAD, (path, bad) => {
        const built = freelancers.makeFreelancer({ id: "x", ...poison(seed, path, bad) });
        expect(freelancers.checkFreelancer(built)).toBeUndefined();
      }),
    );
  },
  makeFreelancersWeapon: () => {
    const seed = { reach: 2, integrity: { value: 1, max: 2 } };
    fc.assert(
      fc.property(fc.constantFrom(...numberPaths(seed)), BAD, (path, bad) => {
        const built = freelancers.makeFreelancersWeapon({ id: "w", ...poison(seed, path, bad) });
        expect(freelancers.checkFlWeapon(built)).toBeUndefined();
      }),
    );
  },
  withFreelancersOptions: () => {
    behind({ staticDefenseBase: 12, cover: { lightDie: 3 } }, flFinite, (overrides) =>
      freelancers.withFreelancersOptions(overrides),
    );
  },
  freelancersInitiative: () => {
    // The GM's pick is ids only; a property over any teams and picks: refused by name or settled.
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("a", "b", "c"), { maxLength: 4 }),
        fc.constantFrom("a", "b", "z"),
        (ids, pick) => {
          const out = freelancers.freelancersInitiative({
            teams: ids.map((teamId) => ({ teamId, memberIds: [`${teamId}1`] })),
            initiative: pick,
            surprised: ids.filter((id) => id !== pick).slice(0, 1),
          });
          if (!out.ok) {
            expect(["noTeams", "duplicateId", "unknownTeam"]).toContain(out.reason);
            return;
          }
          expect(out.order.order[0]).toBe(pick);
          expect(out.effects.every((e) => e.amount === 1)).toBe(true);
        },
      ),
    );
  },
  freelancersRoundPlan: () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 1e6 }), (round) => {
        const plan = freelancers.freelancersRoundPlan(
          { mode: "team", order: ["a", "b"], values: {}, surpriseRound: [] },
          round,
        );
        expect(plan.at(-1)).toEqual({ kind: "event", event: "upkeep" });
      }),
    );
  },
};

// ---------------------------------------------------------------------------------------------
// The other rulesets' initiative (their rules are still being written; Freelancers takes no number)

const OTHER_INITIATIVE: Record<string, () => void> = {
  dicepoolInitiative: () => {
    guards(
      [
        { combatantId: "a", result: 3, pool: 2, isPlayerSide: true },
        { combatantId: "b", result: 5, pool: 1, isPlayerSide: false },
      ],
      (rolls) => dicepoolInitiative(rolls),
    );
  },
  twodiceInitiative: () => {
    guards(
      [
        { teamId: "a", d20: 12, traitBonuses: [1, 2] },
        { teamId: "b", d20: 7, traitBonuses: [0] },
      ],
      (rolls) =>
        twodiceInitiative({
          teams: [
            { teamId: "a", isPlayerSide: true },
            { teamId: "b", isPlayerSide: false },
          ],
          rolls,
        }),
    );
  },
};

// The dice-pool game has its own suite: src/rules/dicepool/hostile.property.test.ts drives every
// export of dicepool/index.ts with hostile values and lists them all.

// ---------------------------------------------------------------------------------------------
// Core: formulas and the guard itself

const CORE: Record<string, () => void> = {
  parseFormula: () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc
            .tuple(fc.nat({ max: 1e6 }), fc.nat({ max: 1e6 }), fc.integer())
            .map(([n, s, k]) => `${n}d${s}${k < 0 ? "" : "+"}${k}`),
        ),
        (text) => {
          const parsed = core.parseFormula(text);
          if (!parsed.ok) {
            expect(["badFormula", "formulaTooLarge"]).toContain(parsed.reason);
            return;
          }
          const dist = core.formulaDistribution(parsed.value);
          expect(Math.abs(core.total(dist) - 1)).toBeLessThan(1e-9);
          expectAllFinite([core.formulaMin(parsed.value), core.formulaMax(parsed.value)]);
        },
      ),
    );
  },
  checkNumber: () => {
    fc.assert(
      fc.property(fc.constantFrom(...NON_FINITE), (bad) => {
        expect(core.checkNumber("x", bad)?.reason).toBe("not-a-number");
        expect(core.checkDieFace("x", bad, 8)?.reason).toBe("not-a-number");
        expect(core.checkPool("x", bad, 10)?.reason).toBe("not-a-number");
        expect(core.checkPool("x", 5, bad)?.reason).toBe("not-a-number");
        expect(core.checkStepDie("x", bad)?.reason).toBe("not-a-number");
        expect(core.checkAllNumbers("x", { a: [1, { b: bad }] })?.detail).toMatchObject({
          field: "x.a.1.b",
        });
      }),
    );
  },
};

describe("the engine boundary refuses NaN, ±Infinity and out-of-range numbers", () => {
  for (const [ruleset, table] of Object.entries({
    freelancers: FREELANCERS,
    initiative: OTHER_INITIATIVE,
    core: CORE,
  })) {
    for (const [name, property] of Object.entries(table)) {
      it(`${ruleset}.${name}`, property);
    }
  }
});
