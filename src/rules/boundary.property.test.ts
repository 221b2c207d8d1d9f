/**
 * The engine boundary, as properties: every guarded rules entry point, handed a state in which
 * one number anywhere is NaN, ±Infinity, negative or huge, either refuses by name
 * ("not-a-number", "not-whole", "out-of-range") or, where the value is legitimately allowed,
 * returns an outcome in which every number is finite and health and Energy stay in range.
 *
 * The last block lists the functions each index.ts exports: a newly exported function that is
 * neither here nor in the list of functions without outside numbers fails it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as core from "./core/index.ts";
import { seededRandom } from "./core/random.ts";
import * as worldlines from "./worldlines/index.ts";
import type { AttackInput, WorldlinesCombatant } from "./worldlines/index.ts";
import { dicepoolInitiative } from "./dicepool/initiative.ts";
import { twodiceInitiative } from "./twodice/initiative.ts";
import { worldlinesInitiative } from "./worldlines/order.ts";
import * as wwn from "./wwn/index.ts";
import * as dicepool from "./dicepool/index.ts";
import * as freelancers from "./freelancers/index.ts";
import * as twodice from "./twodice/index.ts";
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

/**
 * The property for one entry point: `call` is run on `valid` with one number poisoned. A
 * non-finite number must be refused by name; any other bad number is refused or gives a finite,
 * in-range outcome.
 */
function guards<T>(valid: T, call: (input: T) => unknown, runs = 150): void {
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

/** The Worldlines entry points and how to call each with a poisoned state. */
const WORLDLINES: Record<string, () => void> = {
  checkAttack: () => {
    guards(attack, (input) => worldlines.checkAttack(input));
  },
  resolveAttack: () => {
    guards(attack, (input) => worldlines.resolveAttack(input, dice(), { evade: true }));
  },
  attackOdds: () => {
    guards(attack, (input) => worldlines.attackOdds(input, { evade: true }), 60);
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
    guards(maya, (actor) => worldlines.refreshEnergy(actor));
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
    guards(maya, (actor) => worldlines.startTurn(actor, dice()));
  },
  endTurn: () => {
    guards({ ...maya, statuses: { staggered: { turnsLeft: 2 }, blinded: { turnsLeft: 3 } } }, (a) =>
      worldlines.endTurn(a),
    );
  },
  resolveStatuses: () => {
    guards({ ...maya, statuses: { poisoned: { hpPerTurn: 2 } } }, (actor) =>
      worldlines.resolveStatuses(actor, dice()),
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
      worldlines.firstAid(helper, patient, dice()),
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
  worldlinesInitiative: () => {
    guards(
      [
        { teamId: "a", isPlayerSide: true, combatRolls: [{ sides: 8, value: 5 }] },
        { teamId: "b", isPlayerSide: false, combatRolls: [{ sides: 6, value: 6 }] },
      ],
      (teams) => worldlinesInitiative(teams),
    );
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

const WWN: Record<string, () => void> = {
  checkAttackRules: () => {
    guards(wwnAttack, (input) => wwn.checkAttackRules(input));
  },
  checkAttack: () => {
    guards(wwnAttack, (input) => wwn.checkAttack(input));
  },
  resolveAttack: () => {
    guards(wwnAttack, (input) => wwn.resolveAttack(input, dice()));
  },
  wwnAttackOdds: () => {
    guards(wwnAttack, (input) => wwn.wwnAttackOdds(input));
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
    initiative: OTHER_INITIATIVE,
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
  worldlines: new Set([
    "criticalDamage",
    "critThreshold",
    "headshotThreshold",
    "attackModifiers",
    "evasionModifiers",
    "runEncounter",
    "energyCost",
    "teamMomentum",
    "orderByMomentum",
    "settleTieByReroll",
    "swapMomentum",
    "stealMomentum",
    "worldlinesReorder",
  ]),
  wwn: new Set([
    "startRound",
    "beginTurn",
    "spendMove",
    "spendMoveAction",
    "spendMain",
    "spendMainAsInstant",
    "spendOnTurn",
    "spendInstant",
    "spendMoveAndMain",
    "spendAction",
    "holdAction",
    "delayAction",
    "resumeAfterDelay",
    "actionSummary",
    "weaponAttribute",
    "effectiveAc",
    "hitModifiers",
    "damageBonuses",
    "shockFor",
    "hitRoll",
    "damageTotal",
    "dealtDamage",
    "bestAttribute",
    "skillLevel",
    "checkSkill",
    "checkBonus",
    "rollCheck",
    "actorWins",
    "opposedCheck",
    "rollSave",
    "attributeModifier",
    "armorClass",
    "loseHp",
    "wakeUp",
    "moveRate",
    "dropItem",
    "reloadCost",
    "leavingMeleeProvokes",
    "swarmAllies",
    "grappleRoundEnd",
    "resolveScreen",
  ]),
  // The newer engines guard their own entry points (their guards are tested in their own test
  // files); listed here until this file feeds each of them poison too, so that a new export of
  // theirs that is neither listed nor given a property fails below.
  freelancers: new Set([
    "afterFumbles",
    "checkAbility",
    "needsRecharge",
    "rechargeChance",
    "rechargeRoll",
    "rechargeUnchecked",
    "useAbility",
    "disengage",
    "dodge",
    "provokes",
    "readyAction",
    "spendAction",
    "startTurn",
    "useReadied",
    "attackHits",
    "planAttack",
    "resolveAttack",
    "sizeModifier",
    "spendAttack",
    "staticDefense",
    "diffActor",
    "diffWeapon",
    "checkChance",
    "checkOptions",
    "checkSpecNumbers",
    "checkTarget",
    "drawDie",
    "edgeOf",
    "keptFaceDistribution",
    "passes",
    "rollCheck",
    "rollCheckUnchecked",
    "addCounter",
    "checkCounters",
    "isStunned",
    "upkeepCounters",
    "upkeepRemoval",
    "makeFreelancer",
    "makeFreelancersWeapon",
    "afterArmor",
    "afterDeathCheck",
    "checkBase",
    "checkBody",
    "deathCheck",
    "heal",
    "loseHealth",
    "stabilize",
    "freelancersInitiative",
    "freelancersRoundPlan",
    "freelancersAttackOdds",
    "withFreelancersOptions",
    "rangeEffect",
    "upkeep",
  ]),
  dicepool: new Set([
    "actionType",
    "opportunityAttackOpen",
    "spendActionType",
    "takeAction",
    "turnOver",
    "hasBlitz",
    "hitDamage",
    "planAttack",
    "resolveAttack",
    "diffAllDicepool",
    "diffDicepool",
    "makeDicepoolCombatant",
    "makeDicepoolWeapon",
    "addGrapplePoints",
    "applyRestraints",
    "drainGrapple",
    "escapeWithEnergy",
    "grappleLimit",
    "grappleUpkeep",
    "resistGrappleIncapacitation",
    "settleGrapple",
    "spendGrapplePool",
    "bleedOnTurn",
    "bleeds",
    "healNonLethal",
    "healWeeks",
    "maxHealth",
    "remainingHealth",
    "stabilize",
    "takeDamage",
    "dicepoolJoin",
    "dicepoolRoundPlan",
    "initiativeFromDice",
    "initiativePool",
    "applyInitiativeOutcome",
    "checkInitiativeIntent",
    "initiativeFlawless",
    "skill",
    "escaped",
    "fallDamage",
    "fallOnTurn",
    "moveSpeed",
    "planMove",
    "resolveRoughTerrain",
    "spaceDistance",
    "attackOdds",
    "chanceOfHits",
    "hitChancePerDie",
    "hitsDistribution",
    "netHitsDistribution",
    "scoreDistribution",
    "withDicepoolOptions",
    "buildPool",
    "checkDice",
    "checkDiceSettings",
    "countHits",
    "isHit",
    "partRule",
    "scorePool",
    "staticHits",
  ]),
  twodice: new Set([
    "afterAutoTurn",
    "afterSingleShot",
    "autoEmpties",
    "checkCanFire",
    "reload",
    "attackSetup",
    "autoFireNeedsSecond",
    "checkAttackInput",
    "checkCombatant",
    "checkWeapon",
    "coverPenalty",
    "damageLeft",
    "damageOf",
    "meleeDefense",
    "resolveAttack",
    "resolveAutoFire",
    "resolveExchange",
    "shootsWithDefense",
    "struckLayers",
    "attackUpdates",
    "diffCombatant",
    "diffWeapon",
    "makeTwodiceCombatant",
    "makeTwodiceWeapon",
    "twodiceTeamTotal",
    "twodiceRoundPlan",
    "loadedAmmo",
    "parseWeaponType",
    "trait",
    "attackOdds",
    "hitOdds",
    "checkTwodiceOptions",
    "withTwodiceOptions",
    "beyondRangePenalty",
    "rangeStep",
    "stepForDistance",
    "checkDice",
    "damageDigit",
    "dieHits",
    "dieSucceeds",
    "readCheck",
    "resolveSneak",
    "rollCheck",
    "counterattack",
    "mayAct",
    "moveDistance",
    "movesAtTurnEnd",
    "nextTurn",
    "rollWithIt",
    "takeAction",
    "wait",
    "aftermath",
    "bleed",
    "checkWounds",
    "highestWound",
    "isIncapacitated",
    "markWound",
    "recover",
    "treatWounds",
    "woundCircle",
  ]),
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
    ["freelancers", freelancers, {}],
    ["dicepool", dicepool, OTHER_INITIATIVE],
    ["twodice", twodice, OTHER_INITIATIVE],
  ] as const) {
    it(ruleset, () => {
      const unaccounted = exportedFunctions(module).filter(
        (name) =>
          !(name in table) && !NO_OUTSIDE_NUMBERS.has(name) && !NOT_YET_GUARDED[ruleset].has(name),
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
  });
});
