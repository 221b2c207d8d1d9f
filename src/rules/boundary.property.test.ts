/**
 * The engine boundary, as properties: every guarded rules entry point, handed a state in which
 * one number anywhere is NaN, ±Infinity, negative or huge, either refuses by name
 * ("not-a-number", "not-whole", "out-of-range") or, where the value is legitimately allowed,
 * returns an outcome in which every number is finite and health and Energy stay in range.
 *
 * Every case then runs the shared hostile-input property too (core/hostile.support.ts, issue 30):
 * one number or one string anywhere replaced by −0, 2⁵³, 10³⁰⁸, a name every object answers to
 * ("toString", "__proto__" …) or an absurd formula, and the call throws nothing, answers within
 * its time bound with no NaN, no infinity and no function in its answer, and refuses by name.
 *
 * The last block lists the functions each index.ts exports: a newly exported function that is
 * neither here nor in the list of functions without outside numbers fails it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkedAs } from "./core/checked.ts";
import * as core from "./core/index.ts";
import { hostile, valueOf } from "./core/hostile.support.ts";
import type { HostileCase } from "./core/hostile.support.ts";
import { seededRandom } from "./core/random.ts";
import * as worldlines from "./worldlines/index.ts";
import type { AttackInput, WorldlinesCombatant } from "./worldlines/index.ts";
import { dicepoolInitiative } from "./dicepool/initiative.ts";
import { twodiceInitiative } from "./twodice/initiative.ts";
import { worldlinesInitiative, worldlinesReorder } from "./worldlines/order.ts";
import * as wwn from "./wwn/index.ts";
import * as freelancers from "./freelancers/index.ts";
import * as twodice from "./twodice/index.ts";
import { checkTwodiceFighters } from "./sim/twodice.ts";
import { twodiceSquad } from "./sim/twodice-fixtures.ts";
import type { AttackInput as WwnAttackInput } from "./wwn/index.ts";

const NUMBER_REASONS = ["not-a-number", "not-whole", "out-of-range"];
const NON_FINITE = [Number.NaN, Infinity, -Infinity];
const BAD = fc.constantFrom(...NON_FINITE, -1, -1e9, 1e9, 1e308, -0.5, 2.5);

/** Every path to a number inside `value`. */
function numberPaths(value: unknown, prefix: readonly string[] = []): string[][] {
  if (typeof value === "number") return [[...prefix]];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) => numberPaths(inner, [...prefix, key]));
}

/** A copy of `value` with the number at `path` replaced. */
function poison<T>(value: T, path: readonly string[], bad: number): T {
  const [head, ...rest] = path;
  if (head === undefined) return bad as T;
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>;
  copy[head] = poison(copy[head], rest, bad);
  return copy as T;
}

/** Every number in an outcome is finite (functions, the dice source and the like are skipped). */
function expectAllFinite(value: unknown, path = "outcome", depth = 8): void {
  if (typeof value === "number") {
    expect(Number.isFinite(value), `${path} is ${value}`).toBe(true);
    return;
  }
  if (value === null || typeof value !== "object" || depth === 0) return;
  for (const [key, inner] of Object.entries(value))
    expectAllFinite(inner, `${path}.${key}`, depth - 1);
}

/** Health and Energy of every combatant in an outcome stay within 0..max. */
function expectPoolsInRange(value: unknown, depth = 6): void {
  if (value === null || typeof value !== "object" || depth === 0) return;
  for (const pool of ["health", "energy", "hp"]) {
    const p = (value as Record<string, unknown>)[pool] as { value?: unknown; max?: unknown };
    if (typeof p === "object" && typeof p.value === "number" && typeof p.max === "number") {
      expect(p.value).toBeGreaterThanOrEqual(0);
      expect(p.value).toBeLessThanOrEqual(p.max);
    }
  }
  for (const inner of Object.values(value)) expectPoolsInRange(inner, depth - 1);
}

/** What the shared hostile property also reads in an answer: its states, chances, distributions. */
type Answers = Pick<HostileCase<unknown>, "states" | "chances" | "distributions">;

/**
 * The property for one entry point: `call` is run on `valid` with one number poisoned. A
 * non-finite number must be refused by name; any other bad number is refused or gives a finite,
 * in-range outcome. Then the shared hostile property, with `more` read in its answers.
 */
function guards<T>(valid: T, call: (input: T) => unknown, runs = 150, more: Answers = {}): void {
  hostile({ valid, call, ...more, runs: 0 });
  const paths = numberPaths(valid);
  expect(paths.length).toBeGreaterThan(0);
  fc.assert(
    fc.property(fc.constantFrom(...paths), BAD, (path, bad) => {
      const out = call(poison(valid, path, bad)) as { ok?: boolean; reason?: string } | undefined;
      if (NON_FINITE.includes(bad) || Number.isNaN(bad)) {
        expect(out, `${path.join(".")} = ${bad}`).toMatchObject({ ok: false });
        expect(NUMBER_REASONS).toContain(out?.reason);
        return;
      }
      if (out?.ok === false) {
        expect(typeof out.reason).toBe("string");
        return;
      }
      expectAllFinite(out);
      expectPoolsInRange(out);
    }),
    { numRuns: runs },
  );
}

const dice = () => seededRandom("boundary");

// ---------------------------------------------------------------------------------------------
// Worldlines

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

/**
 * A rule that takes checked input, called the way its callers call it: after its input check, whose
 * refusal comes back as the call's (a rule taking checked input never sees a poisoned number).
 */
function afterCheck<T, R>(
  checked: { ok: true; value: T } | { ok: false; reason: string },
  rule: (value: T) => R,
): R | { ok: false; reason: string } {
  return checked.ok ? rule(checked.value) : checked;
}

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

// ---------------------------------------------------------------------------------------------
// WWN

const fighter = wwn.makeWwnCombatant({
  id: "fighter",
  attributes: { str: 1, dex: 2 },
  skills: { stab: 1 },
  attackBonus: 1,
});
const bandit = wwn.makeWwnCombatant({ id: "bandit" });
const wwnAttack: WwnAttackInput = {
  attacker: fighter,
  defender: bandit,
  weapon: wwn.makeWwnWeapon({
    id: "sword",
    damage: "1d8",
    shock: { damage: 2, ac: 13 },
    magicBonus: 1,
  }),
  situation: { modifiers: [{ source: "spell", value: 1 }] },
};

const own = { ownTurn: true };
/** A round's action state part-way through: a Move begun, screening an ally. */
const wwnActions: wwn.ActionState = {
  ...wwn.FRESH_ACTIONS,
  movesUsed: 1,
  moveFeet: 10,
  moveLimit: 30,
  moveOpen: true,
  instants: 1,
  screening: { allyId: "ally", blocksLeft: 1 },
};
/** Whoever makes a check: only its attribute modifiers and skills are read. */
const wwnUser = { attributes: { str: 1, dex: 2 }, skills: { stab: 1, punch: 0 } };
const wwnFists = wwn.makeWwnWeapon({ id: "fists", skill: "punch", damage: "1d2", unarmed: true });
const wwnCrossbow = wwn.makeWwnWeapon({
  id: "crossbow",
  mode: "ranged",
  reload: "slow",
  ammo: { value: 2, max: 10 },
});
const wwnState = (state: wwn.ActionState) => wwn.checkedWwnActions("actions", state);
const wwnChecked = (input: WwnAttackInput) => wwn.checkWwnAttackInput(input);

/** The round's action economy, the steps of the attack, checks, health, Armor Class, items. */
const WWN_RULES: Record<string, () => void> = {
  startRound: () => {
    guards(wwnActions, (s) => afterCheck(wwnState(s), (c) => wwn.startRound(c)));
  },
  beginTurn: () => {
    guards({ ...wwnActions, totalDefense: true }, (s) =>
      afterCheck(wwnState(s), (c) => wwn.beginTurn(c)),
    );
  },
  checkedWwnActions: () => {
    guards(wwnActions, (s) => wwnState(s));
  },
  spendMove: () => {
    guards({ state: wwnActions, feet: 10, limit: 30 }, (i) =>
      afterCheck(wwnState(i.state), (c) => wwn.spendMove(c, i.feet, i.limit, own)),
    );
  },
  spendMoveAction: () => {
    guards(wwnActions, (s) => wwn.spendMoveAction(s, own));
  },
  spendMain: () => {
    guards(wwnActions, (s) => wwn.spendMain(s, own));
  },
  spendMainAsInstant: () => {
    guards(wwnActions, (s) => wwn.spendMainAsInstant(s));
  },
  spendOnTurn: () => {
    guards(wwnActions, (s) => wwn.spendOnTurn(s, own));
  },
  spendInstant: () => {
    guards(wwnActions, (s) => wwn.spendInstant(s));
  },
  spendMoveAndMain: () => {
    guards({ state: wwn.FRESH_ACTIONS, feet: 20, limit: 60 }, (i) =>
      wwn.spendMoveAndMain(i.state, i.feet, i.limit, own),
    );
  },
  spendAction: () => {
    guards({ state: wwnActions, move: { feet: 10, limit: 30 } }, (i) =>
      afterCheck(wwnState(i.state), (c) => wwn.spendAction(c, "move", own, i.move)),
    );
  },
  holdAction: () => {
    guards(wwnActions, (s) => afterCheck(wwnState(s), (c) => wwn.holdAction(c, own)));
  },
  delayAction: () => {
    guards(wwnActions, (s) => afterCheck(wwnState(s), (c) => wwn.delayAction(c, "bandit", own)));
  },
  resumeAfterDelay: () => {
    guards({ ...wwnActions, delayingFor: "bandit" }, (s) => wwn.resumeAfterDelay(s, "bandit"));
  },
  actionSummary: () => {
    guards(wwnActions, (s) => wwn.actionSummary(s));
  },
  weaponAttribute: () => {
    guards({ attacker: fighter, weapon: wwnAttack.weapon }, (i) =>
      wwn.weaponAttribute(i.attacker, i.weapon),
    );
  },
  effectiveAc: () => {
    guards({ ...bandit, actions: { ...wwnActions, totalDefense: true } }, (d) =>
      afterCheck(wwn.checkedWwnCombatant("defender", d), (c) => wwn.effectiveAc(c)),
    );
  },
  checkedWwnCombatant: () => {
    guards(bandit, (d) => wwn.checkedWwnCombatant("defender", d));
  },
  checkedWwnWeapon: () => {
    guards(wwnCrossbow, (w) => wwn.checkedWwnWeapon("weapon", w));
  },
  checkedWwnOptions: () => {
    guards(wwn.DEFAULT_WWN_OPTIONS, (o) => wwn.checkedWwnOptions(o), 60);
  },
  checkWwnAttackInput: () => {
    guards(wwnAttack, (input) => wwn.checkWwnAttackInput(input));
  },
  hitModifiers: () => {
    guards(wwnAttack, (input) => afterCheck(wwnChecked(input), (c) => wwn.hitModifiers(c)));
  },
  damageBonuses: () => {
    guards(wwnAttack, (input) => afterCheck(wwnChecked(input), (c) => wwn.damageBonuses(c)));
  },
  shockFor: () => {
    guards(wwnAttack, (input) => afterCheck(wwnChecked(input), (c) => wwn.shockFor(c)));
  },
  bestAttribute: () => {
    guards(wwnUser, (user) =>
      afterCheck(wwn.checkedCheckUser("user", user), (c) => wwn.bestAttribute(c, ["str", "dex"])),
    );
  },
  skillLevel: () => {
    guards(wwnUser, (user) =>
      afterCheck(wwn.checkedCheckUser("user", user), (c) => wwn.skillLevel(c, "stab")),
    );
  },
  checkedCheckUser: () => {
    guards(wwnUser, (user) => wwn.checkedCheckUser("user", user));
  },
  checkedSide: () => {
    guards({ user: wwnUser, modifier: 1 }, (i) =>
      wwn.checkedSide("side", { user: i.user, spec: wwn.GRAPPLE_CHECK, modifier: i.modifier }),
    );
  },
  checkedSaveUser: () => {
    guards({ saves: fighter.saves }, (i) => wwn.checkedSaveUser("actor", i));
  },
  checkSkill: () => {
    guards(wwnUser, (user) => wwn.checkSkill(user, ["stab", "punch"]));
  },
  checkBonus: () => {
    guards({ user: wwnUser, modifier: 1 }, (i) =>
      afterCheck(
        wwn.checkedSide("side", { user: i.user, spec: wwn.GRAPPLE_CHECK, modifier: i.modifier }),
        (side) => wwn.checkBonus(side),
      ),
    );
  },
  rollCheck: () => {
    guards({ user: wwnUser, modifier: -1 }, (i) =>
      afterCheck(
        wwn.checkedSide("side", { user: i.user, spec: wwn.SHOVE_CHECK, modifier: i.modifier }),
        (side) => wwn.rollCheck(side, dice()),
      ),
    );
  },
  opposedCheck: () => {
    guards(
      {
        actor: { user: wwnUser, spec: wwn.GRAPPLE_CHECK, modifier: -2 },
        defender: { user: wwnUser, spec: wwn.GRAPPLE_CHECK },
      },
      (i) =>
        afterCheck(wwn.checkedSide("actor", i.actor), (a) =>
          afterCheck(wwn.checkedSide("defender", i.defender), (d) =>
            wwn.opposedCheck(a, d, dice()),
          ),
        ),
    );
  },
  rollSave: () => {
    guards({ saves: fighter.saves, modifier: -1 }, (i) =>
      afterCheck(wwn.checkedSaveUser("actor", { saves: i.saves }), (a) =>
        wwn.rollSave(a, "physical", dice(), i.modifier),
      ),
    );
  },
  attributeModifier: () => {
    guards({ score: 14 }, (i) => wwn.attributeModifier(i.score));
  },
  armorClass: () => {
    guards(
      { natural: 10, worn: [13, 11], shield: { ac: 13, bonus: 1 }, dexModifier: 1, bonus: 0 },
      (parts) => wwn.armorClass(parts),
    );
  },
  loseHp: () => {
    guards({ actor: bandit, amount: 4 }, (i) =>
      afterCheck(wwn.checkedWwnCombatant("actor", i.actor), (a) =>
        wwn.loseHp(a, i.amount, "nonLethal"),
      ),
    );
  },
  wakeUp: () => {
    const out = { ...bandit, life: "unconscious" as const, hp: { value: 0, max: 10 } };
    guards({ ...out, downMinutes: 5 }, (actor) => wwn.wakeUp(actor));
  },
  moveRate: () => {
    guards({ ...fighter, prone: true }, (actor) => wwn.moveRate(actor, "hard"));
  },
  dropItem: () => {
    guards({ actor: fighter, weapon: wwnAttack.weapon }, (i) => wwn.dropItem(i.actor, i.weapon));
  },
  reloadCost: () => {
    guards({ actor: fighter, weapon: wwnCrossbow }, (i) => wwn.reloadCost(i.actor, i.weapon));
  },
  leavingMeleeProvokes: () => {
    guards(fighter, (actor) => wwn.leavingMeleeProvokes(actor));
  },
  grappleRoundEnd: () => {
    const grappler = { ...fighter, grappling: "bandit" };
    guards({ defender: bandit, grapplers: [{ grappler, unarmed: wwnFists }] }, (i) =>
      wwn.grappleRoundEnd(i.defender, i.grapplers, dice()),
    );
  },
  resolveScreen: () => {
    const knight = { ...fighter, id: "knight", actions: wwnActions };
    guards({ attacker: bandit, weapon: wwnAttack.weapon, screeners: [knight] }, (i) =>
      wwn.resolveScreen(i.attacker, i.weapon, "ally", i.screeners, dice()),
    );
  },
};

/** WWN exports that read no number at all. */
const WWN_NO_NUMBERS = new Set([
  // counts the other swarmers still standing from ids and a predicate; reads no number
  "swarmAllies",
]);

const WWN: Record<string, () => void> = {
  checkAttackRules: () => {
    guards(wwnAttack, (input) => afterCheck(wwnChecked(input), (c) => wwn.checkAttackRules(c)));
  },
  checkAttack: () => {
    guards(wwnAttack, (input) => wwn.checkAttack(input));
  },
  resolveAttack: () => {
    guards(
      wwnAttack,
      (input) => afterCheck(wwnChecked(input), (c) => wwn.resolveAttack(c, dice())),
      150,
      {
        states: (answer) => {
          const o = valueOf(answer) as wwn.AttackOutcome;
          return [
            wwn.checkWwnCombatant("attacker", o.attacker),
            wwn.checkWwnCombatant("defender", o.defender),
            wwn.checkWwnWeapon("weapon", o.weapon),
          ];
        },
      },
    );
  },
  wwnAttackOdds: () => {
    guards(wwnAttack, (input) => wwn.wwnAttackOdds(input), 150, {
      chances: (answer) => {
        const o = valueOf(answer) as wwn.WwnAttackOdds;
        return [o.hit, o.drop];
      },
      distributions: (answer) => [(valueOf(answer) as wwn.WwnAttackOdds).damage],
    });
  },
  wwnSideInitiative: () => {
    guards({ teamId: "a", isPlayerSide: true, d8: 4, dexModifiers: [1, -1] }, (side) =>
      wwn.wwnSideInitiative(side),
    );
  },
  wwnInitiative: () => {
    guards(
      [
        { teamId: "a", isPlayerSide: true, d8: 4, dexModifiers: [1] },
        { teamId: "b", isPlayerSide: false, d8: 8, dexModifiers: [0, 2] },
      ],
      (sides) => wwn.wwnInitiative(sides),
    );
  },
  releaseGrapple: () => {
    guards({ ...fighter, grappling: "bandit" }, (actor) => wwn.releaseGrapple(actor));
  },
  run: () => {
    guards({ actor: fighter, feet: 20 }, (i) => wwn.run(i.actor, i.feet));
  },
  standUp: () => {
    guards({ ...fighter, prone: true }, (actor) => wwn.standUp(actor));
  },
  goProne: () => {
    guards(fighter, (actor) => wwn.goProne(actor));
  },
  readyOrStow: () => {
    guards({ actor: fighter, weapon: wwnAttack.weapon }, (i) =>
      wwn.readyOrStow(i.actor, i.weapon, false),
    );
  },
  pickUp: () => {
    guards({ actor: fighter, weapon: { ...wwnAttack.weapon, readied: false } }, (i) =>
      wwn.pickUp(i.actor, i.weapon),
    );
  },
  reload: () => {
    const magazine = wwn.makeWwnWeapon({ id: "gun", mode: "ranged", ammo: { value: 1, max: 6 } });
    guards({ actor: fighter, magazine }, (i) => wwn.reload(i.actor, i.magazine, true));
  },
  totalDefense: () => {
    guards(fighter, (actor) => wwn.totalDefense(actor));
  },
  fightingWithdrawal: () => {
    guards(fighter, (actor) => wwn.fightingWithdrawal(actor, true));
  },
  hold: () => {
    guards(fighter, (actor) => wwn.hold(actor));
  },
  delay: () => {
    guards(fighter, (actor) => wwn.delay(actor, "bandit"));
  },
  joinSwarm: () => {
    guards(fighter, (actor) => wwn.joinSwarm({ targetId: "bandit", members: [] }, actor));
  },
  shove: () => {
    guards({ ...wwnAttack, effect: "prone" as const }, (input) => wwn.shove(input, dice()));
  },
  grapple: () => {
    const fists = wwn.makeWwnWeapon({ id: "fists", skill: "punch", damage: "1d2", unarmed: true });
    guards({ ...wwnAttack, weapon: fists }, (input) => wwn.grapple(input, dice()));
  },
  escapeGrapple: () => {
    guards({ defender: bandit, grapplers: [{ ...fighter, grappling: "bandit" }] }, (i) =>
      wwn.escapeGrapple(i.defender, i.grapplers, dice()),
    );
  },
  moveGrappled: () => {
    guards({ attacker: { ...fighter, grappling: "bandit" }, defender: bandit }, (i) =>
      wwn.moveGrappled(i.attacker, i.defender, "throw", dice()),
    );
  },
  shatterShield: () => {
    const axe = wwn.makeWwnWeapon({ id: "axe", damage: "1d8", crushing: true });
    const shielded = { ...bandit, shield: { id: "buckler", magical: false, broken: false } };
    guards({ ...wwnAttack, weapon: axe, defender: shielded }, (input) =>
      wwn.shatterShield(input, dice()),
    );
  },
  screenAlly: () => {
    guards({ actor: fighter, feet: 10 }, (i) => wwn.screenAlly(i.actor, "ally", i.feet));
  },
  executionAttack: () => {
    const { attacker, defender, weapon } = wwnAttack;
    guards({ attacker, defender, weapon }, (input) =>
      wwn.executionAttack(
        { ...input, prepared: true, targetUnaware: true, range: "melee" },
        dice(),
      ),
    );
  },
  wwnSurpriseCheck: () => {
    guards(
      {
        ambushers: { teamId: "a", members: [fighter], modifier: 1 },
        watchers: { teamId: "b", members: [bandit] },
      },
      (i) => wwn.wwnSurpriseCheck(i.ambushers, i.watchers, dice()),
    );
  },
  refillAmmo: () => {
    const crossbow = wwn.makeWwnWeapon({
      id: "crossbow",
      mode: "ranged",
      reload: "slow",
      ammo: { value: 2, max: 10 },
    });
    guards({ actor: fighter, crossbow }, (i) => wwn.refillAmmo(i.actor, i.crossbow));
  },
  ...WWN_RULES,
};

// ---------------------------------------------------------------------------------------------
// Freelancers

/**
 * For a helper that trusts its caller: `gate` (the engine's own checks that stand before it on
 * every path from the shell) refuses every non-finite number by name, and whatever the gate lets
 * through, the helper turns into finite numbers with health in range.
 */
function behind<T>(
  valid: T,
  gate: (input: T) => unknown,
  call: (input: T) => unknown,
  runs = 150,
): void {
  hostile({ valid, call, behind: gate, runs: 0 });
  const paths = numberPaths(valid);
  expect(paths.length).toBeGreaterThan(0);
  fc.assert(
    fc.property(fc.constantFrom(...paths), BAD, (path, bad) => {
      const input = poison(valid, path, bad);
      const refused = gate(input) as { ok?: boolean; reason?: string } | undefined;
      if (NON_FINITE.includes(bad)) {
        expect(refused, `${path.join(".")} = ${bad}`).toMatchObject({ ok: false });
        expect(NUMBER_REASONS).toContain(refused?.reason);
        return;
      }
      if (refused?.ok === false) return;
      const out = call(input);
      expectAllFinite(out);
      expectPoolsInRange(out);
    }),
    { numRuns: runs },
  );
}

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

// ---------------------------------------------------------------------------------------------
// Two-dice game: every entry point that reads numbers from outside (sheets, dice, the GM's calls)

const tdKara = twodice.makeTwodiceCombatant({
  id: "kara",
  traits: { agility: 11, toughness: 8, perception: 10, stealth: 9, medicine: 12 },
  unarmedDefense: 3,
  armor: [{ id: "vest", name: "Vest", coverage: 12, protection: 4 }],
  wounds: { marked: [3, 6], bleedingStopped: false, medicalBonus: 2 },
  turn: { ...twodice.FRESH_TURN, meleeDefense: 5 },
});
const tdBrute = twodice.makeTwodiceCombatant({
  id: "brute",
  traits: { agility: 9, toughness: 10, perception: 8, stealth: 7, medicine: 4 },
  unarmedDefense: 4,
  armor: [
    { id: "coat", name: "Coat", coverage: 9, protection: 2 },
    { id: "suit", name: "Suit", coverage: 20, protection: 1 },
  ],
  wounds: { marked: [8], bleedingStopped: false, medicalBonus: 0 },
  turn: { ...twodice.FRESH_TURN, meleeDefense: 2 },
});
const tdSword = twodice.makeTwodiceWeapon({ id: "sword", attack: 12, defense: 6, damage: 3 });
const tdRifle = twodice.makeTwodiceWeapon({
  id: "rifle",
  kind: "ranged",
  attack: 13,
  defense: 8,
  damage: 5,
  range: 4,
  type: { kind: "auto", threshold: 13 },
  ammo: { rounds: 0, empty: false, fresh: false },
});
const tdMelee = { attacker: tdKara, defender: tdBrute, weapon: tdSword, situation: {} };
const tdRanged = {
  attacker: tdKara,
  defender: tdBrute,
  weapon: tdRifle,
  situation: { distance: 30, targetModifier: -2, cover: [3, 1], moved: false },
};
const tdDice = { black: 7, white: 14 };

/** A property of `guards` for the table below. */
function tdProperty<T>(valid: T, call: (input: T) => unknown, runs?: number): () => void {
  return () => {
    guards(valid, call, runs);
  };
}

const TWODICE: Record<string, () => void> = {
  checkCombatant: tdProperty(tdKara, (c) => twodice.checkCombatant(c, "kara")),
  checkWeapon: tdProperty(tdRifle, (w) => twodice.checkWeapon(w)),
  checkAttackInput: tdProperty(tdRanged, (input) => twodice.checkAttackInput(input)),
  attackSetup: tdProperty(tdRanged, (input) => twodice.attackSetup(input)),
  attackOdds: () => {
    guards(tdMelee, (input) => twodice.attackOdds(input), 60);
    guards(tdRanged, (input) => twodice.attackOdds(input), 60);
  },
  hitOdds: tdProperty({ value: 12, defense: 6 }, (x) => twodice.hitOdds(x.value, x.defense)),
  resolveAttack: () => {
    guards({ input: tdMelee, dice: tdDice }, (x) => twodice.resolveAttack(x.input, x.dice));
    guards({ input: tdRanged, dice: tdDice }, (x) => twodice.resolveAttack(x.input, x.dice));
  },
  resolveAutoFire: tdProperty(
    { input: tdRanged, shots: [{ dice: tdDice }, { dice: { black: 3, white: 9 } }] },
    (x) => twodice.resolveAutoFire(x.input, x.shots),
  ),
  resolveExchange: tdProperty(
    { input: tdMelee, dice: tdDice, counter: { weapon: tdSword, dice: { black: 11, white: 2 } } },
    (x) => twodice.resolveExchange(x.input, x.dice, x.counter),
  ),
  beyondRangePenalty: tdProperty({ step: 7, range: 4 }, (x) =>
    twodice.beyondRangePenalty(x.step, x.range),
  ),
  rangeStep: tdProperty({ meters: 60 }, (x) => twodice.rangeStep(x.meters)),
  checkDice: tdProperty(tdDice, (d) => twodice.checkDice(d, 20)),
  rollCheck: tdProperty({ value: 10, dice: tdDice }, (x) => twodice.rollCheck(x.value, x.dice)),
  resolveSneak: tdProperty(
    {
      perception: 12,
      stealth: 4,
      distance: 10,
      moved: 0,
      dice: { black: 7, white: 15 },
      locateDice: { black: 9, white: 18 },
    },
    (input) => twodice.resolveSneak(input),
  ),
  takeAction: tdProperty({ turn: tdKara.turn, defense: 6 }, (x) =>
    twodice.takeAction(x.turn, { kind: "meleeAttack", defense: x.defense }),
  ),
  wait: tdProperty({ turn: tdKara.turn }, (x) => twodice.wait(x.turn, "meleeAttack")),
  rollWithIt: tdProperty({ turn: tdKara.turn }, (x) => twodice.rollWithIt(x.turn)),
  counterattack: tdProperty({ turn: tdBrute.turn, defense: 6 }, (x) =>
    twodice.counterattack(x.turn, x.defense),
  ),
  checkWounds: tdProperty(tdKara.wounds, (w) => twodice.checkWounds(w)),
  aftermath: tdProperty({ wounds: tdKara.wounds, toughness: 8 }, (x) =>
    twodice.aftermath(x.wounds, x.toughness),
  ),
  treatWounds: tdProperty({ wounds: tdKara.wounds, value: 12, dice: tdDice }, (x) =>
    twodice.treatWounds(x.wounds, x.value, x.dice),
  ),
  recover: tdProperty({ wounds: tdKara.wounds, toughness: 8, dice: { black: 11, white: 4 } }, (x) =>
    twodice.recover(x.wounds, x.toughness, x.dice),
  ),
  surpriseBonusOf: tdProperty({ surpriseBonus: 2, incapacitated: false }, (m) =>
    twodice.surpriseBonusOf(m),
  ),
  checkTwodiceOptions: tdProperty(twodice.DEFAULT_TWODICE_OPTIONS, (o) =>
    twodice.checkTwodiceOptions(o),
  ),
  // The encounter simulator's check of a two-dice fighter (its adapter's validate, sim/twodice.ts):
  // every number of the fighter, the engine's own checks, once per request.
  checkTwodiceFighters: () => {
    for (const fighter of twodiceSquad("blue", "Blue").slice(2)) {
      guards(fighter, (f) => checkTwodiceFighters([f]), 100);
    }
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
    worldlines: WORLDLINES,
    wwn: WWN,
    freelancers: FREELANCERS,
    initiative: OTHER_INITIATIVE,
    twodice: TWODICE,
    core: CORE,
  })) {
    for (const [name, property] of Object.entries(table)) {
      it(`${ruleset}.${name}`, property);
    }
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

// ---------------------------------------------------------------------------------------------
// Every exported entry point is covered

/**
 * Exported functions that take no number from outside the rules (ids, enums, already-settled
 * orders, builders of the documented defaults), so there is nothing for the guard to refuse.
 */
const NO_OUTSIDE_NUMBERS = new Set([
  // shared
  "withOptions",
  "withWwnOptions",
  "makeCombatant",
  "makeWwnCombatant",
  "makeWwnWeapon",
  "sampleFighters",
  "allowsNonLethal",
  "damageFormula",
  "diffCombatant",
  "diffAll",
  "diffWeapon",
  "withoutStatus",
  "worldlinesRoundPlan",
  "worldlinesRoundPlanFor",
  "mayActInPhase",
  "actingCombatants",
  "eventCombatants",
  "wwnRoundPlan",
  "attackMode",
  "attackCost",
  "checkCombatant",
  "checkWeapon",
  "checkOptions",
  "optionalCount",
  // Worldlines input checks (each one's refusals are the guard itself; the checked entry points
  // above run after them) and pure helpers over checked values
  "checkApplication",
  "checkTable",
  "checkSituation",
  "attackUpdates",
  "treatmentUpdates",
  // WWN input checks and a checked-input composer (a checked attack of checked parts)
  "checkWwnSituation",
  "checkedWwnAttackOf",
  "checkWwnTable",
  "checkWwnCheckUser",
  "checkWwnActions",
  "checkWwnCombatant",
  "checkWwnCombatants",
  "checkWwnWeapon",
  "actionsOf",
  "checkWwnOptions",
  // ends a status by id; copies the actor's numbers, computes none
  "removeStatus",
]);

/**
 * Exported functions the boundary does not check yet. Each is reached from a checked entry point
 * (the attack, Evasion, Energy and health rules) or is not called by the shell with document
 * numbers today; they are listed so that the gap is visible, and each should move to the tables
 * above once it refuses bad numbers itself.
 */
const NOT_YET_GUARDED = {
  worldlines: new Set<string>([]),
  // WWN: every export has a property (WWN) or reads no number (WWN_NO_NUMBERS).
  wwn: new Set<string>(),
  // Freelancers and the two-dice game: every export has a hostile-value property in its own suite
  // (freelancers/hostile.property.test.ts, twodice/hostile.property.test.ts), which also fails on
  // an export it does not cover.
  freelancers: new Set<string>(),
  twodice: new Set<string>(),
  // The dice-pool game: its own suite (dicepool/hostile.property.test.ts).
  dicepool: new Set<string>(),
};

function exportedFunctions(module: Record<string, unknown>): string[] {
  return Object.entries(module)
    .filter(([, value]) => typeof value === "function")
    .map(([name]) => name);
}

describe("every exported rules function is a checked entry point or says why not", () => {
  for (const [ruleset, module, table] of [
    ["worldlines", worldlines, WORLDLINES],
    ["wwn", wwn, WWN],
  ] as const) {
    it(ruleset, () => {
      const unaccounted = exportedFunctions(module).filter(
        (name) =>
          !(name in table) &&
          !NO_OUTSIDE_NUMBERS.has(name) &&
          !NOT_YET_GUARDED[ruleset].has(name) &&
          !(ruleset === "wwn" && WWN_NO_NUMBERS.has(name)),
      );
      expect(unaccounted).toEqual([]);
    });
  }

  it("lists no function as unguarded that has a property above", () => {
    for (const name of Object.keys(WORLDLINES)) {
      expect(NOT_YET_GUARDED.worldlines.has(name), name).toBe(false);
    }
    for (const name of Object.keys(WWN)) {
      expect(NOT_YET_GUARDED.wwn.has(name), name).toBe(false);
    }
    for (const name of Object.keys(TWODICE)) {
      expect(NOT_YET_GUARDED.twodice.has(name), name).toBe(false);
    }
    for (const name of Object.keys(FREELANCERS)) {
      expect(NOT_YET_GUARDED.freelancers.has(name), name).toBe(false);
    }
  });
});
