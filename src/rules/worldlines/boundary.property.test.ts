/**
 * Worldlines at the engine boundary (issues 9 and 30), as properties: every function index.ts
 * exports, handed an input in which one number or one string anywhere is hostile, refuses by name
 * or answers soundly (../boundary.support.ts says what each property asserts). The last block
 * fails on an export that has no property here and is not listed as taking no outside number.
 */
import { describe, expect, it } from "vitest";
import { afterCheck, dice, guards } from "../boundary.support.ts";
import { exportedFunctions, hostile, valueOf } from "../core/hostile.support.ts";
import * as worldlines from "./index.ts";
import type { AttackInput, WorldlinesCombatant } from "./index.ts";
import { worldlinesInitiative, worldlinesReorder } from "./order.ts";

const maya: WorldlinesCombatant = worldlines.makeCombatant({
  id: "maya",
  skills: { firearms: 2, evasion: 1 },
  armor: { torso: 6 },
  statuses: { bleeding: { hpPerTurn: 1 } },
  critWiden: 1,
});
const rook: WorldlinesCombatant = worldlines.makeCombatant({
  id: "rook",
  skills: { evasion: 1 },
  armor: { head: 4, torso: 6 },
  armorBonus: 1,
});
const attack: AttackInput = {
  attacker: maya,
  defender: rook,
  weapon: {
    id: "pistol",
    name: "Pistol",
    kind: "ranged",
    skill: "firearms",
    damage: "1d6+1",
    accuracy: 1,
    critWiden: 0,
  },
  situation: { zone: "torso", range: "short", energyCost: 2 },
};

const medic: WorldlinesCombatant = worldlines.makeCombatant({
  id: "medic",
  traits: { combat: 6, spirit: 6, mind: 8 },
  skills: { medicine: 1 },
});
const staggered: WorldlinesCombatant = worldlines.makeCombatant({
  id: "staggered",
  statuses: { poisoned: { hpPerTurn: 2 }, staggered: { turnsLeft: 1 } },
  disabledLimbs: { arms: false, legs: true },
});

const knife = {
  id: "knife",
  name: "Knife",
  kind: "melee",
  skill: "melee",
  damage: "1d4",
  accuracy: 1,
} as const;

const TECHNIQUE: worldlines.WorldlinesTechnique = {
  id: "burst",
  name: "Burst",
  cost: 2,
  use: "action",
  interrupt: true,
};
const ATTACK_TECHNIQUE: worldlines.WorldlinesTechnique = {
  id: "aim",
  name: "Aim",
  cost: 1,
  use: "attack",
  critWiden: 1,
  headshotWiden: 2,
  energyRefund: 1,
};
const PASSIVE_TECHNIQUE: worldlines.WorldlinesTechnique = {
  id: "eye",
  name: "Eye",
  cost: 0,
  use: "passive",
  critWiden: 1,
  headshotWiden: 1,
};

const checkedActor = (actor: WorldlinesCombatant) => worldlines.checkedCombatant("actor", actor);

/** The combatants an attack hands back, each through its check (undefined when it passes). */
function wlAttackStates(answer: unknown): unknown[] {
  const o = valueOf(answer) as worldlines.AttackOutcome;
  return [
    worldlines.checkCombatant("attacker", o.attacker),
    worldlines.checkCombatant("defender", o.defender),
  ];
}

/** The Worldlines entry points and how to call each with a poisoned state. */
/** Two teams tied on momentum (the momentum rules' input). */
const momentumTeams = [
  { id: "crew", momentum: 12, isPlayerSide: true },
  { id: "raiders", momentum: 12, isPlayerSide: false },
];

const WORLDLINES: Record<string, () => void> = {
  checkAttack: () => {
    guards(attack, (input) => worldlines.checkAttack(input));
  },
  resolveAttack: () => {
    guards(
      attack,
      (input) =>
        afterCheck(worldlines.checkAttackInput(input), (checked) =>
          worldlines.resolveAttack(checked, dice(), { evade: true }),
        ),
      150,
      { states: wlAttackStates },
    );
  },
  checkAttackInput: () => {
    guards(attack, (input) => worldlines.checkAttackInput(input));
  },
  checkedCombatant: () => {
    guards(maya, (actor) => worldlines.checkedCombatant("actor", actor));
  },
  checkedOptions: () => {
    guards(worldlines.DEFAULT_OPTIONS, (options) => worldlines.checkedOptions(options), 60);
  },
  checkedArms: () => {
    const arms = { weapon: attack.weapon, situation: attack.situation ?? {} };
    guards(arms, (input) => worldlines.checkedArms("f", input.weapon, input.situation));
  },
  attackOdds: () => {
    guards(attack, (input) => worldlines.attackOdds(input, { evade: true }), 60, {
      chances: (answer) => {
        const o = valueOf(answer) as worldlines.AttackOdds;
        return [o.hit, o.critical, o.evaded, o.headshotKill, o.headshotTriple];
      },
      distributions: (answer) => [(valueOf(answer) as worldlines.AttackOdds).damage],
    });
  },
  checkEvasion: () => {
    guards(rook, (d) => worldlines.checkEvasion(d, false));
  },
  checkExtraEvasion: () => {
    guards(rook, (d) => worldlines.checkExtraEvasion(d));
  },
  checkAction: () => {
    guards({ actor: maya, cost: 2 }, ({ actor, cost }) =>
      worldlines.checkAction(actor, { kind: "technique", cost }),
    );
  },
  spendEnergy: () => {
    guards({ actor: maya, spaces: 2 }, ({ actor, spaces }) =>
      worldlines.spendEnergy(actor, { kind: "move", spaces }),
    );
  },
  refreshEnergy: () => {
    guards(maya, (actor) => afterCheck(checkedActor(actor), (a) => worldlines.refreshEnergy(a)));
  },
  loseHealth: () => {
    guards({ actor: rook, amount: 5 }, ({ actor, amount }) =>
      worldlines.loseHealth(actor, amount, { nonLethal: true, dice: dice() }),
    );
  },
  applyStatus: () => {
    guards({ actor: maya, hp: 3, points: 1 }, ({ actor, hp, points }) => {
      const bled = worldlines.applyStatus(actor, { status: "bleeding", hpPerTurn: hp }, dice());
      return bled.ok
        ? worldlines.applyStatus(bled.value, { status: "exhausted", points }, dice())
        : bled;
    });
  },
  startTurn: () => {
    guards(maya, (actor) =>
      afterCheck(checkedActor(actor), (a) => worldlines.startTurn(a, dice())),
    );
  },
  endTurn: () => {
    guards({ ...maya, statuses: { staggered: { turnsLeft: 2 }, blinded: { turnsLeft: 3 } } }, (a) =>
      afterCheck(checkedActor(a), (checked) => worldlines.endTurn(checked)),
    );
  },
  resolveStatuses: () => {
    guards({ ...maya, statuses: { poisoned: { hpPerTurn: 2 } } }, (actor) =>
      afterCheck(checkedActor(actor), (a) => worldlines.resolveStatuses(a, dice())),
    );
  },
  attemptRecovery: () => {
    guards({ patient: staggered, helper: medic }, ({ patient, helper }) =>
      worldlines.attemptRecovery({ patient, helper, status: "poisoned" }, dice()),
    );
  },
  useAntidote: () => {
    guards({ patient: staggered, helper: medic }, ({ patient, helper }) =>
      worldlines.useAntidote(helper, patient),
    );
  },
  firstAid: () => {
    guards({ patient: maya, helper: medic }, ({ patient, helper }) =>
      afterCheck(checkedActor(helper), (h) =>
        afterCheck(checkedActor(patient), (p) => worldlines.firstAid(h, p, dice())),
      ),
    );
  },
  treatLimb: () => {
    guards({ patient: staggered, helper: medic }, ({ patient, helper }) =>
      worldlines.treatLimb(helper, patient, "legs", dice()),
    );
  },
  checkInterrupt: () => {
    guards({ actor: maya, target: rook }, ({ actor, target }) =>
      worldlines.checkInterrupt(actor, "coveringFire", { target, weapon: attack.weapon }),
    );
  },
  coveringFire: () => {
    guards(attack, ({ attacker, defender, weapon, situation }) =>
      worldlines.coveringFire(
        {
          interrupter: attacker,
          target: defender,
          weapon,
          ...(situation === undefined ? {} : { situation }),
          choice: "evade",
        },
        dice(),
      ),
    );
  },
  coverTarget: () => {
    guards(attack, ({ attacker, defender, weapon, situation }) =>
      worldlines.coverTarget(
        { interrupter: attacker, target: defender, weapon, ...(situation ? { situation } : {}) },
        dice(),
      ),
    );
  },
  answerCover: () => {
    guards(
      { ...attack, attackTotal: 7 },
      ({ attacker, defender, weapon, situation, attackTotal }) =>
        worldlines.answerCover(
          {
            interrupter: attacker,
            target: defender,
            weapon,
            ...(situation ? { situation } : {}),
            attackTotal,
            choice: "evade",
          },
          dice(),
        ),
    );
  },
  skillCheck: () => {
    guards({ actor: staggered, td: 6 }, ({ actor, td }) =>
      worldlines.skillCheck(actor, "athletics", td, dice()),
    );
  },
  useItem: () => {
    const item = { kind: "stim", quantity: 2, heals: 5 };
    guards({ helper: medic, patient: staggered, item }, ({ helper, patient, item: it }) =>
      worldlines.useItem(helper, patient, it),
    );
  },
  firstAidTreatment: () => {
    const kit = { kind: "firstAidKit", quantity: 2, heals: 4 };
    guards({ helper: medic, patient: maya, kit }, ({ helper, patient, kit: k }) =>
      worldlines.firstAidTreatment(helper, patient, k, dice()),
    );
  },
  opportunityAttack: () => {
    guards({ ...attack, weapon: knife }, ({ attacker, defender, weapon, situation }) =>
      worldlines.opportunityAttack(
        {
          attacker,
          target: defender,
          weapon,
          entersReach: true,
          ...(situation === undefined ? {} : { situation }),
        },
        dice(),
        { evade: true },
      ),
    );
  },
  judgeCheck: () => {
    guards({ die: 8, natural: 5, bonus: 1, td: 6 }, ({ die, natural, bonus, td }) =>
      worldlines.judgeCheck(die as 8, natural, bonus, td),
    );
  },
  rollCheck: () => {
    guards({ actor: medic, td: 6 }, ({ actor, td }) =>
      worldlines.rollCheck(actor, worldlines.DEFAULT_OPTIONS.medicineCheck, td, dice()),
    );
  },
  rollSpiritCheck: () => {
    guards({ actor: maya, td: 6 }, ({ actor, td }) =>
      worldlines.rollSpiritCheck(actor, td, dice()),
    );
  },
  spendRound: () => {
    guards({ value: 3, max: 6 }, (ammo) => worldlines.spendRound(ammo));
  },
  reloadWeapon: () => {
    guards({ actor: maya, ammo: { value: 1, max: 6 } }, ({ actor, ammo }) =>
      worldlines.reloadWeapon(actor, ammo),
    );
  },
  buildItem: () => {
    guards(maya, (actor) =>
      worldlines.buildItem(actor, { deployable: true, deployed: false, damaged: false }),
    );
  },
  throwItem: () => {
    guards({ actor: maya, feet: 30, quantity: 2, limit: 45 }, ({ actor, feet, quantity, limit }) =>
      worldlines.throwItem(actor, feet, quantity, worldlines.DEFAULT_OPTIONS, limit),
    );
  },
  throwRangeOf: () => {
    guards(maya, (actor) => worldlines.throwRangeOf(actor));
  },
  resolveBlast: () => {
    guards([maya, rook], (targets) => worldlines.resolveBlast(targets, "2d6", dice()));
  },
  checkTechnique: () => {
    guards({ actor: maya, technique: TECHNIQUE }, ({ actor, technique }) =>
      worldlines.checkTechnique(actor, technique),
    );
  },
  applyTechnique: () => {
    guards({ actor: maya, technique: TECHNIQUE }, ({ actor, technique }) =>
      worldlines.applyTechnique(actor, technique),
    );
  },
  applyTechniqueOn: () => {
    const stabilize = { ...TECHNIQUE, interrupt: false, stopsBleeding: true };
    guards({ actor: medic, patient: maya, technique: stabilize }, (i) =>
      worldlines.applyTechniqueOn(i.actor, i.patient, i.technique),
    );
  },
  drawWeapon: () => {
    const quickDraw = { ...PASSIVE_TECHNIQUE, freeWeaponSwitch: true };
    guards({ actor: maya, technique: quickDraw }, ({ actor, technique }) =>
      worldlines.drawWeapon(actor, [technique], false),
    );
  },
  attackWithTechnique: () => {
    guards({ attacker: maya, weapon: knife, technique: ATTACK_TECHNIQUE }, (i) =>
      worldlines.attackWithTechnique(i.attacker, i.weapon, i.technique),
    );
  },
  withPassiveTechniques: () => {
    guards({ actor: maya, technique: PASSIVE_TECHNIQUE }, ({ actor, technique }) =>
      worldlines.withPassiveTechniques(actor, [technique]),
    );
  },
  refundEnergy: () => {
    guards({ actor: maya, refund: 2 }, ({ actor, refund }) =>
      worldlines.refundEnergy(actor, refund, true),
    );
  },
  worldlinesInitiative: () => {
    guards(
      [
        { teamId: "a", isPlayerSide: true, combatRolls: [{ sides: 8, value: 5 }] },
        { teamId: "b", isPlayerSide: false, combatRolls: [{ sides: 6, value: 6 }] },
      ],
      (teams) => worldlinesInitiative(teams),
    );
  },
  criticalDamage: () => {
    const formula = worldlines.damageFormula("2d6+1");
    if (formula === null) throw new Error("2d6+1 must parse");
    guards({ formula }, (input) => worldlines.criticalDamage(input.formula));
  },
  critThreshold: () => {
    guards({ attacker: maya, weapon: attack.weapon }, (input) =>
      worldlines.critThreshold(input.attacker, input.weapon),
    );
  },
  headshotThreshold: () => {
    guards({ attacker: maya, weapon: attack.weapon }, (input) =>
      worldlines.headshotThreshold(input.attacker, input.weapon),
    );
  },
  attackModifiers: () => {
    guards(attack, (input) => worldlines.attackModifiers(input));
  },
  evasionModifiers: () => {
    guards(attack, (input) => worldlines.evasionModifiers(input));
  },
  runEncounter: () => {
    const setup = {
      teams: worldlines.SAMPLE_TEAMS,
      fighters: worldlines.sampleFighters(),
      maxRounds: 3,
    };
    guards(setup, (input) => worldlines.runEncounter(input, dice()), 40);
  },
  energyCost: () => {
    guards({ actor: maya, spaces: 2, cost: 1 }, ({ actor, spaces, cost }) => {
      const move = worldlines.energyCost(actor, { kind: "move", spaces });
      return move.ok ? worldlines.energyCost(actor, { kind: "technique", cost }) : move;
    });
  },
  teamMomentum: () => {
    guards({ rolls: [3, 8, 5] }, ({ rolls }) =>
      afterCheck(worldlines.checkMomentumRolls(rolls), (r) => worldlines.teamMomentum(r)),
    );
  },
  checkMomentumRolls: () => {
    guards({ rolls: [3, 8, 5] }, ({ rolls }) => worldlines.checkMomentumRolls(rolls));
  },
  orderByMomentum: () => {
    guards(momentumTeams, (teams) =>
      afterCheck(worldlines.checkMomentumTeams(teams), (t) =>
        worldlines.orderByMomentum(t, "players"),
      ),
    );
  },
  checkMomentumTeams: () => {
    guards(momentumTeams, (teams) => worldlines.checkMomentumTeams(teams));
  },
  settleTieByReroll: () => {
    const teams = worldlines.checkMomentumTeams(momentumTeams);
    if (!teams.ok) throw new Error(teams.reason);
    const tied = worldlines.orderByMomentum(teams.value, "reroll");
    guards({ crew: 13, raiders: 15 }, (rerolled) =>
      worldlines.settleTieByReroll(tied, ["crew", "raiders"], rerolled),
    );
  },
  swapMomentum: () => {
    guards(momentumTeams, (teams) => worldlines.swapMomentum(teams, "crew", "raiders"));
  },
  stealMomentum: () => {
    guards(momentumTeams, (teams) => worldlines.stealMomentum(teams, "raiders", "crew"));
  },
  worldlinesReorder: () => {
    const order = {
      mode: "team" as const,
      order: ["crew", "raiders"],
      values: { crew: 12, raiders: 10 },
      surpriseRound: [],
    };
    guards({ order, teams: momentumTeams }, (input) => worldlinesReorder(input.order, input.teams));
  },
};

/** Builders of the documented defaults: whatever they are handed, what they build passes its check. */
const BUILDERS: Record<string, () => void> = {
  makeCombatant: () => {
    hostile({
      valid: { ...maya, health: 9, energy: { value: 3, max: 6 } },
      call: (seed) => worldlines.makeCombatant(seed),
      states: (built) => [worldlines.checkCombatant("built", built as WorldlinesCombatant)],
    });
  },
  withOptions: () => {
    hostile({
      valid: { headshotMultiplier: 3, costs: { attack: 2, evade: 1 } },
      call: (overrides) => {
        const options = worldlines.withOptions(overrides);
        return worldlines.checkOptions(options) ?? options;
      },
    });
  },
};

describe("Worldlines: the engine boundary refuses NaN, ±Infinity, built-in names and huge values", () => {
  for (const [name, property] of Object.entries({ ...WORLDLINES, ...BUILDERS })) {
    it(name, property);
  }

  it("the findings of issue #9, each refused by name", () => {
    const nanEnergy = { ...maya, energy: { value: Number.NaN, max: 6 } };
    expect(worldlines.checkAttack({ ...attack, attacker: nanEnergy })).toMatchObject({
      ok: false,
      reason: "not-a-number",
      detail: { field: "attacker.energy.value" },
    });
    const nanSkill = { ...rook, skills: { evasion: Number.NaN } };
    expect(worldlines.checkEvasion(nanSkill, false)).toMatchObject({
      ok: false,
      detail: { field: "defender.skills.evasion" },
    });
    expect(
      worldlines.checkAttack({ ...attack, situation: { ...attack.situation, energyCost: -3 } }),
    ).toMatchObject({
      ok: false,
      reason: "out-of-range",
      detail: { field: "situation.energyCost" },
    });
    expect(
      worldlines.checkAttack({
        ...attack,
        attacker: { ...maya, traits: { combat: 7 as 8, spirit: 6 } },
      }),
    ).toMatchObject({
      ok: false,
      reason: "out-of-range",
      detail: { field: "attacker.traits.combat" },
    });
  });
});

/**
 * Exported functions that take no number from outside the rules (ids, enums, already-settled
 * orders, pure helpers over checked values), so there is nothing for the guard to refuse; and the
 * input checks, whose refusals are the guard itself (the checked entry points above run after them).
 */
const NO_OUTSIDE_NUMBERS = new Set([
  "sampleFighters",
  "allowsNonLethal",
  "damageFormula",
  "diffCombatant",
  "diffAll",
  "withoutStatus",
  "worldlinesRoundPlan",
  "mayActInPhase",
  "actingCombatants",
  "eventCombatants",
  "checkCombatant",
  "checkWeapon",
  "checkOptions",
  "optionalCount",
  "checkApplication",
  "checkTable",
  "checkSituation",
  "attackUpdates",
  "treatmentUpdates",
  // ends a status by id; copies the actor's numbers, computes none
  "removeStatus",
  // a stance and a skill name looked up in a table of its own
  "stanceAdvantageOn",
]);

describe("Worldlines: every exported function is a checked entry point or says why not", () => {
  it("has a property above, or takes no outside number", () => {
    const unaccounted = exportedFunctions(worldlines).filter(
      (name) => !(name in WORLDLINES) && !(name in BUILDERS) && !NO_OUTSIDE_NUMBERS.has(name),
    );
    expect(unaccounted).toEqual([]);
  });
});
