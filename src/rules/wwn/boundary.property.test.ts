/**
 * WWN at the engine boundary (issues 9 and 30), as properties: every function index.ts exports,
 * handed an input in which one number or one string anywhere is hostile, refuses by name or answers
 * soundly (../boundary.support.ts says what each property asserts). The last block fails on an
 * export that has no property here and is not listed as taking no outside number.
 */
import { describe, expect, it } from "vitest";
import { afterCheck, dice, guards } from "../boundary.support.ts";
import { exportedFunctions, hostile, valueOf } from "../core/hostile.support.ts";
import * as wwn from "./index.ts";
import type { AttackInput as WwnAttackInput } from "./index.ts";

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
  actOnHeld: () => {
    guards({ ...wwnActions, holding: true }, (s) => afterCheck(wwnState(s), wwn.actOnHeld));
  },
  endHeld: () => {
    guards({ ...wwnActions, holding: true }, (s) => afterCheck(wwnState(s), wwn.endHeld));
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
  actNow: () => {
    guards(fighter, (actor) => wwn.actNow(actor));
  },
  heldDone: () => {
    guards(fighter, (actor) => wwn.heldDone(actor));
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
  useSkill: () => {
    guards(
      {
        actor: fighter,
        use: { skill: "exert", attribute: "str" as const, modifier: 1 },
        opponent: { actor: bandit, use: { skill: "exert", attribute: "str" as const } },
      },
      (i) => wwn.useSkill(i.actor, i.use, dice(), undefined, undefined, i.opponent),
    );
  },
  stabilize: () => {
    guards({ healer: fighter, patient: { ...bandit, isPC: true, life: "dying" as const } }, (i) =>
      wwn.stabilize(i.healer, i.patient, dice()),
    );
  },
  castSpell: () => {
    guards({ caster: fighter, slots: { value: 2, max: 3 } }, (i) =>
      wwn.castSpell(i.caster, i.slots),
    );
  },
  moraleCheck: () => {
    guards({ morale: 8, modifier: 1 }, (i) => wwn.moraleCheck(i.morale, dice(), i.modifier));
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

/** Builders of the documented defaults: whatever they are handed, what they build passes its check. */
const BUILDERS: Record<string, () => void> = {
  makeWwnCombatant: () => {
    hostile({
      valid: { ...fighter, hp: { value: 4, max: 9 }, downMinutes: 10 },
      call: (seed) => wwn.makeWwnCombatant(seed),
      states: (built) => [wwn.checkWwnCombatant("built", built as wwn.WwnCombatant)],
    });
  },
  makeWwnWeapon: () => {
    hostile({
      valid: wwnCrossbow,
      call: (seed) => wwn.makeWwnWeapon(seed),
      states: (built) => [wwn.checkWwnWeapon("built", built as wwn.WwnWeapon)],
    });
  },
  withWwnOptions: () => {
    hostile({
      valid: { unskilledHit: -2, dualWieldSkill: { skill: "stab", level: 1 } },
      call: (overrides) => {
        const options = wwn.withWwnOptions(overrides);
        return wwn.checkWwnOptions(options) ?? options;
      },
    });
  },
};

describe("WWN: the engine boundary refuses NaN, ±Infinity, built-in names and huge values", () => {
  for (const [name, property] of Object.entries({ ...WWN, ...BUILDERS })) {
    it(name, property);
  }
});

/**
 * Exported functions that take no number from outside the rules (ids, enums, pure helpers over
 * checked values, a checked attack of checked parts), and the input checks, whose refusals are the
 * guard itself (the checked entry points above run after them).
 */
const NO_OUTSIDE_NUMBERS = new Set([
  "allowsNonLethal",
  "diffCombatant",
  "diffAll",
  "diffWeapon",
  "wwnRoundPlan",
  "attackMode",
  "attackCost",
  "attackUpdates",
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
  ...WWN_NO_NUMBERS,
]);

describe("WWN: every exported function is a checked entry point or says why not", () => {
  it("has a property above, or takes no outside number", () => {
    const unaccounted = exportedFunctions(wwn).filter(
      (name) => !(name in WWN) && !(name in BUILDERS) && !NO_OUTSIDE_NUMBERS.has(name),
    );
    expect(unaccounted).toEqual([]);
  });
});
