import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixedDice, seededRandom } from "../core/index.ts";
import { sumModifiers } from "../core/modifier.ts";
import { FRESH_ACTIONS } from "./actions.ts";
import { hitModifiers, shockFor } from "./attack.ts";
import { checkAndResolve, checkedInput, checkedOpts } from "./checked.support.ts";
import type { AttackInput, AttackOutcome, AttackSituation } from "./attack.ts";
import { FIELD_PATHS, ITEM_FIELD_PATHS } from "./changes.ts";
import type { WwnUpdate } from "./changes.ts";
import { makeWwnCombatant, makeWwnWeapon } from "./factory.ts";
import type { WwnCombatant } from "./model.ts";
import { withWwnOptions } from "./options.ts";
import type { WwnOptions } from "./options.ts";

/** A Shock 2/15 sword, d8 damage. */
const sword = makeWwnWeapon({ id: "sword", damage: "1d8", shock: { damage: 2, ac: 15 } });
const bow = makeWwnWeapon({
  id: "bow",
  skill: "shoot",
  attributes: ["dex"],
  damage: "1d6",
  mode: "ranged",
  twoHandedRanged: true,
});
const dagger = makeWwnWeapon({
  id: "dagger",
  damage: "1d4",
  attributes: ["str", "dex"],
  throwable: true,
  shock: { damage: 1, ac: 15 },
});
const fists = makeWwnWeapon({
  id: "fists",
  skill: "punch",
  damage: "1d2",
  unarmed: true,
  nonLethal: true,
});

const hero = makeWwnCombatant({
  id: "hero",
  teamId: "party",
  isPC: true,
  attackBonus: 1,
  attributes: { str: 1, dex: 2 },
  skills: { stab: 1, shoot: 0 },
  hp: 12,
});
const bandit = makeWwnCombatant({ id: "bandit", teamId: "bandits", ac: 13, hp: 8 });

function attack(
  dice: readonly number[],
  situation: AttackSituation = {},
  over: Partial<AttackInput> = {},
): AttackOutcome & { readonly updates: readonly WwnUpdate[] } {
  const source = fixedDice(dice);
  const result = checkAndResolve(
    { attacker: hero, defender: bandit, weapon: sword, situation, ...over },
    source,
  );
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  expect(source.remaining).toBe(0);
  return result.value;
}

function refusal(situation: AttackSituation = {}, over: Partial<AttackInput> = {}): string {
  const result = checkAndResolve(
    { attacker: hero, defender: bandit, weapon: sword, situation, ...over },
    fixedDice([10, 1, 1]),
  );
  return result.ok ? "allowed" : result.reason;
}

/** The sum of the hit-roll modifiers (the input is sound: a refusal fails the test). */
function bonusOf(input: AttackInput, options?: WwnOptions): number {
  const modifiers = hitModifiers(checkedInput(input), options && checkedOpts(options));
  return sumModifiers(modifiers);
}

const table = (situation: AttackSituation, over: Partial<AttackInput> = {}) =>
  bonusOf({ attacker: hero, defender: bandit, weapon: sword, situation, ...over });

describe("hit roll", () => {
  it("is d20 + combat skill + attack bonus + attribute modifier, hitting at or above AC", () => {
    // 9 + stab 1 + attack bonus 1 + Str 1 = 12 < 13: a miss; 10 → 13: a hit.
    const miss = attack([9], {}, { weapon: { ...sword, shock: undefined } });
    expect(miss.hit).toMatchObject({ natural: 9, total: 12, ac: 13, hit: false });
    const hit = attack([10, 5]);
    expect(hit.hit).toMatchObject({ total: 13, hit: true });
  });

  it("uses the better attribute a weapon allows, and −2 in place of a skill the attacker lacks", () => {
    expect(table({}, { weapon: dagger })).toBe(1 + 1 + 2);
    const untrained = { ...hero, skills: {} };
    expect(table({}, { attacker: untrained })).toBe(-2 + 1 + 1);
    // Level 0 is not untrained.
    expect(table({}, { attacker: { ...hero, skills: { stab: 0 } } })).toBe(0 + 1 + 1);
  });

  it("applies the situational table", () => {
    const base = table({});
    const prone = { ...bandit, prone: true };
    expect(table({}, { defender: prone }) - base).toBe(2);
    const bowBase = table({}, { weapon: bow });
    expect(table({}, { weapon: bow, defender: prone }) - bowBase).toBe(-2);
    expect(table({ adjacent: true }, { weapon: bow, defender: prone }) - bowBase).toBe(2);
    expect(table({}, { attacker: { ...hero, prone: true } }) - base).toBe(-4);
    // Shooting while prone carries no melee penalty.
    expect(table({}, { weapon: bow, attacker: { ...hero, prone: true } }) - bowBase).toBe(0);
    expect(table({ cover: "half" }) - base).toBe(-2);
    expect(table({ cover: "almostFull" }) - base).toBe(-4);
    const thrown = { weapon: dagger };
    expect(
      table({ mode: "thrown", inMelee: true }, thrown) - table({ mode: "thrown" }, thrown),
    ).toBe(-4);
    expect(table({ dualWielding: true }) - base).toBe(-1);
    expect(table({ kind: { kind: "snap" } }) - base).toBe(-4);
    expect(table({ kind: { kind: "charge", feet: 20 } }) - base).toBe(2);
    expect(table({ modifiers: [{ source: "bless", value: 1 }] }) - base).toBe(1);
  });

  it("refuses a bow with a melee foe adjacent, a melee blow out of reach", () => {
    expect(refusal({ inMelee: true }, { weapon: bow })).toBe("bowInMelee");
    expect(refusal({ adjacent: false })).toBe("targetNotAdjacent");
    expect(refusal({ mode: "thrown" })).toBe("cannotThrow");
    expect(refusal({ mode: "melee" }, { weapon: bow })).toBe("notMeleeWeapon");
    expect(refusal({}, { weapon: { ...sword, readied: false } })).toBe("notReadied");
    expect(refusal({}, { attacker: { ...hero, life: "dying" } })).toBe("notActive");
    expect(refusal({}, { defender: hero })).toBe("sameCombatant");
  });

  it("Total Defense raises AC by 2 until the defender's next turn, a Charge lowers it by 2", () => {
    const guarded = { ...bandit, actions: { ...FRESH_ACTIONS, totalDefense: true } };
    expect(attack([11], {}, { defender: guarded }).hit).toMatchObject({ ac: 15, hit: false });
    const charger = { ...bandit, actions: { ...FRESH_ACTIONS, charged: true } };
    expect(attack([8, 1], {}, { defender: charger }).hit).toMatchObject({ ac: 11, hit: true });
  });
});

describe("damage and Shock", () => {
  it("rolls the weapon die + attribute modifier + bonuses on a hit", () => {
    const out = attack([15, 6], { damageBonuses: [{ source: "focus", value: 1 }] });
    expect(out.damage).toMatchObject({ rolled: 6, total: 6 + 1 + 1 });
    expect(out.dealt).toBe(8);
    expect(out.defender.hp.value).toBe(0);
  });

  it("Shock 2/15: a miss still deals 2 (+ Str) to AC 15 or less, nothing to AC 16", () => {
    const weak = { ...hero, attributes: {} };
    const miss = attack([2], {}, { attacker: weak, defender: { ...bandit, ac: 15 } });
    expect(miss.hit.hit).toBe(false);
    expect(miss.dealt).toBe(2);
    expect(miss.byShock).toBe(true);
    expect(miss.defender.hp.value).toBe(6);
    const armored = attack([2], {}, { attacker: weak, defender: { ...bandit, ac: 16 } });
    expect(armored.dealt).toBe(0);
    expect(armored.shock).toMatchObject({ value: 2, applies: false, blocked: "acTooHigh" });
    expect(attack([2]).dealt).toBe(3);
  });

  it("the book's example: 4 points of Shock, a hit on AC 13 rolling 3 deals 4", () => {
    // Shock 2/15 + Str 1 + magic 1 = 4 Shock; 1d4 rolls 1, + Str 1 + magic 1 = 3 damage.
    const blade = { ...sword, damage: "1d4", magicBonus: 1 };
    const out = attack([12, 1], {}, { weapon: blade });
    expect(out.shock).toEqual({ value: 4, applies: true });
    expect(out.damage?.total).toBe(3);
    expect(out.dealt).toBe(4);
    expect(out.byShock).toBe(true);
  });

  it("dual wielding adds 2 to damage but not to Shock; other bonuses only when they say so", () => {
    const miss = attack([1], { dualWielding: true, damageBonuses: [{ source: "x", value: 3 }] });
    expect(miss.dealt).toBe(3);
    const explicit = attack([1], { shockBonuses: [{ source: "killingBlow", value: 2 }] });
    expect(explicit.dealt).toBe(5);
    const hit = attack([15, 2], { dualWielding: true });
    expect(hit.damage?.total).toBe(2 + 1 + 2);
    expect(refusal({ dualWielding: true }, { attacker: { ...hero, skills: { stab: 0 } } })).toBe(
      "dualWieldSkill",
    );
    expect(refusal({ dualWielding: true }, { weapon: fists })).toBe("unarmedCannotDualWield");
  });

  it("no Shock from shots and throws, from weapons without it, or through Total Defense", () => {
    const thrown = attack([1], { mode: "thrown" }, { weapon: dagger });
    expect(thrown.shock.blocked).toBe("notMelee");
    expect(thrown.dealt).toBe(0);
    expect(attack([1], {}, { weapon: fists }).shock.blocked).toBe("noShock");
    const guarded = {
      ...bandit,
      actions: { ...FRESH_ACTIONS, totalDefense: true, shockProof: true },
    };
    const out = attack([1], {}, { defender: guarded });
    expect(out.shock.blocked).toBe("totalDefense");
    expect(out.dealt).toBe(0);
    // A hit through Total Defense is not raised to the Shock either.
    expect(attack([16, 1], {}, { defender: guarded }).dealt).toBe(2);
  });

  it("a Shock-immune target (a Focus) takes none, unless from a swarm", () => {
    const immune = { ...bandit, shockImmune: true };
    expect(attack([1], {}, { defender: immune }).dealt).toBe(0);
    expect(attack([1], { kind: { kind: "swarm", allies: 1 } }, { defender: immune }).dealt).toBe(3);
  });
});

describe("Swarm Attack", () => {
  it("adds +2 to hit and +1 damage per other surviving swarmer, at most +6/+3", () => {
    const base = table({});
    expect(table({ kind: { kind: "swarm", allies: 1 } }) - base).toBe(2);
    expect(table({ kind: { kind: "swarm", allies: 3 } }) - base).toBe(6);
    expect(table({ kind: { kind: "swarm", allies: 3 } }, {}) - base).toBe(6);
    const big = withWwnOptions({ swarmSize: 6 });
    const input = { attacker: hero, defender: bandit, weapon: sword };
    expect(bonusOf({ ...input, situation: { kind: { kind: "swarm", allies: 5 } } }, big)).toBe(
      base + 6,
    );
    // d8 rolls 4: 4 + Str 1 + swarm 2 = 7.
    expect(attack([10, 4], { kind: { kind: "swarm", allies: 2 } }).damage?.total).toBe(7);
  });

  it("cannot push damage past the blow's usual maximum", () => {
    // d8 rolls 8: 8 + 1 = 9 is already the most a d8 + 1 blow can do.
    expect(attack([10, 8], { kind: { kind: "swarm", allies: 3 } }).damage?.total).toBe(9);
    expect(attack([10, 7], { kind: { kind: "swarm", allies: 3 } }).damage?.total).toBe(9);
  });

  it("its Shock reaches any AC, but not through Total Defense", () => {
    const plate = { ...bandit, ac: 18 };
    const out = attack([1], { kind: { kind: "swarm", allies: 3 } }, { defender: plate });
    expect(out.shock).toEqual({ value: 3, applies: true });
    expect(out.dealt).toBe(3);
    const guarded = { ...plate, actions: { ...FRESH_ACTIONS, shockProof: true } };
    expect(
      shockFor(
        checkedInput({
          attacker: hero,
          defender: guarded,
          weapon: sword,
          situation: { kind: { kind: "swarm", allies: 3 } },
        }),
      ),
    ).toMatchObject({ applies: false });
  });

  it("costs no action of its own (the Main went to joining) and needs fewer than 4 allies", () => {
    const spent = { ...hero, actions: { ...FRESH_ACTIONS, mainUsed: true } };
    expect(refusal({ kind: { kind: "swarm", allies: 2 } }, { attacker: spent })).toBe("allowed");
    expect(refusal({ kind: { kind: "swarm", allies: 4 } })).toBe("badSwarm");
  });
});

describe("Snap Attack and Charge", () => {
  it("Snap: an Instant at −4 that spends the pending Main, even out of turn", () => {
    const out = checkAndResolve(
      {
        attacker: hero,
        defender: bandit,
        weapon: sword,
        situation: { kind: { kind: "snap" } },
        turn: { ownTurn: false },
      },
      fixedDice([20, 1]),
    );
    expect(out.ok && out.value.attacker.actions.mainUsed).toBe(true);
    const spent = { ...hero, actions: { ...FRESH_ACTIONS, mainUsed: true } };
    expect(refusal({ kind: { kind: "snap" } }, { attacker: spent })).toBe("noMainAction");
  });

  it("Snap: not for nameless NPCs unless the GM allows it", () => {
    const mook = { ...bandit, id: "mook", teamId: "x" };
    const input = {
      attacker: mook,
      defender: hero,
      weapon: sword,
      situation: { kind: { kind: "snap" } } as const,
    };
    expect(checkAndResolve(input, fixedDice([1]))).toEqual({ ok: false, reason: "snapNotAllowed" });
    expect(
      checkAndResolve({ ...input, attacker: { ...mook, named: true } }, fixedDice([1])).ok,
    ).toBe(true);
    const loose = withWwnOptions({ snapAttacks: "anyone" });
    expect(checkAndResolve(input, fixedDice([1]), loose).ok).toBe(true);
  });

  it("Charge: +2, Move + Main, at least 10 ft and at most twice the speed, −2 AC this round", () => {
    const out = attack([10, 3], { kind: { kind: "charge", feet: 40 } });
    expect(out.hit.total).toBe(15);
    expect(out.attacker.actions).toMatchObject({ mainUsed: true, movesUsed: 1, charged: true });
    expect(refusal({ kind: { kind: "charge", feet: 5 } })).toBe("needsTenFeet");
    expect(refusal({ kind: { kind: "charge", feet: 65 } })).toBe("chargeTooFar");
    expect(refusal({ kind: { kind: "charge", feet: 20 } }, { weapon: bow })).toBe(
      "chargeNeedsMeleeOrThrown",
    );
    const moved = { ...hero, actions: { ...FRESH_ACTIONS, movesUsed: 1 } };
    expect(refusal({ kind: { kind: "charge", feet: 20 } }, { attacker: moved })).toBe(
      "noMoveAction",
    );
    expect(out.updates[0]?.changes[`${FIELD_PATHS.actions}.charged`]).toBe(true);
  });

  it("a plain attack is a Main Action", () => {
    const out = attack([10, 3]);
    expect(out.attacker.actions.mainUsed).toBe(true);
    expect(refusal({}, { attacker: out.attacker })).toBe("noMainAction");
  });
});

describe("0 hit points", () => {
  const frail = { ...bandit, hp: { value: 2, max: 8 } };

  it("a lethal blow kills an NPC and leaves a player character dying", () => {
    expect(attack([15, 5], {}, { defender: frail }).defender.life).toBe("dead");
    const pc = { ...frail, isPC: true };
    expect(attack([15, 5], {}, { defender: pc }).defender.life).toBe("dying");
  });

  it("a non-lethal blow knocks out for ten minutes; a psychic one leaves the target helpless", () => {
    const out = attack([15, 2], { harm: "nonLethal" }, { defender: frail, weapon: fists });
    expect(out.defender).toMatchObject({ life: "unconscious", downMinutes: 10 });
    expect(out.updates[1]?.changes).toMatchObject({
      [FIELD_PATHS.hp]: 0,
      [FIELD_PATHS.life]: "unconscious",
      [FIELD_PATHS.downMinutes]: 10,
    });
    const mind = attack([15, 5], { harm: "psychic" }, { defender: frail });
    expect(mind.defender).toMatchObject({ life: "helpless", downMinutes: 10 });
    expect(refusal({ harm: "nonLethal" })).toBe("nonLethalNotAllowed");
  });

  it("lethal damage to someone already down kills", () => {
    const down = { ...frail, life: "unconscious" as const, isPC: true };
    expect(attack([15, 1], {}, { defender: down }).defender.life).toBe("dead");
  });

  it("a crossbow is unloaded by its shot and must be reloaded", () => {
    const crossbow = { ...bow, id: "xbow", reload: "slow" as const, loaded: true };
    const out = attack([1], {}, { weapon: crossbow });
    expect(out.weapon.loaded).toBe(false);
    expect(out.updates).toContainEqual({
      actorId: "hero",
      itemId: "xbow",
      changes: { [ITEM_FIELD_PATHS.loaded]: false },
    });
    expect(refusal({}, { weapon: out.weapon })).toBe("notLoaded");
  });
});

describe("attack invariants", () => {
  const fighter = fc.record({
    ac: fc.integer({ min: 8, max: 20 }),
    hp: fc.integer({ min: 1, max: 30 }),
    str: fc.integer({ min: -2, max: 3 }),
    stab: fc.integer({ min: -1, max: 4 }),
    totalDefense: fc.boolean(),
    shockImmune: fc.boolean(),
  });
  const situation = fc.record({
    dualWielding: fc.boolean(),
    kind: fc.constantFrom<AttackSituation["kind"]>(
      { kind: "attack" },
      { kind: "swarm", allies: 0 },
      { kind: "swarm", allies: 3 },
      { kind: "free" },
    ),
    bonus: fc.integer({ min: -3, max: 3 }),
    shock: fc.option(
      fc.record({ damage: fc.integer({ min: 0, max: 4 }), ac: fc.integer({ min: 10, max: 18 }) }),
      { nil: undefined },
    ),
    damage: fc.constantFrom("1d4", "1d6", "1d8", "2d4", "1d10", "1d12"),
    magic: fc.integer({ min: 0, max: 3 }),
  });
  const build = (f: {
    ac: number;
    hp: number;
    str: number;
    stab: number;
    totalDefense: boolean;
    shockImmune: boolean;
  }) => {
    const attacker: WwnCombatant = {
      ...hero,
      attributes: { str: f.str },
      skills: f.stab < 0 ? {} : { stab: Math.max(1, f.stab) },
    };
    const defender: WwnCombatant = {
      ...bandit,
      ac: f.ac,
      hp: { value: f.hp, max: f.hp },
      shockImmune: f.shockImmune,
      actions: { ...FRESH_ACTIONS, totalDefense: f.totalDefense, shockProof: f.totalDefense },
    };
    return { attacker, defender };
  };

  it("never NaN or negative, a hit never below its Shock, same dice same outcome", () => {
    fc.assert(
      fc.property(fighter, situation, fc.integer(), (f, s, seed) => {
        const { attacker, defender } = build(f);
        const input: AttackInput = {
          attacker,
          defender,
          weapon: { ...sword, damage: s.damage, shock: s.shock, magicBonus: s.magic },
          situation: {
            dualWielding: s.dualWielding,
            kind: s.kind,
            damageBonuses: [{ source: "x", value: s.bonus }],
          },
        };
        const a = checkAndResolve(input, seededRandom(seed));
        const b = checkAndResolve(input, seededRandom(seed));
        expect(a).toEqual(b);
        if (!a.ok) return;
        const out = a.value;
        expect(Number.isFinite(out.dealt)).toBe(true);
        expect(out.dealt).toBeGreaterThanOrEqual(0);
        expect(out.defender.hp.value).toBeGreaterThanOrEqual(0);
        expect(out.defender.hp.value).toBe(Math.max(0, f.hp - out.dealt));
        if (out.hit.hit && out.shock.applies) {
          expect(out.dealt).toBeGreaterThanOrEqual(out.shock.value);
        }
        if (!out.hit.hit) expect(out.dealt).toBe(out.shock.applies ? out.shock.value : 0);
      }),
    );
  });
});
