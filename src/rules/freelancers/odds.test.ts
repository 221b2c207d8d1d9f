import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixedDice } from "../core/dice.ts";
import { entries, total } from "../core/distribution.ts";
import { seededRandom } from "../core/random.ts";
import { FRESH_ACTIONS } from "./actions.ts";
import { planAttack, resolveAttack } from "./attack.ts";
import type { AttackInput } from "./attack.ts";
import { edgeOf } from "./checks.ts";
import { makeFreelancer, makeFreelancersWeapon } from "./factory.ts";
import { freelancersAttackOdds } from "./odds.ts";
import { withFreelancersOptions } from "./options.ts";
import type { FreelancersOptions } from "./options.ts";

const ace = makeFreelancer({ id: "ace", attributes: { agility: 8 }, skills: { finesse: 4 } });
const rook = makeFreelancer({ id: "rook", attributes: { agility: 10 }, health: 30 });
const dagger = makeFreelancersWeapon({ id: "dagger", skill: "finesse", damage: "1d6+1" });

function odds(input: AttackInput, options?: FreelancersOptions) {
  const result = freelancersAttackOdds(input, options);
  if (!result.ok) throw new Error(result.reason);
  return result.value;
}

/** Every tuple of `count` faces of a d`sides`. */
function tuples(count: number, sides: number): number[][] {
  let out: number[][] = [[]];
  for (let i = 0; i < count; i++) {
    out = out.flatMap((t) => Array.from({ length: sides }, (_, f) => [...t, f + 1]));
  }
  return out;
}

/** The exact hit chance and damage distribution by running resolveAttack on every face. */
function enumerate(input: AttackInput, options: FreelancersOptions, damageSides: number) {
  const plan = planAttack(input, options);
  if (!plan.ok) throw new Error(plan.reason);
  const { attack, defense } = plan.value;
  const aDice = edgeOf(attack.favorable ?? 0, attack.unfavorable ?? 0, options).dice;
  const dDice =
    defense.kind === "static"
      ? 0
      : edgeOf(defense.spec.favorable ?? 0, defense.spec.unfavorable ?? 0, options).dice;
  const checkFaces = tuples(aDice + dDice, options.die);
  const weight = 1 / checkFaces.length;
  let hit = 0;
  let hitting: number[] | null = null;
  for (const faces of checkFaces) {
    const r = resolveAttack(input, fixedDice([...faces, 1]), options);
    if (!r.ok) throw new Error(r.reason);
    if (r.value.hit) {
      hit += weight;
      hitting ??= faces;
    }
  }
  // What a hit deals does not depend on the check faces: every damage face of one hit.
  const damage = new Map<number, number>([[0, 1 - hit]]);
  for (let face = 1; hitting !== null && face <= damageSides; face++) {
    const r = resolveAttack(input, fixedDice([...hitting, face]), options);
    if (!r.ok) throw new Error(r.reason);
    const dealt = r.value.damage?.dealt ?? 0;
    damage.set(dealt, (damage.get(dealt) ?? 0) + hit / damageSides);
  }
  return { hit, damage };
}

describe("Freelancers attack odds", () => {
  it("12 against 10, no edge: the worked-out chance", () => {
    // Attack passes on 1–12; the defense fails on 11–20 (half the time), else it rolls d ≤ 10
    // and the attack needs a < d: Σ_{d=1..10} (d − 1) = 45 pairs of 400.
    const o = odds({ attacker: ace, defender: rook, weapon: dagger });
    expect(o.attackPasses).toBeCloseTo(12 / 20, 12);
    expect(o.defensePasses).toBeCloseTo(10 / 20, 12);
    expect(o.hit).toBeCloseTo((12 / 20) * (10 / 20) + 45 / 400, 12);
    expect(o.fumble).toBeCloseTo(1 / 20, 12);
    expect(total(o.damage)).toBeCloseTo(1, 12);
  });

  it("a large static defender (12): only passing rolls of 1–11 hit", () => {
    const turret = { ...rook, defense: "static" as const, size: "large" as const };
    expect(odds({ attacker: ace, defender: turret, weapon: dagger }).hit).toBeCloseTo(11 / 20, 12);
  });

  it("agrees with resolveAttack face by face (edges, cover, dodge, static, armor)", () => {
    const dodger = { ...rook, armor: 3, actions: { ...FRESH_ACTIONS, dodging: true } };
    const cases: [AttackInput, FreelancersOptions][] = [
      [{ attacker: ace, defender: rook, weapon: dagger }, withFreelancersOptions()],
      [
        { attacker: ace, defender: dodger, weapon: dagger, situation: { cover: "light" } },
        withFreelancersOptions(),
      ],
      [
        {
          attacker: ace,
          defender: { ...rook, size: "small" },
          weapon: dagger,
          situation: {
            cover: "heavy",
            defender: { attributeModifiers: [{ source: "y", value: 2 }] },
          },
        },
        withFreelancersOptions({ equalPasses: false }),
      ],
      [
        {
          attacker: { ...ace, skills: { finesse: 14 } },
          defender: { ...rook, defense: "static", armor: 2 },
          weapon: dagger,
          situation: { attacker: { favorable: 1, dieModifiers: [{ source: "x", value: -3 }] } },
        },
        withFreelancersOptions({ fumbleFails: false }),
      ],
      [
        {
          attacker: ace,
          defender: rook,
          weapon: dagger,
          situation: { attacker: { unfavorable: 2 } },
        },
        withFreelancersOptions({ die: 12, fumbleFace: 12, edgeStacks: true }),
      ],
    ];
    for (const [input, options] of cases) {
      const expected = enumerate(input, options, 6);
      const got = odds(input, options);
      expect(got.hit).toBeCloseTo(expected.hit, 10);
      for (const [value, p] of entries(got.damage)) {
        expect(p).toBeCloseTo(expected.damage.get(value) ?? 0, 10);
      }
      expect(entries(got.damage).length).toBe(
        [...expected.damage.values()].filter((p) => p > 0).length,
      );
    }
  });

  // A generous limit for a shared machine: this test counts hits, it does not time anything.
  it("agrees with a simulation of 100,000 seeded attacks", { timeout: 60_000 }, () => {
    const input: AttackInput = {
      attacker: ace,
      defender: { ...rook, actions: { ...FRESH_ACTIONS, dodging: true } },
      weapon: dagger,
      situation: { attacker: { favorable: 1 } },
    };
    const rng = seededRandom("freelancers-odds");
    const runs = 100_000;
    let hits = 0;
    for (let i = 0; i < runs; i++) {
      const r = resolveAttack(input, rng);
      if (!r.ok) throw new Error(r.reason);
      if (r.value.hit) hits += 1;
    }
    // Five standard deviations of the estimate (about 0.0075).
    const p = odds(input).hit;
    expect(Math.abs(hits / runs - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / runs));
  });

  it("refuses what planAttack refuses", () => {
    expect(
      freelancersAttackOdds({
        attacker: ace,
        defender: rook,
        weapon: dagger,
        situation: { cover: "full" },
      }),
    ).toEqual({ ok: false, reason: "fullCover" });
    expect(
      freelancersAttackOdds({
        attacker: { ...ace, skills: { finesse: Infinity } },
        defender: rook,
        weapon: dagger,
      }),
    ).toMatchObject({ ok: false, reason: "not-a-number" });
  });

  const side = fc.record({
    attribute: fc.integer({ min: -5, max: 25 }),
    die: fc.integer({ min: -8, max: 8 }),
    favorable: fc.nat(3),
    unfavorable: fc.nat(3),
  });
  const hitOf = (
    a: { attribute: number; die: number; favorable: number; unfavorable: number },
    d: { attribute: number; die: number; favorable: number; unfavorable: number },
    staticDefense: boolean,
    options: FreelancersOptions,
  ) =>
    odds(
      {
        attacker: ace,
        defender: staticDefense ? { ...rook, defense: "static", staticDefense: d.attribute } : rook,
        weapon: dagger,
        situation: {
          attacker: {
            attributeModifiers: [{ source: "a", value: a.attribute }],
            dieModifiers: [{ source: "a", value: a.die }],
            favorable: a.favorable,
            unfavorable: a.unfavorable,
          },
          defender: {
            attributeModifiers: [{ source: "d", value: d.attribute }],
            dieModifiers: [{ source: "d", value: d.die }],
            favorable: d.favorable,
            unfavorable: d.unfavorable,
          },
        },
      },
      options,
    ).hit;

  it("edges move the hit chance the right way, on both sides (property)", () => {
    fc.assert(
      fc.property(side, side, fc.boolean(), fc.boolean(), fc.boolean(), (a, d, st, eq, stacks) => {
        const options = withFreelancersOptions({ equalPasses: eq, edgeStacks: stacks });
        const base = hitOf(a, d, st, options);
        expect(base).toBeGreaterThanOrEqual(0);
        expect(base).toBeLessThanOrEqual(1 + 1e-12);
        const eps = 1e-12;
        expect(hitOf({ ...a, favorable: a.favorable + 1 }, d, st, options)).toBeGreaterThanOrEqual(
          base - eps,
        );
        expect(hitOf({ ...a, unfavorable: a.unfavorable + 1 }, d, st, options)).toBeLessThanOrEqual(
          base + eps,
        );
        expect(hitOf(a, { ...d, favorable: d.favorable + 1 }, st, options)).toBeLessThanOrEqual(
          base + eps,
        );
        expect(
          hitOf(a, { ...d, unfavorable: d.unfavorable + 1 }, st, options),
        ).toBeGreaterThanOrEqual(base - eps);
        // A better attacker hits more; a better rolling defender less. A higher static defense
        // is easier to roll under (static defense = base − size modifier; see options.ts).
        expect(hitOf({ ...a, attribute: a.attribute + 1 }, d, st, options)).toBeGreaterThanOrEqual(
          base - eps,
        );
        const higher = hitOf(a, { ...d, attribute: d.attribute + 1 }, st, options);
        if (st) expect(higher).toBeGreaterThanOrEqual(base - eps);
        else expect(higher).toBeLessThanOrEqual(base + eps);
      }),
    );
  });

  it("refuses a fractional armor rating by name (fast-check found 5.55e-16 breaking the damage table)", () => {
    const result = freelancersAttackOdds({
      attacker: { ...ace, skills: { finesse: 99 } },
      defender: { ...rook, attributes: { agility: 0 }, armor: 5.551115123125784e-16 },
      weapon: dagger,
      situation: { defender: { dieModifiers: [{ source: "d", value: 0 }] } },
    });
    expect(result).toMatchObject({ ok: false, detail: { field: "defender.armor" } });
  });

  it("any numbers: a chance in [0, 1] or a named refusal, never NaN (property)", () => {
    const anyNumber = fc.oneof(
      fc.double(),
      fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e308, -1e308),
      fc.integer({ min: -30, max: 30 }),
    );
    fc.assert(
      fc.property(anyNumber, anyNumber, anyNumber, anyNumber, (skill, agility, armor, die) => {
        const result = freelancersAttackOdds({
          attacker: { ...ace, skills: { finesse: skill } },
          defender: { ...rook, attributes: { agility }, armor },
          weapon: dagger,
          situation: { defender: { dieModifiers: [{ source: "d", value: die }] } },
        });
        if (!result.ok) {
          expect(result.detail?.field).toBeDefined();
          return;
        }
        expect(result.value.hit).toBeGreaterThanOrEqual(0);
        expect(result.value.hit).toBeLessThanOrEqual(1 + 1e-12);
        expect(Number.isNaN(result.value.expectedDamage)).toBe(false);
      }),
    );
  });
});
