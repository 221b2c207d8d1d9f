import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixedDice } from "../core/dice.ts";
import { seededRandom } from "../core/random.ts";
import { FRESH_ACTIONS } from "./actions.ts";
import { checkAttackInput, planAttack, resolveAttack, rollAttack } from "./attack.ts";
import type { AttackInput, AttackSituation } from "./attack.ts";
import { makeFreelancer, makeFreelancersWeapon } from "./factory.ts";
import type { FreelancersActor, FreelancersWeapon } from "./model.ts";
import { DEFAULT_FREELANCERS_OPTIONS, withFreelancersOptions } from "./options.ts";

// Attack target 8 + 4 = 12; defense target 10 + 0 (medium) = 10.
const ace = makeFreelancer({ id: "ace", attributes: { agility: 8 }, skills: { finesse: 4 } });
const rook = makeFreelancer({ id: "rook", attributes: { agility: 10 }, health: 10 });
const dagger = makeFreelancersWeapon({ id: "dagger", skill: "finesse", damage: "1d6+1" });
const rifle = makeFreelancersWeapon({
  id: "rifle",
  kind: "ranged",
  skill: "finesse",
  damage: "2d6",
  range: { nominal: 30, max: 90 },
});

function attack(
  faces: number[],
  situation: AttackSituation = {},
  parts: {
    attacker?: FreelancersActor;
    defender?: FreelancersActor;
    weapon?: FreelancersWeapon;
  } = {},
  options = withFreelancersOptions(),
) {
  const input: AttackInput = {
    attacker: parts.attacker ?? ace,
    defender: parts.defender ?? rook,
    weapon: parts.weapon ?? dagger,
    situation,
  };
  const dice = fixedDice(faces);
  const result = resolveAttack(input, dice, options);
  if (!result.ok) throw new Error(`${result.reason} ${JSON.stringify(result.detail)}`);
  expect(dice.remaining).toBe(0);
  return result.value;
}

describe("Freelancers attacks", () => {
  it("both pass: the attacker's lower roll hits; an equal or higher one misses", () => {
    const hit = attack([5, 8, 3]);
    expect(hit).toMatchObject({ hit: true, damage: { rolled: 4, dealt: 4 } });
    expect(hit.defender.health.value).toBe(6);
    expect(attack([7, 7]).hit).toBe(false);
    expect(attack([9, 4]).hit).toBe(false);
  });

  it("a failed defense is hit by any passing attack; a failed attack misses", () => {
    expect(attack([12, 11, 1]).hit).toBe(true);
    expect(attack([13, 11]).hit).toBe(false);
    expect(attack([13, 2]).hit).toBe(false);
  });

  it("a static defender does not roll: the attacker must roll under 10 − its size modifier", () => {
    // The book: a static defense goes by size alone. A large target (−2 to a rolled defense) is
    // easier to hit, so its static value is 12; a tiny one (+4) is harder, 6.
    const turret = { ...rook, defense: "static" as const, size: "large" as const };
    expect(attack([11, 2], {}, { defender: turret })).toMatchObject({ hit: true, defense: 12 });
    expect(attack([12], {}, { defender: turret }).hit).toBe(false);
    const drone = { ...turret, size: "tiny" as const };
    expect(attack([5, 2], {}, { defender: drone })).toMatchObject({ hit: true, defense: 6 });
    expect(attack([6], {}, { defender: drone }).hit).toBe(false);
    expect(attack([11, 1], {}, { defender: { ...turret, staticDefense: 12 } }).hit).toBe(true);
  });

  it("size moves the defense: a tiny defender passes a 13, a huge one fails a 7", () => {
    expect(attack([11, 11, 1]).hit).toBe(true);
    expect(attack([11, 11], {}, { defender: { ...rook, size: "tiny" } }).hit).toBe(false);
    expect(attack([3, 7, 1], {}, { defender: { ...rook, size: "huge" } }).hit).toBe(true);
  });

  it("cover: light +2 to the attacker's die, heavy unfavorable, full untargetable", () => {
    expect(attack([11, 15, 1]).hit).toBe(true);
    expect(attack([11, 15], { cover: "light" })).toMatchObject({
      hit: false,
      attack: { roll: 13 },
    });
    expect(attack([3, 11, 15, 1], { cover: "heavy" })).toMatchObject({
      hit: true,
      attack: { natural: 11 },
    });
    expect(attack([3, 13, 15], { cover: "heavy" }).hit).toBe(false);
    expect(
      resolveAttack(
        { attacker: ace, defender: rook, weapon: dagger, situation: { cover: "full" } },
        fixedDice([]),
      ),
    ).toEqual({
      ok: false,
      reason: "fullCover",
    });
  });

  it("Dodge makes seen attacks' defense favorable, not unseen ones, not while immobilized", () => {
    const dodger = { ...rook, actions: { ...FRESH_ACTIONS, long: true, dodging: true } };
    expect(attack([5, 15, 3], {}, { defender: dodger })).toMatchObject({
      hit: false,
      defense: { natural: 3 },
    });
    expect(attack([5, 15, 1], { defenderSees: false }, { defender: dodger }).hit).toBe(true);
    expect(attack([5, 15, 1], {}, { defender: { ...dodger, immobilized: true } }).hit).toBe(true);
  });

  it("range: unfavorable past nominal, +3 per 3 m past the maximum", () => {
    expect(attack([4, 12, 15, 1, 1], { distance: 50 }, { weapon: rifle })).toMatchObject({
      hit: true,
      attack: { natural: 12 },
    });
    // 3 m beyond: +3 to the die, and no longer unfavorable (one die): 9 + 3 = 12 passes.
    expect(attack([9, 15, 1, 1], { distance: 93 }, { weapon: rifle })).toMatchObject({
      hit: true,
      attack: { faces: [9], roll: 12 },
    });
    expect(
      resolveAttack(
        { attacker: ace, defender: rook, weapon: dagger, situation: { distance: 2 } },
        fixedDice([]),
      ),
    ).toMatchObject({ ok: false, reason: "outOfReach" });
  });

  it("an engaged target makes the attack unfavorable, unless it is a Long-action", () => {
    expect(attack([2, 14, 15], { targetEngaged: true }).hit).toBe(false);
    const long = attack([14, 15], { targetEngaged: true, as: "long" });
    expect(long).toMatchObject({ hit: false, attacker: { actions: { long: true } } });
    expect(attack([2, 15, 1], { targetEngaged: true, as: "long" }).hit).toBe(true);
  });

  it("a ranged attack from melee reach of another foe provokes it; a Long-action does not", () => {
    expect(attack([15, 15], { engagedBy: ["rook", "g2"] }, { weapon: rifle }).provokedBy).toEqual([
      "g2",
    ]);
    expect(
      attack([15, 15], { engagedBy: ["g2"], as: "long" }, { weapon: rifle }).provokedBy,
    ).toEqual([]);
    expect(attack([15, 15], { engagedBy: ["g2"] }).provokedBy).toEqual([]);
  });

  it("Two-Weapon Fighting: a Long-action whose off-hand attack is unfavorable", () => {
    const first = attack([15, 15], { as: "twoWeapons" });
    expect(first.attacker.actions).toMatchObject({ long: true, offhandPending: true });
    const second = attack([3, 14, 15], { as: "offhand" }, { attacker: first.attacker });
    expect(second).toMatchObject({ hit: false, attack: { natural: 14 } });
    expect(second.attacker.actions.offhandPending).toBe(false);
    expect(
      resolveAttack(
        { attacker: second.attacker, defender: rook, weapon: dagger, situation: { as: "offhand" } },
        fixedDice([]),
      ),
    ).toEqual({ ok: false, reason: "noOffhandPending" });
  });

  it("an attack spends the Base-action; a stunned attacker cannot attack", () => {
    const done = attack([15, 15]);
    expect(done.attacker.actions.base).toBe(0);
    expect(done.updates).toContainEqual({ actorId: "ace", changes: { "system.actions.base": 0 } });
    expect(
      resolveAttack({ attacker: done.attacker, defender: rook, weapon: dagger }, fixedDice([])),
    ).toEqual({ ok: false, reason: "noBase" });
    expect(
      resolveAttack(
        { attacker: { ...ace, counters: { stun: 1 } }, defender: rook, weapon: dagger },
        fixedDice([]),
      ),
    ).toEqual({ ok: false, reason: "stunned" });
    // A stunned entity still has its reaction.
    expect(
      attack([15, 15], { as: "reaction" }, { attacker: { ...ace, counters: { stun: 1 } } }).hit,
    ).toBe(false);
  });

  it("a critical fumble costs the weapon 1 integrity per fumble die; at 0 it is broken", () => {
    const fumbled = attack([20, 5]);
    expect(fumbled).toMatchObject({ hit: false, integrityLost: 1, broken: false });
    expect(fumbled.updates).toContainEqual({
      actorId: "ace",
      itemId: "dagger",
      changes: { "system.integrity.value": 2 },
    });
    expect(attack([20, 20, 5], { cover: "heavy" }).integrityLost).toBe(2);
    const worn = { ...dagger, integrity: { value: 1, max: 3 } };
    const last = attack([20, 5], {}, { weapon: worn });
    expect(last).toMatchObject({
      integrityLost: 1,
      broken: true,
      weapon: { integrity: { value: 0 } },
    });
    expect(
      resolveAttack({ attacker: ace, defender: rook, weapon: last.weapon }, fixedDice([])),
    ).toEqual({
      ok: false,
      reason: "weaponBroken",
      detail: { weapon: "dagger" },
    });
  });

  it("armor: damage − AR; a hit that does not penetrate still lands a Touch effect", () => {
    const armored = { ...rook, armor: 5 };
    expect(attack([5, 8, 3], {}, { defender: armored }).damage).toMatchObject({
      rolled: 4,
      dealt: 0,
      penetrated: false,
      touchApplies: false,
    });
    const touch = { ...dagger, touch: true };
    expect(attack([5, 8, 3], {}, { defender: armored, weapon: touch }).damage).toMatchObject({
      dealt: 0,
      touchApplies: true,
    });
    expect(attack([5, 8, 6], {}, { defender: armored }).defender.health.value).toBe(8);
  });

  it("a hit to 0 health leaves the target Dying, and says so as a document change", () => {
    const frail = { ...rook, health: { value: 3, max: 10 } };
    const done = attack([5, 8, 6], {}, { defender: frail });
    expect(done.defender).toMatchObject({ life: "dying", health: { value: 0 } });
    expect(done.updates).toContainEqual({
      actorId: "rook",
      changes: { "system.health.value": 0, "system.life": "dying" },
    });
  });

  it("refuses itself, the dead, and bad numbers by name, changing nothing", () => {
    const refuse = (input: Partial<AttackInput>) =>
      resolveAttack({ attacker: ace, defender: rook, weapon: dagger, ...input }, fixedDice([]));
    expect(refuse({ defender: ace })).toEqual({ ok: false, reason: "sameCombatant" });
    expect(refuse({ defender: { ...rook, life: "dead" } })).toEqual({
      ok: false,
      reason: "targetDead",
    });
    expect(refuse({ attacker: { ...ace, attributes: { agility: Number.NaN } } })).toMatchObject({
      reason: "not-a-number",
      detail: { field: "attacker.attributes.agility" },
    });
    expect(refuse({ defender: { ...rook, armor: -Infinity } })).toMatchObject({
      detail: { field: "defender.armor" },
    });
    expect(refuse({ weapon: { ...dagger, integrity: { value: 5, max: 3 } } })).toMatchObject({
      detail: { field: "weapon.integrity.value" },
    });
    expect(refuse({ weapon: { ...dagger, damage: "lots" } })).toMatchObject({
      reason: "badFormula",
    });
    expect(refuse({ situation: { attacker: { favorable: Number.NaN } } })).toMatchObject({
      detail: { field: "situation.attacker.favorable" },
    });
  });

  const anyNumber = fc.oneof(
    fc.integer({ min: -5, max: 25 }),
    fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e308, -1e308, 2 ** 53),
  );

  it("any numbers: a named refusal, or an outcome with whole health in range (property)", () => {
    fc.assert(
      fc.property(
        fc.record({
          agility: anyNumber,
          skill: anyNumber,
          defense: anyNumber,
          armor: anyNumber,
          health: anyNumber,
          distance: anyNumber,
          die: anyNumber,
          favorable: fc.nat(3),
          unfavorable: fc.nat(3),
          seed: fc.integer(),
        }),
        (r) => {
          const result = resolveAttack(
            {
              attacker: {
                ...ace,
                attributes: { agility: r.agility },
                skills: { finesse: r.skill },
              },
              defender: {
                ...rook,
                attributes: { agility: r.defense },
                armor: r.armor,
                health: { value: r.health, max: 20 },
              },
              weapon: rifle,
              situation: {
                distance: r.distance,
                attacker: {
                  dieModifiers: [{ source: "gm", value: r.die }],
                  favorable: r.favorable,
                  unfavorable: r.unfavorable,
                },
              },
            },
            seededRandom(r.seed),
          );
          if (!result.ok) {
            expect(typeof result.reason).toBe("string");
            return;
          }
          const health = result.value.defender.health.value;
          expect(Number.isInteger(health)).toBe(true);
          expect(health).toBeGreaterThanOrEqual(0);
          expect(health).toBeLessThanOrEqual(r.health);
        },
      ),
    );
  });
});

/** An attack's input checked and planned, as the encounter simulator does once per pairing. */
function planned(input: AttackInput) {
  const checked = checkAttackInput(input);
  const plan = planAttack(input);
  if (!checked.ok || !plan.ok) throw new Error("refused");
  return { checked: checked.value, plan: plan.value };
}

describe("Freelancers attack, planned once and rolled (rollAttack, the encounter simulator's)", () => {
  const options = DEFAULT_FREELANCERS_OPTIONS;

  it("plays exactly the guarded attack, dice for dice, without the document changes", () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.boolean(),
        fc.constantFrom<"roll" | "static">("roll", "static"),
        (seed, dodging, defense) => {
          const input: AttackInput = {
            attacker: ace,
            defender: { ...rook, defense, actions: { ...FRESH_ACTIONS, dodging } },
            weapon: { ...dagger, integrity: { value: 1, max: 3 } },
          };
          const guarded = resolveAttack(input, seededRandom(seed));
          const { checked, plan } = planned(input);
          const bare = rollAttack(checked, plan, seededRandom(seed), options);
          if (!guarded.ok) throw new Error(guarded.reason);
          const { updates, ...outcome } = guarded.value;
          expect(bare).toEqual({ ok: true, value: outcome });
          expect(updates.length).toBeGreaterThan(0);
        },
      ),
    );
  });

  it("refuses what became a rule since the plan: a broken weapon, a dead target", () => {
    const dice = seededRandom(1);
    const { checked, plan } = planned({ attacker: ace, defender: rook, weapon: dagger });
    const broken = { ...checked.weapon, integrity: { value: 0, max: 3 } };
    expect(rollAttack({ ...checked, weapon: broken }, plan, dice, options)).toMatchObject({
      ok: false,
      reason: "weaponBroken",
    });
    const dead = { ...checked.defender, life: "dead" as const };
    expect(rollAttack({ ...checked, defender: dead }, plan, dice, options)).toMatchObject({
      ok: false,
      reason: "targetDead",
    });
    const spent = { ...checked.attacker, actions: { ...FRESH_ACTIONS, base: 0 } };
    expect(rollAttack({ ...checked, attacker: spent }, plan, dice, options)).toMatchObject({
      ok: false,
      reason: "noBase",
    });
    // A plan refuses itself as a target from the start.
    expect(planAttack({ attacker: ace, defender: ace, weapon: dagger })).toMatchObject({
      ok: false,
      reason: "sameCombatant",
    });
  });
});
